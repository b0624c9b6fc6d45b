package dates

import (
	"context"
	"fmt"
	"os"

	"archivist/app"
)

// DATES_DEBUG=1 makes the labelled measure print every role decision:
// the role, its probability and none's, the context and the cue measure.

type printChooser struct{ inner app.Chooser }

func (p printChooser) PerRequest() int { return p.inner.PerRequest() }

func (p printChooser) Choose(ctx context.Context, state string, qs []app.Choice) ([]map[string]float64, error) {
	d, err := p.inner.Choose(ctx, state, qs)
	for i, q := range qs {
		best, bp := "", 0.0
		for r, v := range d[i] {
			if v > bp {
				best, bp = r, v
			}
		}
		fmt.Printf("  %-12s %.2f none=%.2f | %q cues=%v\n", best, bp, d[i]["none"], q.Evidence, hintsOf(q))
	}
	return d, err
}

func hintsOf(q app.Choice) map[string]float64 {
	out := map[string]float64{}
	for _, o := range q.Options {
		if o.IndexScore > 0 {
			out[o.Label] = o.IndexScore
		}
	}
	return out
}

var DebugChooser func(app.Chooser) app.Chooser

func init() {
	if os.Getenv("DATES_DEBUG") != "" {
		DebugChooser = func(c app.Chooser) app.Chooser { return printChooser{c} }
	}
}
