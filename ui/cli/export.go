package cli

import (
	"context"
	"encoding/json"
	"fmt"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve/export"
)

var exportCommand = &Command{
	Name:    "export",
	Args:    "TOKEN OUT.pdf",
	Summary: "write the cited pages of a stored answer, highlighted, after a cover page, as one PDF",
	Library: true,
	Flags: noFlags(func(ctx context.Context, c *Call) error {
		if len(c.Args) != 2 {
			return c.Usage("name a trace token and the PDF to write")
		}
		lib, err := c.Library(ctx)
		if err != nil {
			return err
		}
		token, outPath := c.Args[0], c.Args[1]
		body, err := lib.DB.Answer(ctx, token)
		if err != nil {
			return err
		}
		var ans app.Answer
		if err := json.Unmarshal(body, &ans); err != nil {
			return fmt.Errorf("the stored answer %s cannot be read: %w", token, err)
		}
		res, err := export.WriteFile(ctx, ingest.Originals{DB: lib.DB}, &ans, outPath)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.Stdout, "wrote %s: %d pages, %d highlights\n", outPath, res.Pages, res.Highlights)
		for _, s := range res.Skipped {
			fmt.Fprintf(c.Stdout, "not copied: %s\n", s)
		}
		return nil
	}),
}
