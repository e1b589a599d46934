package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestScore(t *testing.T) {
	const file = "package p\n\nfunc a() int {\n\treturn 1\n}\n\nfunc b() int {\n\treturn 2\n}\n"
	edit := func(id, kind, after, snippet string) map[string]any {
		return map[string]any{"id": id, "kind": kind, "file": "p.go", "tool": "edit_file", "before": file, "after": after,
			"request": map[string]string{"path": "p.go", "code_edit": snippet}}
	}
	ten := strings.Replace(file, "return 1", "return 10", 1)
	cases := []map[string]any{
		edit("snippet-1", "snippet", ten, "// ... existing code ...\nfunc a() int {\n\treturn 10\n}\n// ... existing code ...\n"),
		edit("snippet-2", "snippet", ten, "// ... existing code ...\n\treturn 10\n// ... existing code ...\n"),
		edit("snippet-3", "snippet", file, "// ... existing code ...\nfunc b() int {\n\treturn 20\n}\n// ... existing code ...\n"),
		edit("neg-snippet-foreign-1", "neg-snippet-foreign", "", "// ... existing code ...\nfunc c() {\n\tlog.Print(\"c\")\n}\n// ... existing code ...\n"),
		{"id": "x-1", "kind": "exact", "tool": "edit_block", "before": file, "after": file, "request": map[string]string{}},
	}
	var b strings.Builder
	for _, c := range cases {
		j, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(j, '\n'))
	}
	path := filepath.Join(t.TempDir(), "demo.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	read, err := read(path)
	if err != nil {
		t.Fatal(err)
	}
	got := score(read)
	want := []string{
		"demo neg-snippet-foreign-1 right",
		"demo snippet-1 right",
		"demo snippet-2 refused",
		"demo snippet-3 wrong",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("verdicts (-want +got):\n%s", d)
	}
	before := []string{"demo snippet-1 refused", "demo snippet-2 refused", "demo gone-1 right"}
	if d := cmp.Diff([]string{"demo snippet-1 refused -> right"}, changed(before, got)); d != "" {
		t.Errorf("changed (-want +got):\n%s", d)
	}
	if s := summary(got); !strings.Contains(s, "snippet                       3 right      1") {
		t.Errorf("summary:\n%s", s)
	}
}
