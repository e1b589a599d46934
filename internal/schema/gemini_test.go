package schema

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGemini(t *testing.T) {
	in := `{"type": "object", "additionalProperties": false, "properties": {
		"end": {"type": ["integer", "null"], "minimum": 1},
		"additionalProperties": {"type": "string"},
		"ranges": {"type": "array", "items": {"type": "object", "additionalProperties": false, "properties": {"start": {"type": "integer"}}}}
	}, "required": ["end"]}`
	want := `{"type": "object", "properties": {
		"end": {"type": "integer", "nullable": true, "minimum": 1},
		"additionalProperties": {"type": "string"},
		"ranges": {"type": "array", "items": {"type": "object", "properties": {"start": {"type": "integer"}}}}
	}, "required": ["end"]}`
	var got, w any
	if err := json.Unmarshal(Gemini([]byte(in)), &got); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal([]byte(want), &w)
	if diff := cmp.Diff(w, got); diff != "" {
		t.Errorf("Gemini (-want +got):\n%s", diff)
	}
	if string(Gemini([]byte("[1]"))) != "[1]" || string(Gemini([]byte("{"))) != "{" {
		t.Error("a schema that is not an object changed")
	}
}
