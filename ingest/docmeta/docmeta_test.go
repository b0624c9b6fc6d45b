package docmeta

import "testing"

func TestCreated(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"ISO", "Invoice 2022-03-14 number 77", "2022-03-14"},
		{"MonthFirst", "Dear Sir, London, January 5, 2022. We write", "2022-01-05"},
		{"DayFirst", "Minutes of the meeting held on 5th of March 2021", "2021-03-05"},
		{"Dotted", "Berlin, den 05.01.2022", "2022-01-05"},
		{"FirstWritten", "March 3, 2023: about the order of 2023-06-01", "2023-03-03"},
		{"ImpossibleSkipped", "2022-02-30 and then 2022-03-01", "2022-03-01"},
		{"SlashedIgnored", "Due 01/05/2022", ""},
		{"None", "No date here, only 2022 as a year.", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Created(c.text); got != c.want {
				t.Fatalf("Created = %q, want %q", got, c.want)
			}
		})
	}
}
