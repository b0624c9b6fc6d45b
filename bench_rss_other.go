//go:build (bench || ci) && !linux

package main

import "os"

// maxRSS is not measured outside Linux: memory figures come from /proc.
func maxRSS(*os.ProcessState) int64 { return 0 }
