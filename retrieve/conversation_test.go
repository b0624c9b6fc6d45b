package retrieve_test

import (
	"context"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve"
	"archivist/retrieve/answer"
	"archivist/store"
)

func TestConversation(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	addDoc(t, db, doc{id: "log", title: "Lighthouse Log", order: []string{"", "Storm"}, sections: map[string][]string{
		"":      {"The lamp is lit at dusk by the keeper on duty."},
		"Storm": {"The October storm broke two panes of the lantern room."},
	}})
	addDoc(t, db, doc{id: "bread", title: "Sourdough", order: []string{""}, sections: map[string][]string{
		"": {"Bake the loaf at 230 degrees for forty minutes."}}})
	// The model's prior answers carry a phrase no document holds, so the
	// test can see where earlier answer text travels.
	const mark = "per the keeper's own words"
	rec := newRecorder(t, func(chatRequest) string { return modelReply("The lamp is lit at dusk, "+mark+" [1].", 1) })
	oa := &answer.OpenAI{BaseURL: rec.srv.URL + "/v1", Model: "m"}
	r := retrieve.NewResearch(db, oa, newTokens("conv"))
	c := r.NewConversation(app.Scope{})
	var progress []app.Stage

	first, err := c.Ask(ctx, "When is the lamp lit?", app.PresetBalanced, func(s app.Stage) { progress = append(progress, s) })
	if err != nil || !first.Sufficient || first.Citations[0].DocumentID != "log" {
		t.Fatalf("first answer %+v, %v", first, err)
	}
	if strings.Join(stagesOf(progress), ",") != "retrieving,answering,done" {
		t.Errorf("stages = %v", progress)
	}

	t.Run("FollowUpCarriesCitedSourcesNotAnswerText", func(t *testing.T) {
		// "what about the bread" finds only the bread document; the log
		// comes back only as a carried source, reloaded from the library.
		ans, err := c.Ask(ctx, "And how long do I bake the loaf?", app.PresetBalanced, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Follows != first.TraceToken {
			t.Errorf("follows %q, want %q", ans.Follows, first.TraceToken)
		}
		req := rec.last(t)
		roles := []string{}
		for _, m := range req.Messages {
			roles = append(roles, m.Role)
		}
		if strings.Join(roles, ",") != "system,user,assistant,user" {
			t.Fatalf("messages %v, want the first turn as history", roles)
		}
		if req.Messages[1].Content != "When is the lamp lit?" || !strings.Contains(req.Messages[2].Content, mark) {
			t.Fatalf("history = %q / %q", req.Messages[1].Content, req.Messages[2].Content)
		}
		prompt := req.Messages[3].Content
		if !strings.Contains(prompt, "The lamp is lit at dusk by the keeper on duty.") || !strings.Contains(prompt, "Bake the loaf") {
			t.Fatalf("the carried source or the new evidence is missing:\n%s", prompt)
		}
		if strings.Contains(prompt, mark) {
			t.Fatal("prior answer text became evidence")
		}
		var carried bool
		for _, s := range ans.Sources {
			carried = carried || s.DocumentID == "log"
		}
		if !carried || !strings.Contains(strings.Join(ans.Why, "\n"), "Carried over") {
			t.Fatalf("sources %+v, why %q", ans.Sources, ans.Why)
		}
	})
	t.Run("FailedTurnsNeverHistory", func(t *testing.T) {
		rec.mu.Lock()
		rec.status = 500
		rec.mu.Unlock()
		const failedQ = "Which panes did the storm break?"
		if _, err := c.Ask(ctx, failedQ, app.PresetBalanced, nil); app.ErrorCode(err) != app.EProviderFailure {
			t.Fatalf("err = %v", err)
		}
		rec.mu.Lock()
		rec.status = 0
		rec.mu.Unlock()
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		const cancelledQ = "Who keeps the lighthouse?"
		if _, err := c.Ask(cctx, cancelledQ, app.PresetBalanced, nil); app.ErrorCode(err) != app.ECancelled {
			t.Fatalf("cancelled: err = %v", err)
		}
		turns := c.Turns()
		if len(turns) != 4 || turns[2].Err == nil || turns[3].Err == nil {
			t.Fatalf("turns = %+v", turns)
		}
		if _, err := c.Ask(ctx, "When is the lamp lit again?", app.PresetBalanced, nil); err != nil {
			t.Fatal(err)
		}
		req := rec.last(t)
		for _, m := range req.Messages[:len(req.Messages)-1] {
			if strings.Contains(m.Content, failedQ) || strings.Contains(m.Content, cancelledQ) {
				t.Fatalf("a failed turn entered history: %q", m.Content)
			}
		}
		// Two successful turns before it, history at most 4 messages.
		if n := len(req.Messages); n != 1+answer.MaxHistoryMessages+1 {
			t.Fatalf("%d messages, want system + 4 history + question", n)
		}
	})
	t.Run("ClearScopeAndProviderReset", func(t *testing.T) {
		fresh := func(what string) {
			t.Helper()
			if _, err := c.Ask(ctx, "When is the lamp lit?", app.PresetBalanced, nil); err != nil {
				t.Fatal(err)
			}
			if n := len(rec.last(t).Messages); n != 2 {
				t.Fatalf("after %s: %d messages, want a conversation without history", what, n)
			}
			if n := len(c.Turns()); n != 1 {
				t.Fatalf("after %s: %d turns", what, n)
			}
		}
		c.SetConsent(true)
		c.Clear()
		if c.Consent() || len(c.Turns()) != 0 {
			t.Fatal("Clear kept turns or consent")
		}
		fresh("Clear")
		c.SetConsent(true)
		c.SetScope(app.Scope{DocumentIDs: []string{"log"}})
		if c.Consent() {
			t.Fatal("a new scope kept consent")
		}
		fresh("a scope change")
		c.SetScope(app.Scope{DocumentIDs: []string{"log"}, Label: "renamed"}) // the same scope: nothing resets
		if len(c.Turns()) != 1 {
			t.Fatal("the same scope reset the conversation")
		}
		oa.Model = "another-model"
		fresh("a provider change")
	})
	t.Run("KeepsTwentyTurns", func(t *testing.T) {
		off := retrieve.NewResearch(db, answer.Extractive{}, newTokens("twenty"))
		conv := off.NewConversation(app.Scope{})
		for i := 0; i < app.MaxTurns+3; i++ {
			if _, err := conv.Ask(ctx, "When is the lamp lit?", "", nil); err != nil {
				t.Fatal(err)
			}
		}
		if n := len(conv.Turns()); n != app.MaxTurns {
			t.Fatalf("%d turns kept", n)
		}
	})
}

func stagesOf(s []app.Stage) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = string(x)
	}
	return out
}

func TestCarry(t *testing.T) {
	ans := &app.Answer{Citations: []app.Citation{
		{DocumentID: "a", Blocks: []string{"a1"}}, {DocumentID: "b", Blocks: []string{"b1"}}, {DocumentID: "a", Blocks: []string{"a2", "a1"}},
		{DocumentID: "c", Blocks: []string{"c1"}}, {DocumentID: "d", Blocks: []string{"d1"}}, {DocumentID: "e"},
	}}
	got := retrieve.Carry(ans)
	if len(got) != app.MaxCarriedSources || got[0].DocumentID != "a" || strings.Join(got[0].Blocks, ",") != "a1,a2" ||
		got[1].DocumentID != "b" || got[2].DocumentID != "c" {
		t.Fatalf("Carry = %+v", got)
	}
	if retrieve.Carry(&app.Answer{Answer: app.InsufficientEvidence}) != nil {
		t.Fatal("an answer citing nothing carried something")
	}
}

// TestFollowUpRechecksCarriedSources: a carried source is read again inside
// the follow-up's snapshot, so a document that stopped being evidence in
// between (here: its re-import failed) is not carried.
func TestFollowUpRechecksCarriedSources(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	addDoc(t, db, doc{id: "log", title: "Lighthouse Log", order: []string{""}, sections: map[string][]string{
		"": {"The lamp is lit at dusk by the keeper on duty."}}})
	addDoc(t, db, doc{id: "bread", title: "Sourdough", order: []string{""}, sections: map[string][]string{
		"": {"Bake the loaf at 230 degrees for forty minutes."}}})
	rec := newRecorder(t, func(chatRequest) string { return modelReply("At dusk [1].", 1) })
	r := retrieve.NewResearch(db, &answer.OpenAI{BaseURL: rec.srv.URL + "/v1", Model: "m"}, newTokens("recheck"))
	c := r.NewConversation(app.Scope{})
	if _, err := c.Ask(ctx, "When is the lamp lit?", "", nil); err != nil {
		t.Fatal(err)
	}
	if err := db.FailImport(ctx, store.Job{ID: "job-log", DocumentID: "log"}, "re-import failed"); err != nil {
		t.Fatal(err)
	}
	ans, err := c.Ask(ctx, "And how long do I bake the loaf?", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ans.Sources {
		if s.DocumentID == "log" {
			t.Fatal("a document that is no longer evidence was carried")
		}
	}
	if strings.Contains(rec.last(t).Messages[len(rec.last(t).Messages)-1].Content, "lamp is lit") {
		t.Fatal("its text reached the model")
	}
}

// TestFollowUpAddsCarriedBlocksToAFoundSource: when the follow-up finds the
// cited document again but elsewhere, the blocks the earlier answer cited
// join that source as one more window, verbatim.
func TestFollowUpAddsCarriedBlocksToAFoundSource(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	const lamp = "The lamp is lit at dusk by the keeper on duty."
	addDoc(t, db, doc{id: "log", title: "Lighthouse Log", order: []string{"", "Lamp", "Storm"}, sections: map[string][]string{
		"":      {filler(4000)},
		"Lamp":  {lamp + " " + filler(1500)},
		"Storm": {filler(3000), "The October storm broke two panes of the lantern room."},
	}})
	rec := newRecorder(t, func(chatRequest) string { return modelReply("At dusk [1].", 1) })
	r := retrieve.NewResearch(db, &answer.OpenAI{BaseURL: rec.srv.URL + "/v1", Model: "m"}, newTokens("samesrc"))
	c := r.NewConversation(app.Scope{})
	if _, err := c.Ask(ctx, "When is the lamp lit?", app.PresetFocused, nil); err != nil {
		t.Fatal(err)
	}
	ans, err := c.Ask(ctx, "What did the October storm break?", app.PresetFocused, nil)
	if err != nil {
		t.Fatal(err)
	}
	prompt := rec.last(t).Messages[len(rec.last(t).Messages)-1].Content
	if len(ans.Sources) != 1 || !strings.Contains(prompt, "October storm") || !strings.Contains(prompt, lamp) {
		t.Fatalf("sources %d; prompt:\n%s", len(ans.Sources), prompt)
	}
}

// TestSetProvidersWhileAsking: a settings change while a question runs
// leaves that question with the providers it started with, and the next
// question of its conversation starts the conversation over (run with
// -race to see the change is safe).
func TestSetProvidersWhileAsking(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	addDoc(t, db, doc{id: "log", title: "Lighthouse Log", order: []string{""}, sections: map[string][]string{
		"": {"The lamp is lit at dusk by the keeper on duty."}}})
	r := retrieve.NewResearch(db, answer.Extractive{}, newTokens("swap"))
	c := r.NewConversation(app.Scope{})
	if _, err := c.Ask(ctx, "When is the lamp lit?", "", nil); err != nil {
		t.Fatal(err)
	}
	g := newGate()
	r.SetProviders(gatedAnswerer{g}, nil, "")
	done := make(chan *app.Answer, 1)
	go func() {
		ans, err := c.Ask(ctx, "Who lights the lamp?", "", nil)
		if err != nil {
			t.Error(err)
		}
		done <- ans
	}()
	<-g.entered
	rec := newRecorder(t, func(chatRequest) string { return modelReply("At dusk [1].", 1) })
	r.SetProviders(&answer.OpenAI{BaseURL: rec.srv.URL + "/v1", Model: "m"}, nil, "")
	close(g.open)
	if ans := <-done; ans == nil || ans.Answer != app.InsufficientEvidence || len(rec.requests()) != 0 {
		t.Fatalf("the running question did not finish with its own answerer: %+v", ans)
	}
	if _, err := c.Ask(ctx, "When is the lamp lit?", "", nil); err != nil {
		t.Fatal(err)
	}
	if n := len(rec.last(t).Messages); n != 2 || len(c.Turns()) != 1 || c.Receiver() != "m at "+rec.srv.Listener.Addr().String() {
		t.Fatalf("after the change: %d messages, %d turns, receiver %q", n, len(c.Turns()), c.Receiver())
	}
}
