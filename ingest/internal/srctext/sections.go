package srctext

import "archivist/app"

// CloseSections sets each heading section's LineEnd: the line before the
// next section of the same or a higher level (a lower or equal Level
// number), or nlines, the document's last line. Section 0, the root, is
// left alone.
func CloseSections(secs []app.Section, nlines int) {
	var stack []int
	for i := 1; i < len(secs); i++ {
		for len(stack) > 0 && secs[stack[len(stack)-1]].Level >= secs[i].Level {
			secs[stack[len(stack)-1]].LineEnd = secs[i].LineStart - 1
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, i)
	}
	for _, i := range stack {
		secs[i].LineEnd = nlines
	}
}
