package pdf

import (
	"reflect"
	"strings"

	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
)

// Reading the outline (bookmarks) of a PDF: a tree linked by /First and
// /Next, which a broken or hostile file can make into a cycle — two items
// whose /Next point at each other, an item whose /Next is its parent, a
// /First that leads back up. go-pdfium's GetBookmarks follows /Next until
// it finds none, so such a file never ends: its slice of siblings grows
// until memory runs out. This walk goes one item at a time through
// PDFium's FPDFBookmark_GetFirstChild / GetNextSibling and stops at any
// item it has seen before, at outlineDepth levels, and at maxOutline items.
const (
	// maxOutline caps the bookmarks read, against hostile files.
	maxOutline = 5000
	// outlineDepth caps the nesting followed. Sections have at most 6
	// levels; deeper bookmarks are read as level 6.
	outlineDepth = 32
	// maxOutlineSteps caps the items visited, read or not (untitled
	// items and items pointing nowhere are visited but not kept).
	maxOutlineSteps = 4 * maxOutline
)

// outline reads the document outline in document order; nil when there is
// none or it points nowhere. Entries pointing past page n are dropped.
// Their y is set by placeOutline, from the pages' geometry.
func (s *session) outline(n int) []outlineEntry {
	w := outlineWalk{s: s, n: n, seen: map[uint64]bool{}}
	first, err := s.inst.FPDFBookmark_GetFirstChild(&requests.FPDFBookmark_GetFirstChild{Document: s.doc})
	if err != nil || first.Bookmark == nil {
		return nil
	}
	w.siblings(*first.Bookmark, 0)
	return w.out
}

// outlineWalk is one walk over an outline.
type outlineWalk struct {
	s     *session
	n     int
	out   []outlineEntry
	steps int
	// seen holds the guest pointers of the items visited: PDFium hands
	// out one object per outline dictionary, so a pointer seen twice is a
	// cycle. When the pointers cannot be read (see bookmarkID), the
	// bounds alone end the walk.
	seen map[uint64]bool
}

// siblings reads b and the items after it on its level, each followed by
// its children.
func (w *outlineWalk) siblings(b references.FPDF_BOOKMARK, depth int) {
	for {
		if w.steps >= maxOutlineSteps || len(w.out) >= maxOutline || w.s.ctx.Err() != nil {
			return
		}
		w.steps++
		if id, ok := w.bookmarkID(b); ok {
			if w.seen[id] {
				return // a cycle: this item was read already
			}
			w.seen[id] = true
		}
		w.item(b, depth)
		if depth+1 < outlineDepth {
			child, err := w.s.inst.FPDFBookmark_GetFirstChild(&requests.FPDFBookmark_GetFirstChild{Document: w.s.doc, Bookmark: &b})
			if err == nil && child.Bookmark != nil {
				w.siblings(*child.Bookmark, depth+1)
			}
		}
		next, err := w.s.inst.FPDFBookmark_GetNextSibling(&requests.FPDFBookmark_GetNextSibling{Document: w.s.doc, Bookmark: b})
		if err != nil || next.Bookmark == nil {
			return
		}
		b = *next.Bookmark
	}
}

// item appends b to the outline when it has a title and points at a page.
func (w *outlineWalk) item(b references.FPDF_BOOKMARK, depth int) {
	s := w.s
	t, err := s.inst.FPDFBookmark_GetTitle(&requests.FPDFBookmark_GetTitle{Bookmark: b})
	if err != nil {
		return
	}
	title := strings.Join(strings.Fields(t.Title), " ")
	if title == "" {
		return
	}
	var dest *references.FPDF_DEST
	if d, err := s.inst.FPDFBookmark_GetDest(&requests.FPDFBookmark_GetDest{Document: s.doc, Bookmark: b}); err == nil {
		dest = d.Dest
	}
	if dest == nil {
		a, err := s.inst.FPDFBookmark_GetAction(&requests.FPDFBookmark_GetAction{Bookmark: b})
		if err != nil || a.Action == nil {
			return
		}
		d, err := s.inst.FPDFAction_GetDest(&requests.FPDFAction_GetDest{Document: s.doc, Action: *a.Action})
		if err != nil || d.Dest == nil {
			return
		}
		dest = d.Dest
	}
	pi, err := s.inst.FPDFDest_GetDestPageIndex(&requests.FPDFDest_GetDestPageIndex{Document: s.doc, Dest: *dest})
	if err != nil || pi.Index < 0 || pi.Index >= w.n {
		return
	}
	e := outlineEntry{title: title, level: min(depth+1, 6), page: pi.Index, y: -1}
	if loc, err := s.inst.FPDFDest_GetLocationInPage(&requests.FPDFDest_GetLocationInPage{Dest: *dest}); err == nil && loc.Y != nil {
		e.hasLoc, e.uy = true, float64(*loc.Y)
		if loc.X != nil {
			e.ux = float64(*loc.X)
		}
	}
	w.out = append(w.out, e)
}

// bookmarkID returns the guest pointer behind the reference b: go-pdfium
// gives every call's result a new reference, so references cannot tell
// whether two items are one. It is read by reflection on the pinned
// go-pdfium version (as fastText reads text pages); ok is false when that
// fails, and the walk then relies on its bounds.
func (w *outlineWalk) bookmarkID(b references.FPDF_BOOKMARK) (id uint64, ok bool) {
	defer func() {
		if recover() != nil {
			id, ok = 0, false
		}
	}()
	impl := reflect.ValueOf(w.s.inst.GetImplementation())
	if impl.Kind() != reflect.Pointer || impl.Elem().Kind() != reflect.Struct {
		return 0, false
	}
	ref := impl.Elem().FieldByName("bookmarkRefs").MapIndex(reflect.ValueOf(b))
	if !ref.IsValid() || ref.IsNil() {
		return 0, false
	}
	h := ref.Elem().FieldByName("handle")
	if h.IsNil() {
		return 0, false
	}
	return h.Elem().Uint(), true
}
