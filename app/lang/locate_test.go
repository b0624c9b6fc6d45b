package lang

import (
	"fmt"
	"testing"
)

func TestLocators(t *testing.T) {
	cases := []struct{ q, want string }{
		{"In the figure that locates at the top of page 5, what is the final step?", "[{page [5] 0 false}]"},
		{"What does the table on pp. 20–21 show?", "[{page [20 21] 0 false} {table [] 0 true}]"},
		// "the table" alone: the one table of a document.
		{"What does the table show?", "[{table [] 0 true}]"},
		{"Which years does this table provide information for net sales?", "[{table [] 0 true}]"},
		{"What does the table 3 show?", "[{table [3] 0 false}]"},
		{"What is on pages 4, 5 and 6?", "[{page [4 5 6] 0 false}]"},
		{"Who signed on the last page?", "[{page [] -1 false}]"},
		{"What is the title on the cover page?", "[{page [] 1 false}]"},
		{"How many colors are in the slide 14?", "[{page [14] 0 false}]"},
		{"How many green bars appear in Figure 1?", "[{figure [1] 0 false}]"},
		{"Compare Table 1 and Table 2.", "[{table [1] 0 false} {table [2] 0 false}]"},
		{"What does Appendix E list?", "[{appendix [e] 0 false}]"},
		{"Does Section 3.3 cite more papers than Section 3.1?", "[{section [3.3] 0 false} {section [3.1] 0 false}]"},
		{"What is in Item 7A and Note 12?", "[{item [7a] 0 false} {note [12] 0 false}]"},
		{"What does Part II cover?", "[{part [ii] 0 false}]"},
		{"What does § 4.2 require?", "[{section [4.2] 0 false}]"},
		{"What do units 4, 5 and 6 teach?", "[{unit [4 5 6] 0 false}]"},
		{"What does Article 12 of the agreement say?", "[{article [12] 0 false}]"},
		// Not locators: no label, or a word that only looks like one.
		{"How many pages contain tables?", "[]"},
		{"Which page of the guidebook refers to the centre?", "[]"},
		{"How many figures are there in total in the article?", "[]"},
		{"What part of the revenue is from services?", "[]"},
		{"In the two styles shown in the section, is the egg bin in the picture?", "[]"},
		{"What is listed in the table of contents?", "[]"},
		{"When was the periodic table first published?", "[]"},
	}
	for _, c := range cases {
		got := fmt.Sprint(Locators(c.q))
		if got == "[]" && c.want == "[]" {
			continue
		}
		if got != c.want {
			t.Errorf("Locators(%q) = %s, want %s", c.q, got, c.want)
		}
	}
}

func TestPointsAtPicture(t *testing.T) {
	for q, want := range map[string]bool{
		"What are the years specified in the pie chart of the document?":   true,
		"How many green bars appear in Figure 1?":                          true,
		"What's the color of the 'loss_cls' line in the loss curve image?": true,
		"What does the map in the report show?":                            true,
		"In fig. 3, which model is best?":                                  true,
		"この図は何を示していますか":                                                    true,
		"What was the total revenue in 2019?":                              false,
		"Who audits the company?":                                          false,
		"Which paragraph describes the mapping of assets?":                 false,
		"What is the barrier to entry?":                                    false,
	} {
		if got := PointsAtPicture(q); got != want {
			t.Errorf("PointsAtPicture(%q) = %v, want %v", q, got, want)
		}
	}
}
