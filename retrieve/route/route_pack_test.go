package route

import (
	"strconv"
	"strings"
	"testing"

	"archivist/retrieve/jev"
)

// menuOf is a menu of len(sizes) options whose descriptions have those
// many characters, in two-byte runes so bytes and characters differ.
func menuOf(sizes ...int) *menu {
	m := &menu{}
	for i, n := range sizes {
		label := "o" + strconv.Itoa(i+1)
		m.labels = append(m.labels, label)
		m.options = append(m.options, jev.Option{Label: label, Description: strings.Repeat("é", n)})
	}
	return m
}

// pack runs the router's packing rule over menus and returns the requests
// it would send.
func pack(lim Limits, menus []*menu) []*jev.Request {
	var reqs []*jev.Request
	var cur *jev.Request
	chars := 0
	for _, m := range menus {
		mc := m.chars()
		if cur == nil || !lim.admits(len(cur.Questions), chars, mc) {
			cur = &jev.Request{State: "q"}
			reqs = append(reqs, cur)
			chars = 0
		}
		cur.Questions = append(cur.Questions, m.question("menu"+strconv.Itoa(len(cur.Questions)+1)))
		chars += mc
	}
	return reqs
}

// A routing request packed right at the protocol's bound of menu
// characters goes as one request the protocol accepts; one character more
// and the packer splits it. The none option of each menu counts, as the
// protocol counts it.
func TestPackMenusAtTheBound(t *testing.T) {
	none := len([]rune(noneDescription))
	per := jev.MaxMenuCharsPerReq / 2
	// Two menus, each exactly half the bound with its none option.
	a := menuOf(per-none-1000, 1000)
	b := menuOf(per - none)
	if got := a.chars() + b.chars(); got != jev.MaxMenuCharsPerReq {
		t.Fatalf("test menus hold %d characters, want %d", got, jev.MaxMenuCharsPerReq)
	}
	reqs := pack(DefaultLimits, []*menu{a, b})
	if len(reqs) != 1 {
		t.Fatalf("menus at the bound went in %d requests, want 1", len(reqs))
	}
	if err := jev.CheckRequest(reqs[0]); err != nil {
		t.Fatalf("a request packed at the bound was refused: %v", err)
	}

	// One character more: the packer must split, and each part is valid.
	b = menuOf(per - none + 1)
	reqs = pack(DefaultLimits, []*menu{a, b})
	if len(reqs) != 2 {
		t.Fatalf("menus one character over the bound went in %d requests, want 2", len(reqs))
	}
	for _, r := range reqs {
		if err := jev.CheckRequest(r); err != nil {
			t.Fatalf("a split request was refused: %v", err)
		}
	}
	// The protocol refuses the same two menus in one request: the packer
	// and the validator count the same characters.
	both := &jev.Request{State: "q", Questions: []jev.Question{a.question("menu1"), b.question("menu2")}}
	if err := jev.CheckRequest(both); err == nil {
		t.Fatal("the protocol accepted a request one character over its bound")
	}
}

// The menu limit per request holds whatever the characters.
func TestPackMenusPerRequest(t *testing.T) {
	var menus []*menu
	for range jev.MaxChoicePerReq + 1 {
		menus = append(menus, menuOf(10, 10))
	}
	reqs := pack(DefaultLimits, menus)
	if len(reqs) != 2 || len(reqs[0].Questions) != jev.MaxChoicePerReq {
		t.Fatalf("%d small menus went in %d requests", len(menus), len(reqs))
	}
}
