package answer

import "testing"

// TestWritesPeriodAsked: the day a fiscal year ended is stated with the
// year, not in an exhibit's title "dated as of July 27, 2015" nor as the
// last day of a quarter.
func TestWritesPeriodAsked(t *testing.T) {
	for _, c := range []struct {
		q, text string
		want    bool
	}{
		{"When did Adobe's fiscal year 2015 end?", "10.10B First Amendment to Credit Agreement, dated as of July 27, 2015 among the Company and Bank of America", false},
		{"What date did PepsiCo's 2022 fiscal year end?", "as of June 10, 2022, the last day of business of our most recently completed second fiscal quarter", false},
		{"When did Adobe's fiscal year 2015 end?", "For the fiscal year ended November 27, 2015", true},
		{"When did Nike's fiscal 2023 end?", "Annual report for the year ended May 31, 2023", true},
		{"When did the quarter end?", "For the quarterly period ended June 30, 2023", true},
	} {
		if got := writesPeriodAsked(c.q, c.text); got != c.want {
			t.Errorf("writesPeriodAsked(%q, %q) = %v, want %v", c.q, c.text, got, c.want)
		}
	}
}

// TestRunningLine: a filing's running footer is no quote, spaces after
// its page number or not.
func TestRunningLine(t *testing.T) {
	for text, want := range map[string]bool{
		"2019 FORM 10-K 27":                             true,
		"2019 FORM 10-K 27 \t\n":                        true,
		"Verizon 2022 Annual Report on Form 10-K | 102": true,
		"Revenues were $39,117 million, as our Annual Report on Form 10-K says": false,
		"Total revenues | 39,117 | 36,397":                                      false,
	} {
		if got := runningLineRE.MatchString(text); got != want {
			t.Errorf("runningLineRE(%q) = %v, want %v", text, got, want)
		}
		if got := runningLine(text); got != want {
			t.Errorf("runningLine(%q) = %v, want %v", text, got, want)
		}
	}
}
