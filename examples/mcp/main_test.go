package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/editkit/editkit/internal/testcache"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMain lets the test binary serve as the server: the tests start it
// again with serverEnv set, so they drive the real command over stdio. The
// servers it starts keep their journals (see editkit.JournalDir) in a cache
// directory of the test run's own, not the user's.
func TestMain(m *testing.M) {
	if os.Getenv(serverEnv) == "1" {
		os.Exit(exitCode(run(context.Background(), os.Args[1:], os.Stderr), os.Stderr))
	}
	os.Exit(testcache.Run(m))
}

const serverEnv = "EDITKIT_MCP_TEST_SERVER"

// connect starts the server on root and connects an SDK client to it.
func connect(t *testing.T, root string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-root", root)
	cmd.Env = append(os.Environ(), serverEnv+"=1")
	cmd.Stderr = os.Stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "editkit-test", Version: "v0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls a tool and checks that its structured content is what the
// tool's output schema says, by the SDK's own validator.
func call(t *testing.T, cs *mcp.ClientSession, name, args string) (text string, isError bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	checkOutput(t, cs, name, res.StructuredContent)
	if len(res.Content) != 1 {
		t.Fatalf("%s: %d content items", name, len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("%s: content is %T", name, res.Content[0])
	}
	return tc.Text, res.IsError
}

func checkOutput(t *testing.T, cs *mcp.ClientSession, name string, content any) {
	t.Helper()
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name != name {
			continue
		}
		data, _ := json.Marshal(tool.OutputSchema)
		var s jsonschema.Schema
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatalf("%s: output schema: %v", name, err)
		}
		rs, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: output schema: %v", name, err)
		}
		if content == nil {
			t.Fatalf("%s: no structured content", name)
		}
		if err := rs.Validate(content); err != nil {
			t.Errorf("%s: structured content does not match the output schema: %v", name, err)
		}
		return
	}
	t.Fatalf("no tool %s", name)
}

func TestListTools(t *testing.T) {
	cs := connect(t, t.TempDir())
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, tool := range res.Tools {
		got = append(got, tool.Name)
		if len(tool.Description) < 100 || tool.InputSchema == nil || tool.OutputSchema == nil {
			t.Errorf("%s: description %q, schema %v", tool.Name, tool.Description, tool.InputSchema)
		}
		if ro := tool.Annotations != nil && tool.Annotations.ReadOnlyHint; ro != (tool.Name == "view" || tool.Name == "get_text_file_contents") {
			t.Errorf("%s: readOnlyHint %v", tool.Name, ro)
		}
	}
	for _, tool := range editkit.Tools() {
		want = append(want, tool.Name)
	}
	if diff := cmp.Diff(want, got, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
}

// A step is one call of a tool, and a piece of the text of its result.
type step struct {
	tool, args string
	want       string
}

// everyTool calls each tool once, on the files writeFiles makes, in an
// order where each sees the files the previous ones left.
var everyTool = []step{
	{"view", `{"path": "a.go", "startLine": 3, "endLine": 4}`, `     3\tfunc A() int {`},
	{"edit_block", `{"path": "a.go", "search": "    return 1", "replace": "    return 2"}`, `"success":true`},
	{"batch_edit_blocks", `{"path": "a.go", "edits": [{"search": "package a", "replace": "package alpha"}, {"search": "func A()", "replace": "func B()"}]}`, `"successfulEdits":2`},
	{"write_from_line", `{"path": "b.txt", "startLine": 3, "content": "THREE\n"}`, `"success":true`},
	{"batch_edit", `{"operations": [{"type": "insert", "file": "b.txt", "line": 0, "content": "zero"}, {"type": "create", "file": "c.txt", "content": "new\n"}]}`, `"success":true`},
	{"get_text_file_contents", `{"files": [{"file_path": "b.txt", "ranges": [{"start": 2, "end": 2}]}]}`, `"text":"     2\tone\n"`},
	{"patch_text_file_contents", `{"files": [{"file_path": "b.txt", "patches": [{"old_string": "one\n", "new_string": "ONE\n", "ranges": [{"start": 2, "end": 2}]}]}]}`, `"success":true`},
	{"apply_edit_response", `{"response": "c.txt\n<<<<<<< SEARCH\nnew\n=======\nnewer\n>>>>>>> REPLACE\n"}`, `"status":"applied"`},
	{"apply_patch", `{"input": "*** Begin Patch\n*** Add File: d.txt\n+patched\n*** End Patch\n"}`, `Success. Updated the following files:\nA d.txt`},
	{"edit_file", `{"path": "e.txt", "code_edit": "first\nsecond\n"}`, `Wrote the snippet`},
	{"str_replace_based_edit_tool", `{"command": "str_replace", "path": "d.txt", "old_str": "patched", "new_str": "edited"}`, `has been edited`},
	{"undo", `{"path": "d.txt"}`, `"success":true`},
}

// writeFiles makes the files everyTool starts from.
func writeFiles(t *testing.T, root string) {
	t.Helper()
	for name, data := range map[string]string{
		"a.go":  "package a\n\nfunc A() int {\n\treturn 1\n}\n",
		"b.txt": "one\r\ntwo\r\nthree\r\n",
	} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCallEveryTool calls each tool once on a real directory, in an order
// where each sees the files the previous ones left, and checks the files on
// disk at the end.
func TestCallEveryTool(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root)
	cs := connect(t, root)

	steps := everyTool
	var called []string
	for _, s := range steps {
		text, isErr := call(t, cs, s.tool, s.args)
		if isErr || !strings.Contains(text, s.want) {
			t.Errorf("%s: isError %v, result does not contain %s:\n%s", s.tool, isErr, s.want, text)
		}
		called = append(called, s.tool)
	}
	for _, tool := range editkit.Tools() {
		if !slices.Contains(called, tool.Name) {
			t.Errorf("tool %s is not called", tool.Name)
		}
	}

	want := map[string]string{
		"a.go":  "package alpha\n\nfunc B() int {\n\treturn 2\n}\n",
		"b.txt": "zero\r\nONE\r\ntwo\r\nTHREE\r\n",
		"c.txt": "newer\n",
		"d.txt": "patched\n",
		"e.txt": "first\nsecond\n",
	}
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(data, string(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
}

// TestRefusedEditIsToolError: what editkit refuses reaches the model as a
// tool error saying why, and the file is left as it was.
func TestRefusedEditIsToolError(t *testing.T) {
	root := t.TempDir()
	const src = "x = 1\ny = 2\nx = 1\n"
	os.WriteFile(filepath.Join(root, "a.py"), []byte(src), 0o644)
	cs := connect(t, root)
	for _, tc := range []struct {
		name, tool, args, want string
	}{
		{"ambiguous", "edit_block", `{"path": "a.py", "search": "x = 1", "replace": "x = 3"}`, "line 1 and line 3"},
		{"not found", "edit_block", `{"path": "a.py", "search": "z = 9", "replace": "z = 0"}`, "not found"},
		{"outside the root", "edit_block", `{"path": "../a.py", "search": "x", "replace": "y"}`, "outside the workspace"},
		{"unknown field", "edit_block", `{"path": "a.py", "find": "x", "replace": "y"}`, `unknown field \"find\"`},
		{"no arguments", "view", `{}`, `the request has no \"path\" field, and it is required`},
		{"failed block", "apply_edit_response", `{"response": "a.py\n<<<<<<< SEARCH\nq = 0\n=======\nq = 1\n>>>>>>> REPLACE\n"}`, `"status":"failed"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text, isErr := call(t, cs, tc.tool, tc.args)
			if !isErr || !strings.Contains(text, tc.want) {
				t.Errorf("isError %v, want a tool error containing %s:\n%s", isErr, tc.want, text)
			}
		})
	}
	got, _ := os.ReadFile(filepath.Join(root, "a.py"))
	if string(got) != src {
		t.Errorf("the refused edits changed the file: %q", got)
	}
}

func TestHelpExitsZero(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-h")
	cmd.Env = append(os.Environ(), serverEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("editkit-mcp -h: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "-root") {
		t.Errorf("editkit-mcp -h does not show the flags:\n%s", out)
	}
}

func TestToolAnnotations(t *testing.T) {
	cs := connect(t, t.TempDir())
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		a := tool.Annotations
		if tool.Title == "" || a == nil || a.DestructiveHint == nil || a.OpenWorldHint == nil || *a.OpenWorldHint {
			t.Errorf("%s: title %q, annotations %+v", tool.Name, tool.Title, a)
			continue
		}
		if *a.DestructiveHint == a.ReadOnlyHint {
			t.Errorf("%s: destructive %v and read-only %v", tool.Name, *a.DestructiveHint, a.ReadOnlyHint)
		}
	}
}

// A request that wrote some of its edits is no tool error: the model must
// not send the edits that landed again. Its result lists the failure, as
// text and as structured content.
func TestPartialSuccessIsNoError(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, root)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "batch_edit_blocks", Arguments: json.RawMessage(
		`{"path": "a.txt", "edits": [{"search": "one", "replace": "ONE"}, {"search": "three", "replace": "THREE"}]}`)})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if res.IsError || !strings.Contains(text, `"failedEdits":1`) {
		t.Errorf("isError %v, result:\n%s", res.IsError, text)
	}
	if res.StructuredContent == nil {
		t.Error("no structured content")
	}
	got, _ := os.ReadFile(filepath.Join(root, "a.txt"))
	if string(got) != "ONE\ntwo\n" {
		t.Errorf("a.txt = %q", got)
	}
}
