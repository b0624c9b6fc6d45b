package cli

import (
	"context"
	"fmt"

	"archivist/app"
)

var sensitivityCommand = &Command{
	Name:    "sensitivity",
	Args:    "ID [public|internal|confidential|restricted]",
	Summary: "show or set a document's sensitivity (Confidential and Restricted text leaves only with consent)",
	Library: true,
	Flags: noFlags(func(ctx context.Context, c *Call) error {
		if len(c.Args) < 1 || len(c.Args) > 2 {
			return c.Usage("name a document ID and, to set it, a level")
		}
		if len(c.Args) == 2 {
			if _, err := app.ParseSensitivity(c.Args[1]); err != nil {
				return c.Usage("%s", describe(err))
			}
		}
		lib, err := c.Library(ctx)
		if err != nil {
			return err
		}
		if len(c.Args) == 2 {
			if err := lib.DB.SetSensitivity(ctx, c.Args[0], c.Args[1]); err != nil {
				return err
			}
		}
		d, err := lib.DB.Document(ctx, c.Args[0])
		if err != nil {
			return err
		}
		fmt.Fprintf(c.Stdout, "%s: %s\n", d.ID, d.Sensitivity)
		return nil
	}),
}
