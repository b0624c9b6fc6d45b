//go:build !linux

package ocr

import "os/exec"

func setProcessGroup(*exec.Cmd) {}
