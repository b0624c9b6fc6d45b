package pdf

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"archivist/app"
)

var (
	engineOnce sync.Once
	engine     *Engine
	engineErr  error
)

// testEngine returns the Engine all tests share (starting PDFium costs
// seconds without the compilation cache).
func testEngine(t testing.TB) *Engine {
	t.Helper()
	engineOnce.Do(func() {
		engine, engineErr = NewEngine(context.Background(), Config{})
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return engine
}

var (
	inprocOnce sync.Once
	inproc     *Engine
	inprocErr  error
)

// testInProcessEngine returns an Engine that runs PDFium in this process.
func testInProcessEngine(t testing.TB) *Engine {
	t.Helper()
	inprocOnce.Do(func() {
		inproc, inprocErr = NewEngine(context.Background(), Config{InProcess: true})
	})
	if inprocErr != nil {
		t.Fatal(inprocErr)
	}
	return inproc
}

func TestMain(m *testing.M) {
	code := m.Run()
	if engine != nil {
		engine.Close()
	}
	if inproc != nil {
		inproc.Close()
	}
	os.Exit(code)
}

func mustParse(t testing.TB, data []byte) *app.Parsed {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, err := testEngine(t).Parse(ctx, data, "")
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return p
}

// dump prints a parse for a person reading a failing test.
func dump(t testing.TB, p *app.Parsed) {
	t.Helper()
	var b strings.Builder
	for _, s := range p.Sections {
		b.WriteString(strings.Repeat("  ", s.Level) + s.Heading + "\n")
	}
	for _, bl := range p.Blocks {
		b.WriteString(strings.ReplaceAll(
			string(bl.Kind)+" p"+itoa(bl.Page)+" s"+itoa(bl.Section)+" L"+itoa(bl.Level)+": "+bl.Text, "\n", " ⏎ ") + "\n")
	}
	t.Log("\n" + b.String())
}

func itoa(i int) string { return strconv.Itoa(i) }
