package jev

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"archivist/retrieve/jev/lex"
)

func TestZZDebug(t *testing.T) {
	qtext := os.Getenv("ZZQ")
	if qtext == "" {
		t.Skip()
	}
	q := lex.Analyze(qtext, nil)
	for _, c := range q.Concepts {
		fmt.Printf("concept %q kind=%d w=%.3f forms=%v part=%d\n", c.Name, c.Kind, c.Weight, c.Forms, c.PartOf)
	}
	fmt.Printf("intent %+v years %v\n", q.Intent, q.Years)
	for _, f := range strings.Split(os.Getenv("ZZF"), ",") {
		b, _ := os.ReadFile(f)
		parts := strings.SplitN(string(b), "\n", 2)
		x := lex.NewTextParts([]string{parts[1]}, parts[0])
		m := q.Match(x, nil)
		fmt.Printf("%s: cov=%.3f win=%.3f cons=%.3f bm=%.3f phr=%.3f num=%.3f tok=%d\n", f, m.Coverage, m.Window, m.Constraints, m.BM25, m.Phrases, m.Numeric, m.Tokens)
		for i, c := range m.Concepts {
			fmt.Printf("   %s body=%.2f ctx=%.2f n=%d\n", q.Concepts[i].Name, c.Body, c.Context, c.Count)
		}
		fmt.Printf("   quality(idx0)=%.3f\n", quality(q, m, 0))
	}
}
