package pdf

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"math"
)

// The wire format between Engine and its worker processes: frames of a
// 4-byte little-endian length and a payload of varints, float64s and
// length-prefixed strings, written by wbuf and read by rbuf. Both ends are
// the same binary, so there is no versioning.

// maxFrame bounds one frame; a PDF larger than this cannot be sent.
const maxFrame = 1 << 31

var errWire = errors.New("pdf: malformed worker message")

type wbuf struct{ b []byte }

func (w *wbuf) reset()         { w.b = w.b[:0] }
func (w *wbuf) uint(v uint64)  { w.b = binary.AppendUvarint(w.b, v) }
func (w *wbuf) int(v int)      { w.b = binary.AppendVarint(w.b, int64(v)) }
func (w *wbuf) f64(v float64)  { w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v)) }
func (w *wbuf) str(s string)   { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *wbuf) bytes(p []byte) { w.uint(uint64(len(p))); w.b = append(w.b, p...) }
func (w *wbuf) byte(v byte)    { w.b = append(w.b, v) }
func (w *wbuf) box(b box)      { w.f64(b.x0); w.f64(b.y0); w.f64(b.x1); w.f64(b.y1) }

func (w *wbuf) bool(v bool) {
	if v {
		w.byte(1)
	} else {
		w.byte(0)
	}
}

// rbuf reads what wbuf wrote; the first malformed read sets err and
// every later read returns zero values.
type rbuf struct {
	b   []byte
	err error
}

func (r *rbuf) fail()       { r.err, r.b = errWire, nil }
func (r *rbuf) bool() bool  { return r.byte() != 0 }
func (r *rbuf) str() string { return string(r.bytes()) }
func (r *rbuf) box() box    { return box{r.f64(), r.f64(), r.f64(), r.f64()} }

func (r *rbuf) int() int {
	v, n := binary.Varint(r.b)
	r.skip(n)
	return int(v)
}

func (r *rbuf) uint() uint64 {
	v, n := binary.Uvarint(r.b)
	r.skip(n)
	return v
}

func (r *rbuf) skip(n int) {
	if n <= 0 || n > len(r.b) {
		r.fail()
		return
	}
	r.b = r.b[n:]
}

func (r *rbuf) byte() byte {
	if len(r.b) < 1 {
		r.fail()
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *rbuf) f64() float64 {
	if len(r.b) < 8 {
		r.fail()
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

// bytes returns the next length-prefixed bytes, aliasing the frame.
func (r *rbuf) bytes() []byte {
	n := r.uint()
	if r.err != nil || n > uint64(len(r.b)) {
		r.fail()
		return nil
	}
	v := r.b[:n:n]
	r.b = r.b[n:]
	return v
}

// writeFrame writes b as one frame and flushes.
func writeFrame(w *bufio.Writer, b []byte) error {
	if len(b) >= maxFrame {
		return errors.New("pdf: message too large for the worker")
	}
	var h [4]byte
	binary.LittleEndian.PutUint32(h[:], uint32(len(b)))
	if _, err := w.Write(h[:]); err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		return err
	}
	return w.Flush()
}

// readFrame reads one frame into a new buffer.
func readFrame(r *bufio.Reader) ([]byte, error) {
	var h [4]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return nil, err
	}
	n := binary.LittleEndian.Uint32(h[:])
	if n >= maxFrame {
		return nil, errWire
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, err
	}
	return b, nil
}

// putPage encodes what a worker read from one page.
func (w *wbuf) putPage(pg *page, ok bool) {
	w.bool(ok)
	w.int(pg.info.Number)
	w.str(pg.info.Label)
	w.f64(pg.info.WidthPt)
	w.f64(pg.info.HeightPt)
	w.int(pg.info.Rotation)
	g := &pg.g
	for _, v := range [...]float64{g.a, g.b, g.c, g.d, g.e, g.f, g.w, g.h} {
		w.f64(v)
	}
	w.int(g.rot)
	w.int(g.q)
	w.bool(pg.textless)
	w.int(pg.inkChars)
	w.uint(uint64(len(pg.figures)))
	for _, f := range pg.figures {
		w.box(f.box)
	}
	// The words' texts go as one string, so the reader makes one
	// allocation per page rather than one per word.
	n := 0
	for _, wd := range pg.words {
		n += len(wd.text)
	}
	w.uint(uint64(n))
	for _, wd := range pg.words {
		w.b = append(w.b, wd.text...)
	}
	w.uint(uint64(len(pg.words)))
	for _, wd := range pg.words {
		w.uint(uint64(len(wd.text)))
		w.box(wd.box)
		w.f64(wd.size)
		w.bool(wd.bold)
		w.bool(wd.across)
		w.uint(uint64(wd.field))
	}
}

// page decodes putPage's encoding.
func (r *rbuf) page() (pg page, ok bool) {
	ok = r.bool()
	pg.info.Number = r.int()
	pg.info.Label = r.str()
	pg.info.WidthPt = r.f64()
	pg.info.HeightPt = r.f64()
	pg.info.Rotation = r.int()
	g := &pg.g
	for _, v := range [...]*float64{&g.a, &g.b, &g.c, &g.d, &g.e, &g.f, &g.w, &g.h} {
		*v = r.f64()
	}
	g.rot = r.int()
	g.q = r.int()
	pg.textless = r.bool()
	pg.inkChars = r.int()
	nf := r.uint()
	if r.err != nil || nf > maxPageFigures {
		r.fail()
		return pg, false
	}
	for range nf {
		pg.figures = append(pg.figures, figure{box: r.box()})
	}
	all := r.bytes()
	text := string(all)
	nw := r.uint()
	if r.err != nil || nw > uint64(len(r.b)) {
		r.fail()
		return pg, false
	}
	pg.words = make([]word, nw)
	at := 0
	for i := range pg.words {
		n := int(r.uint())
		if r.err != nil || n > len(text)-at {
			r.fail()
			return pg, false
		}
		wd := &pg.words[i]
		wd.text = text[at : at+n]
		at += n
		wd.box = r.box()
		wd.size = r.f64()
		wd.bold = r.bool()
		wd.across = r.bool()
		wd.field = int(min(r.uint(), 1<<20))
	}
	return pg, ok
}

func (w *wbuf) putOutline(es []outlineEntry) {
	w.uint(uint64(len(es)))
	for _, e := range es {
		w.str(e.title)
		w.int(e.level)
		w.int(e.page)
		w.bool(e.hasLoc)
		w.f64(e.ux)
		w.f64(e.uy)
	}
}

func (r *rbuf) outline() []outlineEntry {
	n := r.uint()
	if r.err != nil || n > uint64(len(r.b)) {
		r.fail()
		return nil
	}
	es := make([]outlineEntry, n)
	for i := range es {
		es[i] = outlineEntry{title: r.str(), level: r.int(), page: r.int(), hasLoc: r.bool(), ux: r.f64(), uy: r.f64(), y: -1}
	}
	return es
}
