// Package docx parses Word documents (Office Open XML, .docx) into
// Archivist's blocks and section tree, with the standard library only:
// archive/zip and encoding/xml.
//
// Paragraphs whose style is a heading — a built-in "Heading 1"–"Heading 9"
// or "Title", a custom style based on one, or any style or paragraph with
// an outline level — open sections; numbered and bulleted paragraphs are
// list items; each table is one table block; text boxes, hyperlinks and
// fields keep their text; footnotes and endnotes come last, each in a
// section of its own. A block's text is the paragraph's text with runs of
// spaces and tabs collapsed; a line break in the paragraph is a "\n".
//
// A DOCX has no source lines, so blocks and sections carry no line
// numbers. Deleted text (tracked changes), hidden text, field codes,
// comments, headers and footers and pictures are left out.
package docx

import (
	"context"
	"errors"
	"fmt"

	"archivist/app"
	"archivist/ingest/internal/srctext"
)

// Parse parses a DOCX file. A file that is not a readable DOCX fails with
// an EInvalid *app.Error ("the DOCX is damaged (…)"); one that expands
// past the limits (MaxPartBytes, MaxTotalBytes, MaxEntries, MaxRatio) with
// an ETooLarge one, before much of it is read.
func Parse(ctx context.Context, src []byte) (*app.Parsed, error) {
	p, err := parseDocx(ctx, src)
	if err != nil {
		if errors.Is(err, errCancelled) && ctx.Err() != nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("docx: %w", err)
	}
	return p, nil
}

func parseDocx(ctx context.Context, src []byte) (*app.Parsed, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	pk, err := openPackage(src)
	if err != nil {
		return nil, err
	}
	rootRels, err := pk.rels("")
	if err != nil {
		return nil, err
	}
	docName := pk.target(rootRels, "/officeDocument", "word/document.xml")
	if docName == "" {
		return nil, damaged("it has no word/document.xml")
	}
	docRels, err := pk.rels(docName)
	if err != nil {
		return nil, err
	}
	w := &walker{
		ctx: ctx,
		p: &app.Parsed{
			Format:   app.FormatDOCX,
			Sections: []app.Section{{Parent: -1}},
		},
		open: []int{0},
		refs: map[string][]string{},
	}
	if name := pk.target(docRels, "/styles", "word/styles.xml"); name != "" {
		if w.styles, err = pk.readStyles(name); err != nil {
			return nil, err
		}
	}
	if err := w.body(pk, docName); err != nil {
		return nil, err
	}
	w.bodySections, w.bodyBlocks = len(w.p.Sections), len(w.p.Blocks)
	for _, n := range []struct{ suffix, def, kind, heading string }{
		{"/footnotes", "word/footnotes.xml", "footnote", "Footnotes"},
		{"/endnotes", "word/endnotes.xml", "endnote", "Endnotes"},
	} {
		if name := pk.target(docRels, n.suffix, n.def); name != "" {
			if err := w.notes(pk, name, n.kind, n.heading); err != nil {
				return nil, err
			}
		}
	}
	title := ""
	if name := pk.target(rootRels, "/core-properties", "docProps/core.xml"); name != "" {
		if title, err = pk.coreTitle(name); err != nil {
			return nil, err
		}
	}
	if w.limit.Err != nil {
		return nil, w.limit.Err
	}
	w.finish(title)
	return w.p, nil
}

// readStyles reads the styles part. A damaged styles part only costs the
// headings their levels, so its syntax errors are not fatal; its size
// limits are.
func (pk *pkg) readStyles(name string) (*styles, error) {
	rc, err := pk.open(name)
	if err != nil || rc == nil {
		return nil, err
	}
	defer rc.Close()
	st, err := readStyles(rc)
	if err != nil {
		return nil, limitError(err)
	}
	return st, nil
}

// finish sets the title: the document's own (core.xml), else its first
// Title-styled paragraph, else its first level-1 heading, else its first
// heading or line of text outside a table. The notes are not the
// document's text.
func (w *walker) finish(title string) {
	p := w.p
	title = srctext.OneLine(title)
	if title == "" {
		title = w.titleText
	}
	heads := p.Sections[1:w.bodySections]
	if title == "" {
		for _, s := range heads {
			if s.Level == 1 {
				title = s.Heading
				break
			}
		}
	}
	if title == "" && len(heads) > 0 {
		title = heads[0].Heading
	}
	for _, b := range p.Blocks[:w.bodyBlocks] {
		if title != "" {
			break
		}
		if b.Kind != app.BlockTable {
			title = srctext.Title(b.Text)
		}
	}
	p.Title = srctext.Truncate(title, srctext.MaxTitle)
	p.Sections[0].Heading = p.Title
}
