package api

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// The seed's limit on evidence-bearing requests: six a minute, burst two.
const (
	DefaultPerMinute = 6
	DefaultBurst     = 2
)

// RateLimiter is a token bucket over evidence-bearing requests (questions
// through the API or MCP). One person uses the API, so one bucket serves
// every client of a server.
type RateLimiter struct {
	mu        sync.Mutex
	lim       *rate.Limiter
	now       func() time.Time
	perMinute int
	burst     int
}

// NewRateLimiter allows perMinute requests a minute with bursts of burst,
// on the clock now (nil: time.Now).
func NewRateLimiter(perMinute, burst int, now func() time.Time) *RateLimiter {
	if now == nil {
		now = time.Now
	}
	perMinute, burst = max(1, perMinute), max(1, burst)
	return &RateLimiter{lim: rate.NewLimiter(rate.Limit(float64(perMinute)/60), burst), now: now,
		perMinute: perMinute, burst: burst}
}

// DefaultRateLimit is the seed's limit on the clock now.
func DefaultRateLimit(now func() time.Time) *RateLimiter {
	return NewRateLimiter(DefaultPerMinute, DefaultBurst, now)
}

// Take spends one request. When none is available it spends nothing and
// says how long until one is.
func (l *RateLimiter) Take() (wait time.Duration, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	r := l.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d, false
	}
	return 0, true
}

// PerMinute and Burst are the limit's figures, for messages.
func (l *RateLimiter) PerMinute() int { return l.perMinute }

// Burst is how many requests may come at once.
func (l *RateLimiter) Burst() int { return l.burst }
