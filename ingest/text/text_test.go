package text

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/internal/parsetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ingest")

const testdata = "../../testdata/ingest"

// sharedFixtures is ../shared/fixtures beside the checkout, seen from this
// package's directory.
const sharedFixtures = "../../../shared/fixtures"

func parse(t testing.TB, src string) *app.Parsed {
	t.Helper()
	p, err := Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if errs := parsetest.Check([]byte(src), p, parsetest.Exact); errs != nil {
		t.Fatalf("invariants broken:\n%s", strings.Join(errs, "\n"))
	}
	return p
}

func TestGolden(t *testing.T) {
	parsetest.GoldenFiles(t, testdata, ".txt", parse, *update)
}

func TestHeadings(t *testing.T) {
	body := "\n\nSome body text follows here, as a sentence.\n"
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"SetextEquals", "Title Here\n==========\n" + body, []string{"1:Title Here"}},
		{"SetextDashes", "Part one\n---\n" + body, []string{"2:Part one"}},
		{"SetextThenBodyInSameRun", "Overview\n========\nBody starts at once.\n", []string{"1:Overview"}},
		{"UnderlineUnderParagraphIsNot", "first line of a paragraph\nsecond line\n-----\n" + body, nil},
		{"Numbered", "1. Introduction" + body + "\n1.2 Scope of Work" + body + "\n2.3.1 Fine Detail" + body,
			[]string{"1:1. Introduction", "2:1.2 Scope of Work", "3:2.3.1 Fine Detail"}},
		{"Roman", "IV. Results" + body, []string{"1:IV. Results"}},
		{"Chapter", "CHAPTER XII." + body, []string{"1:CHAPTER XII."}},
		{"AllCaps", "TERMS AND CONDITIONS" + body, []string{"1:TERMS AND CONDITIONS"}},
		{"TitleCase", "Results of the Survey" + body, []string{"2:Results of the Survey"}},
		{"NumberedListIsNot", "1. Eggs.\n\n2. Milk.\n\n3. Flour.\n" + body, nil},
		{"SentenceIsNot", "This is a sentence." + body, nil},
		{"ColonIsNot", "The Following Items:" + body, nil},
		{"CommaIsNot", "Dear Madam," + body, nil},
		{"LowercaseIsNot", "results of the survey" + body, nil},
		{"SignatureAtEndIsNot", "Thanks for reading." + body + "\nJohn Smith\n", nil},
		{"TitleCaseBeforeLabelIsNot", "Jane Doe\n\nSenior Engineer\n\nAcme Corp\n", nil},
		{"SingleCapsWordIsNot", "NOTE" + body, nil},
		{"YearIsNot", "2023. A Good Year" + body, nil},
		{"BulletIsNot", "- Item One" + body, nil},
		{"LongLineIsNot", strings.Repeat("Word ", 20) + body, nil},
		{"IndentedCapsStillCounts", "   ANNUAL SUMMARY" + body, []string{"1:ANNUAL SUMMARY"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := parsetest.Headings(parse(t, c.src))
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("headings = %q, want %q", got, c.want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	t.Run("ParagraphsVerbatim", func(t *testing.T) {
		src := "  indented first line\nsecond\tline  \n\n\n\nlast paragraph"
		p := parse(t, src)
		if len(p.Blocks) != 2 || p.Blocks[0].Text != "  indented first line\nsecond\tline  " ||
			p.Blocks[1].Text != "last paragraph" || p.Blocks[1].LineStart != 6 {
			t.Errorf("blocks = %+v", p.Blocks)
		}
	})
	t.Run("SectionTree", func(t *testing.T) {
		body := "\n\nBody text goes here.\n\n"
		p := parse(t, "Preface text here.\n\n1. Alpha"+body+"1.1 Beta"+body+"2. Gamma"+body)
		var parents []int
		for _, s := range p.Sections {
			parents = append(parents, s.Parent)
		}
		if want := []int{-1, 0, 1, 0}; fmt.Sprint(parents) != fmt.Sprint(want) {
			t.Errorf("parents = %v, want %v", parents, want)
		}
		if s := p.Sections[1]; s.LineStart != 3 || s.LineEnd != 10 {
			t.Errorf("section 1. Alpha covers %d–%d, want 3–10", s.LineStart, s.LineEnd)
		}
		if p.Title != "1. Alpha" {
			t.Errorf("title = %q", p.Title)
		}
	})
	t.Run("TitleFromFirstLine", func(t *testing.T) {
		long := strings.Repeat("é", 130)
		if got := parse(t, "\n\n   "+long+"\nmore\n").Title; got != strings.Repeat("é", 120) {
			t.Errorf("title = %q, want the first line cut to 120 characters", got)
		}
	})
	t.Run("RulesAreNotBlocks", func(t *testing.T) {
		p := parse(t, "text\n\n* * *\n\n=====\n\nmore text\n")
		if len(p.Blocks) != 2 {
			t.Errorf("blocks = %+v, want the two text paragraphs only", p.Blocks)
		}
	})
	t.Run("CRLF", func(t *testing.T) {
		a := parsetest.ViewOf(parse(t, "Head Line\n=========\n\nbody one\nbody two\n"))
		b := parsetest.ViewOf(parse(t, "Head Line\r\n=========\r\n\r\nbody one\r\nbody two\r\n"))
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("CRLF parses differently:\n%v\n%v", a, b)
		}
	})
	t.Run("Cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := Parse(ctx, []byte("x\n")); !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	})
	t.Run("CancelledMidway", func(t *testing.T) {
		ctx := &countdown{Context: context.Background(), n: 2}
		if _, err := Parse(ctx, benchDoc(4<<20)); !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled from a check during the parse", err)
		}
	})
}

// countdown is a context that reports cancellation from its n+1th Err call
// on: it stands for a cancel arriving while a parse is under way.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// sharedTextFiles lists the plain-text files among the shared fixtures.
func sharedTextFiles() []string {
	var files []string
	filepath.WalkDir(sharedFixtures, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".txt") || d.Name() == "README" || d.Name() == "COPYING") {
			files = append(files, path)
		}
		return nil
	})
	return files
}

// TestRealWorld parses the third-party plain text beside the checkout.
func TestRealWorld(t *testing.T) {
	if _, err := os.Stat(sharedFixtures); err != nil {
		t.Skipf("shared fixtures not found at %s (they live beside the checkout): %v", sharedFixtures, err)
	}
	files := sharedTextFiles()
	if len(files) == 0 {
		t.Fatal("no text files under " + sharedFixtures)
	}
	for _, f := range files {
		t.Run(strings.TrimPrefix(f, sharedFixtures+"/"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			p := parse(t, string(src))
			if len(p.Blocks) == 0 {
				t.Fatal("no blocks")
			}
			t.Logf("%d blocks, %d headings: %q", len(p.Blocks), len(p.Sections)-1, parsetest.Headings(p)[:min(8, len(p.Sections)-1)])
		})
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(testdata, "*.txt"))
	files = append(files, sharedTextFiles()...)
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil && len(src) < 64<<10 {
			f.Add(src)
		}
	}
	f.Add([]byte("Title\n===\nbody\n\n1. One\n\nTWO WORDS\n\nx\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Parse(context.Background(), src)
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		if errs := parsetest.Check(src, p, parsetest.Exact); errs != nil {
			t.Fatalf("invariants broken for %q:\n%s", src, strings.Join(errs, "\n"))
		}
	})
}

// benchDoc is a generated plain-text document of about n bytes: numbered
// and capitalised headings over paragraphs of wrapped lines.
func benchDoc(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "%d. Section Number %d\n\n", i%900+1, i)
		for k := range 3 {
			fmt.Fprintf(&b, "Paragraph %d of section %d talks about river sampling, probes and\n"+
				"the weather. It wraps onto a second line, and a third one follows it\n"+
				"to make the paragraph the size of a real one. Reading %d was %d.\n\n", k, i, k, i*k)
		}
		if i%10 == 0 {
			fmt.Fprintf(&b, "SUMMARY OF PART %d\n\nShort closing words.\n\n", i)
		}
	}
	return b.Bytes()
}

func BenchmarkParse(b *testing.B) {
	src := benchDoc(8 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
}
