package pdf

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"archivist/app"
)

// TestEmptyUserPasswordOpens encrypts a document with AES-128 (R4) and
// AES-256 (R5) through pdfcpu: with an empty user password it opens
// without asking, as in every viewer; with a user password it asks, and
// opens with it.
func TestEmptyUserPasswordOpens(t *testing.T) {
	src := cycleDoc("", "", nil)
	e := testEngine(t)
	ctx := context.Background()
	for _, bits := range []int{128, 256} {
		for _, user := range []string{"", "secret"} {
			var out bytes.Buffer
			if err := api.Encrypt(bytes.NewReader(src), &out, model.NewAESConfiguration(user, "owner", bits)); err != nil {
				t.Fatal(err)
			}
			p, err := e.Parse(ctx, out.Bytes(), "")
			switch {
			case user == "" && (err != nil || len(p.Blocks) == 0 || !strings.Contains(p.Blocks[0].Text, "keeper")):
				t.Errorf("AES-%d, empty user password: %v", bits, err)
			case user != "" && !IsPasswordRequired(err):
				t.Errorf("AES-%d, user password, none given: %v, want a password request", bits, err)
			case user != "":
				if p, err := e.Parse(ctx, out.Bytes(), user); err != nil || len(p.Blocks) == 0 {
					t.Errorf("AES-%d with its user password: %v", bits, err)
				}
				if app.ErrorMessage(err) != "" && strings.ContainsAny(app.ErrorMessage(err), ":;") {
					t.Errorf("message %q", app.ErrorMessage(err))
				}
			}
		}
	}
}
