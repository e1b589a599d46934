package editkit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/editkit/editkit/internal/golden"
	"github.com/editkit/editkit/internal/schema"
	"github.com/google/go-cmp/cmp"
)

// checkOutput fails the test when out is not what the tool's OutputSchema
// says it returns.
func checkOutput(t *testing.T, tool string, out []byte) {
	t.Helper()
	for _, tl := range editkit.Tools() {
		if tl.Name != tool {
			continue
		}
		s, err := schema.Compile(tl.OutputSchema)
		if err != nil {
			t.Fatalf("%s: output schema: %v", tool, err)
		}
		if err := s.Check(out, 0); err != nil {
			t.Errorf("%s: the result does not match the output schema: %v\n%s", tool, err, out)
		}
		return
	}
}

// TestGolden runs every testdata/<tool>/*.txtar case: the files under
// "before/" are put in a fresh workspace, "request.json" goes to the tool
// named by the directory (with the "response" or "input" section as that
// field, when there is one), and the result must equal "result.json" (with its
// diffs moved to their own sections for reading), the files under "after/"
// must be what changed, the files named under "deleted/" must be gone, and
// every other file must be untouched. Run with
// -update to rewrite the expected sections.
func TestGolden(t *testing.T) {
	paths, err := filepath.Glob("testdata/*/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		tool := filepath.Base(filepath.Dir(path))
		t.Run(tool+"/"+strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			runGolden(t, tool, path)
		})
	}
}

func runGolden(t *testing.T, tool, path string) {
	a, err := golden.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	before := map[string][]byte{}
	for _, f := range a.Files {
		if name, ok := strings.CutPrefix(f.Name, "before/"); ok {
			before[name] = f.Data
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	req, ok := a.Get("request.json")
	if !ok {
		t.Fatal("no request.json section")
	}
	for _, field := range []string{"response", "input", "code_edit"} {
		// A model's response, a patch or a snippet reads best as its own section,
		// byte for byte.
		text, ok := a.Get(field)
		if !ok {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(req, &m); err != nil {
			t.Fatal(err)
		}
		m[field] = string(text)
		req, _ = json.Marshal(m)
	}
	// $ROOT stands for the workspace's directory, which is new each run.
	req = bytes.ReplaceAll(req, []byte("$ROOT"), []byte(dir))
	ws, err := editkit.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	out, callErr := (&editkit.Editor{Workspace: ws}).Call(context.Background(), tool, req)
	checkOutput(t, tool, out)
	out = bytes.ReplaceAll(out, []byte(dir), []byte("$ROOT"))
	if out == nil {
		out, _ = json.Marshal(map[string]string{"invalidRequest": callErr.Error()})
	}
	result, diffs := splitDiffs(t, out)

	after := readTree(t, dir)
	want := map[string][]byte{}
	for name, data := range before {
		want[name] = data
	}
	for _, f := range a.Files {
		if name, ok := strings.CutPrefix(f.Name, "after/"); ok {
			want[name] = f.Data
		}
		if name, ok := strings.CutPrefix(f.Name, "deleted/"); ok {
			delete(want, name)
		}
	}
	if *golden.Update {
		a.Set("result.json", result)
		for _, f := range slices.Clone(a.Files) {
			if isDiffSection(f.Name) {
				a.Remove(f.Name)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(diffs)) {
			a.Set(k, []byte(diffs[k]))
		}
		for name := range before {
			a.Remove("deleted/" + name)
			if _, ok := after[name]; !ok {
				a.Remove("after/" + name)
				a.Set("deleted/"+name, nil)
			}
		}
		for _, name := range slices.Sorted(maps.Keys(after)) {
			if !bytes.Equal(after[name], before[name]) {
				a.Set("after/"+name, after[name])
			} else {
				a.Remove("after/" + name)
			}
		}
		if err := golden.Write(path, a); err != nil {
			t.Fatal(err)
		}
		return
	}
	wantResult, _ := a.Get("result.json")
	if diff := cmp.Diff(string(wantResult), string(result)); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	wantDiffs := map[string]string{}
	for _, f := range a.Files {
		if isDiffSection(f.Name) {
			wantDiffs[f.Name] = string(f.Data)
		}
	}
	if diff := cmp.Diff(wantDiffs, diffs); diff != "" {
		t.Errorf("diffs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(stringMap(want), stringMap(after)); diff != "" {
		t.Errorf("files after the call (-want +got):\n%s", diff)
	}
}

// isDiffSection tells the golden sections that hold a result's diffs.
func isDiffSection(name string) bool {
	return name == "diff" || name == "finalDiff" || strings.HasPrefix(name, "diffs/")
}

// splitDiffs returns the result as indented JSON with its diffs (the
// top-level diff fields, and each file's entry of a diffs map) replaced by
// a pointer to the sections they move to.
func splitDiffs(t *testing.T, out []byte) ([]byte, map[string]string) {
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("result is not a JSON object: %v\n%s", err, out)
	}
	if _, ok := m["requestId"]; ok {
		m["requestId"] = "(a requestId)" // made new for every request
	}
	diffs := map[string]string{}
	for _, k := range []string{"diff", "finalDiff"} {
		if s, ok := m[k].(string); ok && s != "" {
			diffs[k] = s
			m[k] = "(see the " + k + " section)"
		}
	}
	if files, ok := m["diffs"].(map[string]any); ok {
		for name, d := range files {
			if s, ok := d.(string); ok && s != "" {
				k := "diffs/" + name
				diffs[k] = s
				files[name] = "(see the " + k + " section)"
			}
		}
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n'), diffs
}

func readTree(t *testing.T, dir string) map[string][]byte {
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func stringMap(m map[string][]byte) map[string]string {
	s := make(map[string]string, len(m))
	for k, v := range m {
		s[k] = string(v)
	}
	return s
}
