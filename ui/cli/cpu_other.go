//go:build !unix

package cli

import "time"

// processCPU is unknown here: eval reports wall-clock latency alone.
func processCPU() time.Duration { return 0 }
