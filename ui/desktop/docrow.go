package desktop

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// docRow is the template row; its widgets are rebound by updateRow.
type docRow struct {
	check    *widget.Check
	title    *tipLabel
	detail   *tipLabel
	progress *widget.ProgressBarInfinite
	menu     *widget.Button
	doc      app.Document
}

func (v *libraryView) createRow() fyne.CanvasObject {
	r := &docRow{check: widget.NewCheck("", nil), title: newTipLabel(v.ui.tips, "", fyne.TextStyle{}), detail: newTipLabel(v.ui.tips, "", fyne.TextStyle{})}
	r.title.TextStyle.Bold = true
	r.title.Truncation = fyne.TextTruncateEllipsis
	r.detail.SizeName = theme.SizeNameCaptionText
	r.detail.Truncation = fyne.TextTruncateEllipsis
	r.progress = widget.NewProgressBarInfinite()
	r.progress.Hide()
	r.menu = widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), nil)
	r.menu.Importance = widget.LowImportance
	r.menu.OnTapped = func() { v.showRowMenu(r) }
	if v.ui.folders == nil {
		r.menu.Hide()
	}
	lines := container.New(rowLines(), r.title, r.detail)
	// The row's right edge shows the actions menu, or a working bar while
	// the document imports (when it has no actions yet).
	right := container.NewStack(container.NewCenter(r.menu), container.NewCenter(container.NewGridWrap(fyne.NewSize(72, 16), r.progress)))
	box := container.NewBorder(nil, nil, r.check, right, lines)
	v.rows[box] = r
	return box
}

func (v *libraryView) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	if id < 0 || id >= len(v.shown) {
		return
	}
	d := v.shown[id]
	r := v.rows[o]
	if r == nil {
		return
	}
	r.doc = d
	r.check.OnChanged = nil
	r.check.SetChecked(v.selected[d.ID])
	r.check.OnChanged = func(on bool) { v.setSelected(d.ID, on) }
	r.title.SetText(docTitle(d))
	r.detail.Importance = statusImportance(d.Status)
	detail := docDetail(d, v.ui.imports.pages[d.Filename])
	if v.ui.folders != nil && d.Status != app.StatusFailed {
		detail += " · " + sensitivityName(v.placements[d.ID].Sensitivity)
	}
	if !d.ImportedAt.IsZero() {
		detail += " · " + d.ImportedAt.Local().Format("2 Jan 2006")
	}
	r.detail.SetText(detail)
	// Per-document progress while it imports: the working bar, and how
	// far a paged document's parse has got in the detail line.
	if d.Status == app.StatusImporting || d.Status == app.StatusQueued {
		r.progress.Show()
		r.progress.Start()
		r.menu.Hide()
	} else {
		r.progress.Stop()
		r.progress.Hide()
		show(r.menu, v.ui.folders != nil)
	}
}

// sensitivityName is how the list shows a sensitivity; unset is Internal
// (docs/design.md §7) and an unknown value shows as Restricted, as it is treated.
func sensitivityName(s string) string {
	switch strings.ToLower(s) {
	case "public":
		return "Public"
	case "", "internal":
		return "Internal"
	case "confidential":
		return "Confidential"
	}
	return "Restricted"
}

// docTitle is what the list and scope labels call a document.
func docTitle(d app.Document) string {
	if t := strings.TrimSpace(d.Title); t != "" {
		return t
	}
	if d.Filename != "" {
		return d.Filename
	}
	return "Untitled document"
}

// docDetail is a row's second line: format, pages, status — with the pages
// read of the total while a paged document parses — and the reason when
// the import failed.
// readCount is how far an importing document has been read: pages of
// total, by OCR or by its parser.
type readCount struct {
	pages, total int
	ocr          bool
}

func docDetail(d app.Document, read readCount) string {
	parts := []string{formatName(d.Format)}
	if d.Pages > 0 {
		parts = append(parts, plural(d.Pages, "page", "pages"))
	}
	switch d.Status {
	case app.StatusQueued:
		parts = append(parts, "Queued")
	case app.StatusImporting:
		if read.total > 0 {
			what := "Importing… page "
			if read.ocr {
				what = "Importing… OCR page "
			}
			parts = append(parts, what+strconv.Itoa(read.pages)+" of "+strconv.Itoa(read.total))
		} else {
			parts = append(parts, "Importing…")
		}
	case app.StatusReady:
		parts = append(parts, "Ready")
		if d.OriginalRemoved {
			parts = append(parts, "Original removed (the library keeps its copy)")
		}
	case app.StatusFailed:
		if d.Error != "" {
			parts = append(parts, "Failed: "+d.Error)
		} else {
			parts = append(parts, "Failed")
		}
	default:
		if d.Status != "" {
			parts = append(parts, string(d.Status))
		}
	}
	return strings.Join(parts, " · ")
}

func formatName(f app.Format) string {
	switch f {
	case app.FormatText:
		return "Text"
	case app.FormatMarkdown:
		return "Markdown"
	case app.FormatPDF:
		return "PDF"
	case app.FormatHTML:
		return "HTML"
	case app.FormatDOCX:
		return "DOCX"
	case app.FormatImage:
		return "Image"
	case "":
		return "Unknown format"
	}
	return string(f)
}

func statusImportance(s app.Status) widget.Importance {
	switch s {
	case app.StatusFailed:
		return widget.DangerImportance
	case app.StatusQueued, app.StatusImporting:
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

// rowLines sets a row's detail line straight under its title, as two
// lines of one paragraph: each label's inner padding above and below
// would otherwise add a blank line's worth to every row, and the list
// showed fewer than eight rows in a 1024×768 window.
func rowLines() fyne.Layout {
	return layout.NewCustomPaddedVBoxLayout(-theme.InnerPadding() - theme.InnerPadding()*3/4)
}
