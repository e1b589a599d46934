package schema

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const testSchema = `{
  "type": "object",
  "properties": {
    "path": {"type": "string"},
    "count": {"type": "integer", "minimum": 1, "maximum": 10},
    "ratio": {"type": "number", "minimum": 0, "maximum": 1},
    "mode": {"type": "string", "enum": ["fast", "slow"]},
    "end": {"type": ["integer", "null"]},
    "flag": {"type": "boolean"},
    "items": {"type": "array", "minItems": 1, "maxItems": 3, "items": {
      "type": "object",
      "properties": {"text": {"type": "string"}, "n": {"type": "integer"}},
      "required": ["text"],
      "additionalProperties": false
    }},
    "either": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
    "free": {}
  },
  "required": ["path", "mode"],
  "additionalProperties": false
}`

func TestCheck(t *testing.T) {
	s := MustCompile([]byte(testSchema))
	for _, tc := range []struct {
		name, input string
		want        string // "" for no problem
	}{
		{"minimal", `{"path": "a", "mode": "fast"}`, ""},
		{"everything", `{"path": "a", "mode": "slow", "count": 3, "ratio": 0.5, "end": null, "flag": true, "items": [{"text": "x", "n": 2}], "either": ["a"], "free": {"x": [1, {"y": null}]}}`, ""},
		{"null for an optional field is leaving it out", `{"path": "a", "mode": "fast", "count": null, "items": null}`, ""},
		{"an integer is a number", `{"path": "a", "mode": "fast", "ratio": 1}`, ""},
		{"missing required", `{"mode": "fast"}`, `the request has no "path" field, and it is required`},
		{"null for a required field", `{"path": null, "mode": "fast"}`, `field "path" must be a string, not null`},
		{"wrong type", `{"path": 3, "mode": "fast"}`, `field "path" must be a string, not an integer`},
		{"fraction for an integer", `{"path": "a", "mode": "fast", "count": 2.5}`, `field "count" must be an integer, not a number`},
		{"below the minimum", `{"path": "a", "mode": "fast", "count": 0}`, `field "count" must be at least 1 (got 0)`},
		{"above the maximum", `{"path": "a", "mode": "fast", "ratio": 1.5}`, `field "ratio" must be at most 1 (got 1.5)`},
		{"out of range", `{"path": "a", "mode": "fast", "count": 123456789012345678901234567890}`, `field "count" is the number 123456789012345678901234567890, which is out of range`},
		{"not in the enum", `{"path": "a", "mode": "quick"}`, `field "mode" must be one of fast, slow, not "quick"`},
		{"unknown field", `{"path": "a", "mode": "fast", "speed": 1}`, `unknown field "speed" in the request`},
		{"a field in another case", `{"Path": "a", "mode": "fast"}`, `unknown field "Path" in the request; did you mean "path"? Field names are case-sensitive; the request has no "path" field, and it is required`},
		{"a field twice", `{"path": "a", "mode": "fast", "path": "b"}`, `the field "path" appears twice in the request; send it once`},
		{"a field twice in two cases", `{"path": "a", "mode": "fast", "flag": true, "FLAG": false}`, `the field "FLAG" appears twice in the request (also as "flag"); send it once`},
		{"nested problems, each reported", `{"path": "a", "mode": "fast", "items": [{"n": 1}, {"text": "x", "extra": 1}, {"text": 2}]}`,
			`items[0] has no "text" field, and it is required; unknown field "extra" in items[1]; field "items[2].text" must be a string, not an integer`},
		{"too few items", `{"path": "a", "mode": "fast", "items": []}`, `field "items" must have at least 1 item`},
		{"too many items", `{"path": "a", "mode": "fast", "items": [{"text": "1"}, {"text": "2"}, {"text": "3"}, {"text": "4"}]}`, `field "items" has more than 3 items; send at most 3 in one request`},
		{"any of, wrong", `{"path": "a", "mode": "fast", "either": 1}`, `field "either" must be a string or an array, not an integer`},
		{"a composite value where a string goes is skipped", `{"path": {"a": [1]}, "mode": 2}`, `field "path" must be a string, not an object; field "mode" must be a string, not an integer`},
		{"not an object", `[1]`, `the request must be an object, not an array`},
		{"not JSON", `{"path": "a",`, `the request is not valid JSON: it ends too early`},
		{"trailing data", `{"path": "a", "mode": "fast"} {}`, `there is more after the JSON object; send one object`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.Check([]byte(tc.input), 0)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Check(%s) (-want +got):\n%s", tc.input, diff)
			}
		})
	}
}

func TestCheckStops(t *testing.T) {
	s := MustCompile([]byte(testSchema))
	// Every array is capped by maxItems when its schema sets no cap: the
	// reading stops there.
	input := `{"path": "a", "mode": "fast", "free": [` + strings.Repeat(`1,`, 1000) + `1]}`
	var p *Problems
	if err := s.Check([]byte(input), 10); !errors.As(err, &p) || !strings.Contains(err.Error(), "more than 10 items") {
		t.Errorf("Check = %v, want the cap of 10 items", err)
	}
	// After MaxProblems problems the reading stops.
	s2 := MustCompile([]byte(`{"type": "array", "items": {"type": "string"}}`))
	input = `[` + strings.Repeat(`1,`, 100) + `1]`
	if err := s2.Check([]byte(input), 0); !errors.As(err, &p) || len(p.List) != MaxProblems {
		t.Errorf("Check found %v, want %d problems", err, MaxProblems)
	}
}

// FuzzCheck: Check never panics, and what it accepts encoding/json reads
// as an object without keys that differ only in case.
func FuzzCheck(f *testing.F) {
	s := MustCompile([]byte(testSchema))
	for _, seed := range []string{`{"path": "a", "mode": "fast"}`, `{"path": "a", "mode": "fast", "items": [{"text": "x"}]}`, `{"Path": 1}`, `[`, `{"path": "a", "path": "b"}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if s.Check([]byte(input), 50) != nil {
			return
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(input), &m); err != nil {
			t.Fatalf("accepted %q, which encoding/json refuses: %v", input, err)
		}
		if _, ok := m["path"]; !ok {
			t.Fatalf("accepted %q without its required field", input)
		}
	})
}
