package mcp

import (
	"context"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"archivist/app"
	"archivist/ui/api"
)

// CheckInput is what check_quotes takes: the draft as text, or its bytes.
type CheckInput struct {
	Name          string `json:"name,omitempty" jsonschema:"the draft's file name; its extension names the format (.md, .txt, .docx, .pdf); default draft.md"`
	Text          string `json:"text,omitempty" jsonschema:"the draft as Markdown or plain text"`
	ContentBase64 string `json:"content_base64,omitempty" jsonschema:"the draft's bytes in base64, for DOCX or PDF"`
}

// CheckOutput is check_quotes' structured result: the report /v1/check
// returns, and how many sources were withheld for want of consent.
type CheckOutput struct {
	app.CheckReport
	// Withheld counts quotations whose source is Confidential or
	// Restricted: their status stays, their source text is left out.
	Withheld int `json:"withheld"`
}

func (s *server) checkQuotes(ctx context.Context, req *sdk.CallToolRequest, in CheckInput) (*sdk.CallToolResult, CheckOutput, error) {
	if s.Checker == nil {
		return nil, CheckOutput{}, toolError(app.Errorf(app.EUnsupported, "Checking drafts is not available here."))
	}
	name, data, err := api.CheckRequest{Name: in.Name, Text: in.Text, ContentBase64: in.ContentBase64}.Draft()
	if err != nil {
		return nil, CheckOutput{}, toolError(err)
	}
	if err := s.spend(); err != nil {
		return nil, CheckOutput{}, err
	}
	rep, err := s.Checker.CheckDraft(ctx, name, data)
	if err != nil {
		return nil, CheckOutput{}, toolError(err)
	}
	out := CheckOutput{CheckReport: *rep}
	if !s.cfg.Consent {
		if out.Withheld, err = s.withholdSensitive(ctx, &out.CheckReport); err != nil {
			return nil, CheckOutput{}, toolError(err)
		}
	}
	text := out.Markdown()
	if out.Withheld > 0 {
		text += fmt.Sprintf("\nThe sources of %d quotations are Confidential or Restricted: their text was withheld (it leaves Archivist through MCP only with consent for this connection, --consent-sensitive).\n", out.Withheld)
	}
	return textResult(text + "\n" + untrusted[1:] + "\n"), out, nil
}

// withholdSensitive leaves out the source text of quotations found in
// Confidential or Restricted documents — the quote, the section path (its
// headings), the diff and the words the issues cite — keeping the status,
// the document and the pages the draft's pincite is checked against.
func (s *server) withholdSensitive(ctx context.Context, r *app.CheckReport) (int, error) {
	n := 0
	for i := range r.Quotes {
		q := &r.Quotes[i]
		if q.Source == nil {
			continue
		}
		d, err := s.Library.Document(ctx, q.Source.DocumentID)
		if err != nil {
			return 0, err
		}
		if !d.Sensitivity.NeedsConsent() {
			continue
		}
		n++
		q.Source.Quote, q.Source.Section, q.Diff = "", "", nil
		q.Issues = []string{"the source is Confidential or Restricted: its text is withheld"}
	}
	return n, nil
}
