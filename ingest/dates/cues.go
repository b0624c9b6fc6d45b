package dates

import (
	"regexp"
	"strings"

	"archivist/app"
)

// Cue words: how documents say what a date is. Each role's pattern is
// matched in the words just before a date (strongest), elsewhere in its
// sentence, just after it, and in the end of the block before (a "Date:"
// line under a signature, a cover page's label). The measure is only a
// hint: the decision provider decides the role.
type cue struct {
	role   string
	re     *regexp.Regexp
	weight float64 // how surely the words name the role
}

var cues = []cue{
	{app.RoleIssued, regexp.MustCompile(`(?i)(\bdated\b|\bdate:|\bdate of (this )?(letter|report|notice|invoice|issue|statement)\b|\bissued\b|\bissue date\b|\bpublished\b|\bposted\b|\bupdated\b|\bpublication\b|\binvoice date\b|\bstatement date\b|\breport date\b|\bdate report run\b|\bpublié|\bdaté|\bdatum\b|\bvom\b)`), 1},
	{app.RoleSigned, regexp.MustCompile(`(?i)(\bsigned\b|\bsignatures?\b|\bexecuted\b|/s/|\bwitness(eth)?\b|\bsworn\b|\bsubscribed\b|\bundersigned\b|\bduly (caused|authorized)\b|\bsigné|\bunterschrieben\b|\bfait à\b)`), 1},
	{app.RoleEffective, regexp.MustCompile(`(?i)(\beffective\b|\bcommenc\w*|\btakes? effect\b|\bcomes? into (force|effect)\b|\bentered into\b|\bmade (and entered into )?as of\b|\bin force\b|\ben vigueur\b|\bà compter du\b|\bgültig ab\b|\bwirksam\b)`), 1},
	{app.RoleDue, regexp.MustCompile(`(?i)(\bdue\b|\bpayable\b|\bpay(ment)? by\b|\bpay on\b|\bon or before\b|\bdeadline\b|\b(must|shall|should) (be )?(paid|receive[ds]?|submit\w*|file[ds]?|return\w*)\b|\bno later than\b|\bremit\w*|\bamount due\b|\bpay\b|\bpremium\b|\bcomments?\b|\bclose[s]?\b|\béchéance\b|\bavant le\b|\bfällig\b|\bzahlbar\b)`), 1},
	{app.RoleDue, regexp.MustCompile(`(?i)\bby$`), 0.8},
	{app.RoleExpires, regexp.MustCompile(`(?i)(\bexpir\w*|\bterminat\w*|\bvalid (until|through|thru|till)\b|\blapses?\b|\bmaturity\b|\bmatures?\b|\bends on\b|\bend date\b|\bablauf\b|\bgültig bis\b)`), 1},
	{app.RoleRenewal, regexp.MustCompile(`(?i)(\brenew\w*|\bextended (to|until|through)\b|\brolls? over\b)`), 1},
	{app.RoleNotice, regexp.MustCompile(`(?i)(\bnotice\b|\bnotify\b|\bnotification\b|\bcancel(lation)? by\b|\bopt[- ]out\b|\bobjections?\b)`), 1},
	{app.RolePeriodStart, regexp.MustCompile(`(?i)(\bbeginning\b|\bbegins?\b|\bstarting\b|\bsince\b|\bperiod from\b|\bfrom\b)`), 1},
	{app.RolePeriodEnd, regexp.MustCompile(`(?i)(\bended\b|\bending\b|\byear end\b|\bperiod end\b|\bfiscal year\b|\bclosing date\b)`), 1},
	{app.RolePeriodEnd, regexp.MustCompile(`(?i)(\bas of\b|\bas at\b|\bat\b|\bthrough\b)`), 0.6},
	{app.RoleEvent, regexp.MustCompile(`(?i)(\bmeetings?\b|\bhearings?\b|\bheld\b|\bconference\b|\bappointment\b|\bsessions?\b|\bscheduled\b|\bceremony\b|\bwill take place\b|\bconvene[sd]?\b|\bminutes\b|\bagenda\b|\bincident\b|\baccident\b|\boccurred\b|\belection\b|\bargued\b|\bséance\b|\bréunion\b|\btenue\b|\bsitzung\b|\bversammlung\b)`), 1},
}

// Where a cue counts for how much.
const (
	cueNear     = 1.0 // in the nearBytes before the date
	cueSentence = 0.6 // elsewhere in the sentence before it
	cueAfter    = 0.5 // in the afterBytes after it
	cuePrevious = 0.45
	nearBytes   = 64
	afterBytes  = 40
)

// cueScores measures each role's cue words around a date: before is the
// sentence up to the date, after the sentence after it, previous the end
// of the block before.
func cueScores(before, after, previous string) map[string]float64 {
	before = strings.TrimRight(before, " \t\n")
	near := before
	if len(near) > nearBytes {
		near = near[len(near)-nearBytes:]
	}
	if len(after) > afterBytes {
		after = after[:afterBytes]
	}
	out := make(map[string]float64, len(app.DateRoles))
	for _, c := range cues {
		s := 0.0
		switch locs := c.re.FindAllStringIndex(near, -1); {
		case len(locs) > 0:
			// The nearer the words, the surer: "pay … by 15 March" is a
			// due date even when "renew" began the sentence.
			dist := len(near) - locs[len(locs)-1][1]
			s = cueNear * (1 - 0.4*float64(dist)/nearBytes)
		case c.re.MatchString(before):
			s = cueSentence
		}
		if c.re.MatchString(after) {
			s = max(s, cueAfter)
		}
		if s == 0 && c.re.MatchString(previous) {
			s = cuePrevious
		}
		out[c.role] = max(out[c.role], s*c.weight)
	}
	// A date followed by a signature line ("Date: 8 May 2023 By: /s/ …")
	// is the signature's.
	if signedAfterRE.MatchString(after) {
		out[app.RoleSigned] = cueNear
	}
	// "from X" is a period's start only when X ends the text before.
	if out[app.RolePeriodStart] > 0 && !periodStartRE.MatchString(strings.TrimSpace(before)) {
		out[app.RolePeriodStart] *= 0.5
	}
	return out
}

var signedAfterRE = regexp.MustCompile(`(?i)^\W{0,4}(by:|/s/)`)

var periodStartRE = regexp.MustCompile(`(?i)\b(beginning|begins?|starting|since|from)( on)?$`)

// headCues are the hints of a date's place: a date standing alone at the
// head of a document (a letterhead, a dateline, a cover) is the
// document's own date — its event's when the head names a meeting, a
// hearing, an agenda — and a date in a section headed "Signatures" is a
// signature's. They count only where no cue word says otherwise.
func headCues(out map[string]float64, head, eventHead, signatures bool) {
	best := 0.0
	for _, v := range out {
		best = max(best, v)
	}
	if signatures {
		// In a signature section "Date:" is the signature's date.
		out[app.RoleSigned] = max(out[app.RoleSigned], 0.8, out[app.RoleIssued])
		out[app.RoleIssued] *= 0.5
	}
	if !head || best >= cueAfter {
		return
	}
	if eventHead {
		out[app.RoleEvent] = max(out[app.RoleEvent], 0.75)
		return
	}
	out[app.RoleIssued] = max(out[app.RoleIssued], 0.7)
}

var (
	eventHeadRE  = regexp.MustCompile(`(?i)(\bmeetings?\b|\bhearings?\b|\bagenda\b|\bminutes\b|\btranscript\b|\bargument\b|\bconference\b|\bséance\b|\bprocès-verbal\b|\bsitzung\b|\bprotokoll\b)`)
	signaturesRE = regexp.MustCompile(`(?i)\bsignatures?\b`)
)
