//go:build !unix

package desktop

import "time"

// cpuTime is not measured here; the benchmarks report wall time alone.
func cpuTime() time.Duration { return 0 }
