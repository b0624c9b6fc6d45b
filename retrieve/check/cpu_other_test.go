//go:build !unix

package check_test

import "time"

// cpuTime is not measured here: the benchmark reports wall time alone.
func cpuTime() time.Duration { return 0 }
