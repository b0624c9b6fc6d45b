package cli

import (
	"context"
	"flag"
	"fmt"
)

var reindexCommand = &Command{
	Name:    "reindex",
	Args:    "[--all]",
	Summary: "rebuild the passages an older passage builder made, from the stored blocks",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		all := fs.Bool("all", false, "rebuild every document's passages, not only outdated ones")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) != 0 {
				return c.Usage("reindex takes no arguments")
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			n, err := lib.Importer.Reindex(ctx, *all)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.Stdout, "rebuilt the passages of %d documents\n", n)
			return nil
		}
	},
}
