package jev

import (
	"context"
	"math"
	"strings"
	"testing"

	"archivist/app"
)

func choiceQ(id string, labels ...string) Question {
	q := Question{ID: id, Kind: Choice, Instructions: "pick"}
	for _, l := range labels {
		q.Options = append(q.Options, Option{Label: l, Description: "option " + l})
	}
	return q
}

func scoreQ(id string) Question {
	return Question{ID: id, Kind: Score, Instructions: "rate", Evidence: "text", Levels: []string{"a", "b", "c", "d"}}
}

// wantInvalid asserts err rejects the batch as a provider failure.
func wantInvalid(t *testing.T, err error, fragment string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted; want rejection mentioning %q", fragment)
	}
	if app.ErrorCode(err) != app.EProviderFailure {
		t.Fatalf("code %q (%v), want %s", app.ErrorCode(err), err, app.EProviderFailure)
	}
	if !strings.Contains(err.Error(), fragment) {
		t.Fatalf("error %q does not mention %q", err, fragment)
	}
}

func TestValidate(t *testing.T) {
	req := &Request{State: "q", Questions: []Question{choiceQ("c", "a", "b", NoneLabel), scoreQ("s"), {ID: "n", Kind: Noul}}}
	good := func() map[string]Answer {
		return map[string]Answer{
			"c": {Kind: Choice, Probabilities: map[string]float64{"a": 0.6, "b": 0.3, NoneLabel: 0.1}},
			"s": {Kind: Score, Probabilities: map[string]float64{"0": 0.1, "1": 0.2, "2": 0.3, "3": 0.4}, Score: 2.0},
			"n": {Kind: Noul, Yes: 0.7},
		}
	}
	t.Run("AcceptsAndNormalises", func(t *testing.T) {
		a := good()
		a["c"].Probabilities["a"] = 0.61 // sums to 1.01: within tolerance
		if err := Validate(req, a); err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, v := range a["c"].Probabilities {
			sum += v
		}
		if math.Abs(sum-1) > 1e-12 || a["c"].Choice != "a" {
			t.Fatalf("not normalised: sum %v, choice %q", sum, a["c"].Choice)
		}
	})
	cases := []struct {
		name, fragment string
		edit           func(map[string]Answer)
	}{
		{"RejectsMissingAnswer", "no answer", func(a map[string]Answer) { delete(a, "n") }},
		{"RejectsUnexpectedAnswer", "not asked", func(a map[string]Answer) { a["x"] = Answer{Kind: Noul, Yes: 0.5} }},
		{"RejectsWrongKind", "is a noul", func(a map[string]Answer) { a["c"] = Answer{Kind: Noul, Yes: 0.5} }},
		{"RejectsMissingLabel", "probabilities for", func(a map[string]Answer) { delete(a["c"].Probabilities, "b") }},
		{"RejectsUnknownLabel", "no probability for", func(a map[string]Answer) {
			delete(a["c"].Probabilities, "b")
			a["c"].Probabilities["zzz"] = 0.3
		}},
		{"RejectsBadSum", "sum to", func(a map[string]Answer) { a["c"].Probabilities["a"] = 0.9 }},
		{"RejectsNaN", "probability NaN", func(a map[string]Answer) { a["c"].Probabilities["a"] = math.NaN() }},
		{"RejectsNegative", "probability -", func(a map[string]Answer) { a["c"].Probabilities["a"] = -0.1 }},
		{"RejectsChoiceNotAnOption", "not an option", func(a map[string]Answer) {
			x := a["c"]
			x.Choice = "zzz"
			a["c"] = x
		}},
		{"RejectsScoreOffItsDistribution", "distribution gives", func(a map[string]Answer) {
			x := a["s"]
			x.Score = 0.5
			a["s"] = x
		}},
		{"RejectsScoreOutOfRange", "has score", func(a map[string]Answer) {
			x := a["s"]
			x.Score = 7
			a["s"] = x
		}},
		{"RejectsNoulOutOfRange", "P(yes)", func(a map[string]Answer) { a["n"] = Answer{Kind: Noul, Yes: 1.5} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := good()
			c.edit(a)
			wantInvalid(t, Validate(req, a), c.fragment)
		})
	}
}

func TestCheckRequestLimits(t *testing.T) {
	many := func(n int, f func(i int) Question) *Request {
		r := &Request{State: "q"}
		for i := 0; i < n; i++ {
			r.Questions = append(r.Questions, f(i))
		}
		return r
	}
	id := func(i int) string { return "q" + string(rune('a'+i%26)) + string(rune('a'+i/26)) }
	if err := CheckRequest(many(MaxChoicePerReq, func(i int) Question { return choiceQ(id(i), "a", NoneLabel) })); err != nil {
		t.Fatalf("4 menus refused: %v", err)
	}
	if err := CheckRequest(many(MaxChoicePerReq+1, func(i int) Question { return choiceQ(id(i), "a", NoneLabel) })); err == nil {
		t.Fatal("5 routing questions accepted")
	}
	if err := CheckRequest(many(MaxScorePerReq+1, func(i int) Question { return scoreQ(id(i)) })); err == nil {
		t.Fatal("17 passage questions accepted")
	}
	wide := choiceQ("w")
	for i := 0; i < MaxMenuOptions+2; i++ {
		wide.Options = append(wide.Options, Option{Label: id(i)})
	}
	if err := CheckRequest(&Request{Questions: []Question{wide}}); err == nil {
		t.Fatal("a menu of 66 options accepted")
	}
	big := choiceQ("b", "a", NoneLabel)
	big.Options[0].Description = strings.Repeat("x", MaxMenuCharsPerReq)
	if err := CheckRequest(&Request{Questions: []Question{big}}); err == nil {
		t.Fatal("96,000+ menu characters accepted")
	}
	if err := CheckRequest(&Request{Questions: []Question{choiceQ("d", "a", "a")}}); err == nil {
		t.Fatal("repeated labels accepted")
	}
}

// stubProvider answers with fixed answers.
type stubProvider struct{ answers map[string]Answer }

func (s stubProvider) Name() string { return "stub" }
func (s stubProvider) Decide(context.Context, *Request) (map[string]Answer, error) {
	return s.answers, nil
}

func TestDecideRejectsWholeBatch(t *testing.T) {
	req := &Request{State: "q", Questions: []Question{scoreQ("p1"), scoreQ("p2")}}
	p := stubProvider{map[string]Answer{"p1": ScoreAnswer([]float64{0, 0, 0, 1})}}
	if a, err := Decide(context.Background(), p, req); err == nil || a != nil {
		t.Fatalf("a batch missing one answer gave %v, %v", a, err)
	}
}

func TestNew(t *testing.T) {
	for _, name := range []string{"", "local", "LOCAL"} {
		p, err := New(Config{Provider: name})
		if err != nil || p.Name() != "local" {
			t.Fatalf("New(%q) = %v, %v", name, p, err)
		}
	}
	if _, err := New(Config{Provider: "oracle"}); app.ErrorCode(err) != app.EInvalid {
		t.Fatalf("unknown provider: %v", err)
	}
}

// TestDesignNumbers pins the protocol's limits to docs/design.md §4.
func TestDesignNumbers(t *testing.T) {
	got := []int{MaxMenuOptions, MaxChoicePerReq, MaxMenuCharsPerReq, MaxScorePerReq, MaxInFlight}
	want := []int{64, 4, 96000, 16, 2}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("limits %v, the design says %v", got, want)
		}
	}
}
