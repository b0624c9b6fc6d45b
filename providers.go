package main

import (
	"context"

	"archivist/app"
	"archivist/retrieve"
	"archivist/ui/desktop"
)

// windowProviders connects the settings window to Research. Saving settings
// builds their providers with retrieve.NewProviders, the constructor ask
// and eval use too, and hands them to Research.Use, which every question
// reads once at its start; questions already running finish with the ones
// they started with. The egress acknowledgement is the library's, per
// endpoint, shared with `ask --egress-ok`.
func windowProviders(p *parts) desktop.Providers {
	ctx := context.Background()
	return desktop.Providers{
		Apply: func(s app.Settings, keys desktop.ProviderKeys) (app.Receivers, error) {
			pv, err := retrieve.NewProviders(ctx, s, retrieve.Keys{Answer: keys.Answer, Decision: keys.Decision}, p.db,
				retrieve.ProviderOptions{Log: p.log})
			if err != nil {
				return app.Receivers{}, err
			}
			p.research.Use(pv)
			return pv.Receivers(), nil
		},
		Acknowledged: func(s app.Settings) bool { return retrieve.Acknowledged(ctx, s, p.db) },
		Models: func(ctx context.Context, _ desktop.Role, ps app.ProviderSettings, key string, egressOK bool) ([]string, error) {
			return retrieve.ListModels(ctx, ps, key, egressOK, p.db)
		},
		Test: func(ctx context.Context, role desktop.Role, ps app.ProviderSettings, key string, egressOK bool) error {
			if role == desktop.RoleAnswer {
				return retrieve.TestAnswerer(ctx, ps, key, egressOK, p.db)
			}
			return retrieve.TestDecider(ctx, ps, key, egressOK, p.db)
		},
	}
}
