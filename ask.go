package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"

	"archivist/app"
	"archivist/retrieve"
	"archivist/retrieve/answer"
	"archivist/retrieve/export"
	"archivist/retrieve/jev"
)

// The commands of questions and their answers: ask (with its providers,
// privacy checks and follow-ups), sensitivity and export.

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
	q := app.Question{Text: strings.Join(fs.Args(), " "), Scope: app.Scope{DocumentIDs: docs}, Preset: app.ParsePreset(*preset),
		Consent: f.consent}
	if *view != "" || *scopeQuery != "" {
		scope, err := queryScope(ctx, p.db, *view, *scopeQuery, docs)
		if code, ok := queryProblem(stderr, err); ok {
			return code
		} else if err != nil {
			return fail(err)
		}
		q.Scope = scope
	}
	var opts retrieve.AskOptions
	if *followUp != "" {
		prev, history, err := conversationOf(ctx, p, *followUp)
		if err != nil {
			return fail(err)
		}
		q.FollowUp, opts.History, opts.Follows = retrieve.Carry(prev), history, prev.TraceToken
	}
	ans, body, tr, err := p.research.AskWith(ctx, q, opts)
	if err != nil {
		return fail(err)
	}
	if *asJSON && *withTrace {
		// The trace joins the answer's fields; replay keeps the answer alone.
		return printJSON(stdout, struct {
			*app.Answer
			Trace *retrieve.Trace `json:"trace"`
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

// printError prints err as {"error": {"code", "message"}}.
func printError(w io.Writer, err error) {
	type jsonError struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	printJSON(w, struct {
		Error jsonError `json:"error"`
	}{jsonError{app.ErrorCode(err), app.ErrorMessage(err)}})
}

// configure sets up the answerer and decision provider the flags name. It
// returns 2 for bad usage (after saying why), or an error a question fails
// with: an endpoint outside this machine without a stored egress
// acknowledgement. --egress-ok stores the acknowledgement for each such
// endpoint named. Keys come from the environment, so they never appear in
// a process list or shell history: ARCHIVIST_API_KEY for the answerer,
// ARCHIVIST_JUDGE_API_KEY for the decision provider (or the answerer's
// key when both are on the same host).
func configure(ctx context.Context, p *parts, f askFlags, stderr io.Writer) (int, error) {
	var answerBase string
	switch f.answerer {
	case "extractive":
	case "openai":
		base, err := answer.ResolveBaseURL(f.endpoint)
		if err != nil || f.model == "" {
			fmt.Fprintln(stderr, "archivist: --answerer openai needs --endpoint (ollama, llamacpp or an http(s) URL) and --model")
			return 2, nil
		}
		answerBase = base
	default:
		fmt.Fprintf(stderr, "archivist: unknown answerer %q (extractive or openai)\n", f.answerer)
		return 2, nil
	}
	var judgeBase string
	switch f.judge {
	case "local":
	case "systemone", "openai":
		base := strings.TrimSpace(f.judgeEndpoint)
		resolved, err := answer.ResolveBaseURL(base)
		if err != nil || (f.judge == "systemone" && (base == "ollama" || base == "llamacpp")) {
			fmt.Fprintf(stderr, "archivist: --judge %s needs --judge-endpoint (an http(s) URL)\n", f.judge)
			return 2, nil
		}
		judgeBase = resolved
	default:
		fmt.Fprintf(stderr, "archivist: unknown decision provider %q (local, systemone or openai)\n", f.judge)
		return 2, nil
	}
	acknowledge := func(base string) error {
		if base == "" || answer.IsLoopback(base) {
			return nil
		}
		if ok, err := p.db.EgressAcknowledged(ctx, base); err != nil || ok {
			return err
		}
		if !f.egressOK {
			return app.Errorf(app.EEgressNotAcknowledged,
				"%s is not on this computer: document text would be sent there. Run again with --egress-ok to acknowledge that (it is remembered for this endpoint).",
				hostOf(base))
		}
		return p.db.AcknowledgeEgress(ctx, base)
	}
	for _, base := range []string{answerBase, judgeBase} {
		if err := acknowledge(base); err != nil {
			return 0, err
		}
	}
	var judge jev.Provider = jev.Local{}
	if judgeBase != "" {
		key := os.Getenv("ARCHIVIST_JUDGE_API_KEY")
		if key == "" && answerBase != "" && hostOf(answerBase) == hostOf(judgeBase) {
			key = os.Getenv("ARCHIVIST_API_KEY")
		}
		var err error
		judge, err = jev.New(jev.Config{Provider: f.judge, HTTP: jev.HTTPConfig{BaseURL: judgeBase, APIKey: key, Model: f.judgeModel,
			EgressAcknowledged: true}})
		if err != nil {
			return 0, err
		}
		p.research.Router = retrieve.NewRouter(judge)
		p.research.JudgeReceiver = f.judge + " at " + hostOf(judgeBase)
		if f.judgeModel != "" {
			p.research.JudgeReceiver = f.judge + " " + f.judgeModel + " at " + hostOf(judgeBase)
		}
	}
	if answerBase != "" {
		oa := &answer.OpenAI{BaseURL: answerBase, Model: f.model, APIKey: os.Getenv("ARCHIVIST_API_KEY"),
			EgressAcknowledged: true, Picker: answer.DecisionPicker{Provider: judge}}
		if p.log != nil {
			oa.Observe = answer.LogStats(p.log)
		}
		p.research.Answerer = oa
	}
	return 0, nil
}

// hostOf returns the host (and port) of a base URL, never its user info.
func hostOf(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return "the endpoint"
	}
	return u.Host
}

// conversationOf reads the stored answer token names and the conversation
// it ends: its earlier answers, followed back through their Follows tokens
// while they are still stored, as history, oldest first.
func conversationOf(ctx context.Context, p *parts, token string) (*app.Answer, []answer.Turn, error) {
	var chain []*app.Answer
	for cur := token; cur != "" && len(chain) < app.MaxTurns; {
		body, err := p.db.Answer(ctx, cur)
		if err != nil {
			if len(chain) > 0 && app.ErrorCode(err) == app.ENotFound {
				break // older turns aged out of the replay store
			}
			return nil, nil, err
		}
		var a app.Answer
		if err := json.Unmarshal(body, &a); err != nil {
			return nil, nil, fmt.Errorf("follow-up: stored answer %s: %w", cur, err)
		}
		chain = append(chain, &a)
		cur = a.Follows
	}
	history := make([]answer.Turn, 0, len(chain))
	for i := len(chain) - 1; i >= 0; i-- {
		if chain[i].Question != "" {
			history = append(history, answer.Turn{Question: chain[i].Question, Answer: chain[i].Answer})
		}
	}
	return chain[0], history, nil
}

func cmdSensitivity(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	if len(args) < 1 || len(args) > 2 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] sensitivity ID [public|internal|confidential|restricted]")
		return 2
	}
	if len(args) == 2 {
		if _, err := app.ParseSensitivity(args[1]); err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 2
		}
		if err := p.db.SetSensitivity(ctx, args[0], args[1]); err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 1
		}
	}
	d, err := p.db.Document(ctx, args[0])
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	fmt.Fprintf(stdout, "%s: %s\n", d.ID, d.Sensitivity)
	return 0
}

func cmdExport(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] export TOKEN OUT.pdf")
		return 2
	}
	token, outPath := args[0], args[1]
	body, err := p.db.Answer(ctx, token)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	var ans app.Answer
	if err := json.Unmarshal(body, &ans); err != nil {
		fmt.Fprintf(stderr, "archivist: the stored answer %s cannot be read: %s\n", token, err)
		return 1
	}
	res, err := export.WriteFile(ctx, p.db, &ans, outPath)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: %d pages, %d highlights\n", outPath, res.Pages, res.Highlights)
	for _, s := range res.Skipped {
		fmt.Fprintf(stdout, "not copied: %s\n", s)
	}
	return 0
}
