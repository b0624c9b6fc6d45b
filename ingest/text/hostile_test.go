package text

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/internal/bounds"
)

// A text file of more paragraphs than a document may hold is refused with
// a message naming the limit.
func TestHostileSizes(t *testing.T) {
	var b strings.Builder
	for i := range bounds.MaxBlocks + 1 {
		fmt.Fprintf(&b, "line %d\n\n", i)
	}
	p, err := Parse(context.Background(), []byte(b.String()))
	var ae *app.Error
	if !errors.As(err, &ae) || ae.Code != app.ETooLarge || !strings.HasPrefix(ae.Message, "too many paragraphs") {
		n := -1
		if p != nil {
			n = len(p.Blocks)
		}
		t.Fatalf("Parse = %d blocks, %v; want too many paragraphs", n, err)
	}
}
