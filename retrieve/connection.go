package retrieve

import (
	"context"

	"archivist/app"
	"archivist/retrieve/jev"
)

// TestAnswerer makes one real request to the answer provider p configures:
// a one-source answer, read in the provider's own format. It returns nil
// when the provider answered. Nothing is recorded: an endpoint that is not
// on this computer is tried only when the library has its acknowledgement
// or ack says the person gives it now.
func TestAnswerer(ctx context.Context, p app.ProviderSettings, key string, ack bool, egress EgressRecord) error {
	pv, err := NewProviders(ctx, app.Settings{Answer: p, EgressAcknowledged: ack}, Keys{Answer: key}, dryRun{egress}, ProviderOptions{})
	if err != nil {
		return err
	}
	_, err = pv.answerer.Answer(ctx, connectionEvidence())
	return err
}

// TestDecider makes one real request to the decision provider p
// configures: a one-question decision. Egress as for TestAnswerer.
func TestDecider(ctx context.Context, p app.ProviderSettings, key string, ack bool, egress EgressRecord) error {
	pv, err := NewProviders(ctx, app.Settings{Decision: p, EgressAcknowledged: ack}, Keys{Decision: key}, dryRun{egress}, ProviderOptions{})
	if err != nil {
		return err
	}
	_, err = jev.Decide(ctx, pv.router.Provider, &jev.Request{
		State: "Is the sky blue on a clear day?",
		Questions: []jev.Question{{ID: "q1", Kind: jev.Noul,
			Instructions:  "Does the evidence answer the question?",
			Evidence:      "On a clear day the sky is blue.",
			EvidenceParts: []jev.Part{{Role: jev.RoleBody, Text: "On a clear day the sky is blue."}}}},
	})
	return err
}

// dryRun reads the egress record and records nothing: a connection test
// is not a saved setting.
type dryRun struct{ EgressRecord }

func (dryRun) AcknowledgeEgress(context.Context, string) error { return nil }

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
