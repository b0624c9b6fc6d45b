package mcp

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
)

// A line past the bound is read to its end and dropped with a parse error,
// in bounded memory; the next line is passed on whole.
func TestOverlongLineIsRefused(t *testing.T) {
	const ping = `{"jsonrpc":"2.0","id":7,"method":"ping"}` + "\n"
	in := strings.Repeat("x", 200) + "\n" + ping
	var replies bytes.Buffer
	f := &lineFilter{in: bufio.NewReaderSize(strings.NewReader(in), 16), reply: &replies, max: 64}
	got, err := io.ReadAll(f)
	if err != nil || string(got) != ping {
		t.Fatalf("passed on %q, %v; want only the ping", got, err)
	}
	if !strings.Contains(replies.String(), `"code":-32700`) || strings.Count(replies.String(), "\n") != 1 {
		t.Fatalf("replies %q; want one parse error", replies.String())
	}
}
