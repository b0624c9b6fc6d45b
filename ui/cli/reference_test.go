package cli

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites the "Commands" section of docs/cli.md from the command
// table instead of comparing it:
//
//	go test -tags ci ./ui/cli -run TestReference -update
var update = flag.Bool("update", false, "rewrite the Commands section of docs/cli.md from the command table")

// referenceDoc is the manual page whose "Commands" section is Reference().
var referenceDoc = filepath.Join("..", "..", "docs", "cli.md")

const commandsHeading = "## Commands\n"

// commandsSection splits doc around its "Commands" section: the text
// before the section's body, the body (from the line after the heading's
// blank line to the next second-level heading or the end) and the rest.
func commandsSection(doc string) (before, body, after string, ok bool) {
	i := strings.Index(doc, "\n"+commandsHeading)
	if i < 0 {
		return "", "", "", false
	}
	start := i + 1 + len(commandsHeading)
	if strings.HasPrefix(doc[start:], "\n") {
		start++
	}
	end := len(doc)
	if j := strings.Index(doc[start:], "\n## "); j >= 0 {
		end = start + j + 1
	}
	return doc[:start], doc[start:end], doc[end:], true
}

// wantSection is the section's body as the table makes it: Reference(),
// ending in one newline (a blank line before the next heading, if any).
func wantSection(rest string) string {
	body := strings.TrimRight(Reference(), "\n") + "\n"
	if rest != "" {
		body += "\n"
	}
	return body
}

// TestReference fails when the command reference in docs/cli.md is not
// what the command table says: a flag, a synopsis or a help text changed
// without the manual.
func TestReference(t *testing.T) {
	raw, err := os.ReadFile(referenceDoc)
	if err != nil {
		t.Fatalf("the command reference %s: %v", referenceDoc, err)
	}
	before, body, after, ok := commandsSection(string(raw))
	if !ok {
		t.Fatalf("%s has no %q section", referenceDoc, strings.TrimSpace(commandsHeading))
	}
	want := wantSection(after)
	if body == want {
		return
	}
	if *update {
		if err := os.WriteFile(referenceDoc, []byte(before+want+after), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote the Commands section of %s", referenceDoc)
		return
	}
	t.Errorf("the Commands section of %s differs from the command table at line %d of the section:\n"+
		"  doc:   %q\n  table: %q\n"+
		"rewrite it with: go test -tags ci ./ui/cli -run TestReference -update",
		referenceDoc, firstDifferentLine(body, want), lineAt(body, firstDifferentLine(body, want)),
		lineAt(want, firstDifferentLine(body, want)))
}

// TestCommandsSection checks the section finder on the shapes the manual
// may take: the section last, or followed by another section.
func TestCommandsSection(t *testing.T) {
	for _, tc := range []struct{ name, doc, body string }{
		{"Last", "# CLI\n\nintro\n\n## Commands\n\n### a\n\nx\n", "### a\n\nx\n"},
		{"FollowedBySection", "# CLI\n\n## Commands\n\n### a\n\n## More\n\ny\n", "### a\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, body, _, ok := commandsSection(tc.doc)
			if !ok || body != tc.body {
				t.Errorf("commandsSection = %q, %v; want %q", body, ok, tc.body)
			}
		})
	}
	if _, _, _, ok := commandsSection("# CLI\n\n### Commands\n"); ok {
		t.Error("a third-level heading was taken for the Commands section")
	}
}

// firstDifferentLine is the 1-based number of the first line where a and
// b differ.
func firstDifferentLine(a, b string) int {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(la), len(lb)) {
		if i >= len(la) || i >= len(lb) || la[i] != lb[i] {
			return i + 1
		}
	}
	return 0
}

// lineAt is line n (1-based) of s, "" past its end.
func lineAt(s string, n int) string {
	lines := strings.Split(s, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}
