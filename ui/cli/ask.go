package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"archivist/app"
	"archivist/retrieve"
	"archivist/retrieve/route"
)

// The ask command: a question, its providers,
// privacy checks and follow-ups.

// askFlags are the flags of ask that configure the providers.
type askFlags struct {
	answerer, endpoint, model        string
	judge, judgeEndpoint, judgeModel string
	images, judgeImages              string // detect, yes or no: whether the model is sent pictures
	egressOK, consent                bool
}

var askCommand = &Command{
	Name: "ask",
	Args: "[--doc ID]... [--view NAME | --query QUERY] [--preset focused|balanced|detailed] " +
		"[--answerer extractive|openai --endpoint URL --model NAME [--images detect|yes|no]] " +
		"[--judge local|systemone|openai --judge-endpoint URL --judge-model NAME [--judge-images detect|yes|no]] " +
		"[--egress-ok] [--consent-sensitive] [--follow-up TOKEN] [--json [--trace]] QUESTION",
	Summary: "answer a question from the library, every claim cited (offline unless a model is named)",
	Help: "Keys come from the environment, never from flags: ARCHIVIST_API_KEY for the answerer,\n" +
		"ARCHIVIST_JUDGE_API_KEY for the decision provider (or the answerer's key when both are on the same host).\n" +
		"With --json an error is printed as {\"error\": {\"code\", \"message\"}} on standard output.",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		var docs stringList
		var f askFlags
		fs.Var(&docs, "doc", "limit the question to this document ID (repeatable, at most 100)")
		preset := fs.String("preset", "balanced", "focused, balanced or detailed")
		asJSON := fs.Bool("json", false, "print the answer as JSON")
		withTrace := fs.Bool("trace", false, "with --json: add how the evidence was found")
		f.register(fs)
		followUp := fs.String("follow-up", "", "ask a follow-up of the stored answer with this trace token")
		view := fs.String("view", "", "limit the question to the documents of this saved view")
		scopeQuery := fs.String("query", "", "limit the question to the documents this search query finds")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) == 0 {
				return c.Usage("ask a question")
			}
			switch *preset {
			case "focused", "balanced", "detailed":
			default:
				return c.Usage("unknown preset %q (focused, balanced or detailed)", *preset)
			}
			if _, err := f.settings(); err != nil {
				return err // a bad --images or --judge-images, before the library opens
			}
			ans, body, tr, err := ask(ctx, c, askRequest{flags: f, docs: docs, preset: *preset, followUp: *followUp,
				view: *view, query: *scopeQuery, question: strings.Join(c.Args, " ")})
			var usage usageError
			if errors.As(err, &usage) {
				return err
			}
			if err != nil && *asJSON {
				printError(c.Stdout, err)
				return failed
			}
			if err != nil {
				return err
			}
			if *asJSON && *withTrace {
				// The trace joins the answer's fields; replay keeps the answer alone.
				return printJSON(c.Stdout, struct {
					*app.Answer
					Trace *route.Trace `json:"trace"`
				}{ans, tr})
			}
			if *asJSON {
				_, err := c.Stdout.Write(body)
				return err
			}
			printAnswer(c.Stdout, ans)
			return nil
		}
	},
}

// register defines the flags that fill f.
func (f *askFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.answerer, "answerer", "extractive", "extractive (offline) or openai (an OpenAI-compatible chat endpoint)")
	fs.StringVar(&f.endpoint, "endpoint", "ollama", "with --answerer openai: ollama, llamacpp or a base URL")
	fs.StringVar(&f.model, "model", "", "with --answerer openai: the model name")
	fs.StringVar(&f.judge, "judge", "local", "decision provider: local (offline), systemone or openai")
	fs.StringVar(&f.judgeEndpoint, "judge-endpoint", "", "with --judge systemone or openai: the base URL (openai also takes ollama or llamacpp)")
	fs.StringVar(&f.judgeModel, "judge-model", "", "with --judge systemone or openai: the model name")
	fs.StringVar(&f.images, "images", "detect", "with --answerer openai: send the model crops of figures — detect (ask the endpoint), yes or no")
	fs.StringVar(&f.judgeImages, "judge-images", "detect", "with --judge openai: send the decision model crops of figures — detect, yes or no")
	fs.BoolVar(&f.egressOK, "egress-ok", false, "acknowledge, and remember, that evidence is sent to the endpoints outside this machine")
	fs.BoolVar(&f.consent, "consent-sensitive", false, "consent to sending Confidential and Restricted text to the model and decision provider")
}

// askRequest is one ask command line.
type askRequest struct {
	flags                 askFlags
	docs                  []string
	preset, followUp      string
	view, query, question string
}

// ask configures the providers the flags name and asks one question of a
// conversation, as in the drawer: a new one, or the stored one --follow-up
// names.
func ask(ctx context.Context, c *Call, r askRequest) (*app.Answer, []byte, *route.Trace, error) {
	lib, err := c.Library(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := configure(ctx, lib, r.flags); err != nil {
		return nil, nil, nil, err
	}
	scope := app.Scope{DocumentIDs: r.docs}
	if r.view != "" || r.query != "" {
		if scope, err = queryScope(ctx, lib.DB, r.view, r.query, r.docs); err != nil {
			return nil, nil, nil, queryUsage(c, err)
		}
	}
	conv := lib.Research.NewConversation(scope)
	if r.followUp != "" {
		if conv, err = lib.Research.Resume(ctx, r.followUp, scope); err != nil {
			return nil, nil, nil, err
		}
	}
	conv.SetConsent(r.flags.consent)
	return conv.AskWith(ctx, r.question, app.ParsePreset(r.preset), retrieve.AskOptions{})
}

// verdictWords say what each verdict means to a reader.
var verdictWords = map[app.Verdict]string{
	app.VerdictAnswered: "answered — the quoted passage holds the value asked",
	app.VerdictComputed: "computed — derived from the cited figures, arithmetic shown",
	app.VerdictClosest:  "not found as asked — the closest passages are shown, not an answer",
	app.VerdictNone:     "not found — nothing in scope comes close",
}

// printAnswer prints an answer as text: the answer, its citations, where
// its evidence went, and its trace token.
func printAnswer(w io.Writer, ans *app.Answer) {
	fmt.Fprintln(w, ans.Answer)
	if len(ans.Citations) > 0 {
		fmt.Fprintln(w)
	}
	for _, c := range ans.Citations {
		fmt.Fprintf(w, "[%d] %s (%s)\n", c.N, c.Where(), c.Precision)
	}
	if len(ans.Unsupported) > 0 {
		fmt.Fprintln(w, "\nnot supported by its quote (a figure it states is not in the passage it cites):")
		for _, u := range ans.Unsupported {
			fmt.Fprintf(w, "  - %s\n", u)
		}
	}
	fmt.Fprintf(w, "\nverdict: %s\n", verdictWords[app.VerdictOf(ans)])
	if ans.Provider != "" {
		fmt.Fprintf(w, "\nevidence sent to: %s\n", ans.Provider)
	}
	for _, n := range ans.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	fmt.Fprintf(w, "\ntrace: %s\n", ans.TraceToken)
}

// printError prints err as {"error": {"code", "message", "details"}}
// (details, the technical account, only when there is one).
func printError(w io.Writer, err error) {
	type jsonError struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Details string `json:"details,omitempty"`
	}
	printJSON(w, struct {
		Error jsonError `json:"error"`
	}{jsonError{app.ErrorCode(err), app.ErrorMessage(err), app.ErrorDetails(err)}})
}

// configure hands Research the providers the flags name, built by
// retrieve.NewProviders as the window's are: the flags only fill Settings.
// A setting the flags get wrong is a usage error; an endpoint outside this
// machine without the library's acknowledgement fails the question.
// --egress-ok records it for each such endpoint named. Keys come from the
// environment, so they never appear in a process list or shell history:
// ARCHIVIST_API_KEY for the answerer, ARCHIVIST_JUDGE_API_KEY for the
// decision provider (or the answerer's key when both are on the same
// host).
func configure(ctx context.Context, lib *Library, f askFlags) error {
	s, err := f.settings()
	if err != nil {
		return err
	}
	keys := retrieve.Keys{Answer: os.Getenv("ARCHIVIST_API_KEY"), Decision: os.Getenv("ARCHIVIST_JUDGE_API_KEY")}
	if keys.Decision == "" && retrieve.SameHost(s) {
		keys.Decision = keys.Answer
	}
	pv, err := retrieve.NewProviders(ctx, s, keys, lib.DB, retrieve.ProviderOptions{Log: lib.Log})
	switch app.ErrorCode(err) {
	case "":
	case app.EInvalid:
		return usageError{msg: describe(err)}
	case app.EEgressNotAcknowledged:
		return app.Errorf(app.EEgressNotAcknowledged, "%s Run again with --egress-ok to acknowledge it.", app.ErrorMessage(err))
	default:
		return err
	}
	lib.Research.Use(pv)
	return nil
}

// settings are the Settings the flags fill; a --images or --judge-images
// value that is not detect, yes or no is a usage error.
func (f askFlags) settings() (app.Settings, error) {
	images, err := imagesFlag("images", f.images)
	if err != nil {
		return app.Settings{}, err
	}
	judgeImages, err := imagesFlag("judge-images", f.judgeImages)
	if err != nil {
		return app.Settings{}, err
	}
	return app.Settings{
		Answer:             app.ProviderSettings{Kind: f.answerer, URL: f.endpoint, Model: f.model, Images: images},
		Decision:           app.ProviderSettings{Kind: f.judge, URL: f.judgeEndpoint, Model: f.judgeModel, Images: judgeImages},
		EgressAcknowledged: f.egressOK,
	}, nil
}

// imagesFlag reads the value of --name as an app.ImagesSetting: detect (or
// nothing), yes or no, and the yes and no app.ImagesSetting also takes.
func imagesFlag(name, v string) (string, error) {
	w := strings.ToLower(strings.TrimSpace(v))
	if w == "detect" || w == "" {
		return app.ImagesDetect, nil
	}
	if s := app.ImagesSetting(w); s != app.ImagesDetect {
		return s, nil
	}
	return "", usageError{msg: fmt.Sprintf("unknown --%s value %q (detect, yes or no)", name, v)}
}
