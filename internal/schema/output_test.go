package schema

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

type inner struct {
	Start int `json:"start"`
	End   int `json:"end,omitempty"`
}

type Embedded struct {
	Note string `json:"note"`
}

type outer struct {
	Embedded
	OK      bool            `json:"ok"`
	Name    string          `json:"name"`
	Ratio   float64         `json:"ratio,omitempty"`
	Ranges  []inner         `json:"ranges"`
	Ptr     *inner          `json:"ptr,omitempty"`
	Raw     json.RawMessage `json:"raw,omitempty"`
	Count   int64           `json:"count,string"`
	When    time.Time       `json:"when,omitzero"`
	Skipped string          `json:"-"`
	private int
	Self    *outer `json:"self,omitempty"`
}

func TestFor(t *testing.T) {
	got := For(reflect.TypeFor[outer]())
	data, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(data, &m)
	props := m["properties"].(map[string]any)
	want := map[string]any{
		"note":   map[string]any{"type": "string"},
		"ok":     map[string]any{"type": "boolean"},
		"name":   map[string]any{"type": "string"},
		"ratio":  map[string]any{"type": "number"},
		"ranges": map[string]any{"type": []any{"array", "null"}, "items": map[string]any{"type": "object", "properties": map[string]any{"start": map[string]any{"type": "integer"}, "end": map[string]any{"type": "integer"}}, "required": []any{"start"}}},
		"ptr":    map[string]any{"type": []any{"object", "null"}, "properties": map[string]any{"start": map[string]any{"type": "integer"}, "end": map[string]any{"type": "integer"}}, "required": []any{"start"}},
		"raw":    map[string]any{},
		"count":  map[string]any{"type": "string"},
		"when":   map[string]any{},
		"self":   map[string]any{},
	}
	if diff := cmp.Diff(want, props); diff != "" {
		t.Errorf("properties (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]any{"note", "ok", "name", "ranges", "count"}, m["required"]); diff != "" {
		t.Errorf("required (-want +got):\n%s", diff)
	}
}

// What encoding/json writes for a type passes the schema For gives it, and
// a value of another shape does not.
func TestForChecksMarshalled(t *testing.T) {
	data, _ := json.Marshal(For(reflect.TypeFor[outer]()))
	s := MustCompile(data)
	for _, tc := range []struct {
		name string
		v    any
		ok   bool
	}{
		{"zero value", outer{}, true},
		{"filled", outer{Embedded: Embedded{"n"}, OK: true, Ranges: []inner{{1, 2}}, Ptr: &inner{3, 0}, Raw: json.RawMessage(`[1]`), Count: 7}, true},
		{"wrong type", map[string]any{"note": "n", "ok": "yes", "name": "", "ranges": nil, "count": "1"}, false},
		{"missing required", map[string]any{"ok": true, "name": "", "ranges": nil, "count": "1"}, false},
		{"nested missing required", map[string]any{"note": "n", "ok": true, "name": "", "ranges": []any{map[string]any{"end": 2}}, "count": "1"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, err := json.Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Check(in, 0); (err == nil) != tc.ok {
				t.Errorf("Check(%s) = %v, want ok %v", in, err, tc.ok)
			}
		})
	}
}
