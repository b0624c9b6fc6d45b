//go:build !linux

package ocr

import "time"

const cpuTimeKnown = false

func cpuTime(int) (time.Duration, bool) { return 0, false }
