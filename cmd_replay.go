package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"
)

func cmdReplay(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	keep := fs.Int("keep", 0, "set how many answers are kept for replay")
	hours := fs.Float64("hours", 0, "set how many hours answers are kept for replay")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *keep != 0 || *hours != 0 {
		count, age, err := p.db.ReplayBounds(ctx)
		if err == nil {
			if *keep != 0 {
				count = *keep
			}
			if *hours != 0 {
				age = time.Duration(*hours * float64(time.Hour))
			}
			err = p.db.SetReplayBounds(ctx, count, age)
		}
		if err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 1
		}
		fmt.Fprintf(stdout, "answers are kept for replay: the newest %d, for %s\n", count, age)
		if fs.NArg() == 0 {
			return 0
		}
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] replay [--keep N] [--hours H] TOKEN")
		return 2
	}
	body, err := p.research.Replay(ctx, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	stdout.Write(body)
	return 0
}
