package main

import (
	"context"
	"strings"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/retrieve/jev"
	"archivist/ui"
)

// The window's providers follow its settings: saving them hands new
// providers to Research.SetProviders, which every question reads once, so
// its consent checks and its requests see the same providers; questions
// already running finish with the ones they started with.

// applySettings builds the providers s names and hands them to use. It
// returns what receives the evidence, as the drawer names it. On an error
// nothing changes.
func applySettings(use func(answer.Answerer, jev.Provider), s app.Settings, keys ui.ProviderKeys) (string, error) {
	a, err := answererFor(s.Answer, keys.Answer, s.EgressAcknowledged)
	if err != nil {
		return "", err
	}
	d, err := deciderFor(s.Decision, keys.Decision, s.EgressAcknowledged)
	if err != nil {
		return "", err
	}
	if oa, ok := a.(*answer.OpenAI); ok {
		// Pincites are picked by the decision provider the settings chose.
		oa.Picker = answer.DecisionPicker{Provider: d}
	}
	use(a, d)
	return receiverOf(s), nil
}

// judgeReceiverOf names the decision provider that receives titles,
// outlines and passages when it is not the embedded one.
func judgeReceiverOf(s app.Settings) string {
	if !s.Decision.Remote() {
		return ""
	}
	return strings.TrimSpace(s.Decision.Kind) + " at " + endpointHost(s.Decision.URL)
}

// receiverOf names the model or endpoint that receives evidence.
func receiverOf(s app.Settings) string {
	var parts []string
	if s.Answer.Remote() {
		o := &answer.OpenAI{BaseURL: s.Answer.URL, Model: s.Answer.Model}
		parts = append(parts, "answers: "+o.Describe())
	}
	if s.Decision.Remote() {
		parts = append(parts, "routing: "+judgeReceiverOf(s))
	}
	if len(parts) == 0 {
		return "offline — nothing leaves this computer"
	}
	return strings.Join(parts, " · ")
}

// endpointHost names an endpoint by its host, never its user info.
func endpointHost(base string) string {
	o := &answer.OpenAI{BaseURL: base}
	return o.Describe() // with no model this is the host alone
}

func answererFor(p app.ProviderSettings, key string, egressOK bool) (answer.Answerer, error) {
	switch strings.ToLower(strings.TrimSpace(p.Kind)) {
	case "", app.ProviderExtractive:
		return answer.Extractive{}, nil
	case app.ProviderOpenAI:
		base, err := answer.ResolveBaseURL(p.URL)
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(p.Model) == "" {
			return nil, app.Errorf(app.EInvalid, "The answer model needs a model name.")
		}
		if !answer.IsLoopback(base) && !egressOK {
			return nil, app.Errorf(app.EEgressNotAcknowledged,
				"The answer endpoint %s is not on this computer: acknowledge that document text will be sent there first.", endpointHost(base))
		}
		return &answer.OpenAI{BaseURL: base, Model: strings.TrimSpace(p.Model), APIKey: key, EgressAcknowledged: egressOK}, nil
	}
	return nil, app.Errorf(app.EInvalid, "Unknown answer provider %q (extractive or openai).", p.Kind)
}

func deciderFor(p app.ProviderSettings, key string, egressOK bool) (jev.Provider, error) {
	base := strings.TrimSpace(p.URL)
	if strings.EqualFold(strings.TrimSpace(p.Kind), app.ProviderOpenAI) {
		if b, err := answer.ResolveBaseURL(base); err == nil {
			base = b // "ollama" and "llamacpp" name the same servers here
		}
	}
	return jev.New(jev.Config{Provider: p.Kind, HTTP: jev.HTTPConfig{
		BaseURL: base, APIKey: key, Model: strings.TrimSpace(p.Model), EgressAcknowledged: egressOK}})
}

// testProvider makes one real request to the provider p configures: a
// one-question decision for a decision provider, a one-source answer for an
// answer provider. It returns nil when the provider answered in its format.
func testProvider(ctx context.Context, role ui.Role, p app.ProviderSettings, key string, egressOK bool) error {
	if role == ui.RoleAnswer {
		a, err := answererFor(p, key, egressOK)
		if err != nil {
			return err
		}
		_, err = a.Answer(ctx, connectionEvidence())
		return err
	}
	d, err := deciderFor(p, key, egressOK)
	if err != nil {
		return err
	}
	_, err = jev.Decide(ctx, d, &jev.Request{
		State: "Is the sky blue on a clear day?",
		Questions: []jev.Question{{ID: "q1", Kind: jev.Noul,
			Instructions:  "Does the evidence answer the question?",
			Evidence:      "On a clear day the sky is blue.",
			EvidenceParts: []jev.Part{{Role: jev.RoleBody, Text: "On a clear day the sky is blue."}}}},
	})
	return err
}

// connectionEvidence is the one-sentence evidence a connection test sends.
func connectionEvidence() *app.Evidence {
	const text = "On a clear day the sky is blue."
	block := app.Block{ID: "test-b1", Kind: app.BlockParagraph, Text: text, LineStart: 1, LineEnd: 1}
	return &app.Evidence{
		Question: app.Question{Text: "What colour is the sky on a clear day?"},
		Terms:    []string{"colour", "sky", "clear", "day"},
		Sources: []app.Source{{N: 1, DocumentID: "test", Title: "Connection test", Format: app.FormatText, Text: text,
			Windows: []app.Window{{PassageID: "test-p1", SectionID: "test-s1", Start: 0, End: len(text), Text: text,
				Spans: []app.Span{{BlockID: "test-b1", Start: 0, End: len(text)}}}}}},
		Blocks:   map[string]app.Block{"test-b1": block},
		Sections: map[string]string{"test-s1": ""},
	}
}
