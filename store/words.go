package store

import (
	"encoding/json"
	"strconv"
	"strings"

	"archivist/app"
)

// Word boxes are stored as the JSON encoding/json writes for
// []app.WordBox: [{"s":0,"e":6,"x0":0.42771,"y0":0.05417,"x1":0.49992,
// "y1":0.0687},…]. Every evidence block is read with its words, so
// decoding them is a good share of a question's time; decodeWords reads
// exactly that shape directly, about ten times faster than reflection, and
// hands anything else to encoding/json.

// decodeWords decodes a block's stored word boxes.
func decodeWords(s string) ([]app.WordBox, error) {
	if ws, ok := fastWords(s); ok {
		return ws, nil
	}
	var ws []app.WordBox
	err := json.Unmarshal([]byte(s), &ws)
	return ws, err
}

// fastWords parses the canonical shape; ok is false at the first byte that
// differs from it.
func fastWords(s string) ([]app.WordBox, bool) {
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, false
	}
	body := s[1 : len(s)-1]
	if body == "" {
		return []app.WordBox{}, true
	}
	out := make([]app.WordBox, 0, strings.Count(body, "{"))
	keys := [...]string{`"s":`, `"e":`, `"x0":`, `"y0":`, `"x1":`, `"y1":`}
	for len(body) > 0 {
		if body[0] != '{' {
			return nil, false
		}
		body = body[1:]
		var w app.WordBox
		var vals [6]float64
		for k, key := range keys {
			if !strings.HasPrefix(body, key) {
				return nil, false
			}
			body = body[len(key):]
			end := strings.IndexAny(body, ",}")
			if end <= 0 {
				return nil, false
			}
			v, err := strconv.ParseFloat(body[:end], 64)
			if err != nil {
				return nil, false
			}
			vals[k] = v
			if k < len(keys)-1 {
				if body[end] != ',' {
					return nil, false
				}
			} else if body[end] != '}' {
				return nil, false
			}
			body = body[end+1:]
		}
		if vals[0] != float64(int(vals[0])) || vals[1] != float64(int(vals[1])) {
			return nil, false
		}
		w.Start, w.End = int(vals[0]), int(vals[1])
		w.X0, w.Y0, w.X1, w.Y1 = vals[2], vals[3], vals[4], vals[5]
		out = append(out, w)
		if len(body) > 0 {
			if body[0] != ',' {
				return nil, false
			}
			body = body[1:]
			if body == "" {
				return nil, false
			}
		}
	}
	return out, true
}
