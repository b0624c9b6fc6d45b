package app

import (
	"reflect"
	"testing"
)

// TestReceiversWording pins how the drawer and an answer's provider field
// name what receives evidence, and that a change of either receiver makes a
// different value.
func TestReceiversWording(t *testing.T) {
	for _, c := range []struct {
		r      Receivers
		drawer string
		list   []string
	}{
		{Receivers{}, "offline — nothing leaves this computer", nil},
		{Receivers{Answer: "llama3.2 at localhost:11434"}, "answers: llama3.2 at localhost:11434", []string{"llama3.2 at localhost:11434"}},
		{Receivers{Decision: "systemone at api.example.com"}, "decisions: systemone at api.example.com", []string{"decisions: systemone at api.example.com"}},
		{Receivers{Answer: "m at h:1", Decision: "openai q at h:2"}, "answers: m at h:1 · decisions: openai q at h:2",
			[]string{"m at h:1", "decisions: openai q at h:2"}},
	} {
		if got := c.r.String(); got != c.drawer {
			t.Errorf("%+v: drawer shows %q, want %q", c.r, got, c.drawer)
		}
		if got := c.r.List(); !reflect.DeepEqual(got, c.list) {
			t.Errorf("%+v: list %q, want %q", c.r, got, c.list)
		}
		if c.r.Offline() != (c.list == nil) {
			t.Errorf("%+v: offline %v", c.r, c.r.Offline())
		}
	}
	if (Receivers{Answer: "m at h:1"}) == (Receivers{Answer: "m at h:2"}) {
		t.Error("two endpoints compare equal")
	}
}
