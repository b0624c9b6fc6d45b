package main

import (
	"context"
	"fmt"
	"io"
)

// cmdAPIToken prints the local API's bearer token, creating it on first
// use in a file only the user can read.
func cmdAPIToken(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "usage: archivist api-token")
		return 2
	}
	token, err := apiToken()
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	fmt.Fprintln(stdout, token)
	return 0
}
