package cli

import (
	"errors"
	"flag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
)

// TestAskImagesFlags: --images and --judge-images fill the Images of the
// answer model and the decision provider; a value that is not detect, yes
// or no is a usage error, refused before the library is opened.
func TestAskImagesFlags(t *testing.T) {
	parse := func(t *testing.T, args ...string) (app.Settings, error) {
		t.Helper()
		fs := flag.NewFlagSet("ask", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var f askFlags
		f.register(fs)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return f.settings()
	}
	s, err := parse(t, "--answerer", "openai", "--model", "m")
	if err != nil || s.Answer.Images != app.ImagesDetect || s.Decision.Images != app.ImagesDetect {
		t.Fatalf("defaults: %+v, %v; want detect for both", s, err)
	}
	s, err = parse(t, "--answerer", "openai", "--model", "m", "--images", "yes",
		"--judge", "openai", "--judge-endpoint", "ollama", "--judge-model", "j", "--judge-images", "NO")
	if err != nil {
		t.Fatal(err)
	}
	if s.Answer.Images != app.ImagesYes || s.Decision.Images != app.ImagesNo {
		t.Errorf("--images yes --judge-images NO gave %q / %q", s.Answer.Images, s.Decision.Images)
	}
	if s.Answer.Kind != app.ProviderOpenAI || s.Answer.Model != "m" || s.Decision.Model != "j" || s.Decision.URL != "ollama" {
		t.Errorf("the other provider flags were lost: %+v", s)
	}
	if s, err = parse(t, "--images", "detect", "--judge-images", "yes"); err != nil || s.Answer.Images != app.ImagesDetect || s.Decision.Images != app.ImagesYes {
		t.Errorf("--images detect --judge-images yes gave %+v, %v", s, err)
	}
	for _, args := range [][]string{{"--images", "maybe"}, {"--judge-images", "always"}} {
		if _, err := parse(t, args...); err == nil {
			t.Errorf("%v accepted", args)
		} else if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), "detect, yes or no") {
			t.Errorf("%v: %T %v, want a usage error naming the values", args, err, err)
		}
	}

	// The command: exit 2 and the reason, with no library made.
	lib := filepath.Join(t.TempDir(), "never")
	for _, args := range [][]string{{"--images", "maybe", "q"}, {"--judge", "openai", "--judge-images", "sometimes", "q"}} {
		_, errOut, code := cli(t, lib, append([]string{"ask"}, args...)...)
		if code != 2 || !strings.Contains(errOut, "detect, yes or no") {
			t.Errorf("ask %v: exit %d, %q; want 2 and the values", args, code, errOut)
		}
	}
	if _, err := os.Stat(lib); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused ask made the library: %v", err)
	}
}

// TestEvalImagesEnv: eval's HTTP decision provider reads
// ARCHIVIST_JEV_IMAGES as the Pictures setting; the local one ignores it.
func TestEvalImagesEnv(t *testing.T) {
	t.Setenv("ARCHIVIST_JEV_URL", "ollama")
	t.Setenv("ARCHIVIST_JEV_IMAGES", "yes")
	if s, _ := evalSettings(app.ProviderOpenAI); s.Decision.Images != app.ImagesYes {
		t.Errorf("ARCHIVIST_JEV_IMAGES=yes gave %q", s.Decision.Images)
	}
	if s, _ := evalSettings(app.ProviderLocal); s.Decision.Images != app.ImagesDetect {
		t.Errorf("the local provider got Images %q", s.Decision.Images)
	}
	t.Setenv("ARCHIVIST_JEV_IMAGES", "")
	if s, _ := evalSettings(app.ProviderOpenAI); s.Decision.Images != app.ImagesDetect {
		t.Errorf("unset ARCHIVIST_JEV_IMAGES gave %q", s.Decision.Images)
	}
}

// TestPrintAnswerNotes: ask prints what the reply says of how it was made
// (pictures a model was not shown) after whom the evidence went to.
func TestPrintAnswerNotes(t *testing.T) {
	var b strings.Builder
	printAnswer(&b, &app.Answer{Answer: "530 [1].", Sufficient: true, Verdict: app.VerdictAnswered, Provider: "m at localhost:11434",
		Notes: []string{"The answer model at localhost:11434 refused pictures; its answers use the text alone."}, TraceToken: "t1"})
	want := "evidence sent to: m at localhost:11434\nnote: The answer model at localhost:11434 refused pictures; its answers use the text alone.\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("printed:\n%s\nwant it to hold:\n%s", b.String(), want)
	}
}
