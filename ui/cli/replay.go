package cli

import (
	"context"
	"flag"
	"fmt"
	"time"
)

var replayCommand = &Command{
	Name:    "replay",
	Args:    "[--keep N] [--hours H] [TOKEN]",
	Summary: "print a stored answer's JSON byte for byte; --keep and --hours set how many answers are kept, and for how long",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		keep := fs.Int("keep", 0, "set how many answers are kept for replay")
		hours := fs.Float64("hours", 0, "set how many hours answers are kept for replay")
		return func(ctx context.Context, c *Call) error {
			bounds := *keep != 0 || *hours != 0
			if len(c.Args) > 1 || (len(c.Args) == 0 && !bounds) {
				return c.Usage("name one trace token")
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			if bounds {
				count, age, err := lib.DB.ReplayBounds(ctx)
				if err != nil {
					return err
				}
				if *keep != 0 {
					count = *keep
				}
				if *hours != 0 {
					age = time.Duration(*hours * float64(time.Hour))
				}
				if err := lib.DB.SetReplayBounds(ctx, count, age); err != nil {
					return err
				}
				fmt.Fprintf(c.Stdout, "answers are kept for replay: the newest %d, for %s\n", count, age)
				if len(c.Args) == 0 {
					return nil
				}
			}
			body, err := lib.Research.Replay(ctx, c.Args[0])
			if err != nil {
				return err
			}
			_, err = c.Stdout.Write(body)
			return err
		}
	},
}
