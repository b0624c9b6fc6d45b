package dates

import (
	"strings"
	"testing"
)

func TestScanForms(t *testing.T) {
	cases := []struct {
		text string
		ord  order
		want string // values joined by " ", as the CLI prints them
	}{
		{"Filed 2022-12-31 and 2023/01/05.", monthFirst, "2022-12-31 2023-01-05"},
		{"As of 31 December 2022, the 31st of December, 2021.", monthFirst, "2022-12-31 2021-12-31"},
		{"December 31, 2022 and Dec. 31, 2021 and Sept 3 2020", monthFirst, "2022-12-31 2021-12-31 2020-09-03"},
		{"Stichtag 31.12.2022; 1. März 2023", monthFirst, "2022-12-31 2023-03-01"},
		{"Due 12/31/2022 or 03/04/2023", monthFirst, "2022-12-31 2023-03-04"},
		{"Due 03/04/2023", dayFirst, "2023-04-03"},
		{"for the period January 1 – March 31, 2023.", monthFirst, "2023-01-01..2023-03-31"},
		{"March 1–31, 2023", monthFirst, "2023-03-01..2023-03-31"},
		{"du 1 janvier au 31 mars 2023", dayFirst, "2023-01-01..2023-03-31"},
		{"1–31 March 2023", dayFirst, "2023-03-01..2023-03-31"},
		{"from January 1, 2023 to March 31, 2023", monthFirst, "2023-01-01..2023-03-31"},
		{"between 1 May 2023 and 3 May 2023", monthFirst, "2023-05-01..2023-05-03"},
		{"on 1 May 2023 and 3 May 2023", monthFirst, "2023-05-01 2023-05-03"},
		// Not dates: impossible days, versions, times alone, a month and year.
		{"February 30, 2023; version 1.2.2023x; 31/31/2022; 10:30; December 2022; 2022-13-01", monthFirst, ""},
		{"February 29, 2024 but not February 29, 2023", monthFirst, "2024-02-29"},
	}
	for _, c := range cases {
		var got []string
		for _, m := range scan(c.text, c.ord) {
			got = append(got, m.Value.String())
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("scan(%q) = %q, want %q", c.text, g, c.want)
		}
	}
}

func TestScanOffsetsAreTheWrittenDate(t *testing.T) {
	text := "Signed (London), 5th June 2021."
	ms := scan(text, dayFirst)
	if len(ms) != 1 || text[ms[0].Start:ms[0].End] != "5th June 2021" {
		t.Fatalf("mentions = %+v", ms)
	}
}

func TestConvention(t *testing.T) {
	if convention([]string{"Paid 25/03/2023."}, monthFirst) != dayFirst {
		t.Error("25/03/2023 should decide day first")
	}
	if convention([]string{"Paid 03/25/2023."}, dayFirst) != monthFirst {
		t.Error("03/25/2023 should decide month first")
	}
	if convention([]string{"Dated 4 March 2023. Invoice 03/04/2023."}, monthFirst) != dayFirst {
		t.Error("day-first written dates should decide")
	}
	if convention([]string{"Invoice 03/04/2023."}, dayFirst) != dayFirst {
		t.Error("nothing decides: the fallback")
	}
}
