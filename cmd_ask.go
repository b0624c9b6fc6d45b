package main

import (
	"context"
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
	egressOK, consent                bool
}

func cmdAsk(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ask", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var docs stringList
	var f askFlags
	fs.Var(&docs, "doc", "limit the question to this document ID (repeatable, at most 100)")
	preset := fs.String("preset", "balanced", "focused, balanced or detailed")
	asJSON := fs.Bool("json", false, "print the answer as JSON")
	withTrace := fs.Bool("trace", false, "with --json: add how the evidence was found")
	fs.StringVar(&f.answerer, "answerer", "extractive", "extractive (offline) or openai (an OpenAI-compatible chat endpoint)")
	fs.StringVar(&f.endpoint, "endpoint", "ollama", "with --answerer openai: ollama, llamacpp or a base URL")
	fs.StringVar(&f.model, "model", "", "with --answerer openai: the model name")
	fs.StringVar(&f.judge, "judge", "local", "decision provider: local (offline), systemone or openai")
	fs.StringVar(&f.judgeEndpoint, "judge-endpoint", "", "with --judge systemone or openai: the base URL (openai also takes ollama or llamacpp)")
	fs.StringVar(&f.judgeModel, "judge-model", "", "with --judge systemone or openai: the model name")
	fs.BoolVar(&f.egressOK, "egress-ok", false, "acknowledge, and remember, that evidence is sent to the endpoints outside this machine")
	fs.BoolVar(&f.consent, "consent-sensitive", false, "consent to sending Confidential and Restricted text to the model and decision provider")
	followUp := fs.String("follow-up", "", "ask a follow-up of the stored answer with this trace token")
	view := fs.String("view", "", "limit the question to the documents of this saved view")
	scopeQuery := fs.String("query", "", "limit the question to the documents this search query finds")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, askUsage)
		return 2
	}
	switch *preset {
	case "focused", "balanced", "detailed":
	default:
		fmt.Fprintf(stderr, "archivist: unknown preset %q (focused, balanced or detailed)\n", *preset)
		return 2
	}
	fail := func(err error) int {
		if *asJSON {
			printError(stdout, err)
		} else {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		}
		return 1
	}
	if code, err := configure(ctx, p, f, stderr); code != 0 {
		return code
	} else if err != nil {
		return fail(err)
	}
	// One question of a conversation, as in the drawer: a new one, or the
	// stored one --follow-up names.
	scope := app.Scope{DocumentIDs: docs}
	if *view != "" || *scopeQuery != "" {
		var err error
		scope, err = queryScope(ctx, p.db, *view, *scopeQuery, docs)
		if code, ok := queryProblem(stderr, err); ok {
			return code
		} else if err != nil {
			return fail(err)
		}
	}
	conv := p.research.NewConversation(scope)
	if *followUp != "" {
		var err error
		if conv, err = p.research.Resume(ctx, *followUp, scope); err != nil {
			return fail(err)
		}
	}
	conv.SetConsent(f.consent)
	ans, body, tr, err := conv.AskWith(ctx, strings.Join(fs.Args(), " "), app.ParsePreset(*preset), retrieve.AskOptions{})
	if err != nil {
		return fail(err)
	}
	if *asJSON && *withTrace {
		// The trace joins the answer's fields; replay keeps the answer alone.
		return printJSON(stdout, struct {
			*app.Answer
			Trace *route.Trace `json:"trace"`
		}{ans, tr})
	}
	if *asJSON {
		stdout.Write(body)
		return 0
	}
	fmt.Fprintln(stdout, ans.Answer)
	if len(ans.Citations) > 0 {
		fmt.Fprintln(stdout)
	}
	for _, c := range ans.Citations {
		fmt.Fprintf(stdout, "[%d] %s (%s)\n", c.N, c.Where(), c.Precision)
	}
	if ans.Provider != "" {
		fmt.Fprintf(stdout, "\nevidence sent to: %s\n", ans.Provider)
	}
	fmt.Fprintf(stdout, "\ntrace: %s\n", ans.TraceToken)
	return 0
}

const askUsage = "usage: archivist [--library DIR] ask [--doc ID]... [--view NAME | --query QUERY] [--preset focused|balanced|detailed] " +
	"[--answerer extractive|openai --endpoint URL --model NAME] [--judge local|systemone|openai --judge-endpoint URL --judge-model NAME] " +
	"[--egress-ok] [--consent-sensitive] [--follow-up TOKEN] [--json [--trace]] QUESTION"

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
// It returns 2 for bad usage (after saying why), or an error a question
// fails with: an endpoint outside this machine without the library's
// acknowledgement. --egress-ok records it for each such endpoint named.
// Keys come from the environment, so they never appear in a process list
// or shell history: ARCHIVIST_API_KEY for the answerer,
// ARCHIVIST_JUDGE_API_KEY for the decision provider (or the answerer's
// key when both are on the same host).
func configure(ctx context.Context, p *parts, f askFlags, stderr io.Writer) (int, error) {
	s := app.Settings{
		Answer:             app.ProviderSettings{Kind: f.answerer, URL: f.endpoint, Model: f.model},
		Decision:           app.ProviderSettings{Kind: f.judge, URL: f.judgeEndpoint, Model: f.judgeModel},
		EgressAcknowledged: f.egressOK,
	}
	keys := retrieve.Keys{Answer: os.Getenv("ARCHIVIST_API_KEY"), Decision: os.Getenv("ARCHIVIST_JUDGE_API_KEY")}
	if keys.Decision == "" && retrieve.SameHost(s) {
		keys.Decision = keys.Answer
	}
	pv, err := retrieve.NewProviders(ctx, s, keys, p.db, retrieve.ProviderOptions{Log: p.log})
	switch app.ErrorCode(err) {
	case "":
	case app.EInvalid:
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 2, nil
	case app.EEgressNotAcknowledged:
		return 0, app.Errorf(app.EEgressNotAcknowledged, "%s Run again with --egress-ok to acknowledge it.", app.ErrorMessage(err))
	default:
		return 0, err
	}
	p.research.Use(pv)
	return 0, nil
}
