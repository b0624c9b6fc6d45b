package ingest

import (
	"context"

	"archivist/app"
)

// builder returns the passage builder in use and its version.
func (im *Importer) builder() (func(docID, title string, p *app.Parsed) []app.Passage, int) {
	if im.Passages == nil {
		return BuildPassages, IndexVersion
	}
	return im.Passages, im.PassagesVersion
}

// Reindex rebuilds the passages of every document built by an older
// passage builder — or of every document, when all is set — from the
// stored blocks: no original is parsed again, and block IDs, text and
// coordinates stay exactly as they were. It returns how many documents it
// rebuilt.
func (im *Importer) Reindex(ctx context.Context, all bool) (int, error) {
	build, version := im.builder()
	target := version
	if all {
		target = int(^uint(0) >> 1)
	}
	ids, err := im.DB.StaleDocuments(ctx, target)
	if err != nil {
		return 0, err
	}
	rebuilt := 0
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return rebuilt, err
		}
		if !all && im.Passages == nil {
			same, err := im.cutAlike(ctx, id)
			if err != nil {
				return rebuilt, err
			}
			if same {
				if err := im.DB.MarkIndexVersion(ctx, id, version); err != nil {
					return rebuilt, err
				}
				continue
			}
		}
		parsed, title, err := im.DB.StoredParse(ctx, id)
		if err != nil {
			return rebuilt, err
		}
		if err := im.DB.ReplacePassages(ctx, id, build(id, title, parsed), version); err != nil {
			return rebuilt, err
		}
		rebuilt++
	}
	return rebuilt, nil
}

// slideOnlySince is the oldest passage builder whose successors up to
// IndexVersion changed slide decks alone.
const slideOnlySince = 2

// cutAlike reports whether this passage builder cuts a stale document
// exactly as the builder that made its passages did, judged without
// reading its blocks: versions 3 and 4 changed only slide decks
// (isSlideDeck: 3 ended passages at each slide, 4 made each slide one
// passage whatever its headings), so a version-2 or -3 document whose
// pages are not mostly wider than tall keeps its passages. A large library
// then pays for the change only where it changes something.
func (im *Importer) cutAlike(ctx context.Context, id string) (bool, error) {
	v, err := im.DB.IndexVersion(ctx, id)
	if err != nil || v < slideOnlySince || v >= IndexVersion {
		return false, err
	}
	rows, err := im.DB.Pages(ctx, id)
	if err != nil {
		return false, err
	}
	p := &app.Parsed{}
	for _, r := range rows {
		p.PageInfo = append(p.PageInfo, r.Page)
	}
	return !mostlyWide(p), nil
}

// Upgrade rebuilds the passages of documents built by an older passage
// builder. Research calls it before each question, so a document found
// with an old version is brought up to date before it is read; when
// nothing is stale it costs one small query.
func (im *Importer) Upgrade(ctx context.Context) error {
	_, err := im.Reindex(ctx, false)
	return err
}
