package markdown

import "bytes"

// maxFrontMatterLines bounds the search for the closing fence, so a document
// that merely opens with a thematic break is not scanned to its end.
const maxFrontMatterLines = 200

// blankFrontMatter returns src with a leading YAML (---) or TOML (+++)
// front-matter block turned into spaces, line breaks kept, so goldmark does
// not read it as a rule and a setext heading while every offset and line
// number stays as in src. Without front matter it returns src itself.
//
// A block counts as front matter only when it closes within
// maxFrontMatterLines and one of its lines looks like "key:" or "key =".
func blankFrontMatter(src []byte) []byte {
	var fence []byte
	switch {
	case bytes.HasPrefix(src, []byte("---\n")):
		fence = []byte("---")
	case bytes.HasPrefix(src, []byte("+++\n")):
		fence = []byte("+++")
	default:
		return src
	}
	off := len(fence) + 1
	keyed := false
	for n := 0; n < maxFrontMatterLines && off < len(src); n++ {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		line := bytes.TrimRight(src[off:off+end], " \t")
		next := min(off+end+1, len(src))
		if bytes.Equal(line, fence) || (fence[0] == '-' && bytes.Equal(line, []byte("..."))) {
			if !keyed {
				return src
			}
			out := bytes.Clone(src)
			for i := range next {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			return out
		}
		if isKeyLine(line) {
			keyed = true
		}
		off = next
	}
	return src
}

// isKeyLine reports whether line starts like a YAML "key:" or TOML "key =".
func isKeyLine(line []byte) bool {
	i := 0
	for i < len(line) && (line[i] == '_' || line[i] == '-' || line[i] >= 'a' && line[i] <= 'z' ||
		line[i] >= 'A' && line[i] <= 'Z' || line[i] >= '0' && line[i] <= '9') {
		i++
	}
	if i == 0 {
		return false
	}
	rest := bytes.TrimLeft(line[i:], " ")
	return bytes.HasPrefix(rest, []byte(":")) || bytes.HasPrefix(rest, []byte("="))
}
