package api

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// patience bounds how long a test client waits for the server: far above
// the deadlines under test, so only a server that never gives up reaches it.
const patience = 20 * time.Second

// listenHostile serves the hostile test parts on a loopback port.
func listenHostile(t *testing.T, cfg Config) string {
	t.Helper()
	cfg.Token, cfg.NewID = testToken, func() string { return "id" }
	r, err := Listen(context.Background(), "127.0.0.1:0", cfg, Parts{Library: fakeLibrary{n: 3}, Importer: nullImporter{}}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		r.Shutdown(ctx)
	})
	return r.Addr.String()
}

// rawRequest opens a connection and sends head (the request line and
// headers, without the blank line) and the start of a body.
func rawRequest(t *testing.T, addr, head, body string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := io.WriteString(c, strings.ReplaceAll(head, "\n", "\r\n")+"\r\n\r\n"+body); err != nil {
		t.Fatal(err)
	}
	return c
}

// answer reads the server's response on c, failing if the server neither
// answers nor closes within patience.
func answer(t *testing.T, c net.Conn) *http.Response {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(patience))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatal("the server held the connection: no answer, no close")
	}
	if err != nil {
		return nil // closed without an answer: let go, which is what counts
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// A client with the token that sends its headers and then stalls, or
// trickles, its body is cut off by the body deadlines.
func TestSlowBodyIsCutOff(t *testing.T) {
	head := "POST /v1/import HTTP/1.1\nHost: localhost\nAuthorization: Bearer " + testToken +
		"\nContent-Type: application/json\nContent-Length: 1000"
	t.Run("Stalled", func(t *testing.T) {
		addr := listenHostile(t, Config{BodyIdleTimeout: 50 * time.Millisecond})
		c := rawRequest(t, addr, head, `{"paths": [`)
		if resp := answer(t, c); resp != nil && resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("status %d, want 400 or a closed connection", resp.StatusCode)
		}
	})
	t.Run("Trickled", func(t *testing.T) {
		// A byte every 10 ms never pauses long enough for the idle
		// deadline; the whole-body deadline ends it.
		addr := listenHostile(t, Config{BodyIdleTimeout: time.Minute, BodyTimeout: 200 * time.Millisecond})
		c := rawRequest(t, addr, strings.Replace(head, "1000", "100000", 1), `{"paths": [`)
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			for {
				select {
				case <-stop:
					return
				case <-time.After(10 * time.Millisecond):
					if _, err := c.Write([]byte(" ")); err != nil {
						return
					}
				}
			}
		}()
		answer(t, c)
	})
	t.Run("InTimeIsServed", func(t *testing.T) {
		addr := listenHostile(t, Config{BodyIdleTimeout: 5 * time.Second})
		body := `{"paths": []}`
		c := rawRequest(t, addr, strings.Replace(head, "1000", "13", 1), body)
		// Refused for naming no path: the body was read whole.
		if resp := answer(t, c); resp == nil || resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("response %+v", resp)
		}
	})
}

// A request refused before its body is wanted (no token) is answered and
// its connection closed without waiting for the body: net/http would
// otherwise read up to 256 KB of it, as slowly as the client sends it,
// before answering.
func TestRefusedBodyIsNotRead(t *testing.T) {
	addr := listenHostile(t, Config{})
	c := rawRequest(t, addr, "POST /v1/import HTTP/1.1\nHost: localhost\nContent-Type: application/json\nContent-Length: 100000", "{")
	resp := answer(t, c)
	if resp == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("response %+v, want 401", resp)
	}
	if !resp.Close {
		t.Error("the connection stays open for the rest of the body")
	}
}

// Connections past the cap are not served until one closes.
func TestConnectionCap(t *testing.T) {
	addr := listenHostile(t, Config{MaxConns: 2, ReadHeaderTimeout: time.Minute})
	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		held = append(held, c)
	}
	served := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("GET", "http://"+addr+"/v1/documents", nil)
		req.Header.Set("Authorization", "Bearer "+testToken)
		resp, err := (&http.Client{Timeout: patience}).Do(req)
		if err != nil {
			served <- 0
			return
		}
		resp.Body.Close()
		served <- resp.StatusCode
	}()
	select {
	case code := <-served:
		t.Fatalf("a third connection was served (%d) while two were open and the cap is 2", code)
	case <-time.After(300 * time.Millisecond):
	}
	held[0].Close()
	if code := <-served; code != http.StatusOK {
		t.Fatalf("after a connection closed: status %d, want 200", code)
	}
}

// Once the body is in, its deadline is lifted: a request that runs longer
// than the idle deadline after reading its body (an answer being written)
// is not cancelled by it.
func TestBodyDeadlineEndsWithTheBody(t *testing.T) {
	s := New(Config{Token: testToken, BodyIdleTimeout: 20 * time.Millisecond}, Parts{})
	t.Cleanup(s.Close)
	ctxErr := make(chan error, 1)
	hs := httptest.NewServer(s.guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.ReadAll(r.Body)
		r.Body.Read(make([]byte, 1))       // a decoder may read past the end
		time.Sleep(200 * time.Millisecond) // ten idle deadlines
		ctxErr <- r.Context().Err()
	})))
	t.Cleanup(hs.Close)
	req, _ := http.NewRequest("POST", hs.URL, strings.NewReader(`{"question": "?"}`))
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if err := <-ctxErr; err != nil {
		t.Fatalf("the request was cancelled after its body was read: %v", err)
	}
}
