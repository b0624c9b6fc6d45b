package lang

import (
	"fmt"
	"strings"
	"testing"
)

// benchPassage is a filing-like passage of about 2,400 bytes: prose,
// figures with grouping commas and decimals, "R&D"-style terms.
func benchPassage(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < 2400; i++ {
		fmt.Fprintf(&b, "Net sales of the Company's segment %d increased %d.%d%% to $%d,%03d million in fiscal 2022, "+
			"driven by higher R&D spending, PP&E additions and operating income growth in the third quarter. ", n, i, i%10, 1+i, 100+i)
	}
	return b.String()
}

func BenchmarkTokenizeUncached(b *testing.B) {
	texts := make([]string, 64)
	for i := range texts {
		texts[i] = benchPassage(i)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(texts[0])))
	for i := 0; b.Loop(); i++ {
		tokenizeNow(texts[i%len(texts)])
	}
}

func BenchmarkMatchPassage(b *testing.B) {
	q := Analyze("What was the FY2022 operating income of the segment, and how much did R&D spending grow in the third quarter?", nil)
	texts := make([]string, 64)
	for i := range texts {
		texts[i] = benchPassage(i)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		q.Match(NewText(texts[i%len(texts)], "Annual report 2022", "Item 7. Management's Discussion"), nil)
	}
}

func BenchmarkAnalyze(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Analyze("What was the FY2022 operating income of the segment, and how much did R&D spending grow in the third quarter? Round your answer to two decimal places.", nil)
	}
}

// BenchmarkFamily reads every word of a filing-like passage as its word
// family, as the answerer does for each candidate it weighs.
func BenchmarkFamily(b *testing.B) {
	words := strings.Fields(strings.ToLower(benchPassage(1) + " organization labour centre recognized began written children"))
	b.ReportAllocs()
	for b.Loop() {
		for _, w := range words {
			Family(w)
		}
	}
}
