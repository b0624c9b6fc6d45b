package watch

import (
	"bufio"
	"os"
	"path"
	"regexp"
	"strings"
)

// IgnoreFile is the name of the file, in a watched folder or any folder
// below it, whose gitignore patterns name what is not imported.
const IgnoreFile = ".archivistignore"

// importable are the extensions the importer parses. A watched folder
// holds all kinds of files (archives, images, programs): only these are
// looked at, the rest are skipped without a word.
var importable = map[string]bool{
	".pdf": true, ".docx": true, ".md": true, ".markdown": true, ".mdown": true,
	".txt": true, ".text": true, ".html": true, ".htm": true, ".xhtml": true,
}

// partial are the extensions of files still being written by a browser,
// a download manager or an editor.
var partial = map[string]bool{
	".part": true, ".partial": true, ".crdownload": true, ".download": true, ".opdownload": true,
	".tmp": true, ".temp": true, ".swp": true, ".swo": true, ".swx": true, ".lock": true,
}

// Skipped reports whether a file of this name is never imported: hidden
// files (editor swap and lock files among them), an office program's owner
// file (~$report.docx), backups (notes.txt~, #notes.txt#), partial
// downloads, and formats the importer does not read.
func Skipped(name string) bool {
	if name == "" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "~$") ||
		strings.HasSuffix(name, "~") || (strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#")) {
		return true
	}
	ext := strings.ToLower(path.Ext(name))
	return partial[ext] || !importable[ext]
}

// SkippedDir reports whether a folder of this name is not walked: hidden
// folders (.git, .Trash-1000, .cache).
func SkippedDir(name string) bool { return strings.HasPrefix(name, ".") }

// ignoreRule is one line of an ignore file.
type ignoreRule struct {
	re      *regexp.Regexp
	negate  bool
	dirOnly bool
}

// ignoreSet holds the rules of one ignore file; base is the folder that
// holds it, relative to the watched folder ("" for the top).
type ignoreSet struct {
	base  string
	rules []ignoreRule
}

// readIgnore reads the ignore file at p, or returns nil when there is none.
func readIgnore(p, base string) *ignoreSet {
	f, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	set := &ignoreSet{base: base}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if r, ok := parseIgnoreLine(sc.Text()); ok {
			set.rules = append(set.rules, r)
		}
	}
	return set
}

// parseIgnoreLine turns a gitignore pattern into a rule: blank lines and
// comments are none; "!" negates; a trailing "/" matches folders only; a
// pattern with a "/" before its end is anchored to the ignore file's
// folder, one without matches at any depth; "*" and "?" stay within a
// path segment, "**" spans segments, "[…]" is a class.
func parseIgnoreLine(line string) (ignoreRule, bool) {
	line = strings.TrimRight(line, " \t\r")
	if line == "" || strings.HasPrefix(line, "#") {
		return ignoreRule{}, false
	}
	var r ignoreRule
	if strings.HasPrefix(line, "!") {
		r.negate, line = true, line[1:]
	} else if strings.HasPrefix(line, `\`) {
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	anchored := strings.Contains(line, "/")
	line = strings.TrimPrefix(line, "/")
	if line == "" {
		return ignoreRule{}, false
	}
	var b strings.Builder
	b.WriteString("^")
	if !anchored {
		b.WriteString("(?:.*/)?")
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case strings.HasPrefix(line[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(line[i:], "/**") && i+3 == len(line):
			b.WriteString("/.*")
			i += 2
		case strings.HasPrefix(line[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			j := strings.IndexByte(line[i:], ']')
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := line[i+1 : i+j]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += j
		case c == '\\' && i+1 < len(line):
			i++
			b.WriteString(regexp.QuoteMeta(line[i : i+1]))
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return ignoreRule{}, false
	}
	r.re = re
	return r, true
}

// ignores is the stack of ignore files that apply in a folder, outermost
// first.
type ignores []*ignoreSet

// match reports whether rel (relative to the watched folder) is ignored:
// the last rule that matches decides, deeper files after shallower ones.
func (st ignores) match(rel string, dir bool) bool {
	ignored := false
	for _, set := range st {
		sub := rel
		if set.base != "" {
			if !strings.HasPrefix(rel, set.base+"/") {
				continue
			}
			sub = rel[len(set.base)+1:]
		}
		for _, r := range set.rules {
			if r.dirOnly && !dir {
				continue
			}
			if r.re.MatchString(sub) {
				ignored = !r.negate
			}
		}
	}
	return ignored
}
