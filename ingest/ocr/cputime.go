package ocr

import (
	"context"
	"time"
)

type cpuLimitKey struct{}

// withCPULimit records in ctx the processor time one page may use.
func withCPULimit(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, cpuLimitKey{}, d)
}

// watchCPU returns a channel closed when the process has used more
// processor time than ctx allows (checked four times within the limit, at
// most twice a second), or never where
// the system does not tell. It stops watching once done has a value or
// ctx ends; done is not drained.
func watchCPU(ctx context.Context, pid int, done <-chan error) <-chan struct{} {
	over := make(chan struct{})
	limit, _ := ctx.Value(cpuLimitKey{}).(time.Duration)
	if !cpuTimeKnown || limit <= 0 {
		return over
	}
	go func() {
		t := time.NewTicker(min(max(limit/4, 10*time.Millisecond), 500*time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if used, ok := cpuTime(pid); ok && used > limit {
					close(over)
					return
				}
			}
			if len(done) > 0 {
				return
			}
		}
	}()
	return over
}
