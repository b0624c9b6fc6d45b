package store

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"archivist/app"
)

// TestDecodeWords: the direct reader agrees with encoding/json on what the
// store writes, and anything else still decodes (or fails) as
// encoding/json would.
func TestDecodeWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 500; trial++ {
		ws := make([]app.WordBox, rng.IntN(40))
		for i := range ws {
			r := func() float64 { return float64(int(rng.Float64()*1e5)) / 1e5 }
			ws[i] = app.WordBox{Start: rng.IntN(5000), End: rng.IntN(5000), X0: r(), Y0: r(), X1: r(), Y1: r()}
		}
		b, _ := json.Marshal(ws)
		if _, ok := fastWords(string(b)); !ok {
			t.Fatalf("the store's own encoding %s left the direct reader", b)
		}
		got, err := decodeWords(string(b))
		if err != nil || !reflect.DeepEqual(got, ws) {
			t.Fatalf("decodeWords(%s) = %v, %v; want %v", b, got, err, ws)
		}
	}
	for _, s := range []string{
		`[{"e":6,"s":0,"x0":0.1,"y0":0.2,"x1":0.3,"y1":0.4}]`, // keys in another order
		`[ {"s":0,"e":6,"x0":0.1,"y0":0.2,"x1":0.3,"y1":0.4} ]`,
		`[{"s":0,"e":6,"x0":1e-5,"y0":0.2,"x1":0.3,"y1":0.4}]`,
		`[{"s":0,"e":6,"x0":0.1,"y0":0.2,"x1":0.3}]`, // a field missing
		`[{"s":0.5,"e":6,"x0":0.1,"y0":0.2,"x1":0.3,"y1":0.4}]`,
		`[{"s":0,"e":6,"x0":0.1,"y0":0.2,"x1":0.3,"y1":0.4},]`,
		`[{"s":0,"e":6,"x0":0.1,"y0":0.2,"x1":0.3,"y1":0.4`,
		`[]`, `null`, `{}`, `[1]`,
	} {
		var want []app.WordBox
		wantErr := json.Unmarshal([]byte(s), &want)
		got, err := decodeWords(s)
		if (err != nil) != (wantErr != nil) || err == nil && !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("decodeWords(%s) = %v, %v; encoding/json says %v, %v", s, got, err, want, wantErr)
		}
	}
}

func BenchmarkDecodeWords(b *testing.B) {
	ws := make([]app.WordBox, 60)
	for i := range ws {
		ws[i] = app.WordBox{Start: i * 7, End: i*7 + 5, X0: 0.42771, Y0: 0.05417, X1: 0.49992, Y1: 0.0687}
	}
	enc, _ := json.Marshal(ws)
	s := string(enc)
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			if _, err := decodeWords(s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			var out []app.WordBox
			if err := json.Unmarshal(enc, &out); err != nil {
				b.Fatal(err)
			}
		}
	})
}
