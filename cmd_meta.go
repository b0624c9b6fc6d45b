package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"archivist/app"
)

// The commands of archive metadata: tag, type, correspondent and created.

const (
	tagUsage = "usage: archivist tag add|remove ID NAME...\n" +
		"       archivist tag list [--json] | create NAME | rename NAME NEW | merge NAME INTO | delete NAME"
	typeUsage = "usage: archivist %[1]s set ID NAME   (an empty NAME clears it)\n" +
		"       archivist %[1]s list [--json] | create NAME | rename NAME NEW | merge NAME INTO | delete NAME"
	createdUsage = "usage: archivist created set ID YYYY-MM-DD   (an empty date clears it)"
)

func cmdTag(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	return labelCommand(ctx, p, app.LabelTag, args, stdout, stderr)
}

func cmdType(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	return labelCommand(ctx, p, app.LabelType, args, stdout, stderr)
}

func cmdCorrespondent(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	return labelCommand(ctx, p, app.LabelCorrespondent, args, stdout, stderr)
}

// labelCommand runs `archivist tag|type|correspondent VERB …`.
func labelCommand(ctx context.Context, p *parts, kind app.LabelKind, args []string, stdout, stderr io.Writer) int {
	usage := func() int {
		if kind == app.LabelTag {
			fmt.Fprintln(stderr, tagUsage)
		} else {
			fmt.Fprintf(stderr, typeUsage+"\n", kind)
		}
		return 2
	}
	if len(args) == 0 {
		return usage()
	}
	verb, rest := args[0], args[1:]
	done := func(err error) int {
		if err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 1
		}
		return 0
	}
	byName := func(name string) (app.Label, error) {
		labels, err := p.db.Labels(ctx, kind)
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
	switch {
	case kind == app.LabelTag && (verb == "add" || verb == "remove"):
		if len(rest) < 2 {
			return usage()
		}
		if verb == "add" {
			return done(p.db.AddTags(ctx, rest[:1], rest[1:]...))
		}
		return done(p.db.RemoveTags(ctx, rest[:1], rest[1:]...))
	case kind != app.LabelTag && verb == "set":
		if len(rest) != 2 {
			return usage()
		}
		return done(p.db.SetLabel(ctx, kind, rest[:1], rest[1]))
	case verb == "list":
		fs := flag.NewFlagSet(string(kind)+" list", flag.ContinueOnError)
		fs.SetOutput(stderr)
		asJSON := fs.Bool("json", false, "print JSON")
		if err := fs.Parse(rest); err != nil || fs.NArg() > 0 {
			return usage()
		}
		labels, err := p.db.Labels(ctx, kind)
		if err != nil {
			return done(err)
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
			return printJSON(stdout, out)
		}
		for _, l := range labels {
			fmt.Fprintf(stdout, "%s\t%d\n", l.Name, l.Documents)
		}
		return 0
	case verb == "create" && len(rest) == 1:
		_, err := p.db.CreateLabel(ctx, kind, rest[0])
		return done(err)
	case verb == "rename" && len(rest) == 2:
		l, err := byName(rest[0])
		if err != nil {
			return done(err)
		}
		return done(p.db.RenameLabel(ctx, kind, l.ID, rest[1]))
	case verb == "merge" && len(rest) == 2:
		from, err := byName(rest[0])
		if err != nil {
			return done(err)
		}
		into, err := byName(rest[1])
		if err != nil {
			return done(err)
		}
		return done(p.db.MergeLabels(ctx, kind, from.ID, into.ID))
	case verb == "delete" && len(rest) == 1:
		l, err := byName(rest[0])
		if err != nil {
			return done(err)
		}
		return done(p.db.DeleteLabel(ctx, kind, l.ID))
	}
	return usage()
}

func cmdCreated(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	if len(args) != 3 || args[0] != "set" {
		fmt.Fprintln(stderr, createdUsage)
		return 2
	}
	if err := p.db.SetCreated(ctx, args[1:2], args[2]); err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	return 0
}
