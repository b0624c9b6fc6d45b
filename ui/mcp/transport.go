package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Stdio is the transport `archivist mcp` serves over: newline-delimited
// JSON-RPC read from r and written to w, as the SDK's IOTransport, except
// that a line which is not JSON is answered with a -32700 parse error, one
// which is JSON but no JSON-RPC message with -32600, and a line longer than
// the SDK reads with -32700; the server then reads the next line. The SDK's
// transport ends the connection on any of these (its decoder stops at the
// first error), and JSON-RPC asks for the error reply instead, so each line
// is checked here before the SDK sees it. Neither r nor w is closed.
func Stdio(r io.Reader, w io.Writer) sdk.Transport {
	out := &lockedWriter{w: w}
	return &sdk.IOTransport{
		Reader: &lineFilter{in: bufio.NewReaderSize(r, 64<<10), reply: out, max: sdk.DefaultMaxLineLength},
		Writer: out,
		// The filter bounds each line; the SDK's bound stays as a second
		// guard above it.
		MaxLineLength: 2 * sdk.DefaultMaxLineLength,
	}
}

// lockedWriter serialises writes: the SDK writes each message in one Write,
// and the filter's error replies must not land inside one of them.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }

// lineFilter passes on the lines that are JSON-RPC messages and answers the
// others itself.
type lineFilter struct {
	in      *bufio.Reader
	reply   io.Writer
	max     int
	pending []byte // the rest of a valid line not yet read
	err     error  // the input's error, given once pending is read
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		line, err := f.readLine()
		f.err = err
		if line == nil {
			continue
		}
		if code, msg := check(line); code != 0 {
			if err := f.refuse(code, msg); err != nil {
				return 0, err
			}
			continue
		}
		f.pending = line
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

func (f *lineFilter) Close() error { return nil }

// readLine returns the next line with its newline, or nil for a blank one
// and for one past the bound (answered here); err is the input's error.
func (f *lineFilter) readLine() ([]byte, error) {
	var line []byte
	long := false
	for {
		chunk, err := f.in.ReadSlice('\n')
		if !long {
			line = append(line, chunk...)
			if len(line) > f.max {
				long, line = true, nil
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if long {
			if rerr := f.refuse(jsonrpc.CodeParseError, "Parse error: the line is longer than the server reads."); rerr != nil {
				return nil, rerr
			}
			return nil, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			line = nil
		}
		return line, err
	}
}

// check returns the JSON-RPC error code for a line the SDK cannot take, 0
// when it can.
func check(line []byte) (int, string) {
	line = bytes.TrimSpace(line)
	if !json.Valid(line) {
		return jsonrpc.CodeParseError, "Parse error: the line is not JSON."
	}
	msgs := []json.RawMessage{line}
	if line[0] == '[' {
		if err := json.Unmarshal(line, &msgs); err != nil || len(msgs) == 0 {
			return jsonrpc.CodeInvalidRequest, "Invalid request: an empty batch."
		}
	}
	for _, m := range msgs {
		if _, err := jsonrpc.DecodeMessage(m); err != nil {
			return jsonrpc.CodeInvalidRequest, "Invalid request: the line is JSON but not a JSON-RPC 2.0 message."
		}
	}
	return 0, ""
}

// refuse writes an error response whose id is null, as JSON-RPC has it
// when the request's id could not be read.
func (f *lineFilter) refuse(code int, msg string) error {
	data, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
	if err != nil {
		return err
	}
	_, err = f.reply.Write(append(data, '\n'))
	return err
}
