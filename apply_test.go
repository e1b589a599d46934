package editkit

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const mathPy = "import math\n\ndef add(a, b):\n    return a + b\n\ndef multiply(a, b):\n    return a + b  # BUG\n"

// applyTo runs a response against a memory workspace holding files and
// returns the result and the files afterwards.
func applyTo(t *testing.T, files map[string]string, req ApplyEditResponseRequest) (*ApplyEditResponseResult, map[string]string) {
	t.Helper()
	var ws MemWorkspace
	for name, data := range files {
		ws.WriteFile(name, []byte(data), 0o644)
	}
	res, _ := (&Editor{Workspace: &ws}).ApplyEditResponse(context.Background(), req)
	after := map[string]string{}
	for _, n := range ws.Names() {
		b, _ := ws.ReadFile(n)
		after[n] = string(b)
	}
	return res, after
}

func statuses(res *ApplyEditResponseResult) []string {
	var s []string
	for _, r := range res.Results {
		s = append(s, string(r.Status))
	}
	return s
}

// The seed's validation and application tests.
func TestApplyEditResponse(t *testing.T) {
	for _, tc := range []struct {
		name     string
		files    map[string]string
		response string
		opts     ApplyEditResponseRequest
		status   []string
		msg      string // in the first result's message
		line     int    // of the first result, when not 0
		want     map[string]string
	}{
		{
			name:     "a valid block is applied",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "def multiply(a, b):\n    return a + b  # BUG\n", "def multiply(a, b):\n    return a * b\n"),
			status:   []string{"applied"}, line: 7,
			want: map[string]string{"math.py": strings.Replace(mathPy, "a + b  # BUG", "a * b", 1)},
		},
		{
			name:     "anchor not found",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "def divide(a, b):\n    return a / b\n", "def divide(a, b):\n    return a // b\n"),
			status:   []string{"failed"}, msg: msgAnchorNotFound,
			want: map[string]string{"math.py": mathPy},
		},
		{
			name:     "ambiguous: the lines occur twice, and both lines are named",
			files:    map[string]string{"a.py": "x = 1\nprint(x)\n\nx = 1\nprint(x)\n"},
			response: v3("a.py", "x = 1\nprint(x)\n", "x = 2\nprint(x)\n"),
			status:   []string{"failed"}, msg: "Edit location is ambiguous (matches at lines 1 and 4)",
			want: map[string]string{"a.py": "x = 1\nprint(x)\n\nx = 1\nprint(x)\n"},
		},
		{
			name:     "old lines don't match content after the anchor",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "def multiply(a, b):\n    return a - b\n", "def multiply(a, b):\n    return a * b\n"),
			status:   []string{"failed"}, msg: msgOldMismatch, line: 6,
			want: map[string]string{"math.py": mathPy},
		},
		{
			name:     "content sequence not found (no anchor)",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "x = 1\n", "x = 2\n"),
			status:   []string{"failed"}, msg: msgNotFound,
			want: map[string]string{"math.py": mathPy},
		},
		{
			name:     "insertion after the anchor",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "import math\n", "import math\nimport os\n"),
			status:   []string{"applied"},
			want:     map[string]string{"math.py": strings.Replace(mathPy, "import math\n", "import math\nimport os\n", 1)},
		},
		{
			name:     "deletion",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "import math\n\n", "\n"),
			status:   []string{"applied"},
			want:     map[string]string{"math.py": strings.Replace(mathPy, "import math\n", "", 1)},
		},
		{
			name:     "a new file",
			response: v3("pkg/new.py", "", "print('hi')\n"),
			status:   []string{"applied"},
			want:     map[string]string{"pkg/new.py": "print('hi')\n"},
		},
		{
			name:     "an empty old side on an existing file is refused",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "", "overwrite\n"),
			status:   []string{"failed"}, msg: msgFileExists,
			want: map[string]string{"math.py": mathPy},
		},
		{
			name:     "a missing file",
			response: v3("nope.py", "a\n", "b\n"),
			status:   []string{"failed"}, msg: "File not found: nope.py",
			want: map[string]string{},
		},
		{
			name:     "a binary file",
			files:    map[string]string{"img.png": "\x89PNG\x00\x00data\n"},
			response: v3("img.png", "data\n", "x\n"),
			status:   []string{"failed"}, msg: msgBinary,
			want: map[string]string{"img.png": "\x89PNG\x00\x00data\n"},
		},
		{
			name:     "files keep their own ending: no final newline, blank lines at the end",
			files:    map[string]string{"a.txt": "a\nb", "b.txt": "a\nb\n\n\n"},
			response: v3("a.txt", "a\n", "A\n") + v3("b.txt", "a\n", "A\n"),
			status:   []string{"applied", "applied"},
			want:     map[string]string{"a.txt": "A\nb", "b.txt": "A\nb\n\n\n"},
		},
		{
			name:     "normalizeEnding ends files with exactly one newline",
			files:    map[string]string{"a.txt": "a\nb", "b.txt": "a\nb\n\n\n"},
			response: v3("a.txt", "a\n", "A\n") + v3("b.txt", "a\n", "A\n"),
			opts:     ApplyEditResponseRequest{NormalizeEnding: true},
			status:   []string{"applied", "applied"},
			want:     map[string]string{"a.txt": "A\nb\n", "b.txt": "A\nb\n"},
		},
		{
			name:     "a CRLF file is matched and stays CRLF",
			files:    map[string]string{"w.txt": "one\r\ntwo\r\nthree\r\n"},
			response: strings.ReplaceAll(v3("w.txt", "one\ntwo\n", "one\n2\n2.5\n"), "\n", "\r\n"),
			status:   []string{"applied"},
			want:     map[string]string{"w.txt": "one\r\n2\r\n2.5\r\nthree\r\n"},
		},
		{
			name:     "sequential edits to one file, each on the last one's result",
			files:    map[string]string{"a.txt": "x\ny\nz\n"},
			response: v3("a.txt", "x\n", "X\n") + v3("a.txt", "X\ny\n", "X\nY\n"),
			status:   []string{"applied", "applied"},
			want:     map[string]string{"a.txt": "X\nY\nz\n"},
		},
		{
			name:     "after a failure the file's later blocks are skipped; other files go on",
			files:    map[string]string{"a.txt": "x\ny\n", "b.txt": "p\n"},
			response: v3("a.txt", "x\n", "X\n") + v3("a.txt", "nope\n", "N\n") + v3("b.txt", "p\n", "P\n") + v3("a.txt", "y\n", "Y\n"),
			status:   []string{"applied", "failed", "applied", "skipped"},
			want:     map[string]string{"a.txt": "X\ny\n", "b.txt": "P\n"},
		},
		{
			name:     "a dry run writes nothing",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "import math\n", "import cmath\n"),
			opts:     ApplyEditResponseRequest{DryRun: true},
			status:   []string{"applied"},
			want:     map[string]string{"math.py": mathPy},
		},
		{
			name:     "re-indented lines are found as edit_block finds them, and the result says how",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "def multiply(a, b):\n  return a + b  # BUG\n", "def multiply(a, b):\n  return a * b\n"),
			status:   []string{"applied"}, msg: "Replaced 1 line with 1 line at line 7 (matched by line-trimmed: indentation differed, and the replacement was re-indented to the file's).",
			want: map[string]string{"math.py": strings.Replace(mathPy, "a + b  # BUG", "a * b", 1)},
		},
		{
			name:     "exact asks for the lines exactly as written",
			files:    map[string]string{"math.py": mathPy},
			response: v3("math.py", "def multiply(a, b):\n  return a + b  # BUG\n", "def multiply(a, b):\n  return a * b\n"),
			opts:     ApplyEditResponseRequest{Exact: true},
			status:   []string{"failed"}, msg: msgOldMismatch,
			want: map[string]string{"math.py": mathPy},
		},
		{
			name:     "SEARCH/REPLACE blocks apply the same way",
			files:    map[string]string{"math.py": mathPy},
			response: "math.py\n```python\n<<<<<<< SEARCH\n    return a + b  # BUG\n=======\n    return a * b\n>>>>>>> REPLACE\n```\n",
			status:   []string{"applied"},
			want:     map[string]string{"math.py": strings.Replace(mathPy, "a + b  # BUG", "a * b", 1)},
		},
		{
			name:     "a path outside the workspace fails only its block",
			files:    map[string]string{"a.txt": "x\n"},
			response: v3("../evil.txt", "a\n", "b\n") + v3("a.txt", "x\n", "y\n"),
			status:   []string{"failed", "applied"}, msg: "outside the workspace",
			want: map[string]string{"a.txt": "y\n"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Response = tc.response
			res, after := applyTo(t, tc.files, tc.opts)
			if diff := cmp.Diff(tc.status, statuses(res)); diff != "" {
				t.Errorf("statuses (-want +got):\n%s\n%+v", diff, res.Results)
			}
			if len(res.Results) > 0 && !strings.Contains(res.Results[0].Message, tc.msg) {
				t.Errorf("message %q does not contain %q", res.Results[0].Message, tc.msg)
			}
			if tc.line != 0 && res.Results[0].Line != tc.line {
				t.Errorf("line = %d, want %d", res.Results[0].Line, tc.line)
			}
			if diff := cmp.Diff(tc.want, after); diff != "" {
				t.Errorf("files after (-want +got):\n%s", diff)
			}
		})
	}
}

func TestShellSuggestions(t *testing.T) {
	resp := "Remove the old file with `git rm old.go` and run `mkdir -p internal/x`.\n" +
		"```bash\n$ git mv a.go b.go\nrm -rf build/\necho done\n```\n" +
		"Not `rm -r x` and not git rm without backquotes. Again: `git rm old.go`.\n" +
		"```go\nfunc main() {}\n```\ngit rm after a Go fence is prose\n"
	want := []string{"git rm old.go", "mkdir -p internal/x", "git mv a.go b.go", "rm -rf build/"}
	if diff := cmp.Diff(want, ShellSuggestions(resp)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestApplyStagesWithGit: with GitAdd, written files are staged when the
// workspace is a git work tree.
func TestApplyStagesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q")
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("x\n"), 0o644)
	ws, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	res, err := (&Editor{Workspace: ws, GitAdd: true}).ApplyEditResponse(context.Background(),
		ApplyEditResponseRequest{Response: v3("a.txt", "x\n", "y\n") + v3("new.txt", "", "n\n")})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Message, "Staged 2 files") {
		t.Errorf("message %q", res.Message)
	}
	if got := git("diff", "--cached", "--name-only"); got != "a.txt\nnew.txt\n" {
		t.Errorf("staged files: %q", got)
	}
}

// FuzzApplyEditResponse: any file and block; no panic, one result per
// block, a file no block applied to is left byte for byte, and the lines
// before an applied block are kept.
func FuzzApplyEditResponse(f *testing.F) {
	f.Add(mathPy, "def add(a, b):\n    return a + b\n", "def add(a, b):\n    return b + a\n", false, false)
	f.Add("a\r\nb\r\nc", "b\n", "", false, true)
	f.Add("x\n\tif y {\n\t}\n", "    if y {\n    }\n", "    if z {\n    }\n", true, false)
	f.Fuzz(func(t *testing.T, file, old, new string, exact, dry bool) {
		resp := "f.txt\n```\n<<<<<<< SEARCH\n" + old + "\n=======\n" + new + "\n>>>>>>> REPLACE\n```\n"
		var ws MemWorkspace
		ws.WriteFile("f.txt", []byte(file), 0o644)
		res, err := (&Editor{Workspace: &ws}).ApplyEditResponse(context.Background(),
			ApplyEditResponseRequest{Response: resp, Exact: exact, DryRun: dry})
		blocks, _ := ParseResponse(resp)
		if len(res.Results) != len(blocks) {
			t.Fatalf("%d results for %d blocks", len(res.Results), len(blocks))
		}
		applied := 0
		for _, r := range res.Results {
			switch r.Status {
			case "applied":
				applied++
			case "failed", "skipped":
				if r.Message == "" {
					t.Fatalf("%s without a message", r.Status)
				}
			default:
				t.Fatalf("status %q", r.Status)
			}
		}
		if (err == nil) != (applied == len(blocks) && len(res.ParseIssues) == 0) {
			t.Fatalf("error %v with %d of %d applied", err, applied, len(blocks))
		}
		got, _ := ws.ReadFile("f.txt")
		if applied == 0 || dry {
			if string(got) != file {
				t.Fatalf("file changed: %q -> %q", file, got)
			}
			return
		}
		if len(res.Results) == 1 && res.Results[0].Strategy == "exact" && !strings.Contains(file, "\r") {
			keep := strings.SplitAfter(file, "\n")
			keep = keep[:min(res.Results[0].Line-1, len(keep)-1)]
			// Deleting the file's last lines where it has no final newline
			// takes the line end before them too: the file still has none.
			prefix := strings.Join(keep, "")
			cutEnd := !strings.HasSuffix(file, "\n") && string(got) == strings.TrimSuffix(prefix, "\n")
			if !strings.HasPrefix(string(got), prefix) && !cutEnd {
				t.Fatalf("lines before line %d changed: %q -> %q", res.Results[0].Line, file, got)
			}
		}
	})
}
