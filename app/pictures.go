package app

import (
	"context"
	"strings"
)

// Whether an HTTP provider is shown pictures (ProviderSettings.Images).
// Nothing guesses: an endpoint that does not say it sees images is sent
// text alone until the person says it does.
const (
	// ImagesDetect asks the endpoint which of its models see images
	// (Ollama's model capabilities); an endpoint that does not say is sent
	// text alone, and the reply says so.
	ImagesDetect = ""
	ImagesYes    = "yes" // the person says the model sees images
	ImagesNo     = "no"  // never send pictures to this provider
)

// ImagesSetting normalises a typed Images setting: "yes", "no" or "" for
// detect; anything else is detect too.
func ImagesSetting(s string) string {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "on", "true":
		return ImagesYes
	case "no", "off", "false":
		return ImagesNo
	}
	return ImagesDetect
}

// MaxImagesPerQuestion bounds the pictures sent with one scoring question
// or one answer (docs/design.md §4): a passage holding more is scored in
// subsets, and keeps its highest usefulness.
const MaxImagesPerQuestion = 4

// Picture is one figure's pixels as a provider is shown them: a PNG and
// the words that name it beside the text ("Figure on page 4 of source
// [2]").
type Picture struct {
	Label string
	PNG   []byte
}

// FigureCropper cuts a figure out of its page. box is the figure block's
// box; whole reports that the box could not be used and the PNG is the
// whole page. The document must still be ready with content sha256: a
// document changed or removed since the evidence was read gives an error,
// and nothing is cut.
type FigureCropper interface {
	CropFigure(ctx context.Context, docID, sha256 string, box Rect) (png []byte, whole bool, err error)
}
