package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"archivist/app"
)

// The commands of archive metadata: tag, type, correspondent and created.

var (
	tagCommand = &Command{
		Name:    "tag",
		Args:    "add|remove ID NAME... | list [--json] | create NAME | rename NAME NEW | merge NAME INTO | delete NAME",
		Summary: "tag documents, and keep the tags: list, create, rename, merge, delete",
		Library: true,
		Flags:   noFlags(labelCommand(app.LabelTag)),
	}
	typeCommand = &Command{
		Name:    "type",
		Args:    "set ID NAME | list [--json] | create NAME | rename NAME NEW | merge NAME INTO | delete NAME",
		Summary: "a document's type (an empty NAME clears it), and the types: list, create, rename, merge, delete",
		Library: true,
		Flags:   noFlags(labelCommand(app.LabelType)),
	}
	correspondentCommand = &Command{
		Name:    "correspondent",
		Args:    "set ID NAME | list [--json] | create NAME | rename NAME NEW | merge NAME INTO | delete NAME",
		Summary: "a document's correspondent (an empty NAME clears it), and the correspondents: list, create, rename, merge, delete",
		Library: true,
		Flags:   noFlags(labelCommand(app.LabelCorrespondent)),
	}
	createdCommand = &Command{
		Name:    "created",
		Args:    "set ID YYYY-MM-DD",
		Summary: "a document's created date (an empty date clears it)",
		Library: true,
		Flags: noFlags(func(ctx context.Context, c *Call) error {
			if len(c.Args) != 3 || c.Args[0] != "set" {
				return c.Usage("")
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			return lib.DB.SetCreated(ctx, c.Args[1:2], c.Args[2])
		}),
	}
)

// labelCommand runs `archivist tag|type|correspondent VERB …`.
func labelCommand(kind app.LabelKind) RunFunc {
	return func(ctx context.Context, c *Call) error {
		if len(c.Args) == 0 {
			return c.Usage("")
		}
		verb, rest := c.Args[0], c.Args[1:]
		// The verb's arguments are checked before the library opens.
		var asJSON *bool
		switch {
		case kind == app.LabelTag && (verb == "add" || verb == "remove"):
			if len(rest) < 2 {
				return c.Usage("")
			}
		case kind != app.LabelTag && verb == "set":
			if len(rest) != 2 {
				return c.Usage("")
			}
		case verb == "list":
			fs := flag.NewFlagSet(string(kind)+" list", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			asJSON = fs.Bool("json", false, "print JSON")
			if err := fs.Parse(rest); err != nil || fs.NArg() > 0 {
				return c.Usage("")
			}
		case (verb == "create" || verb == "delete") && len(rest) == 1:
		case (verb == "rename" || verb == "merge") && len(rest) == 2:
		default:
			return c.Usage("")
		}
		lib, err := c.Library(ctx)
		if err != nil {
			return err
		}
		db := lib.DB
		byName := func(name string) (app.Label, error) {
			labels, err := db.Labels(ctx, kind)
			if err != nil {
				return app.Label{}, err
			}
			clean, err := app.CleanLabelName(name)
			if err != nil {
				return app.Label{}, err
			}
			for _, l := range labels {
				if strings.EqualFold(l.Name, clean) {
					return l, nil
				}
			}
			return app.Label{}, app.Errorf(app.ENotFound, "There is no %s named %q.", kind, clean)
		}
		switch verb {
		case "add":
			return db.AddTags(ctx, rest[:1], rest[1:]...)
		case "remove":
			return db.RemoveTags(ctx, rest[:1], rest[1:]...)
		case "set":
			return db.SetLabel(ctx, kind, rest[:1], rest[1])
		case "list":
			labels, err := db.Labels(ctx, kind)
			if err != nil {
				return err
			}
			if *asJSON {
				type row struct {
					Name      string `json:"name"`
					Documents int    `json:"documents"`
				}
				out := []row{}
				for _, l := range labels {
					out = append(out, row{l.Name, l.Documents})
				}
				return printJSON(c.Stdout, out)
			}
			for _, l := range labels {
				fmt.Fprintf(c.Stdout, "%s\t%d\n", l.Name, l.Documents)
			}
			return nil
		case "create":
			_, err := db.CreateLabel(ctx, kind, rest[0])
			return err
		case "rename":
			l, err := byName(rest[0])
			if err != nil {
				return err
			}
			return db.RenameLabel(ctx, kind, l.ID, rest[1])
		case "merge":
			from, err := byName(rest[0])
			if err != nil {
				return err
			}
			into, err := byName(rest[1])
			if err != nil {
				return err
			}
			return db.MergeLabels(ctx, kind, from.ID, into.ID)
		}
		l, err := byName(rest[0]) // delete
		if err != nil {
			return err
		}
		return db.DeleteLabel(ctx, kind, l.ID)
	}
}
