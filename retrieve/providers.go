package retrieve

import (
	"context"
	"log/slog"
	"strings"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/retrieve/internal/endpoint"
	"archivist/retrieve/jev"
	"archivist/retrieve/route"
)

// Keys are the providers' API keys, kept apart from Settings: they come
// from a file only the user can read (the window) or from the environment
// (the command line), never from settings, flags or logs.
type Keys struct {
	Answer   string
	Decision string
}

// EgressRecord is the library's per-endpoint record that the person
// accepted that document text goes to an endpoint not on this computer
// (docs/design.md §7). The window and the command line share it: an
// acknowledgement given in one holds in the other, and a new endpoint asks
// again.
type EgressRecord interface {
	EgressAcknowledged(ctx context.Context, base string) (bool, error)
	AcknowledgeEgress(ctx context.Context, base string) error
}

// Offline returns a Research whose questions stay on this computer until
// Use changes its providers: the extractive answerer, and routing by the
// embedded local decision provider.
func Offline(lib Library, newToken func() string) *Research {
	r := NewResearch(lib, answer.Extractive{}, newToken)
	r.SetProviders(answer.Extractive{}, route.NewRouter(jev.Local{}), "")
	return r
}

// Providers are the answerer and the decision provider one Settings names,
// with what receives evidence; Research.Use hands them to the questions
// that start afterwards.
type Providers struct {
	answerer  answer.Answerer
	router    *route.Router
	receivers app.Receivers
}

// Receivers names what receives evidence through p.
func (p *Providers) Receivers() app.Receivers { return p.receivers }

// ProviderOptions are what NewProviders needs besides the settings.
type ProviderOptions struct {
	// Log, when set, hears each model call's counts, sizes and outcome.
	Log *slog.Logger
}

// NewProviders builds the providers s names: the one constructor of the
// window, ask and eval, whose flags and environment only fill Settings.
//
// An endpoint that is not on this computer needs the library's
// acknowledgement for that endpoint; when s.EgressAcknowledged is set (the
// person acknowledges now: the settings' tick, ask --egress-ok) it is
// recorded for every such endpoint s names. Otherwise the error is
// egress_not_acknowledged, naming the endpoint. On any error nothing is
// recorded.
func NewProviders(ctx context.Context, s app.Settings, keys Keys, egress EgressRecord, opts ProviderOptions) (*Providers, error) {
	ab, err := answerBase(s.Answer)
	if err != nil {
		return nil, err
	}
	db, err := decisionBase(s.Decision)
	if err != nil {
		return nil, err
	}
	var unacknowledged []string
	for _, base := range []string{ab, db} {
		if base == "" || endpoint.IsLoopback(base) {
			continue
		}
		ok, err := egress.EgressAcknowledged(ctx, base)
		if err != nil {
			return nil, err
		}
		if !ok {
			if !s.EgressAcknowledged {
				return nil, app.Errorf(app.EEgressNotAcknowledged,
					"%s is not on this computer: document text would be sent there. Acknowledge that first (it is remembered for this endpoint).",
					endpoint.Host(base))
			}
			unacknowledged = append(unacknowledged, base)
		}
	}
	var judge jev.Provider = jev.Local{}
	var recv app.Receivers
	if db != "" {
		judge, err = jev.New(jev.Config{Provider: s.Decision.Kind, HTTP: jev.HTTPConfig{BaseURL: db, APIKey: keys.Decision,
			Model: strings.TrimSpace(s.Decision.Model), EgressAcknowledged: true, Images: s.Decision.Images}})
		if err != nil {
			return nil, err
		}
		recv.Decision = decisionReceiver(s.Decision, db)
	}
	var a answer.Answerer = answer.Extractive{}
	if ab != "" {
		oa := &answer.OpenAI{BaseURL: ab, Model: strings.TrimSpace(s.Answer.Model), APIKey: keys.Answer,
			EgressAcknowledged: true, Picker: answer.DecisionPicker{Provider: judge}, Images: s.Answer.Images}
		if opts.Log != nil {
			oa.Observe = answer.LogStats(opts.Log)
		}
		a = oa
		recv.Answer = oa.Describe()
	}
	for _, base := range unacknowledged {
		if err := egress.AcknowledgeEgress(ctx, base); err != nil {
			return nil, err
		}
	}
	return &Providers{answerer: a, router: route.NewRouter(judge), receivers: recv}, nil
}

// answerBase checks the answer provider's settings and returns its base
// URL, "" for the offline answerer.
func answerBase(p app.ProviderSettings) (string, error) {
	switch strings.ToLower(strings.TrimSpace(p.Kind)) {
	case "", app.ProviderExtractive:
		return "", nil
	case app.ProviderOpenAI:
		base, err := endpoint.Resolve(p.URL)
		if err != nil {
			return "", app.Errorf(app.EInvalid, "The answer model's endpoint must be ollama, llamacpp or an http(s) URL without a user name, query or fragment.")
		}
		if strings.TrimSpace(p.Model) == "" {
			return "", app.Errorf(app.EInvalid, "The answer model needs a model name.")
		}
		return base, nil
	}
	return "", app.Errorf(app.EInvalid, "Unknown answer provider %q (extractive or openai).", p.Kind)
}

// decisionBase checks the decision provider's settings and returns its base
// URL, "" for the local one. Only an OpenAI-compatible decision provider
// takes the ollama and llamacpp presets.
func decisionBase(p app.ProviderSettings) (string, error) {
	kind := strings.ToLower(strings.TrimSpace(p.Kind))
	switch kind {
	case "", app.ProviderLocal:
		return "", nil
	case app.ProviderSystemOne, app.ProviderOpenAI:
		raw := strings.TrimSpace(p.URL)
		base, err := endpoint.Resolve(raw)
		if err != nil || (kind == app.ProviderSystemOne && base != raw && !strings.Contains(raw, "://")) {
			return "", app.Errorf(app.EInvalid, "The %s decision provider needs an http(s) endpoint URL without a user name, query or fragment.", kind)
		}
		return base, nil
	}
	return "", app.Errorf(app.EInvalid, "Unknown decision provider %q (local, systemone or openai).", p.Kind)
}

// decisionReceiver names a remote decision provider: its kind, its model
// when one is set, and its host.
func decisionReceiver(p app.ProviderSettings, base string) string {
	kind := strings.ToLower(strings.TrimSpace(p.Kind))
	if m := strings.TrimSpace(p.Model); m != "" {
		return kind + " " + m + " at " + endpoint.Host(base)
	}
	return kind + " at " + endpoint.Host(base)
}

// Acknowledged reports whether s names at least one endpoint that is not on
// this computer and the library holds the acknowledgement of every such
// endpoint: what the settings window's tick shows.
func Acknowledged(ctx context.Context, s app.Settings, egress EgressRecord) bool {
	ab, errA := answerBase(s.Answer)
	db, errD := decisionBase(s.Decision)
	if errA != nil || errD != nil {
		return false
	}
	remote := 0
	for _, base := range []string{ab, db} {
		if base == "" || endpoint.IsLoopback(base) {
			continue
		}
		remote++
		if ok, err := egress.EgressAcknowledged(ctx, base); err != nil || !ok {
			return false
		}
	}
	return remote > 0
}

// SameHost reports whether the answer model and the decision provider of s
// are reached on the same host, where one key may serve both.
func SameHost(s app.Settings) bool {
	ab, errA := answerBase(s.Answer)
	db, errD := decisionBase(s.Decision)
	return errA == nil && errD == nil && ab != "" && db != "" && endpoint.Host(ab) == endpoint.Host(db)
}
