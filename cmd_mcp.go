package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/google/uuid"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"archivist/ui/api"
	"archivist/ui/mcp"
)

// mcpVersion is the version the MCP server reports to its clients.
const mcpVersion = "1"

// cmdMCP serves the library to an MCP client over stdin and stdout until
// the client closes the connection.
func cmdMCP(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var importDirs stringList
	fs.Var(&importDirs, "allow-import", "offer the import_documents tool for files inside this folder (repeatable; read-only without it)")
	consent := fs.Bool("consent-sensitive", false, "let Confidential and Restricted text reach the MCP client on this connection")
	apiURL := fs.String("api", "http://"+DefaultAPIAddr, "when the window has the library open: the local API to serve it through")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] mcp [--allow-import DIR]... [--consent-sensitive] [--api URL]")
		return 2
	}
	var srv *sdk.Server
	if p == nil {
		// The window holds the library: serve it through its local API.
		c, err := apiClient(ctx, *apiURL)
		if err != nil {
			fmt.Fprintf(stderr, "archivist: the library is open in another Archivist, so MCP goes through its local API, but: %s\n", describe(err))
			return 1
		}
		defer c.Close()
		srv = mcp.New(mcp.Config{Version: mcpVersion, ImportFolders: importDirs, Consent: *consent},
			api.Parts{Research: c, Library: c, Search: c, Pages: c, Importer: c})
	} else {
		if len(importDirs) > 0 {
			if err := p.importer.Resume(ctx); err != nil {
				fmt.Fprintf(stderr, "archivist: resume earlier imports: %s\n", describe(err))
			}
		}
		srv = newMCPServer(p, importDirs, *consent)
	}
	err := srv.Run(ctx, &sdk.IOTransport{Reader: io.NopCloser(os.Stdin), Writer: nopWriteCloser{stdout}})
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "archivist: mcp: %s\n", err)
		return 1
	}
	return 0
}

// newMCPServer wires the library's parts to the MCP server. The client
// receives every answer's evidence, so the answerer is marked as sending it
// out of Archivist: the consent rule treats the client as it treats a model.
func newMCPServer(p *parts, importDirs []string, consent bool) *sdk.Server {
	p.research.AnswersGoTo("the MCP client")
	parts := apiParts{p}
	return mcp.New(mcp.Config{Version: mcpVersion, ImportFolders: importDirs, Consent: consent,
		NewID: func() string { return uuid.NewString() }},
		api.Parts{Research: apiResearch{p.research}, Library: parts, Search: parts, Pages: parts, Importer: p.importer})
}

// apiClient returns a client of the local API at base with this user's
// token, once the API has answered one request.
func apiClient(ctx context.Context, base string) (*api.Client, error) {
	token, err := apiToken()
	if err != nil {
		return nil, err
	}
	c := &api.Client{BaseURL: base, Token: token}
	if _, err := c.SearchDocuments(ctx, "archivist", 1); err != nil {
		return nil, err
	}
	return c, nil
}

// nopWriteCloser lets the transport close stdout's writer without closing
// the process's stdout.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
