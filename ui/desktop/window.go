// Package desktop is Archivist's main window: the document list, the omnibox, the
// research drawer with its citation view, and import progress. It sees the
// archive only through app.Library and app.Research, so its tests use fakes.
package desktop

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// defaultWindowSize is the size the design is checked at; a smaller screen
// gets a window that fits it (fitToScreen), down to 1024×768.
var defaultWindowSize = fyne.NewSize(1280, 800)

// UI is the main window's content and the state shared by its views. All
// fields are touched on the Fyne UI goroutine only; work that may block runs
// in its own goroutine and comes back through do.
type UI struct {
	fapp     fyne.App
	win      fyne.Window
	lib      app.Library
	research app.Research
	checker  app.DraftChecker // nil: no "Check a draft…"

	// do runs f on the UI goroutine: fyne.Do in the app. Tests queue the
	// calls instead and run them from the test goroutine, which keeps the
	// widgets single-threaded there too.
	do func(f func())

	ctx    context.Context // cancelled by Close; every Library and Research call uses it
	cancel context.CancelCauseFunc

	asking bool // a question is in flight; the next waits for it

	// imports counts the imports running off the UI goroutine, so that
	// Wait can hold the library open until those Close stopped have put
	// their jobs back in the queue.
	importing sync.WaitGroup

	// folders is lib's filing side when it has one: the folder tree, the
	// trash, sensitivity, originals and the omnibox lookup. filer proposes
	// folders for new documents (setFiler). open opens a file or shows it
	// in the file manager; tests replace it.
	folders app.Folders
	filer   app.Filer
	open    func(path string, reveal bool) error

	library *libraryView
	search  *searchView // nil until setSearch
	omni    *omnibox
	drawer  *drawer
	imports *importPanel
	watch   *watchPanel
	filing  *filingPanel
	reviews *reviewsPanel
	notices *notices // the top bar's line over imports, filing, suggestions and reviews
	split   *container.Split
	tips    *tooltipLayer

	searchToggle *widget.Button
	showAnswers  *widget.Button // brings the hidden drawer back
	settings     *settingsStore
	providers    Providers
	settingsWin  fyne.Window
	ocr          OCRSettings // the settings window's OCR section (ocrsettings.go)
	settingsView *settingsView
	localAPI     *localAPI // the settings switch of the local API; nil without setLocalAPI

	// exportEvidence and openOriginal are Services'; nil hides their
	// actions.
	exportEvidence func(ctx context.Context, ans *app.Answer, question string, out string) error
	openOriginalAt func(documentID string, page int) error
	// onDelete moves the selected documents to the trash: the Delete key
	// calls it when no text field has the keyboard.
	onDelete func()
	// conv is the drawer's conversation, nil until its first question.
	conv app.Conversation
	// followTurn is the answer the next question follows up ("Follow
	// up"), nil for a new question.
	followTurn *turn

	// onImport, when set, replaces the Ctrl/⌘-I file picker (the library
	// view's File → Import…); tests set it.
	onImport func()

	// facts is the ledger of extracted dates (setFacts); dates its window.
	facts       app.Facts
	dates       *datesView
	datesButton *widget.Button
	topButtons  *fyne.Container
	topRow      *fyne.Container // the name, the omnibox and topButtons

	// screen is the room the screen gives a window, in the window's units
	// (fitToScreen); zero where it was not measured.
	screen fyne.Size
}

// Services are what the window is built with. Library and Research are
// required; every other field may be nil (or zero), and the feature it
// serves is then off: its button, menu item or settings section is not
// shown.
type Services struct {
	Library  app.Library
	Research app.Research

	// Providers connects the settings to real providers (settings.go).
	Providers Providers
	// OCR is the settings window's OCR section (ocrsettings.go).
	OCR *OCRSettings
	// Filer proposes a folder for every document the window imports.
	Filer app.Filer
	// Search gives the window its Search screen; Suggester proposes
	// metadata from a row's menu and for new documents, SuggestAuto keeps
	// the "apply suggestions automatically" setting.
	Search      SearchArchive
	Suggester   app.MetaSuggester
	SuggestAuto SuggestAuto
	// Facts is the ledger of extracted dates: the top bar offers Dates.
	Facts app.Facts
	// Watcher shows the watched folders it keeps; call UI.WatchChanged
	// whenever a folder's state changes.
	Watcher app.Watcher
	// LocalAPI offers the "Local API" switch in settings.
	LocalAPI *LocalAPI
	// OpenOriginal opens a document's original file in the system's
	// viewer, at page (1-based) when the viewer can; page is 0 for formats
	// without pages. It may block; it runs off the UI goroutine.
	OpenOriginal func(documentID string, page int) error
	// ExportEvidence writes the evidence behind an answer to the PDF out;
	// the drawer then offers "Export evidence…".
	ExportEvidence func(ctx context.Context, ans *app.Answer, question string, out string) error
	// Checker checks drafts' quotations: File offers "Check a draft…".
	Checker app.DraftChecker
	// Reviews are the proposals of the reviews after imports: where
	// related older documents belong. The notification line offers them.
	Reviews app.Reviews
}

// New builds the main window's content into w from s, registers Ctrl+K
// (focus the omnibox) and makes files dropped on the window import. It
// starts loading the document list at once; the window can be shown
// straight after.
func New(a fyne.App, w fyne.Window, s Services) *UI {
	return NewWith(a, w, s, fyne.Do)
}

// NewWith is New with do running the window's updates from other
// goroutines, where New uses fyne.Do. The headless test driver runs
// fyne.Do at once on the calling goroutine, so a program painting the
// window itself there (`archivist bench`) passes a queue it drains on its
// own goroutine between frames.
func NewWith(a fyne.App, w fyne.Window, s Services, do func(func())) *UI {
	u := newUI(a, w, s, do)
	w.SetOnDropped(u.Drop)
	return u
}

// newUI builds the window and connects the services s has.
func newUI(a fyne.App, w fyne.Window, s Services, do func(func())) *UI {
	u := build(a, w, s.Library, s.Research, do)
	u.exportEvidence, u.openOriginalAt = s.ExportEvidence, s.OpenOriginal
	if s.OCR != nil {
		u.setOCR(*s.OCR)
	}
	if s.Filer != nil {
		u.setFiler(s.Filer)
	}
	if s.Search != nil {
		u.setSearch(s.Search, s.Suggester)
	}
	if s.SuggestAuto != nil {
		u.setSuggestAuto(s.SuggestAuto)
	}
	if s.Facts != nil {
		u.setFacts(s.Facts)
	}
	if s.Providers.Apply != nil {
		u.setProviders(s.Providers)
	}
	if s.Watcher != nil {
		u.setWatcher(s.Watcher)
	}
	if s.LocalAPI != nil {
		u.setLocalAPI(*s.LocalAPI)
	}
	if s.Checker != nil {
		u.setChecker(s.Checker)
	}
	if s.Reviews != nil {
		u.setReviews(s.Reviews)
	}
	return u
}

// build makes the window's views over lib and research.
func build(a fyne.App, w fyne.Window, lib app.Library, research app.Research, do func(func())) *UI {
	u := &UI{fapp: a, win: w, lib: lib, research: research, open: systemOpen}
	u.ctx, u.cancel = context.WithCancelCause(context.Background())
	// Work that finishes after Close has no window to show in: its
	// results are dropped (a list reloaded after the app quit refreshed
	// widgets already torn down).
	u.do = func(f func()) {
		do(func() {
			if u.ctx.Err() == nil {
				f()
			}
		})
	}
	u.folders, _ = lib.(app.Folders)

	u.settings = newSettingsStore(a)
	st := u.settings.load()
	// Before any widget exists: widgets drawn under one theme and switched
	// in the same frame kept some of the old colours.
	a.Settings().SetTheme(themeFor(st.Theme))
	u.tips = newTooltipLayer()
	u.imports = newImportPanel(u)
	u.filing = newFilingPanel(u)
	u.reviews = newReviewsPanel(u)
	u.notices = newNotices(u)
	u.watch = newWatchPanel(u)
	u.library = newLibraryView(u)
	u.omni = newOmnibox(u)
	u.drawer = newDrawer(u)

	u.split = container.NewHSplit(u.library.content, u.drawer.content)
	u.split.Offset = u.splitFor(defaultWindowSize.Width)

	w.SetContent(container.NewStack(container.NewBorder(u.topBar(), nil, nil, nil, u.split), u.tips.layer))
	w.SetMainMenu(fyne.NewMainMenu(u.fileMenu(), u.helpMenu()))
	w.Resize(defaultWindowSize)
	u.fitToScreen()
	u.bindKeys()
	u.onDelete = u.library.trashSelected

	u.drawer.preset.SetSelected(presetLabel(st.Preset))

	u.library.reload()
	return u
}

// splitFor is the share of a window width wide the library takes beside
// the drawer: the design's share, but never so little that the list is
// squeezed beside the folder tree in a small window.
func (u *UI) splitFor(width float32) float64 {
	share, least := 0.38, float32(400)
	if u.folders != nil {
		share, least = 0.52, 600 // room for the folder tree beside the list
	}
	if width <= 0 {
		return share
	}
	return max(share, float64(least/width))
}

// Refresh reloads the document list, e.g. after imports that did not start
// from this window (a resumed import queue, the CLI). Safe from any goroutine.
func (u *UI) Refresh() {
	u.do(func() {
		u.library.reload()
		u.reviews.reload() // a watched folder's import was reviewed
	})
}

// Close cancels imports and questions still running. Call it when the
// window closes; results that arrive later are dropped. Imports it stops
// are resumed at the next start rather than marked failed.
func (u *UI) Close() { u.cancel(app.ErrQuitting) }

// Wait waits, after Close, for the imports Close stopped to end: each puts
// its job back in the queue without counting its start. Call it before
// closing the library, off the UI goroutine or once the window's loop has
// ended: a library closed under a running import left its job counted as
// a start that crashed.
func (u *UI) Wait() { u.importing.Wait() }

// Drop imports the local files and folders among uris; it is the window's
// drop handler. Drafts dropped on the research drawer are checked instead
// (dropDrafts). Anything that is not a local file is reported in the import
// panel rather than ignored silently.
func (u *UI) Drop(pos fyne.Position, uris []fyne.URI) {
	var paths []string
	skipped := 0
	for _, uri := range uris {
		if uri == nil || uri.Scheme() != "file" || uri.Path() == "" {
			skipped++
			continue
		}
		paths = append(paths, uri.Path())
	}
	if skipped > 0 {
		u.imports.note(plural(skipped, "dropped item is", "dropped items are") + " not a local file and cannot be imported.")
	}
	paths = u.dropDrafts(pos, paths)
	if len(paths) > 0 {
		u.imports.enqueue(paths)
	}
}

func (u *UI) topBar() fyne.CanvasObject {
	name := widget.NewLabelWithStyle("Archivist", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.SizeName = theme.SizeNameSubHeadingText
	settings := widget.NewButtonWithIcon("", theme.SettingsIcon(), u.ShowSettings)
	u.searchToggle = widget.NewButtonWithIcon("Search", theme.SearchIcon(), u.toggleSearch)
	u.searchToggle.Hide() // until setSearch
	u.datesButton = widget.NewButtonWithIcon("Dates", theme.HistoryIcon(), u.ShowDates)
	u.datesButton.Hide() // until setFacts
	// Shown while Esc has hidden the answers drawer: brings it back
	// (Ctrl/⌘-J does too).
	u.showAnswers = widget.NewButtonWithIcon("Answers", theme.MenuExpandIcon(), func() { u.showDrawer(true) })
	u.showAnswers.Hide()
	u.topButtons = container.NewHBox(u.omni.askButton, u.showAnswers, u.notices.content, u.searchToggle, u.datesButton, settings)
	u.topRow = container.NewBorder(nil, nil, name, u.topButtons, u.omni.entry)
	return container.NewVBox(container.NewPadded(u.topRow), u.omni.follow, u.omni.results, widget.NewSeparator())
}

// ask sends text as a question in the drawer's current scope and preset.
// One question runs at a time; the omnibox is emptied once it is sent.
func (u *UI) ask(text string) {
	u.askIn(text, u.followsUp(strings.TrimSpace(text)), false)
}

// askIn asks text; follows says whether it follows up the newest answer,
// keep keeps the conversation even when it does not (the same question
// asked again once consent is given).
func (u *UI) askIn(text string, follows, keep bool) {
	text = strings.TrimSpace(text)
	if text == "" || u.asking {
		return
	}
	q := app.Question{Text: text, Scope: u.drawer.scope, Preset: u.drawer.presetValue()}
	if !follows && !keep {
		u.endConversation() // a new question: nothing of the last answer is carried
	}
	u.setFollowUp(nil)
	ctx, cancel := context.WithCancel(u.ctx)
	t := u.drawer.startTurn(q, cancel)
	t.markFollowUp(follows)
	u.showDrawer(true)
	u.asking = true
	u.omni.setBusy(true)
	u.omni.entry.SetText("")
	u.drawer.askCancel = cancel
	ctx = app.WithProgress(ctx, func(p app.AskProgress) {
		u.do(func() { u.drawer.showProgress(t, p) })
	})
	conv := u.conversation()
	go func() {
		var ans *app.Answer
		var err error
		if conv != nil {
			ans, err = conv.Ask(ctx, q.Text, q.Preset, nil)
		} else {
			ans, err = u.research.Ask(ctx, q)
		}
		u.do(func() {
			cancel()
			u.asking = false
			u.omni.setBusy(false)
			u.drawer.finishTurn(t, ans, err)
			if app.ErrorCode(err) == app.EConsentRequired && conv != nil && conv == u.conv {
				u.askConsent(conv, q.Text, follows)
			}
		})
	}()
}

// followsUp says whether text is asked as a follow-up of the newest
// answer, which then carries its cited sources into the question: when the
// person chose "Follow up" on it, or when text plainly points back
// (pointsBack). Any other question is a new one — carrying an unrelated
// answer's sources brought unrelated documents into its answer.
func (u *UI) followsUp(text string) bool {
	last := u.drawer.lastAnswered()
	if last == nil {
		return false
	}
	return u.followTurn == last || pointsBack(text)
}

// setFollowUp makes the next question a follow-up of t's answer (nil: a
// new question), and says so under the omnibox.
func (u *UI) setFollowUp(t *turn) {
	u.followTurn = t
	u.omni.showFollowUp(t)
}

// conversation returns the drawer's conversation, starting one in the
// drawer's scope when there is none; nil when the research answers single
// questions only. Follow-ups then carry the sources the previous answer
// cited.
func (u *UI) conversation() app.Conversation {
	cs, ok := u.research.(app.Conversations)
	if !ok {
		return nil
	}
	if u.conv == nil {
		u.conv = cs.StartConversation(u.drawer.scope)
	}
	return u.conv
}

// endConversation forgets the drawer's conversation and any consent given
// in it: Clear and a change of scope start a new one.
func (u *UI) endConversation() {
	if u.conv != nil {
		u.conv.Clear()
	}
	u.conv = nil
}

// askConsent asks whether Confidential and Restricted documents may be sent
// to the configured providers for this conversation, and asks text again
// when the person agrees.
func (u *UI) askConsent(conv app.Conversation, text string, follows bool) {
	recv := conv.Receiver()
	if recv == "" {
		recv = "the configured provider"
	}
	dialog.ShowConfirm("Send confidential documents?",
		"Some documents in scope are Confidential or Restricted.\n"+
			"Send their text to "+recv+" for this conversation?\n"+
			"Consent ends with this question and its follow-ups.",
		func(ok bool) {
			if !ok || conv != u.conv {
				return
			}
			conv.SetConsent(true)
			u.askIn(text, follows, true)
		}, u.win)
}

// plural returns "1 file" or "3 files" style phrases.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// noGapVBox stacks labels as lines of one block: their own inner padding
// already separates them.
func noGapVBox() fyne.Layout {
	return layout.NewCustomPaddedVBoxLayout(-2 * theme.Padding())
}
