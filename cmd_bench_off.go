//go:build !bench && !ci

package main

import (
	"context"
	"fmt"
	"io"
)

// cmdBench, in the desktop build, says how to get the benchmark harness:
// it drives the window through the toolkit's test driver and software
// painter, which the shipped binary does not carry.
func cmdBench(_ context.Context, _ *parts, _ []string, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "archivist: this build has no benchmark harness; build one with: go build -tags bench -o bin/archivist-bench .")
	return 2
}
