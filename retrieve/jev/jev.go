// Package jev is Archivist's decision protocol, modelled on the public
// "System One" API: a request is a shared state (the person's question)
// plus named questions — choice (pick one option of a menu), score (place
// something on ordered levels) or noul (yes or no) — and every answer is a
// probability distribution. Routing asks choice questions over menus of
// documents and sections; scoring asks score questions about passages; the
// evidence-set check asks a noul question.
//
// Providers: Local (offline, deterministic, the default), SystemOne (any
// endpoint speaking POST /v1/systemone) and OpenAI (any OpenAI-compatible
// chat endpoint with logprobs). Decide is the one entry point: it checks a
// request against the limits, calls the provider and rejects the whole
// batch when any answer is missing, unexpected or invalid.
package jev

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"archivist/app"
	"archivist/app/lang"
)

// Kind is the type of a question.
type Kind string

// The question kinds.
const (
	Choice Kind = "choice"
	Score  Kind = "score"
	Noul   Kind = "noul"
)

// NoneLabel labels the "none of these" option of a routing menu.
const NoneLabel = "none"

// Limits from the design (docs/design.md §4).
const (
	MaxMenuOptions     = 64     // children per menu, plus a none option
	MaxChoicePerReq    = 4      // routing questions per request
	MaxMenuCharsPerReq = 96_000 // menu description characters per request
	MaxScorePerReq     = 16     // passage questions per scoring request
	MaxNoulPerReq      = 16
	MaxLevels          = 10
	MaxInFlight        = 2 // provider requests in flight per process
)

// Role says what a part of some content is, so the local judge can weigh
// a heading above body text. HTTP providers see only rendered text.
type Role string

// The roles.
const (
	RoleTitle   Role = "title"   // a document's title and file name
	RoleHeading Role = "heading" // a heading path or outline
	RoleBody    Role = "body"    // source text: a passage or an excerpt
	RoleCaption Role = "caption" // numbered captions
	RoleMeta    Role = "meta"    // pages, counts
	// RoleStatistics is text computed from a document (page and figure
	// counts, numbered captions), not quoted from it.
	RoleStatistics Role = "statistics"
	// RoleEcho is text that repeats the question's own words (how often
	// each occurs): informative, but no sign of relevance by itself.
	RoleEcho Role = "echo"
)

// Part is one piece of content with its role.
type Part struct {
	Role Role
	Text string
}

// Option is one entry of a choice menu.
type Option struct {
	Label       string
	Description string // what a remote provider reads
	Parts       []Part // the same content by role; the local judge reads these
	// IndexScore is the full-text index's relevance of the best passage
	// under the option (relative to the best in scope, 0–1; 0 when
	// unknown). Only the local judge reads it.
	IndexScore float64
}

// Question is one named question of a request.
type Question struct {
	ID           string
	Kind         Kind
	Instructions string
	// Evidence is the content the question is about (a passage, a set of
	// passages), "" when the options carry it; EvidenceParts holds it by
	// role for the local judge.
	Evidence      string
	EvidenceParts []Part
	Options       []Option // choice
	Levels        []string // score: level descriptions, lowest first
	// IndexScore is the full-text index's relevance of the evidence to the
	// question (FTS5 bm25 relative to the best passage of its document,
	// 0–1; 0 when unknown). Only the local judge reads it.
	IndexScore float64
	// Abbreviations are those the evidence's documents define that name a
	// concept of the question (lang.Query.Defined): in these documents the
	// short and the long form are one name. Only the local judge reads
	// them; a model reads the definitions in the text.
	Abbreviations []lang.Abbreviation
	// Pictures are the figures the evidence holds, at most
	// app.MaxImagesPerQuestion, shown with it to a provider that sees
	// images (Seer); every other provider reads the text alone.
	Pictures []app.Picture
}

// MenuChars is what a question adds to a request's menu characters (the
// bound MaxMenuCharsPerReq): the characters of its options' descriptions,
// the none option's included; 0 for a question that is not a choice.
// Requests are packed and checked with this one count.
func (q *Question) MenuChars() int {
	if q.Kind != Choice {
		return 0
	}
	n := 0
	for _, o := range q.Options {
		n += utf8.RuneCountInString(o.Description)
	}
	return n
}

// Hints are what the router knows about the question's terms in scope.
// Only the local judge reads them; they are never sent anywhere.
type Hints struct {
	// IDF maps a concept name (see lang.Analyze) to its inverse document
	// frequency over the passages in scope.
	IDF map[string]float64
	// Absent names stems and concept names found in no passage in scope.
	Absent map[string]bool
}

// Request is one call to a provider.
type Request struct {
	State     string // the person's question, shared by every question
	Questions []Question
	Hints     *Hints
}

// Answer is a provider's answer to one question.
type Answer struct {
	Kind Kind
	// Probabilities: for choice, by option label; for score, by level
	// index ("0", "1", …). Empty for noul.
	Probabilities map[string]float64
	Choice        string  // choice: the most probable label
	Score         float64 // score: expected level, Σ level × probability
	Yes           float64 // noul: P(yes)
	// Pictures counts the pictures the provider was shown with the
	// question; Note says what the person should know of how it was
	// answered ("… refused pictures; its answers use the text alone.").
	Pictures int
	Note     string
}

// Provider answers requests.
type Provider interface {
	// Name is the provider's setting value: "local", "systemone", "openai".
	Name() string
	// Decide answers every question of req, keyed by question ID.
	Decide(ctx context.Context, req *Request) (map[string]Answer, error)
}

// Seer is a provider — a decision provider or an answer model — that can
// be shown pictures with a question's evidence. SeesImages reports
// whether it is, and when it is not for a reason the person can change, a
// note saying why.
type Seer interface {
	SeesImages(ctx context.Context) (bool, string)
}

// SeesImages reports whether p is shown pictures: only a Seer that says so.
func SeesImages(ctx context.Context, p Provider) (bool, string) {
	if s, ok := p.(Seer); ok {
		return s.SeesImages(ctx)
	}
	return false, ""
}

// Decide checks req against the protocol's limits, asks p, and validates
// the answers: a missing, unexpected or invalid answer rejects the whole
// batch with a provider_failure error. Choice and score distributions are
// renormalised to sum to exactly 1.
func Decide(ctx context.Context, p Provider, req *Request) (map[string]Answer, error) {
	if err := CheckRequest(req); err != nil {
		return nil, err
	}
	answers, err := p.Decide(ctx, req)
	if err != nil {
		return nil, err
	}
	if err := Validate(req, answers); err != nil {
		return nil, err
	}
	return answers, nil
}

// CheckRequest reports a request that breaks the protocol's limits. It is
// a programming error in the caller, reported as an internal error.
func CheckRequest(req *Request) error {
	var choices, scores, nouls, menu int
	ids := map[string]bool{}
	for _, q := range req.Questions {
		if q.ID == "" || ids[q.ID] {
			return fmt.Errorf("jev: question ID %q empty or repeated", q.ID)
		}
		ids[q.ID] = true
		switch q.Kind {
		case Choice:
			choices++
			if len(q.Options) < 1 || len(q.Options) > MaxMenuOptions+1 {
				return fmt.Errorf("jev: choice %s has %d options (1–%d)", q.ID, len(q.Options), MaxMenuOptions+1)
			}
			labels := map[string]bool{}
			for _, o := range q.Options {
				if o.Label == "" || labels[o.Label] {
					return fmt.Errorf("jev: choice %s: option label %q empty or repeated", q.ID, o.Label)
				}
				labels[o.Label] = true
			}
			menu += q.MenuChars()
		case Score:
			scores++
			if len(q.Levels) < 2 || len(q.Levels) > MaxLevels {
				return fmt.Errorf("jev: score %s has %d levels (2–%d)", q.ID, len(q.Levels), MaxLevels)
			}
		case Noul:
			nouls++
		default:
			return fmt.Errorf("jev: question %s has unknown kind %q", q.ID, q.Kind)
		}
	}
	switch {
	case len(req.Questions) == 0:
		return fmt.Errorf("jev: empty request")
	case choices > MaxChoicePerReq:
		return fmt.Errorf("jev: %d routing questions in one request (at most %d)", choices, MaxChoicePerReq)
	case menu > MaxMenuCharsPerReq:
		return fmt.Errorf("jev: %d menu characters in one request (at most %d)", menu, MaxMenuCharsPerReq)
	case scores > MaxScorePerReq:
		return fmt.Errorf("jev: %d passage questions in one request (at most %d)", scores, MaxScorePerReq)
	case nouls > MaxNoulPerReq:
		return fmt.Errorf("jev: %d yes/no questions in one request (at most %d)", nouls, MaxNoulPerReq)
	}
	return nil
}

// probabilityTolerance is how far a distribution may sum from 1 before the
// answer is invalid (servers round).
const probabilityTolerance = 0.02

// Validate checks answers against req, normalising distributions in place.
func Validate(req *Request, answers map[string]Answer) error {
	want := map[string]*Question{}
	for i := range req.Questions {
		want[req.Questions[i].ID] = &req.Questions[i]
	}
	for id := range answers {
		if want[id] == nil {
			return invalid("an answer to a question that was not asked (%q)", id)
		}
	}
	for id, q := range want {
		a, ok := answers[id]
		if !ok {
			return invalid("no answer to question %q", id)
		}
		if a.Kind != q.Kind {
			return invalid("answer %q is a %s, the question a %s", id, a.Kind, q.Kind)
		}
		switch q.Kind {
		case Choice:
			labels := make([]string, len(q.Options))
			for i, o := range q.Options {
				labels[i] = o.Label
			}
			if err := checkDistribution(id, a.Probabilities, labels); err != nil {
				return err
			}
			if a.Choice != "" && !isLabel(labels, a.Choice) {
				return invalid("answer %q chose %q, not an option", id, a.Choice)
			}
			a.Choice = argmax(a.Probabilities, labels)
		case Score:
			labels := make([]string, len(q.Levels))
			for i := range labels {
				labels[i] = strconv.Itoa(i)
			}
			if err := checkDistribution(id, a.Probabilities, labels); err != nil {
				return err
			}
			exp := 0.0
			for i, l := range labels {
				exp += float64(i) * a.Probabilities[l]
			}
			if bad(a.Score) || a.Score < 0 || a.Score > float64(len(labels)-1) || math.Abs(a.Score-exp) > 0.15 {
				return invalid("answer %q has score %v, its distribution gives %.2f", id, a.Score, exp)
			}
			a.Score = exp
		case Noul:
			if bad(a.Yes) || a.Yes < 0 || a.Yes > 1 {
				return invalid("answer %q has P(yes) = %v", id, a.Yes)
			}
		}
		answers[id] = a
	}
	return nil
}

func isLabel(labels []string, l string) bool {
	for _, x := range labels {
		if x == l {
			return true
		}
	}
	return false
}

// checkDistribution requires exactly the given labels, each a probability,
// summing to 1 within tolerance; it normalises p in place.
func checkDistribution(id string, p map[string]float64, labels []string) error {
	if len(p) != len(labels) {
		return invalid("answer %q has %d probabilities for %d options", id, len(p), len(labels))
	}
	sum := 0.0
	for _, l := range labels {
		v, ok := p[l]
		if !ok {
			return invalid("answer %q has no probability for %q", id, l)
		}
		if bad(v) || v < 0 || v > 1 {
			return invalid("answer %q gives %q the probability %v", id, l, v)
		}
		sum += v
	}
	if math.Abs(sum-1) > probabilityTolerance {
		return invalid("answer %q: probabilities sum to %.3f", id, sum)
	}
	for _, l := range labels {
		p[l] /= sum
	}
	return nil
}

func bad(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }

// argmax returns the label with the highest probability, the first listed
// on ties.
func argmax(p map[string]float64, labels []string) string {
	best := ""
	for _, l := range labels {
		if best == "" || p[l] > p[best] {
			best = l
		}
	}
	return best
}

func invalid(format string, args ...any) error {
	return &app.Error{Code: app.EProviderFailure,
		Message: "The decision provider gave an invalid answer: " + fmt.Sprintf(format, args...) + ". The whole batch was rejected."}
}

// Labels returns a choice question's labels in menu order.
func (q *Question) Labels() []string {
	out := make([]string, len(q.Options))
	for i, o := range q.Options {
		out[i] = o.Label
	}
	return out
}
