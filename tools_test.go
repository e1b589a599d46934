package editkit

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/editkit/editkit/internal/schema"
	"github.com/google/go-cmp/cmp"
)

// requestTypes maps every tool to its request struct.
var requestTypes = map[string]any{
	"view":                        ViewRequest{},
	"edit_block":                  EditBlockRequest{},
	"batch_edit_blocks":           BatchEditBlocksRequest{},
	"write_from_line":             WriteFromLineRequest{},
	"batch_edit":                  BatchEditRequest{},
	"patch_text_file_contents":    PatchTextFileContentsRequest{},
	"get_text_file_contents":      GetTextFileContentsRequest{},
	"apply_edit_response":         ApplyEditResponseRequest{},
	"apply_patch":                 ApplyPatchRequest{},
	"edit_file":                   EditFileRequest{},
	"str_replace_based_edit_tool": TextEditorRequest{},
	"undo":                        UndoRequest{},
}

type rawSchema struct {
	Type                 any                   `json:"type"` // a name, or a list of names`
	Properties           map[string]*rawSchema `json:"properties"`
	Required             []string              `json:"required"`
	Items                *rawSchema            `json:"items"`
	Description          string                `json:"description"`
	AdditionalProperties *bool                 `json:"additionalProperties"`
}

// TestSchemasMatchRequests keeps each hand-written schema in step with its
// request struct: the same fields, required exactly when not omitempty,
// nested objects included, and the same descriptions as the struct's tags.
func TestSchemasMatchRequests(t *testing.T) {
	if got, want := slices.Sorted(maps.Keys(requestTypes)), slices.Sorted(slices.Values(toolNames())); !slices.Equal(got, want) {
		t.Fatalf("tools %v have request types %v", want, got)
	}
	for _, tool := range Tools() {
		var s rawSchema
		if err := json.Unmarshal(tool.InputSchema, &s); err != nil {
			t.Errorf("%s: schema is not valid JSON: %v", tool.Name, err)
			continue
		}
		checkSchema(t, tool.Name, &s, reflect.TypeOf(requestTypes[tool.Name]))
	}
}

var leadingKey = regexp.MustCompile(`^\w+=`)

func checkSchema(t *testing.T, where string, s *rawSchema, typ reflect.Type) {
	if s.Type != "object" {
		t.Errorf("%s: type %q, want object", where, s.Type)
		return
	}
	if s.AdditionalProperties == nil || *s.AdditionalProperties {
		t.Errorf("%s: additionalProperties must be false (unknown fields are refused)", where)
	}
	var fields, required []string
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		fields = append(fields, name)
		if !strings.Contains(opts, "omitempty") {
			required = append(required, name)
		}
		at := where + "." + name
		desc := f.Tag.Get("description")
		for _, tag := range []string{"jsonschema", "jsonschema_description", "description"} {
			v := f.Tag.Get(tag)
			switch {
			case v == "":
				t.Errorf("%s: no %s tag", at, tag)
			case v != desc:
				t.Errorf("%s: %s tag %q differs from description %q", at, tag, v, desc)
			case strings.Contains(v, ","):
				t.Errorf("%s: %s tag has a comma, which some frameworks split on", at, tag)
			case leadingKey.MatchString(v):
				t.Errorf("%s: %s tag starts with key=, which some frameworks parse", at, tag)
			}
		}
		p := s.Properties[name]
		if p == nil {
			continue
		}
		if p.Description != desc {
			t.Errorf("%s: schema description %q, struct says %q", at, p.Description, desc)
		}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch ft.Kind() {
		case reflect.Struct:
			checkSchema(t, at, p, ft)
		case reflect.Slice:
			if et := ft.Elem(); et.Kind() == reflect.Struct {
				if p.Items == nil {
					t.Errorf("%s: array schema without items", at)
				} else {
					checkSchema(t, at+"[]", p.Items, et)
				}
			}
		}
	}
	if diff := cmp.Diff(fields, slices.Sorted(maps.Keys(s.Properties)), sortStrings); diff != "" {
		t.Errorf("%s: schema properties differ from the struct's fields (-struct +schema):\n%s", where, diff)
	}
	if diff := cmp.Diff(required, s.Required, sortStrings); diff != "" {
		t.Errorf("%s: required differs from the fields without omitempty (-struct +schema):\n%s", where, diff)
	}
}

var sortStrings = cmp.Transformer("sort", func(in []string) []string { return slices.Sorted(slices.Values(in)) })

func TestToolsDescribed(t *testing.T) {
	for _, tool := range Tools() {
		if len(tool.Description) < 100 {
			t.Errorf("%s: description too short to guide a model: %q", tool.Name, tool.Description)
		}
		if tool.Title == "" || len(tool.Title) > 40 {
			t.Errorf("%s: title %q is missing or too long for a client's list", tool.Name, tool.Title)
		}
		// A raw string literal takes a typed "\n" as a line break; only
		// whole lines may break.
		for _, para := range strings.Split(tool.Description, "\n") {
			if len(para) < 40 || strings.ContainsFunc(para, unicode.IsControl) {
				t.Errorf("%s: description has a stray control character or line break near %q", tool.Name, para)
			}
		}
	}
	ts := Tools()
	ts[0].Name = "changed"
	if Tools()[0].Name == "changed" {
		t.Error("Tools returns the package's own slice")
	}
}

// Every output schema is an object schema, as MCP requires, that a
// refused request's result passes.
func TestOutputSchemas(t *testing.T) {
	refused, _ := json.Marshal(refusal{Message: "no"})
	for _, tool := range Tools() {
		var top struct {
			Type     any      `json:"type"`
			Required []string `json:"required"`
		}
		if err := json.Unmarshal(tool.OutputSchema, &top); err != nil || top.Type != "object" {
			t.Errorf("%s: output schema type %v (%v), want object", tool.Name, top.Type, err)
		}
		if diff := cmp.Diff([]string{"success", "message"}, top.Required); diff != "" {
			t.Errorf("%s: required (-want +got):\n%s", tool.Name, diff)
		}
		s, err := schema.Compile(tool.OutputSchema)
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		if err := s.Check(refused, 0); err != nil {
			t.Errorf("%s: a refusal does not pass the output schema: %v", tool.Name, err)
		}
	}
}

func TestCallRefusesInvalidRequests(t *testing.T) {
	var ws MemWorkspace
	ws.WriteFile("a.txt", []byte("x\n"), 0o644)
	ed := &Editor{Workspace: &ws}
	for _, tc := range []struct {
		tool, input, msg string
	}{
		{"nope", `{}`, `there is no tool "nope". The tools are: view, edit_block, batch_edit_blocks, write_from_line, batch_edit, patch_text_file_contents, get_text_file_contents, apply_edit_response`},
		{"view", ``, "the request is empty"},
		{"view", `[1]`, "the request must be an object, not an array"},
		{"view", `{"path": 3}`, `field "path" must be a string, not an integer`},
		{"view", `{"path": "a.txt"} {}`, "there is more after the JSON object"},
		{"view", `{"path": "a.txt", "start": 1}`, `unknown field "start" in the request. The fields are: path, startLine, endLine`},
		{"view", `{"path": "a.txt"`, "not valid JSON"},
		{"view", `{"startLine": 2}`, `the request has no "path" field, and it is required`},
		{"view", `{"path": "a.txt", "startLine": 0}`, `field "startLine" must be at least 1 (got 0)`},
		{"view", `{"path": "a.txt", "startLine": 1.5}`, `field "startLine" must be an integer, not a number`},
		{"view", `{"path": "a.txt", "startLine": 99999999999999999999}`, `out of range`},
		// A missing field is not an empty one: without replace, edit_block
		// would delete the search text.
		{"edit_block", `{"path": "a.txt", "search": "x"}`, `the request has no "replace" field, and it is required`},
		{"edit_block", `{"path": "a.txt", "search": "x", "replace": null}`, `field "replace" must be a string, not null`},
		{"patch_text_file_contents", `{"files": [{"file_path": "a.txt", "patches": [{"new_string": "y", "ranges": [{"start": 1}]}]}]}`,
			`files[0].patches[0] has no "old_string" field, and it is required`},
		// encoding/json matches keys case-insensitively and lets the last
		// one win: {"dryRun": true, "dryrun": false} would write the file.
		{"edit_block", `{"path": "a.txt", "search": "x", "replace": "y", "dryRun": true, "dryrun": false}`,
			`the field "dryrun" appears twice in the request (also as "dryRun"); send it once`},
		{"edit_block", `{"path": "a.txt", "search": "x", "replace": "y", "DryRun": true}`,
			`unknown field "DryRun" in the request; did you mean "dryRun"? Field names are case-sensitive`},
		{"edit_block", `{"path": "a.txt", "search": "x", "replace": "y", "path": "b.txt"}`, `the field "path" appears twice`},
		{"batch_edit", `{"operations": [{"type": "append", "file": "a.txt"}, {"type": "delete"}]}`,
			`field "operations[0].type" must be one of create, insert, delete, replace, patch, not "append"; operations[1] has no "file" field, and it is required`},
		{"batch_edit_blocks", `{"path": "a.txt", "edits": []}`, `field "edits" must have at least 1 item`},
		{"batch_edit_blocks", `{"path": "a.txt", "edits": [` + strings.Repeat(`{"search": "x", "replace": "y"},`, maxItems) + `{"search": "x", "replace": "y"}]}`,
			`field "edits" has more than 100000 items; send at most 100000 in one request`},
	} {
		out, err := ed.Call(context.Background(), tc.tool, []byte(tc.input))
		var res struct {
			Success *bool
			Message string
		}
		if !errors.Is(err, ErrInvalidRequest) || !strings.Contains(err.Error(), tc.msg) ||
			json.Unmarshal(out, &res) != nil || res.Success == nil || *res.Success || res.Message != err.Error() {
			t.Errorf("Call(%s, %.200s) = %.300s, %.300v; want a result saying it failed and an invalid request error containing %q", tc.tool, tc.input, out, err, tc.msg)
		}
	}
}

// TestMethodsReportInResult: a typed method that fails still returns its
// result with the message, so a framework can hand the result to the model
// instead of ending the turn with an error.
func TestMethodsReportInResult(t *testing.T) {
	var ws MemWorkspace
	ed := &Editor{Workspace: &ws}
	ctx := context.Background()
	message := func(res any, err error) string {
		if err == nil {
			t.Errorf("%T: no error for an invalid request", res)
		}
		v := reflect.ValueOf(res)
		if v.IsNil() {
			t.Errorf("%T: nil result", res)
			return ""
		}
		return v.Elem().FieldByName("Message").String()
	}
	for _, msg := range []string{
		message(ed.View(ctx, ViewRequest{})),
		message(ed.EditBlock(ctx, EditBlockRequest{})),
		message(ed.BatchEditBlocks(ctx, BatchEditBlocksRequest{})),
		message(ed.WriteFromLine(ctx, WriteFromLineRequest{})),
		message(ed.BatchEdit(ctx, BatchEditRequest{})),
		message(ed.PatchTextFileContents(ctx, PatchTextFileContentsRequest{})),
		message(ed.GetTextFileContents(ctx, GetTextFileContentsRequest{})),
		message(ed.ApplyEditResponse(ctx, ApplyEditResponseRequest{Format: "diff"})),
	} {
		if msg == "" {
			t.Error("a failed request returned a result without a message")
		}
	}
}

func TestGeminiTools(t *testing.T) {
	var walk func(tool, where string, v any)
	walk = func(tool, where string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if _, list := x.([]any); k == "type" && list || k == "additionalProperties" {
					t.Errorf("%s: %s.%s is still %v", tool, where, k, x)
				}
				walk(tool, where+"."+k, x)
			}
		case []any:
			for _, x := range v {
				walk(tool, where, x)
			}
		}
	}
	for i, tool := range GeminiTools() {
		var v any
		if err := json.Unmarshal(tool.InputSchema, &v); err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		walk(tool.Name, "", v)
		if tool.Name != Tools()[i].Name || tool.Description != Tools()[i].Description {
			t.Errorf("%s: not the same tool as Tools lists", tool.Name)
		}
	}
}
