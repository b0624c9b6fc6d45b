package ocr

import (
	"reflect"
	"testing"
)

func TestShapes(t *testing.T) {
	// Two shapes: a diagonal (8-connected) and a lone cell.
	grid := []string{
		"#...",
		".#..",
		"...#",
	}
	w, h := 4, len(grid)
	ink := make([]bool, w*h)
	for y, row := range grid {
		for x, c := range row {
			ink[y*w+x] = c == '#'
		}
	}
	var got []Shape
	Shapes(ink, w, h, func(s Shape) { got = append(got, s) })
	want := []Shape{{X0: 0, Y0: 0, X1: 1, Y1: 1, N: 2}, {X0: 3, Y0: 2, X1: 3, Y1: 2, N: 1}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("shapes %+v, want %+v", got, want)
	}
}
