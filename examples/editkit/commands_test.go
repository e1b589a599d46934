package main

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/editkit/editkit/internal/golden"
	"github.com/google/go-cmp/cmp"
)

// TestCommands runs every testdata/*.txtar case: the files under "before/"
// are put in a fresh directory, which becomes the working directory; the
// command runs with the arguments in "args" (one per line, Go-quoted when
// it starts with a quote) and "stdin" as
// its input; and "stdout", "stderr", "exit" and the files under "after/"
// must be what it printed, returned and changed. Every other file must be
// untouched. Run with -update to rewrite the expected sections.
func TestCommands(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, path := range paths {
		abs, err := filepath.Abs(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			runCase(t, abs)
		})
	}
}

func runCase(t *testing.T, path string) {
	a, err := golden.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	before := map[string]string{}
	for _, f := range a.Files {
		if name, ok := strings.CutPrefix(f.Name, "before/"); ok {
			before[name] = string(f.Data)
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	argData, ok := a.Get("args")
	if !ok {
		t.Fatal("no args section")
	}
	var args []string
	for _, arg := range strings.Split(strings.TrimSuffix(string(argData), "\n"), "\n") {
		if strings.HasPrefix(arg, `"`) { // a quoted argument, for one of several lines
			if arg, err = strconv.Unquote(arg); err != nil {
				t.Fatal(err)
			}
		}
		args = append(args, arg)
	}
	stdin, _ := a.Get("stdin")
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &stdout, &stderr)

	got := map[string]string{
		"stdout": stdout.String(),
		"stderr": stderr.String(),
		"exit":   strconv.Itoa(code) + "\n",
	}
	after := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			b, _ := os.ReadFile(p)
			after[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	for name, data := range after {
		if old, ok := before[name]; !ok || old != data {
			got["after/"+name] = data
		}
	}
	if *golden.Update {
		for _, f := range slices.Clone(a.Files) {
			if !strings.HasPrefix(f.Name, "before/") && f.Name != "args" && f.Name != "stdin" {
				a.Remove(f.Name)
			}
		}
		for _, k := range []string{"exit", "stdout", "stderr"} {
			a.Set(k, []byte(got[k]))
		}
		for _, k := range slices.Sorted(maps.Keys(got)) {
			if strings.HasPrefix(k, "after/") {
				a.Set(k, []byte(got[k]))
			}
		}
		if err := golden.Write(path, a); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := map[string]string{}
	for _, f := range a.Files {
		if !strings.HasPrefix(f.Name, "before/") && f.Name != "args" && f.Name != "stdin" {
			want[f.Name] = string(f.Data)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("editkit %s (-want +got):\n%s", strings.Join(args, " "), diff)
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			t.Errorf("%s was deleted", name)
		}
	}
}
