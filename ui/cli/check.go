package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"archivist/app"
	"archivist/ui/api"
)

var checkCommand = &Command{
	Name:    "check",
	Args:    "[--json] FILE",
	Summary: "check a draft's quotations and pincites against the library",
	Help: "Reads a draft (DOCX, Markdown, text, HTML or PDF) and finds its quotations — text in “…” or\n" +
		"\"…\" and block quotations, with ellipses and bracketed alterations — and the pincite of each\n" +
		"(p. 12, pp. 12–14, at 12, ¶ 4, Ex. 4 at 12, a title with a page). Each is reported exact (the\n" +
		"source document, page and lines), altered (the closest passage and a word diff; a dropped \"not\",\n" +
		"a changed figure or a changed name first), page differs (found, not on the cited page) or not\n" +
		"found. Prints the report as Markdown, or with --json as the JSON /v1/check returns.\n" +
		"Exits 1 when any quotation is not exact, so a script can stop on it.",
	Library: true,
	Flags: func(fls *flag.FlagSet) RunFunc {
		asJSON := fls.Bool("json", false, "print the report as JSON")
		return func(ctx context.Context, c *Call) error {
			args := c.Args
			// `check FILE --json` as the issue writes it: the flag after the file.
			if len(args) == 2 && (args[1] == "--json" || args[1] == "-json") {
				*asJSON, args = true, args[:1]
			}
			if len(args) != 1 {
				return c.Usage("name one draft to check")
			}
			data, err := readDraft(args[0])
			if err != nil {
				return err
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			rep, err := lib.apiParts().Checker.CheckDraft(ctx, filepath.Base(args[0]), data)
			if err != nil {
				return err
			}
			if *asJSON {
				if err := printJSON(c.Stdout, rep); err != nil {
					return err
				}
			} else {
				fmt.Fprint(c.Stdout, rep.Markdown())
			}
			if rep.Counts.Exact < len(rep.Quotes) {
				return failed
			}
			return nil
		}
	},
}

// readDraft reads a draft file, bounded as the API bounds one.
func readDraft(path string) ([]byte, error) {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, app.Errorf(app.ENotFound, "%s: no such file", path)
	case err != nil:
		return nil, app.Errorf(app.EInvalid, "%s cannot be read: %v", path, err)
	case st.IsDir():
		return nil, app.Errorf(app.EInvalid, "%s is a folder: name one draft", path)
	case st.Size() > api.MaxDraftBytes:
		return nil, app.Errorf(app.ETooLarge, "%s exceeds %d MB", path, api.MaxDraftBytes>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, app.Errorf(app.EInvalid, "%s cannot be read: %v", path, err)
	}
	return data, nil
}
