package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"archivist/ui/api"
	"archivist/ui/mcp"
)

// reply is one JSON-RPC response as the client reads it.
type reply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// stdioSession serves the MCP server over Stdio on pipes and returns a
// function that sends a line and one that reads the next response.
func stdioSession(t *testing.T) (send func(string), next func() reply) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- mcp.New(mcp.Config{Version: "1"}, api.Parts{}).Run(ctx, mcp.Stdio(inR, outW)) }()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		outR.Close()
	})
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send = func(line string) {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatalf("send %q: %v", line, err)
		}
	}
	next = func() reply {
		t.Helper()
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatal("the server closed its output")
			}
			var r reply
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("response %q: %v", line, err)
			}
			return r
		case err := <-done:
			t.Fatalf("the server stopped: %v", err)
		case <-time.After(30 * time.Second):
			t.Fatal("no response")
		}
		return reply{}
	}
	return send, next
}

// A line that is not JSON is answered with a JSON-RPC parse error (-32700),
// JSON that is no JSON-RPC message with -32600, both with a null id, and
// the server goes on to serve the next lines.
func TestMalformedLinesKeepTheConnection(t *testing.T) {
	send, next := stdioSession(t)
	wantError := func(line string, code int) {
		t.Helper()
		send(line)
		r := next()
		if r.Error == nil || r.Error.Code != code || string(r.ID) != "null" {
			t.Fatalf("%q: %+v, want error %d with a null id", line, r, code)
		}
	}
	wantError("this is not JSON", -32700)
	wantError(`{"jsonrpc": "2.0", "id": 1, "method": "initialize"`, -32700)
	wantError(`{"hello": "world"}`, -32600)
	wantError(`[]`, -32600)
	send("")
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	if r := next(); r.Error != nil || string(r.ID) != "1" || !strings.Contains(string(r.Result), `"archivist"`) {
		t.Fatalf("initialize after malformed lines: %+v %s", r, r.Result)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	wantError("}{", -32700)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if r := next(); r.Error != nil || string(r.ID) != "2" || !strings.Contains(string(r.Result), "search_documents") {
		t.Fatalf("tools/list: %+v %s", r, r.Result)
	}
}
