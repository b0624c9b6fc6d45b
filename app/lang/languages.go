// Languages: the language of a document is the one of
// ten European languages whose most frequent function words ("stop words")
// make up the largest share of the text's first 4,000 words, and only when
// that share is large enough and clearly ahead of the runner-up; anything
// else — Chinese, Russian, a table of figures, a mix — is "" (unknown)
// rather than a guess (DetectLanguage).

package lang

import (
	"strings"
	"unicode"
)

// Language is one language the detector knows.
type Language struct {
	Code string // ISO 639-1
	Name string // in English
}

// Languages lists what Detect can return, in the order of its languageProfiles.
var Languages = []Language{
	{"en", "English"}, {"de", "German"}, {"fr", "French"}, {"es", "Spanish"}, {"it", "Italian"},
	{"nl", "Dutch"}, {"pt", "Portuguese"}, {"sv", "Swedish"}, {"da", "Danish"}, {"pl", "Polish"},
}

// languageStopWords are the function words of each language, chosen to be frequent
// in running text and rare in the others' (words spelt alike in two
// languages, such as "de", "en" or "la", are left out of both where they
// would blur the two apart).
var languageStopWords = map[string]string{
	"en": "the of and to in is that for it with as was on be by this are or from at which not have has an were but been their they its would there can also will more these than into",
	"de": "der die und das ist nicht mit sich auf für dem des ein eine einer von zu den im auch als wird werden bei oder nach wie aus sind durch über noch nur diese dass hat",
	"fr": "le les et des du une est pour dans qui que sur pas par au avec sont ce il elle nous vous mais ou aux cette ces été être leur plus fait comme",
	"es": "el los las del y que por con una para es se al lo como más pero sus su le ya o este esta entre cuando muy sin sobre también hasta hay donde han desde",
	"it": "il di che è della per una sono gli del le dei alla nel con non si da anche come più questo questa delle nella ma ed essere stato loro hanno dal",
	"nl": "het een van en de is dat op te zijn voor met niet aan ook als bij er maar om dan zo nog wordt worden door naar uit deze hebben heeft werd tot",
	"pt": "não uma os do da em para com por mais as dos das se ao como mas foi ser são tem à seu sua ou quando muito nos já também pelo pela isso está",
	"sv": "och att det som är på för med till av den inte har ett om var jag men de sig så kan vid eller från när efter hade också utan under skulle detta",
	"da": "og at det som er på for med til af den ikke har et om var jeg men de sig så kan ved eller fra når efter havde også uden under skulle dette hvor",
	"pl": "i w na się z że do nie to jest od za po jak ale dla przez czy są tak jego już oraz być może tylko lub przy który która które także",
}

var languageProfiles = func() map[string]map[string]bool {
	// A word in more than one profile tells the languages apart no better
	// than chance: drop it from all of them.
	count := map[string]int{}
	for _, list := range languageStopWords {
		for _, w := range strings.Fields(list) {
			count[w]++
		}
	}
	out := map[string]map[string]bool{}
	for code, list := range languageStopWords {
		out[code] = map[string]bool{}
		for _, w := range strings.Fields(list) {
			if count[w] == 1 {
				out[code][w] = true
			}
		}
	}
	return out
}()

// Detection limits: how much text is read, how few stop words may decide,
// and how far ahead of the runner-up the winner must be.
const (
	detectWords   = 4000
	minStopWords  = 8
	minShare      = 0.08 // of the words read
	minLeadFactor = 1.5  // winner's count over the runner-up's
)

// Detect returns the ISO 639-1 code of the text's language, or "" when the
// text is too short, in a language the detector does not know, or too
// mixed to say.
func DetectLanguage(text string) string {
	hits := map[string]int{}
	words := 0
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if words == detectWords {
			break
		}
		words++
		w = strings.ToLower(w)
		for code, p := range languageProfiles {
			if p[w] {
				hits[code]++
			}
		}
	}
	best, second := "", 0
	for _, l := range Languages { // a fixed order: ties resolve the same way every run
		n := hits[l.Code]
		if best == "" || n > hits[best] {
			if best != "" {
				second = max(second, hits[best])
			}
			best = l.Code
		} else {
			second = max(second, n)
		}
	}
	n := hits[best]
	if n < minStopWords || float64(n) < minShare*float64(words) || float64(n) < minLeadFactor*float64(second) {
		return ""
	}
	return best
}

// LanguageCode reads a language a person typed: a code Detect can return
// or its English name, in any case. ok is false for anything else.
func LanguageCode(s string) (code string, ok bool) {
	for _, l := range Languages {
		if strings.EqualFold(s, l.Code) || strings.EqualFold(s, l.Name) {
			return l.Code, true
		}
	}
	return "", false
}
