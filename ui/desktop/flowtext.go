package desktop

import (
	"image/color"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// flowText shows text segments and inline widgets (citation pills) as
// wrapped lines of words. It takes the segments widget.RichText takes, but
// lays them out itself: RichText gives the text after an inline widget only
// the width left on the line, and when that is less than one character it
// puts every following character on a line of its own — an answer drawn
// one character wide whenever a pill ended near the right edge. Here a word
// that does not fit starts the next line, and only a word wider than the
// whole line is broken.
type flowText struct {
	widget.BaseWidget
	Segments []widget.RichTextSegment

	visuals map[widget.RichTextSegment]fyne.CanvasObject // inline widgets, kept across layouts so focus and hover stay
}

func newFlowText(segs ...widget.RichTextSegment) *flowText {
	f := &flowText{Segments: segs}
	f.ExtendBaseWidget(f)
	return f
}

// String is the text as RichText.String gives it: every segment's text in
// order.
func (f *flowText) String() string {
	var b strings.Builder
	for _, s := range f.Segments {
		b.WriteString(s.Textual())
	}
	return b.String()
}

// Resize lays the text out again: its height depends on its width, so a
// new width is a new minimum size for the parent to make room for.
func (f *flowText) Resize(s fyne.Size) {
	old := f.Size()
	f.BaseWidget.Resize(s)
	if s.Width != old.Width {
		f.Refresh()
	}
}

// CreateRenderer implements fyne.Widget.
func (f *flowText) CreateRenderer() fyne.WidgetRenderer {
	return &flowRenderer{f: f}
}

// visual is seg's widget, made once.
func (f *flowText) visual(seg widget.RichTextSegment) fyne.CanvasObject {
	if f.visuals == nil {
		f.visuals = map[widget.RichTextSegment]fyne.CanvasObject{}
	}
	o, ok := f.visuals[seg]
	if !ok {
		o = seg.Visual()
		f.visuals[seg] = o
	} else {
		seg.Update(o)
	}
	return o
}

// flowPiece is one placed thing: a run of words of one segment on one line,
// or an inline widget.
type flowPiece struct {
	text  string
	seg   *widget.TextSegment
	obj   fyne.CanvasObject
	pos   fyne.Position
	size  fyne.Size
	line  int
	lineH float32
}

// flow places f's segments in width; it returns the pieces and the height
// they take. A width of 0 or less lays every paragraph on one line.
func (f *flowText) flow(width float32) ([]flowPiece, float32) {
	inner := theme.InnerPadding()
	spacing := theme.LineSpacing()
	var pieces []flowPiece
	x, y := float32(0), float32(0)
	lineH := float32(0)
	line := 0
	lineStart := 0 // index of the current line's first piece
	newLine := func() {
		if lineH == 0 {
			lineH = fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{}).Height
		}
		for i := lineStart; i < len(pieces); i++ {
			pieces[i].lineH = lineH
		}
		y += lineH + spacing
		x, lineH = 0, 0
		line++
		lineStart = len(pieces)
	}
	fits := func(w float32) bool { return width <= 0 || x+w <= width }
	place := func(p flowPiece) {
		p.pos, p.line = fyne.NewPos(x, y), line
		pieces = append(pieces, p)
		x += p.size.Width
		lineH = max(lineH, p.size.Height)
	}
	for _, seg := range f.Segments {
		ts, ok := seg.(*widget.TextSegment)
		if !ok {
			o := f.visual(seg)
			s := o.MinSize()
			if x > 0 && !fits(s.Width) {
				newLine()
			}
			place(flowPiece{obj: o, size: s})
			if !seg.Inline() {
				newLine()
			}
			continue
		}
		size, style := segmentText(ts)
		measure := func(s string) fyne.Size { return fyne.MeasureText(s, size, style) }
		for _, word := range words(ts.Text) {
			w := measure(word)
			if x > 0 && !fits(measure(strings.TrimRightFunc(word, unicode.IsSpace)).Width) {
				newLine()
			}
			if x == 0 {
				word = strings.TrimLeftFunc(word, unicode.IsSpace)
				if word == "" {
					continue
				}
				w = measure(word)
			}
			// A word wider than the line is broken where the line ends.
			for width > 0 && x == 0 && w.Width > width && utf8.RuneCountInString(word) > 1 {
				head := fitRunes(word, width, measure)
				place(flowPiece{text: head, seg: ts, size: measure(head)})
				newLine()
				word = word[len(head):]
				w = measure(word)
			}
			if n := len(pieces); n > 0 && pieces[n-1].seg == ts && pieces[n-1].line == line {
				// The same segment on the same line: one text object.
				p := &pieces[n-1]
				p.text += word
				p.size = measure(p.text)
				x = p.pos.X + p.size.Width
				lineH = max(lineH, w.Height)
				continue
			}
			place(flowPiece{text: word, seg: ts, size: w})
		}
		if !ts.Inline() {
			newLine()
		}
	}
	if len(pieces) > lineStart || x > 0 {
		newLine()
	}
	if y > 0 {
		y -= spacing
	}
	return pieces, y + 2*inner
}

// words splits s into words, each with the spaces after it.
func words(s string) []string {
	var out []string
	start := 0
	inSpace := false
	for i, r := range s {
		sp := unicode.IsSpace(r)
		if !sp && inSpace {
			out = append(out, s[start:i])
			start = i
		}
		inSpace = sp
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// fitRunes is the longest start of s (at least one rune) narrower than
// width.
func fitRunes(s string, width float32, measure func(string) fyne.Size) string {
	end := 0
	for i, r := range s {
		next := i + utf8.RuneLen(r)
		if end > 0 && measure(s[:next]).Width > width {
			break
		}
		end = next
	}
	return s[:end]
}

// segmentText is the size and style a text segment is drawn in.
func segmentText(ts *widget.TextSegment) (float32, fyne.TextStyle) {
	size := theme.TextSize()
	if ts.Style.SizeName != "" {
		size = theme.Size(ts.Style.SizeName)
	}
	return size, ts.Style.TextStyle
}

// segmentColor is the colour a text segment is drawn in.
func segmentColor(ts *widget.TextSegment) color.Color {
	if ts.Style.ColorName != "" {
		return theme.Color(ts.Style.ColorName)
	}
	return theme.Color(theme.ColorNameForeground)
}

type flowRenderer struct {
	f       *flowText
	objects []fyne.CanvasObject
	height  float32
}

func (r *flowRenderer) Destroy() {}

func (r *flowRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Layout places the pieces in size.
func (r *flowRenderer) Layout(size fyne.Size) {
	inner := theme.InnerPadding()
	pieces, h := r.f.flow(size.Width - 2*inner)
	objs := make([]fyne.CanvasObject, 0, len(pieces))
	for _, p := range pieces {
		pos := p.pos.AddXY(inner, inner)
		if p.obj != nil {
			// Inline widgets sit on the line's baseline like its words.
			p.obj.Move(pos.AddXY(0, (p.lineH-p.size.Height)/2))
			p.obj.Resize(p.size)
			objs = append(objs, p.obj)
			continue
		}
		t := canvas.NewText(p.text, segmentColor(p.seg))
		t.TextSize, t.TextStyle = segmentText(p.seg)
		t.Move(pos.AddXY(0, p.lineH-p.size.Height))
		t.Resize(p.size)
		objs = append(objs, t)
	}
	r.objects = objs
	r.height = h
}

// maxWordWidth bounds the width a flowText asks for to keep its longest
// word whole; a longer word is broken instead.
const maxWordWidth = 160

// MinSize is the height the text takes at its current width, and the
// width of its longest word up to maxWordWidth: the text wraps to any
// width it is given, but a short name ("All documents") is not broken in
// the middle of a word while there is room to give.
func (r *flowRenderer) MinSize() fyne.Size {
	inner := theme.InnerPadding()
	w := r.f.Size().Width
	_, h := r.f.flow(w - 2*inner)
	r.height = h
	minW := float32(0)
	for _, s := range r.f.Segments {
		ts, ok := s.(*widget.TextSegment)
		if !ok {
			continue
		}
		size, style := segmentText(ts)
		for _, word := range strings.Fields(ts.Text) {
			minW = max(minW, min(maxWordWidth, fyne.MeasureText(word, size, style).Width))
		}
	}
	return fyne.NewSize(minW+2*inner, h)
}

func (r *flowRenderer) Refresh() {
	r.Layout(r.f.Size())
	canvas.Refresh(r.f)
}

// wrapLabel is a label whose text wraps as flowText does: a name that
// does not fit the line goes on to the next one instead of being cut, so
// it is read whole without a pointer.
type wrapLabel struct {
	flowText
	Text  string
	style widget.RichTextStyle
}

func newWrapLabel(text string, style widget.RichTextStyle) *wrapLabel {
	l := &wrapLabel{style: style}
	l.ExtendBaseWidget(l)
	l.SetText(text)
	return l
}

// SetText shows text.
func (l *wrapLabel) SetText(text string) {
	l.Text = text
	l.Segments = []widget.RichTextSegment{&widget.TextSegment{Text: text, Style: l.style}}
	l.Refresh()
}
