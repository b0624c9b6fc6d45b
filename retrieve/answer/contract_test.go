package answer_test

import (
	"context"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
)

func TestOpenAIContract(t *testing.T) {
	ctx := context.Background()
	ask := func(t *testing.T, content string) (*app.Answer, error, *model) {
		t.Helper()
		m := replying(t, content)
		ans, err := m.answerer().Answer(ctx, twoSources())
		if m.calls.Load() != 1 {
			t.Fatalf("%d calls, want 1", m.calls.Load())
		}
		return ans, err, m
	}
	wantCode := func(t *testing.T, content, code string) {
		t.Helper()
		ans, err, _ := ask(t, content)
		if errCode(err) != code || ans != nil {
			t.Fatalf("got %+v, %v (code %q); want code %q", ans, err, errCode(err), code)
		}
	}
	t.Run("CitesAndPins", func(t *testing.T) {
		ans, err, _ := ask(t, `{"answer":"The permit costs 40 euros [1]. Applications are due by 1 May 2024 [2].","sufficient":true,"citations":[1,2]}`)
		if err != nil {
			t.Fatal(err)
		}
		if !ans.Sufficient || len(ans.Citations) != 2 || len(ans.Sources) != 2 {
			t.Fatalf("answer = %+v", ans)
		}
		if c := ans.Citations[0]; c.N != 1 || c.Quote != "The permit costs 40 euros per application." || c.Precision != "line" || c.LineStart != 1 || c.Section != "Fees" {
			t.Errorf("citation 1 = %+v", c)
		}
		if c := ans.Citations[1]; c.N != 2 || c.Quote != "The deadline for applications is 1 May 2024." || c.DocumentID != "d2" {
			t.Errorf("citation 2 = %+v", c)
		}
	})
	t.Run("AddsMissingInlineMarkers", func(t *testing.T) {
		ans, err, _ := ask(t, `{"answer":"The permit costs 40 euros [1] and applications close on 1 May 2024.","sufficient":true,"citations":[1,2]}`)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(ans.Answer, "1 May 2024. [2]") || len(ans.Citations) != 2 || ans.Citations[1].N != 2 {
			t.Fatalf("answer = %q, citations %+v", ans.Answer, ans.Citations)
		}
	})
	t.Run("InlineMarkersSupplyCitations", func(t *testing.T) {
		ans, err, _ := ask(t, `{"answer":"The permit costs 40 euros [1, 2].","sufficient":true,"citations":[]}`)
		if err != nil {
			t.Fatal(err)
		}
		if !ans.Sufficient || ans.Answer != "The permit costs 40 euros [1][2]." || len(ans.Citations) != 2 {
			t.Fatalf("answer = %+v", ans)
		}
	})
	t.Run("RejectsOutOfRangeCitation", func(t *testing.T) {
		wantCode(t, `{"answer":"The permit costs 40 euros [1].","sufficient":true,"citations":[1,3]}`, answer.EInvalidProviderResponse)
	})
	t.Run("RejectsOutOfRangeInlineMarker", func(t *testing.T) {
		wantCode(t, `{"answer":"The permit costs 40 euros [7].","sufficient":true,"citations":[]}`, answer.EInvalidProviderResponse)
	})
	t.Run("RejectsZeroNegativeAndFractionalNumbers", func(t *testing.T) {
		for _, c := range []string{`[0]`, `[-1]`, `[1.5]`, `[1e300]`, `["two"]`} {
			wantCode(t, `{"answer":"The permit costs 40 euros.","sufficient":true,"citations":`+c+`}`, answer.EInvalidProviderResponse)
		}
	})
	t.Run("RejectsContradictoryCitations", func(t *testing.T) {
		wantCode(t, `{"answer":"The permit costs 40 euros [2].","sufficient":true,"citations":[1]}`, answer.EInvalidProviderResponse)
	})
	t.Run("RejectsMalformedJSON", func(t *testing.T) {
		for _, c := range []string{`not json`, `{"answer":"x [1]","sufficient":true,"citations":[1]`, `{"answer":"x [1]","sufficient":true,"citations":[1]} trailing`,
			`{"answer":7,"sufficient":true,"citations":[1]}`, `{"answer":"x [1]","citations":[1]}`, `{"sufficient":true,"citations":[1]}`,
			`{"answer":"x [1]","sufficient":"yes","citations":[1]}`, `{"answer":"x","sufficient":true,"citations":{"1":true}}`, `[]`} {
			wantCode(t, c, answer.EInvalidProviderResponse)
		}
	})
	t.Run("RejectsEmptyAnswer", func(t *testing.T) {
		wantCode(t, `{"answer":"  ","sufficient":true,"citations":[1]}`, answer.EInvalidProviderResponse)
	})
	t.Run("RejectsAnswerOver6000Characters", func(t *testing.T) {
		long := strings.Repeat("é", 5997) + " [1]" // 6,001 characters
		wantCode(t, `{"answer":"`+long+`","sufficient":true,"citations":[1]}`, answer.EInvalidProviderResponse)
		ok := strings.Repeat("é", 5996) + " [1]"
		if _, err, _ := ask(t, `{"answer":"`+ok+`","sufficient":true,"citations":[1]}`); err != nil {
			t.Fatalf("6,000 characters rejected: %v", err)
		}
	})
	t.Run("InsufficientKeepsSources", func(t *testing.T) {
		ans, err, _ := ask(t, `{"answer":"Perhaps 40 euros [1].","sufficient":false,"citations":[1]}`)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Sufficient || ans.Answer != app.InsufficientEvidence || len(ans.Citations) != 0 || ans.Citations == nil || len(ans.Sources) != 2 {
			t.Fatalf("answer = %+v", ans)
		}
	})
	t.Run("CitingNothingIsInsufficient", func(t *testing.T) {
		ans, err, _ := ask(t, `{"answer":"The permit costs 40 euros.","sufficient":true,"citations":[]}`)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Sufficient || ans.Answer != app.InsufficientEvidence || len(ans.Sources) != 2 {
			t.Fatalf("answer = %+v", ans)
		}
	})
	t.Run("AcceptsFencedJSONAndNumericStrings", func(t *testing.T) {
		ans, err, _ := ask(t, "```json\n{\"answer\":\"The permit costs 40 euros.\",\"sufficient\":true,\"citations\":[\"1\"]}\n```")
		if err != nil || !ans.Sufficient || ans.Answer != "The permit costs 40 euros. [1]" {
			t.Fatalf("answer = %+v, %v", ans, err)
		}
	})
}
