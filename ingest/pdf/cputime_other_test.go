//go:build !unix

package pdf

import "time"

// cpuTime is not measured here; the CPU metrics read 0.
func cpuTime(*Engine) time.Duration { return 0 }
