package app

import (
	"regexp"
	"strings"
)

// captionPattern is the numbered caption a line starts with: a kind word in
// title case or capitals, then its number as printed.
var captionPattern = regexp.MustCompile(`^(Table|TABLE|Figure|FIGURE|Fig\.|FIG\.|Exhibit|EXHIBIT|Chart|CHART|Plate|PLATE|Map|MAP|Note|NOTE)\s+([0-9]+(?:\.[0-9]+)*[A-Za-z]?)\b`)

// NumberedCaption reads the numbered caption line starts with — "Table 3",
// "Figure 2.1", "Fig. 4", "Exhibit 10", "Chart 2", "Plate 1", "Map 3",
// "Note 7" — and returns its kind in lower case ("Fig." is a figure) and its
// number as printed. The number runs through its dots, so "Figure 2.1" and
// "Figure 2.2" are two figures. It is the one definition of a numbered
// caption: the import stores a document's captions in its profile with it,
// and the statistics branch counts them from there.
func NumberedCaption(line string) (kind, number string, ok bool) {
	m := captionPattern.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return "", "", false
	}
	kind = strings.ToLower(strings.TrimSuffix(m[1], "."))
	if kind == "fig" {
		kind = "figure"
	}
	return kind, strings.ToLower(m[2]), true
}
