package cli

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ui/api"
)

var serveCommand = &Command{
	Name:    "serve",
	Args:    "[--addr HOST:PORT] [--allow-remote] [--allow-host NAME]... [--cors-origin ORIGIN]... [--import-dir DIR]... [--max-upload-mb N] [--token]",
	Summary: "the local HTTP API on loopback, with a bearer token (docs/api-mcp.md)",
	Help:    "The token is in a file only you can read; `archivist api-token` prints it. Ctrl-C stops the server.",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		var f serveFlags
		fs.StringVar(&f.addr, "addr", api.DefaultAddr, "HOST:PORT to listen on (loopback unless --allow-remote)")
		fs.BoolVar(&f.allowRemote, "allow-remote", false, "listen on an address that is not loopback and accept other computers (the token is still required)")
		printToken := fs.Bool("token", false, "print the bearer token (creating it on first use) and exit")
		fs.Var(&f.hosts, "allow-host", "a Host header name to accept besides localhost (repeatable)")
		fs.Var(&f.origins, "cors-origin", "a browser origin allowed to call the API, e.g. http://localhost:3000 (repeatable; none by default)")
		fs.Var(&f.importDirs, "import-dir", "a folder path imports may read from (repeatable; none by default: uploads only)")
		fs.Int64Var(&f.uploadMB, "max-upload-mb", api.DefaultMaxUploadBytes>>20, "the largest import upload, in MB")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) != 0 {
				return c.Usage("serve takes no arguments")
			}
			token, err := api.Token()
			if err != nil {
				return err
			}
			if *printToken {
				fmt.Fprintln(c.Stdout, token)
				return nil
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			// Earlier imports finish in the background: the API listens
			// at once; pictures of what it imports are read after.
			lib.Importer.PicturesInBackground = true
			stop := lib.Importer.ResumeInBackground(ctx, func(err error) {
				if err != nil {
					fmt.Fprintf(c.Stderr, "archivist: resume earlier imports: %s\n", describe(err))
				}
			})
			defer stop()
			srv, err := serve(ctx, lib, f, token, c)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.Stderr, "archivist: serving the local API on http://%s/v1/ (token: `archivist api-token`; Ctrl-C stops)\n", srv.Addr)
			<-ctx.Done()
			shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			return srv.Shutdown(shut)
		}
	},
}

// serveFlags are the flags of serve.
type serveFlags struct {
	addr        string
	allowRemote bool
	hosts       stringList
	origins     stringList
	importDirs  stringList
	uploadMB    int64
	limit       *api.RateLimiter // nil: the design's six a minute, burst two
}

// serve listens on f.addr and serves the local API over lib in the
// background until Shutdown.
func serve(ctx context.Context, lib *Library, f serveFlags, token string, c *Call) (*api.Running, error) {
	parts := lib.apiParts()
	parts.Importer = lib.Importer
	cfg := api.Config{
		Token: token, AllowRemote: f.allowRemote, AllowedHosts: f.hosts, CORSOrigins: f.origins,
		ImportFolders: f.importDirs, MaxUploadBytes: f.uploadMB << 20, Limit: f.limit,
		Log: slog.New(slog.NewTextHandler(c.Stderr, nil)), NewID: uuid.NewString,
	}
	srv, err := api.Listen(ctx, f.addr, cfg, parts, c.Stderr)
	if err != nil && app.ErrorCode(err) == app.EInvalid {
		return nil, c.Usage("%s", describe(err))
	}
	return srv, err
}
