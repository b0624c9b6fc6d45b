package cli

import (
	"context"
	"github.com/google/uuid"
	"io"
	"net"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"archivist/app"
	"archivist/ui/api"
	"archivist/ui/mcp"
)

// When the window holds the library, `archivist mcp` serves it through the
// window's local API.
func TestMCPThroughTheWindowsLocalAPI(t *testing.T) {
	privateConfig(t)
	lib, pdfID, _ := financeLibrary(t)
	// The window: the library held open, the local API switched on.
	p, err := open(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	token, err := api.Token()
	if err != nil {
		t.Fatal(err)
	}
	parts := p.apiParts()
	parts.Importer = p.Importer
	srv, err := api.Listen(context.Background(), "127.0.0.1:0", api.Config{Token: token, NewID: uuid.NewString,
		Limit: api.NewRateLimiter(600, 100, nil)}, parts, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	base := "http://" + srv.Addr.String()

	t.Run("WithoutTheAPIItSaysHowToReachTheLibrary", func(t *testing.T) {
		dead, _ := net.Listen("tcp", "127.0.0.1:0")
		addr := dead.Addr().String()
		dead.Close()
		_, errOut, code := cli(t, lib, "mcp", "--api", "http://"+addr)
		if code != 1 || !strings.Contains(errOut, "Local API") {
			t.Errorf("exit %d: %s", code, errOut)
		}
	})

	c, err := apiClient(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ms := mcp.New(mcp.Config{Version: mcpVersion}, api.Parts{Research: c, Library: c, Search: c, Pages: c, Importer: c})
	ct, st := sdk.NewInMemoryTransports()
	ss, err := ms.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	var list struct{ Total int }
	call(t, cs, "list_documents", nil, &list)
	if list.Total != 2 {
		t.Errorf("list: %+v", list)
	}
	var ev struct {
		Citations  []app.Citation
		TraceToken string `json:"trace_token"`
	}
	q := map[string]any{"question": ultaQuestion, "document_ids": []string{pdfID}}
	if res := call(t, cs, "get_evidence", q, &ev); res.IsError || len(ev.Citations) == 0 || len(ev.Citations[0].Rects) == 0 {
		t.Fatalf("get_evidence: %s", resultText(res))
	}
	// The server stored the evidence: replay through the API finds it.
	if _, err := c.Replay(ctx, ev.TraceToken); err != nil {
		t.Errorf("replay of the evidence: %v", err)
	}
	var ans app.Answer
	if res := call(t, cs, "ask", q, &ans); res.IsError || len(ans.Citations) == 0 {
		t.Errorf("ask: %s", resultText(res))
	}
	var page struct{ Text string }
	res := call(t, cs, "read_page", map[string]any{"document_id": pdfID, "page": 2}, &page)
	if res.IsError || page.Text == "" || len(res.Content) != 2 {
		t.Errorf("read_page: %s", resultText(res))
	}
	var search struct{ Documents []api.SearchHit }
	if call(t, cs, "search_documents", map[string]any{"query": "comparable sales"}, &search); len(search.Documents) == 0 {
		t.Error("search found nothing")
	}

	t.Run("SensitiveTextStaysWithoutConsent", func(t *testing.T) {
		if err := p.DB.SetSensitivity(ctx, pdfID, "confidential"); err != nil {
			t.Fatal(err)
		}
		defer p.DB.SetSensitivity(ctx, pdfID, "internal")
		// A new connection: the rate limit of the first is spent.
		ms := mcp.New(mcp.Config{Version: mcpVersion}, api.Parts{Research: c, Library: c, Search: c, Pages: c})
		ct, st := sdk.NewInMemoryTransports()
		ss, _ := ms.Connect(ctx, st, nil)
		defer ss.Close()
		cs, _ := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
		defer cs.Close()
		var ev struct {
			Citations []app.Citation
			Withheld  int
		}
		call(t, cs, "get_evidence", q, &ev)
		if len(ev.Citations) != 0 || ev.Withheld == 0 {
			t.Errorf("evidence: %+v", ev)
		}
		if res := call(t, cs, "ask", q, nil); !res.IsError || !strings.Contains(resultText(res), "consent_required") {
			t.Errorf("ask: %s", resultText(res))
		}
		if res := call(t, cs, "read_page", map[string]any{"document_id": pdfID, "page": 1}, nil); !res.IsError {
			t.Errorf("read_page: %s", resultText(res))
		}
		titleOnly(t, cs, pdfID, "comparable sales")
	})
}
