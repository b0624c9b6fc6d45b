package cli

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/google/uuid"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"archivist/app"
	"archivist/ui/api"
	"archivist/ui/mcp"
)

// mcpVersion is the version the MCP server reports to its clients.
const mcpVersion = "1"

var mcpCommand = &Command{
	Name:    "mcp",
	Args:    "[--allow-import DIR]... [--consent-sensitive] [--api URL]",
	Summary: "an MCP server over standard input and output, for AI assistants (read-only unless imports are allowed)",
	Help: "While the window has the library open, the server goes through the window's local API\n" +
		"(Settings → Local API) instead of opening the library itself.",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		var importDirs stringList
		fs.Var(&importDirs, "allow-import", "offer the import_documents tool for files inside this folder (repeatable; read-only without it)")
		consent := fs.Bool("consent-sensitive", false, "let Confidential and Restricted text reach the MCP client on this connection")
		apiURL := fs.String("api", "http://"+api.DefaultAddr, "when the window has the library open: the local API to serve it through")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) != 0 {
				return c.Usage("mcp takes no arguments")
			}
			var srv *sdk.Server
			lib, err := c.Library(ctx)
			switch {
			case app.ErrorCode(err) == app.EConflict:
				// The window holds the library: serve it through its local API.
				cl, err := apiClient(ctx, *apiURL)
				if err != nil {
					return fmt.Errorf("the library is open in another Archivist, so MCP goes through its local API, but: %s", describe(err))
				}
				defer cl.Close()
				srv = mcp.New(mcp.Config{Version: mcpVersion, ImportFolders: importDirs, Consent: *consent},
					api.Parts{Research: cl, Library: cl, Search: cl, Pages: cl, Importer: cl, Checker: cl})
			case err != nil:
				return err
			default:
				if len(importDirs) > 0 {
					lib.Importer.PicturesInBackground = true
					stop := lib.Importer.ResumeInBackground(ctx, func(err error) {
						if err != nil {
							fmt.Fprintf(c.Stderr, "archivist: resume earlier imports: %s\n", describe(err))
						}
					})
					defer stop()
				}
				srv = newMCPServer(lib, importDirs, *consent)
			}
			err = srv.Run(ctx, mcp.Stdio(os.Stdin, c.Stdout))
			if err != nil && ctx.Err() == nil {
				return fmt.Errorf("mcp: %w", err)
			}
			return nil
		}
	},
}

// newMCPServer wires the library's parts to the MCP server. The client
// receives every answer's evidence, so the answerer is marked as sending it
// out of Archivist: the consent rule treats the client as it treats a model.
func newMCPServer(lib *Library, importDirs []string, consent bool) *sdk.Server {
	lib.Research.AnswersGoTo("the MCP client")
	parts := lib.apiParts()
	parts.Importer = lib.Importer
	return mcp.New(mcp.Config{Version: mcpVersion, ImportFolders: importDirs, Consent: consent,
		NewID: func() string { return uuid.NewString() }}, parts)
}

// apiClient returns a client of the local API at base with this user's
// token, once the API has answered one request.
func apiClient(ctx context.Context, base string) (*api.Client, error) {
	token, err := api.Token()
	if err != nil {
		return nil, err
	}
	c := &api.Client{BaseURL: base, Token: token}
	if _, err := c.SearchDocuments(ctx, "archivist", 1); err != nil {
		return nil, err
	}
	return c, nil
}
