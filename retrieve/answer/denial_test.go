package answer

import "testing"

// TestDeniesUnasked: a sentence that denies what a question asks as so
// does not answer it; one whose "not" bounds a time or a figure, or bears
// on another word, still may.
func TestDeniesUnasked(t *testing.T) {
	for _, c := range []struct {
		q, text string
		denies  bool
	}{
		{"Who has a codified constitution?", `Although the European Union does not have a codified constitution, like every political body it has laws which "constitute" its basic governance structure.`, true},
		{"What did the Grand Chamber say the Commission had proven?", "The Grand Chamber of the Court of Justice held the Commission had not proven that this had any object or effect of limiting practitioners.", true},
		{"What type of rules are expressly provided for in treaties?", "The principles are unwritten rules which are not expressly provided for in the treaties.", true},
		{"What did Dutch health authorities regard as necessary?", "The Dutch health authorities regarded the treatment unnecessary, so she argued this restricted the freedom.", true},
		{"What did countries such as Spain have a crime against?", "With countries such as Spain not even having a crime against shipping toxic waste, the Commissioner proposed sentences.", true},
		{"What was the amount of current monetary assets?", "Monetary assets, non-current | 373 | –", true},
		{"What was the amount of non-current monetary assets?", "Monetary assets, non-current | 373 | –", false},
		// "Not … until" says when; "unless" is no denial of "less".
		{"When was the Spanish takeover of Louisiana complete?", "Although the Spanish takeover of the Louisiana territory (which was not completed until 1769) had modest repercussions.", false},
		{"If an election is held less than six months before, what does it do?", "Extraordinary elections are in addition, unless held less than six months before the due date, in which case they supplant it.", false},
		// The denial bears on another word than the question's.
		{"What did the US abandon?", "The US abandoned the Gold Exchange Standard, not the dollar peg itself.", false},
		{"What did the treaty establish?", "The treaty not only established a court but also a parliament.", false},
		// A question that denies is read by deniesAsAsked.
		{"What did the Court not uphold?", "The Court cannot uphold measures which are incompatible with fundamental rights.", false},
	} {
		if got := deniesUnasked(c.q, c.text); got != c.denies {
			t.Errorf("deniesUnasked(%q, %q) = %v, want %v", c.q, c.text, got, c.denies)
		}
	}
}

// TestSaysOpposite: a sentence that writes the antonym of a question's
// word, and not the word, speaks of the opposite.
func TestSaysOpposite(t *testing.T) {
	for _, c := range []struct {
		q, text, want string
	}{
		{"The Presiding Officer tries to achieve a balance between similar viewpoints and whom?", "Normally, the Presiding Officer tries to achieve a balance between different viewpoints and political parties.", "different"},
		{"Who was subjected to a qualified minority vote of the Council?", "The Commissioners, as a block, are then subject to a qualified majority vote of the Council.", "majority"},
		{"What was the gain on the sale of the building?", "Loss on sale of building | (1,204)", "loss"},
		{"When did the British government take land for development of Ohio Country?", "In 1749 the British government gave land to the Ohio Company of Virginia.", "gave"},
		{"How much is the United Kingdom current year tax expense?", "United Kingdom deferred tax | (232) | 39", "deferred"},
		// The question's own word written too: both ends are spoken of.
		{"What was the gain on the sale?", "Gain (loss) on sale | 310", ""},
		// "How long" asks a length, not the long end of it.
		{"How long was the short war?", "The short war lasted six weeks.", ""},
	} {
		if got := saysOpposite(c.q, c.text); got != c.want {
			t.Errorf("saysOpposite(%q, %q) = %q, want %q", c.q, c.text, got, c.want)
		}
	}
}

// TestSwapsRoles: the question's verb and name with their roles the other
// way round do not answer; the same roles, in either voice, do.
func TestSwapsRoles(t *testing.T) {
	for _, c := range []struct {
		q, text string
		swaps   bool
	}{
		{"Who was defeated by Montcalm at Quebec?", "James Wolfe defeated Montcalm at Quebec in a battle that claimed the lives of both commanders.", true},
		{"Who replaced the Normans as the ruling class?", "The invading Normans and their descendants replaced the Anglo-Saxons as the ruling class of England.", true},
		{"Who was defeated by Wolfe at Quebec?", "James Wolfe defeated Montcalm at Quebec.", false},
		{"Who replaced the Anglo-Saxons as the ruling class?", "The invading Normans replaced the Anglo-Saxons as the ruling class.", false},
		{"Who designed the tower?", "The tower, designed by Gustave Eiffel, opened in 1889.", false},
		{"Who founded the abbey?", "The abbey was founded by monks from Cluny.", false},
		{"What territory was ceded to France?", "France ceded its territory east of the Mississippi to Great Britain.", true},
		{"What territory was ceded to Great Britain?", "France ceded its territory east of the Mississippi to Great Britain.", false},
		{"Who did Edgar marry?", "King Malcolm III of Scotland married Edgar's sister Margaret.", true},
		{"Who did Malcolm marry?", "King Malcolm III of Scotland married Edgar's sister Margaret.", false},
		// Prepositions name the roles: "resulted in" is "resulted from" turned round.
		{"What resulted in the improvement in operating results?", "The improvement in operating results resulted primarily from higher sales.", false},
	} {
		if got := swapsRoles(c.q, c.text); got != c.swaps {
			t.Errorf("swapsRoles(%q, %q) = %v, want %v", c.q, c.text, got, c.swaps)
		}
	}
}

// TestPlacedElsewhere: the question's words placed in another named place
// do not answer; placed as asked, in a list, or in "the city", they may.
func TestPlacedElsewhere(t *testing.T) {
	for _, c := range []struct {
		q, text, want string
	}{
		{"What is the largest medical school in Chopin?", "Other institutions include the Medical University of Warsaw, the largest medical school in Poland.", "Poland"},
		{"What is one of the largest and most modern oncological institutions in Curie?", "The Maria Skłodowska-Curie Institute of Oncology is one of the largest and most modern oncological institutions in Europe.", "Europe"},
		{"Where are some of the best medical facilities in East-Central Europe located?", "Today, Warsaw has some of the best medical facilities in Poland and East-Central Europe.", ""},
		{"What type of space in Warsaw is the Botanic Garden?", "Other green spaces in the city include the Botanic Garden.", ""},
		// Whose it is, by "of".
		{"When is the oldest armed seal of Sigilium from?", "The oldest existing armed seal of Warsaw is from the year 1390.", "Warsaw"},
		{"What is the number of Constituency MSPs?", "There was a reduction in the number of Scottish MPs.", ""},
		{"How many shares of MGM Resorts common stock were outstanding?", "There were 373,913,450 shares of Common Stock outstanding.", ""},
		// Other words before "in": another thing, placed elsewhere.
		{"What is one of the largest music schools in Europe?", "The Medical University of Warsaw is the largest medical school in Poland.", ""},
	} {
		if got := placedElsewhere(c.q, c.text); got != c.want {
			t.Errorf("placedElsewhere(%q, %q) = %q, want %q", c.q, c.text, got, c.want)
		}
	}
}

// TestOwnedElsewhere: the question's possessed thing given as another
// owner's does not answer; the same owner, or its initials, does.
func TestOwnedElsewhere(t *testing.T) {
	for _, c := range []struct {
		q, text, want string
	}{
		{"What is FMCG's economy characterized by?", "Warsaw's economy, by a wide variety of industries, is characterised by FMCG manufacturing.", "Warsaw"},
		{"What was Leon's first literary cabaret?", "The complex also included Momus, Warsaw's first literary cabaret, and Leon Schiller's musical theatre.", "Warsaw"},
		{"Which type of law concerns the EU's governance structure?", "While constitutional law concerns the European Union's governance structure, administrative law binds institutions.", ""},
		{"What is Apple's revenue?", "Apple's revenue was $394 billion.", ""},
	} {
		if got := ownedElsewhere(c.q, c.text); got != c.want {
			t.Errorf("ownedElsewhere(%q, %q) = %q, want %q", c.q, c.text, got, c.want)
		}
	}
}
