//go:build !bench && !ci

package cli

import (
	"context"
	"errors"
)

// benchCommand, in the desktop build, says how to get the benchmark
// harness: it drives the window through the toolkit's test driver and
// software painter, which the shipped binary does not carry.
var benchCommand = &Command{
	Name:    "bench",
	Args:    "[flags]",
	Summary: "speed and memory at scale, in generated libraries (in a build made with -tags bench)",
	Flags: noFlags(func(context.Context, *Call) error {
		return errors.New("this build has no benchmark harness; build one with: go build -tags bench -o bin/archivist-bench .")
	}),
}
