package lang

import (
	"strings"
	"testing"
)

func unitTexts(s string) []string {
	var out []string
	for _, u := range Units(s) {
		out = append(out, s[u[0]:u[1]])
	}
	return out
}

func TestUnits(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"暴风雨打坏了", "暴风 风雨 雨打 打坏 坏了"},
		{"窓が割れた", "窓 が 割 れた"},          // kanji and kana make runs of their own
		{"コーヒーを", "コー ーヒ ヒー を"},        // the prolonged sound mark is Katakana
		{"서울에서 만나요", "서울 울에 에서 만나 나요"}, // Hangul: pairs inside each spaced word
		{"ที่นี่", "ที่นี่"},           // Thai: two clusters, each a consonant and its marks
		{"the lamp 灯", "灯"},
		{"ﾃｽﾄ", "ﾃｽ ｽﾄ"},
	} {
		if got := strings.Join(unitTexts(c.in), " "); got != c.want {
			t.Errorf("Units(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Café":              "cafe",
		"ＡＢＣ１２３":            "abc123",
		"ﬁnance":            "finance",
		"infor\u00ADmation": "information",
		"zero\u200Bwidth":   "zerowidth",
		"Ελλάδα":            "ελλάδα", // accents on Latin letters only, as the index
		"Москва":            "москва",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIndexTextAndLocate(t *testing.T) {
	text := "守灯人每天黄昏点亮灯塔。The ﬁrst ＡＢＣ infor\u00ADmation."
	idx := IndexText(text)
	if strings.Contains(idx, "黄昏") || !strings.Contains(idx, "\u2063黄\u2063\u2063昏\u2063") {
		t.Errorf("IndexText does not set clusters apart: %q", idx)
	}
	if !strings.Contains(idx, "first ABC information") {
		t.Errorf("IndexText does not fold: %q", idx)
	}
	if IndexText("plain text, café") != "plain text, café" {
		t.Error("IndexText changed text it has no reason to")
	}
	for _, piece := range []string{"黄\u2063\u2063昏\u2063\u2063点", "first ABC information", "\u2063灯\u2063\u2063塔\u2063。The"} {
		if !strings.Contains(idx, piece) {
			t.Fatalf("%q not in %q", piece, idx)
		}
		s, e, ok := Locate(text, piece)
		if !ok {
			t.Fatalf("Locate(%q) failed", piece)
		}
		t.Logf("%q → %q", piece, text[s:e])
		if got := IndexText(text[s:e]); strings.Trim(got, "\u2063") != strings.Trim(piece, "\u2063") {
			t.Errorf("Locate(%q) = %q, whose index text is %q", piece, text[s:e], got)
		}
	}
}

func TestPairClusters(t *testing.T) {
	for u, want := range map[string]string{
		"窗户":      "窗 户",
		"ព្យុះបា": "ព្យុះ បា",
		"れた":      "", // kana: single syllables are mostly particles
		"서울":      "",
		"窗":       "",
		"ab":      "",
	} {
		a, b, ok := PairClusters(u)
		if got := strings.TrimSpace(a + " " + b); !ok && want != "" || ok && got != want {
			t.Errorf("PairClusters(%q) = %q %q %v, want %q", u, a, b, ok, want)
		}
	}
}
