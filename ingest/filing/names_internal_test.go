package filing

import (
	"testing"

	"archivist/store"
)

// A proposed folder name is a whole phrase with its brackets closed: a name
// cut mid-phrase or with a bracket left open reads as a mistake.
func TestNamesAreWholePhrases(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Form 8-K for Pepsico", "Form 8-K"},
		{"Lighthouse keeping", "Lighthouse keeping"},
		{"Johnson & Johnson Annual Report", ""}, // five words: cut mid-phrase
		{"Acme (Europe", ""},
		{"Acme (Europe) Ltd", "Acme (Europe) Ltd"},
		{"Notes [draft", ""},
		{"The “Blue” book", "The “Blue” book"},
		{`A "quoted name`, ""},
		{"ANNUAL REPORT", "Annual Report"},
	} {
		if got := firstWords(c.in, NameWords); got != c.want {
			t.Errorf("firstWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A new folder is never named by a title that says nothing of a subject:
// one common word, a fragment naming a place in a document, or garbled
// text; a name, a phrase or a title in another script still names one.
func TestNameableSaysWhatFolderHolds(t *testing.T) {
	doc := func(title, file, text string) *store.DocumentSample {
		return &store.DocumentSample{Title: title, Filename: file, Text: text}
	}
	for _, c := range []struct {
		name string
		s    *store.DocumentSample
		want bool
	}{
		{"Above", doc("Above", "tables.docx", "Above the table. Below the table."), false},
		{"Walking", doc("Walking on imported air", "walk.docx", "Walking on imported air"), false},
		{"Ouch", doc("Ouch.", "comments.docx", "Ouch. That hurt."), false},
		{"Test", doc("Test of figures", "figures.pdf", ""), false},
		{"Heading", doc("Heading 1", "headings.docx", ""), false},
		{"Heading 1", doc("Heading 1", "headings.docx", ""), false},
		{"section with header", doc("section with header", "header.docx", ""), false},
		{"First page", doc("First page.", "breaks.docx", ""), false},
		{"Section one paragraph", doc("Section one paragraph.", "s.docx", ""), false},
		{"Document text", doc("Document text", "d.docx", ""), false},
		{"No page breaks", doc("No page breaks", "p.docx", ""), false},
		{"G > oo <NDTOnmrmnm", doc("G > oo <NDTOnmrmnm", "scan.pdf", ""), false},
		{"Xqzt Brrmnt Kvvlp", doc("Xqzt Brrmnt Kvvlp", "scan.pdf", ""), false},

		{"Pepsico", doc("PEPSICO 10-Q", "PEPSICO_2023Q1.pdf", ""), true},
		{"NICS", doc("NICS", "nics.pdf", ""), true},
		{"Apple", doc("Apple", "a.docx", "Results of the Apple store in Cupertino."), true},
		{"Lighthouse keeping", doc("Lighthouse keeping", "lamps.md", ""), true},
		{"The Boeing Company 10-k", doc("The Boeing Company 10-k", "BOEING_2022_10K.pdf", ""), true},
		{"Acme Ltd", doc("Acme Ltd annual report", "acme.pdf", ""), true},
		{"东北电气发展股份有限公司", doc("东北电气发展股份有限公司", "issue.pdf", ""), true},
		{"Default tab stops", doc("Default tab stops", "tabs.docx", ""), true},
	} {
		if got := Nameable(c.name, c.s); got != c.want {
			t.Errorf("Nameable(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}

// The filing rules offer no name for a document whose title and headings
// say nothing of a subject: it is not given a folder of its own.
func TestCandidateNamesSkipLayoutWords(t *testing.T) {
	s := &store.DocumentSample{Title: "Heading 1", Filename: "h.docx",
		Headings: []string{"Header", "Page header", "Header and footer"}}
	for _, n := range candidateNames(s) {
		if Nameable(n, s) {
			t.Errorf("candidate %q is nameable; want none from layout words", n)
		}
	}
}

// A document's subject, by which a review relates documents, leaves out
// common, layout and number words.
func TestSubjectLeavesCommonWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Above. tables", ""},
		{"Heading 1. headings", ""},
		{"test-punkt", "punkt"},
		{"PEPSICO 10-Q. PEPSICO EARNINGS", "pepsico pepsico earnings"},
		{"Lighthouse keeping", "lighthouse keeping"},
	} {
		if got := Subject(c.in); got != c.want {
			t.Errorf("Subject(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
