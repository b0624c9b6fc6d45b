//go:build (bench || ci) && !linux

package cli

import "os"

// maxRSS is not measured outside Linux: memory figures come from /proc.
func maxRSS(*os.ProcessState) int64 { return 0 }
