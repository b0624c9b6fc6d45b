// Package ocr reads the words of a page image with Tesseract 5, run as one
// process per page, the way the PDF engine runs PDFium in workers: a page
// that hangs Tesseract is killed at its time limit and costs nothing else.
//
// Tesseract's TSV output gives every word with its box (pixels of the
// image, origin top-left) and its confidence, in reading order, grouped
// into blocks, paragraphs and lines. Print its page layout set aside with
// the pictures (a chart's labels) is read in a second, sparse pass over
// that part of the page (see leftover.go). Upright and quarter-turned text reads
// directly; a page that reads poorly is asked for its orientation
// (Tesseract's OSD) and read again turned upright when that helps.
//
// Tesseract is an optional part: when it is not installed, Find reports
// ErrMissing and callers keep the pages waiting instead of failing.
package ocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	"archivist/app"
)

// DefaultPageTimeout bounds the processor time Tesseract may spend on one
// page, orientation included: it reads a dense 300-dpi page in 2–4 s of
// one core; a page it is still reading after this long is noise or worse.
// The limit counts processor time, not wall time, where the system tells
// it (Linux): on a loaded machine a good page may wait long for a core.
// Wall time is bounded too, at wallFactor times the limit.
const DefaultPageTimeout = 90 * time.Second

const wallFactor = 8

// MaxPixels is the largest page image given to Tesseract (about 9,000 ×
// 9,000): a bigger one is refused before any pixel is decoded.
const MaxPixels = 80_000_000

// ErrMissing is the error of Find when no Tesseract executable is found.
var ErrMissing = &app.Error{Code: app.EUnsupported, Message: "Tesseract OCR is not installed" +
	" (install the tesseract-ocr and tesseract-ocr-eng packages, or set its path in Settings)"}

// Engine runs the tesseract command. The zero value finds it on PATH and
// reads English.
type Engine struct {
	// Path is the tesseract executable; "" looks for "tesseract" on PATH.
	Path string
	// Languages are Tesseract language codes ("eng", "deu"); empty means
	// English. Unknown codes are dropped by Read (see Installed).
	Languages []string
	// PageTimeout bounds one page's processor time; 0 means
	// DefaultPageTimeout.
	PageTimeout time.Duration
}

// Find returns the executable the engine runs, or ErrMissing.
func (e *Engine) Find() (string, error) {
	name := e.Path
	if name == "" {
		name = "tesseract"
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", ErrMissing
	}
	return p, nil
}

// Installed lists the languages the installed Tesseract can read, sorted,
// without "osd" (orientation data, not a language).
func (e *Engine) Installed(ctx context.Context) ([]string, error) {
	exe, err := e.Find()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, exe, "--list-langs").Output()
	if err != nil {
		return nil, fmt.Errorf("ocr: list languages: %w", err)
	}
	var langs []string
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "List of") || l == "osd" || strings.ContainsAny(l, " :") {
			continue
		}
		langs = append(langs, l)
	}
	sort.Strings(langs)
	return langs, nil
}

// LangArg returns the -l argument: the engine's languages that are
// installed, joined by "+", or "eng".
func (e *Engine) LangArg(installed []string) string {
	var use []string
	for _, l := range e.Languages {
		for _, in := range installed {
			if l == in {
				use = append(use, l)
				break
			}
		}
	}
	if len(use) == 0 {
		return "eng"
	}
	return strings.Join(use, "+")
}

// Word is one word Tesseract read: its text, its box in pixels of the
// image given to Read (origin top-left, x1 and y1 exclusive) and its
// confidence 0–100. Words of one printed line share Line.
type Word struct {
	Text           string
	X0, Y0, X1, Y1 int
	Conf           float64
	Line           int // 0-based, in Tesseract's reading order
}

// Page is what Read makes of one image.
type Page struct {
	Width, Height int // pixels
	Words         []Word
	// Turn is how the text runs on the image, in quarter turns clockwise:
	// 0 left to right, 1 top to bottom, 2 upside down, 3 bottom to top.
	Turn int
}

// Confidence returns the words' mean confidence 0–1, weighted by their
// length; 0 for a page without words.
func (p *Page) Confidence() float64 {
	var sum, n float64
	for _, w := range p.Words {
		l := float64(len([]rune(w.Text)))
		sum += w.Conf * l
		n += l
	}
	if n == 0 {
		return 0
	}
	return sum / n / 100
}

// poorConfidence is the mean confidence (0–1) below which a page is asked
// for its orientation: an upside-down page reads as letters at 30–40%, an
// upright clean one at 90% and more.
const poorConfidence = 0.6

// Read reads one page image with langs (as LangArg makes them). The image
// goes to Tesseract as an uncompressed grey map on its standard input.
func (e *Engine) Read(ctx context.Context, img image.Image, langs string) (*Page, error) {
	b := img.Bounds()
	if b.Dx()*b.Dy() > MaxPixels {
		return nil, app.Errorf(app.ETooLarge, "the page image is %d × %d pixels; OCR reads at most %d megapixels", b.Dx(), b.Dy(), MaxPixels/1_000_000)
	}
	if b.Dx() < 3 || b.Dy() < 3 {
		return &Page{Width: b.Dx(), Height: b.Dy()}, nil
	}
	exe, err := e.Find()
	if err != nil {
		return nil, err
	}
	timeout := e.PageTimeout
	if timeout <= 0 {
		timeout = DefaultPageTimeout
	}
	wall := timeout
	if cpuTimeKnown {
		wall = timeout * wallFactor
	}
	ctx, cancel := context.WithTimeout(ctx, wall)
	defer cancel()
	ctx = withCPULimit(ctx, timeout)
	gray := Gray(img)
	if inkless(gray) {
		// A blank page (the back of a scanned sheet) has nothing to read.
		return &Page{Width: b.Dx(), Height: b.Dy()}, nil
	}
	pg, err := e.tsv(ctx, exe, gray, langs)
	if err != nil {
		return nil, err
	}
	if pg.Confidence() >= poorConfidence {
		e.leftovers(ctx, exe, gray, pg, langs)
		return pg, nil
	}
	// A poor read may be a page upside down: ask for its orientation and,
	// when it is turned, read it upright and keep the better reading.
	rot, err := e.osd(ctx, exe, gray)
	if err != nil || rot == 0 {
		return pg, nil
	}
	turned := rotate(gray, rot)
	again, err := e.tsv(ctx, exe, turned, langs)
	if err != nil || again.Confidence() <= pg.Confidence() {
		return pg, nil
	}
	unrotate(again, rot, b.Dx(), b.Dy())
	return again, nil
}

// tsv runs one reading and parses its words.
func (e *Engine) tsv(ctx context.Context, exe string, img *image.Gray, langs string) (*Page, error) {
	out, err := run(ctx, exe, pgm(img), "stdin", "stdout", "-l", langs, "--psm", "3", "tsv")
	if err != nil {
		return nil, err
	}
	pg, err := ParseTSV(out)
	if err != nil {
		return nil, err
	}
	pg.Width, pg.Height = img.Rect.Dx(), img.Rect.Dy()
	pg.Turn = turnOf(pg.Words)
	return pg, nil
}

// osd asks Tesseract how far clockwise the page must be turned to read
// upright: 0, 90, 180 or 270. An unsure answer (confidence under 1.5, as
// noise gets) is 0.
func (e *Engine) osd(ctx context.Context, exe string, img *image.Gray) (int, error) {
	out, err := run(ctx, exe, pgm(img), "stdin", "stdout", "--psm", "0")
	if err != nil {
		return 0, err
	}
	rot, conf := 0, 0.0
	for _, l := range strings.Split(string(out), "\n") {
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "Rotate":
			fmt.Sscan(v, &rot)
		case "Orientation confidence":
			fmt.Sscan(v, &conf)
		}
	}
	if conf < 1.5 || rot%90 != 0 {
		return 0, nil
	}
	return (rot%360 + 360) % 360, nil
}

// run starts tesseract with stdin as its input, one thread (Tesseract's own
// threads fight each other on few cores: 10 s a page instead of 2), and
// kills it — with anything it started — when ctx ends.
func run(ctx context.Context, exe string, stdin []byte, args ...string) ([]byte, error) {
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &tail{b: &stderr}
	setProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("ocr: start tesseract: %w", err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	overCPU := watchCPU(ctx, cmd.Process.Pid, done)
	select {
	case <-overCPU:
		_ = cmd.Process.Kill()
		<-done
		return nil, app.Errorf(app.ETooLarge, "OCR of the page took longer than its time limit")
	case err := <-done:
		if err != nil {
			msg := strings.TrimSpace(stderr.String())
			return nil, app.Errorf(app.EInvalid, "Tesseract could not read the page: %s", lastLine(msg, err))
		}
		return stdout.Bytes(), nil
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		<-done
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, app.Errorf(app.ETooLarge, "OCR of the page took longer than its time limit")
		}
		return nil, app.Errorf(app.ECancelled, "OCR was cancelled")
	}
}

func lastLine(msg string, err error) string {
	if msg == "" {
		return err.Error()
	}
	lines := strings.Split(msg, "\n")
	return lines[len(lines)-1]
}

// tail keeps the last 4 KB written to it: Tesseract's warnings can be long.
type tail struct{ b *bytes.Buffer }

func (t *tail) Write(p []byte) (int, error) {
	t.b.Write(p)
	if t.b.Len() > 8<<10 {
		keep := append([]byte(nil), t.b.Bytes()[t.b.Len()-4<<10:]...)
		t.b.Reset()
		t.b.Write(keep)
	}
	return len(p), nil
}
