package cli

import (
	"context"
	"fmt"

	"archivist/ui/api"
)

// apiTokenCommand opens no library: it must work while the window holds it.
var apiTokenCommand = &Command{
	Name:    "api-token",
	Summary: "print the local API's bearer token, creating it on first use in a file only you can read",
	Flags: noFlags(func(ctx context.Context, c *Call) error {
		if len(c.Args) != 0 {
			return c.Usage("api-token takes no arguments")
		}
		token, err := api.Token()
		if err != nil {
			return err
		}
		fmt.Fprintln(c.Stdout, token)
		return nil
	}),
}
