package jev

import (
	"context"
	"strconv"
)

// SystemOne is a provider speaking the System One API: POST
// {base}/v1/systemone with {state, model, questions} and answers keyed by
// question ID.
type SystemOne struct {
	c *client
}

// NewSystemOne returns a System One provider; it refuses a non-loopback
// endpoint without the egress acknowledgement.
func NewSystemOne(cfg HTTPConfig) (*SystemOne, error) {
	c, err := newClient("systemone", cfg)
	if err != nil {
		return nil, err
	}
	return &SystemOne{c: c}, nil
}

// Name returns "systemone".
func (*SystemOne) Name() string { return "systemone" }

// The wire format.
type s1Request struct {
	State     string                `json:"state"`
	Model     string                `json:"model,omitempty"`
	Questions map[string]s1Question `json:"questions"`
}

type s1Question struct {
	Type         string `json:"type"`
	Instructions any    `json:"instructions"`
	Criteria     any    `json:"criteria,omitempty"`
}

// s1Instructions carries a question with the evidence it is about, the
// API's structured form of instructions.
type s1Instructions struct {
	Question string `json:"question"`
	Evidence string `json:"evidence"`
}

type s1Response struct {
	Answers map[string]s1Answer `json:"answers"`
}

type s1Answer struct {
	Type          string             `json:"type"`
	Choice        *string            `json:"choice"`
	Probabilities map[string]float64 `json:"probabilities"`
	Score         *float64           `json:"score"`
	Noul          *float64           `json:"noul"`
}

// Decide sends req in one request.
func (s *SystemOne) Decide(ctx context.Context, req *Request) (map[string]Answer, error) {
	body := s1Request{State: req.State, Model: s.c.model, Questions: map[string]s1Question{}}
	for _, q := range req.Questions {
		wq := s1Question{Type: string(q.Kind), Instructions: q.Instructions}
		if q.Evidence != "" {
			wq.Instructions = s1Instructions{Question: q.Instructions, Evidence: q.Evidence}
		}
		switch q.Kind {
		case Choice:
			criteria := map[string]string{}
			for _, o := range q.Options {
				criteria[o.Label] = o.Description
			}
			wq.Criteria = criteria
		case Score:
			wq.Criteria = q.Levels
		}
		body.Questions[q.ID] = wq
	}
	var resp s1Response
	if err := s.c.post(ctx, "/v1/systemone", body, &resp); err != nil {
		return nil, err
	}
	if resp.Answers == nil {
		return nil, invalid("the response has no answers")
	}
	out := make(map[string]Answer, len(resp.Answers))
	for id, a := range resp.Answers {
		switch Kind(a.Type) {
		case Choice:
			ans := Answer{Kind: Choice, Probabilities: a.Probabilities}
			if a.Choice != nil {
				ans.Choice = *a.Choice
			}
			if ans.Probabilities == nil {
				return nil, invalid("answer %q has no probabilities", id)
			}
			out[id] = ans
		case Score:
			if a.Probabilities == nil {
				return nil, invalid("answer %q has no probabilities", id)
			}
			ans := Answer{Kind: Score, Probabilities: a.Probabilities}
			if a.Score != nil {
				ans.Score = *a.Score
			} else {
				ans.Score = expectedOf(a.Probabilities)
			}
			out[id] = ans
		case Noul:
			if a.Noul == nil {
				return nil, invalid("answer %q has no probability of yes", id)
			}
			out[id] = Answer{Kind: Noul, Yes: *a.Noul}
		default:
			return nil, invalid("answer %q has the unknown type %q", id, a.Type)
		}
	}
	return out, nil
}

// expectedOf is Σ level × probability over well-formed level keys; bad
// keys are left for Validate to reject.
func expectedOf(p map[string]float64) float64 {
	e := 0.0
	for k, v := range p {
		if i, err := strconv.Atoi(k); err == nil {
			e += float64(i) * v
		}
	}
	return e
}
