package route

import (
	"strings"
	"testing"

	"archivist/app"
)

// markOutcome marks the latest edge between a route's two nodes, and only
// when that edge has no outcome yet, however many edges came before or
// were added since the last mark.
func TestMarkOutcomeLatestEdge(t *testing.T) {
	tr := &Trace{}
	w := &walk{tr: tr}
	to := &node{id: "doc:a"}
	from := &node{id: "library"}
	w.edge(&route{node: from}, to, 0.2, 0.1, 0.2, "deferred")
	w.edge(&route{node: &node{id: "group:1"}}, to, 0.3, 0.1, 0.3, "")
	w.edge(&route{node: from}, &node{id: "doc:b"}, 0.4, 0.1, 0.4, "")
	rt := &route{node: to, from: "library"}
	w.markOutcome(rt, "beam")
	if tr.Edges[0].Outcome != "deferred" {
		t.Fatalf("an edge with an outcome was changed: %+v", tr.Edges[0])
	}
	w.edge(&route{node: from}, to, 0.5, 0.1, 0.5, "")
	w.markOutcome(rt, "beam")
	if tr.Edges[3].Outcome != "beam" || tr.Edges[1].Outcome != "" || tr.Edges[2].Outcome != "" {
		t.Fatalf("edges = %+v; want only the latest library→doc:a edge marked", tr.Edges)
	}
	w.markOutcome(rt, "deferred")
	if tr.Edges[3].Outcome != "beam" {
		t.Fatalf("a marked edge was marked again: %+v", tr.Edges[3])
	}
	w.markOutcome(&route{node: &node{id: "doc:c"}, from: "library"}, "beam")
	w.markOutcome(&route{node: &node{id: "doc:b"}, from: "group:1"}, "beam")
	if tr.Edges[2].Outcome != "" {
		t.Fatalf("an edge from another node was marked: %+v", tr.Edges[2])
	}
}

// The profile cache is bounded by size, not by a count below the
// library's documents: a library of thousands of small profiles keeps them
// all between questions.
func TestProfileCacheKeepsALargeLibrary(t *testing.T) {
	sp := &app.Profile{Captions: []string{"Table 1: Revenue by segment", "Figure 2: Margins"}}
	for i := range 30 {
		sp.Outline = append(sp.Outline, app.OutlineEntry{Level: 2, Heading: "Section " + strings.Repeat("x", i%20)})
	}
	p := menuProfile(app.Document{ID: "d", Title: "Annual report 2023"}, sp)
	size := p.size()
	if size < 600 || size > 4096 {
		t.Fatalf("profile size = %d bytes; want a few hundred to a few thousand", size)
	}
	if n := profileCacheBytes / size; n < 10_000 {
		t.Fatalf("the cache keeps %d such profiles; want at least 10,000", n)
	}
}
