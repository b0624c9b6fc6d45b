package dates

import (
	"context"
	"fmt"
	"os"

	"archivist/app"
)

// DATES_DEBUG=1 makes the labelled measure print every role decision:
// the role, its probability and none's, the context and the cue measure.

type printChooser struct{ inner app.RoleChooser }

func (p printChooser) ChooseRoles(ctx context.Context, qs []app.RoleQuestion) ([]map[string]float64, error) {
	d, err := p.inner.ChooseRoles(ctx, qs)
	for i, q := range qs {
		best, bp := "", 0.0
		for r, v := range d[i] {
			if v > bp {
				best, bp = r, v
			}
		}
		fmt.Printf("  %-12s %.2f none=%.2f | %q cues=%v\n", best, bp, d[i]["none"], q.Context, nonzero(q.Cues))
	}
	return d, err
}

func nonzero(m map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for k, v := range m {
		if v > 0 {
			out[k] = v
		}
	}
	return out
}

var DebugChooser func(app.RoleChooser) app.RoleChooser

func init() {
	if os.Getenv("DATES_DEBUG") != "" {
		DebugChooser = func(c app.RoleChooser) app.RoleChooser { return printChooser{c} }
	}
}
