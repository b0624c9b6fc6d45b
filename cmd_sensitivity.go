package main

import (
	"context"
	"fmt"
	"io"

	"archivist/app"
)

func cmdSensitivity(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	if len(args) < 1 || len(args) > 2 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] sensitivity ID [public|internal|confidential|restricted]")
		return 2
	}
	if len(args) == 2 {
		if _, err := app.ParseSensitivity(args[1]); err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 2
		}
		if err := p.db.SetSensitivity(ctx, args[0], args[1]); err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 1
		}
	}
	d, err := p.db.Document(ctx, args[0])
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	fmt.Fprintf(stdout, "%s: %s\n", d.ID, d.Sensitivity)
	return 0
}
