package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestTools(t *testing.T) {
	code, out, _ := runCLI(t, "", "tools")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var tools []struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	if err := json.Unmarshal([]byte(out), &tools); err != nil {
		t.Fatalf("tools output is not a JSON list: %v", err)
	}
	if len(tools) == 0 || tools[0].Name != "view" || tools[0].Description == "" || len(tools[0].InputSchema) == 0 {
		t.Errorf("unexpected tools: %+v", tools)
	}
}

func TestToolView(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	os.MkdirAll(filepath.Join(root, "a"), 0o755)
	os.WriteFile(filepath.Join(root, "f.txt"), []byte("one\r\ntwo\r\n"), 0o644)
	secret := filepath.Join(base, "secret.txt")
	os.WriteFile(secret, []byte("TOP-SECRET-BYTES\n"), 0o644)
	symlinks := true
	if err := os.Symlink("../secret.txt", filepath.Join(root, "link")); err != nil {
		symlinks = false
	}

	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		code  int
		want  string // in stdout
	}{
		{"view a file", []string{"tool", "view", "-root", root}, `{"path": "f.txt"}`, 0, `"lineEnding": "CRLF"`},
		{"flags before the name", []string{"tool", "-root", root, "view"}, `{"path": "f.txt", "startLine": 2}`, 0, `"text": "     2\ttwo\n"`},
		{"dot dot", []string{"tool", "view", "-root", root}, `{"path": "../secret.txt"}`, 1, "outside the workspace"},
		{"absolute path outside", []string{"tool", "view", "-root", root}, `{"path": "` + secret + `"}`, 1, "outside the workspace"},
		{"a/../../x", []string{"tool", "view", "-root", root}, `{"path": "a/../../secret.txt"}`, 1, "outside the workspace"},
		{"symlink out", []string{"tool", "view", "-root", root}, `{"path": "link"}`, 1, "outside the workspace"},
		{"missing file", []string{"tool", "view", "-root", root}, `{"path": "nope.txt"}`, 1, "does not exist"},
		{"invalid JSON", []string{"tool", "view", "-root", root}, `{"path": `, 2, "not valid JSON"},
		{"unknown field", []string{"tool", "view", "-root", root}, `{"file": "f.txt"}`, 2, `unknown field \"file\"`},
		{"unknown tool", []string{"tool", "frobnicate", "-root", root}, `{}`, 2, "there is no tool"},
		{"no tool name", []string{"tool", "-root", root}, `{}`, 2, ""},
		{"no command", nil, "", 2, ""},
		{"unknown command", []string{"frob"}, "", 2, ""},
		{"bad root", []string{"tool", "view", "-root", filepath.Join(base, "none")}, `{"path": "f.txt"}`, 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "symlink out" && !symlinks {
				t.Skip("no symlinks")
			}
			code, out, errOut := runCLI(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, out, errOut)
			}
			if !strings.Contains(out, tc.want) {
				t.Errorf("stdout does not contain %q:\n%s", tc.want, out)
			}
			if strings.Contains(out+errOut, "TOP-SECRET") {
				t.Errorf("printed bytes of the file outside the root:\n%s%s", out, errOut)
			}
			if out != "" && !json.Valid([]byte(out)) {
				t.Errorf("stdout is not JSON:\n%s", out)
			}
		})
	}
}

// TestDemo runs the README's first command on the shipped demo: a dry run
// that must apply every block and write nothing.
func TestDemo(t *testing.T) {
	before, err := os.ReadFile("../demo/greet/greet.go")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "apply", "-dry-run", "-root", "../demo", "../demo/response.md")
	if code != 0 || !strings.Contains(out, "3 of 3 blocks applied") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	after, _ := os.ReadFile("../demo/greet/greet.go")
	if string(after) != string(before) {
		t.Error("the dry run changed the demo")
	}
	if _, err := os.Stat("../demo/greet/greet_test.go"); err == nil {
		t.Error("the dry run created a file")
	}
}

func TestDiffColors(t *testing.T) {
	d := "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n title\n---\n+==\n"
	var out bytes.Buffer
	c := &cli{stdout: &out, color: true}
	c.printDiff(d)
	want := ansiBold + "--- a/x" + ansiReset + "\n" +
		ansiBold + "+++ b/x" + ansiReset + "\n" +
		ansiCyan + "@@ -1,3 +1,3 @@" + ansiReset + "\n" +
		" title\n" +
		ansiRed + "---" + ansiReset + "\n" + // a removed "--" line, not a header
		ansiGreen + "+==" + ansiReset + "\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}

	out.Reset()
	c.color = false
	c.printDiff(d)
	if out.String() != d {
		t.Errorf("plain output %q, want %q", out.String(), d)
	}
}

func TestWantColor(t *testing.T) {
	if wantColor(&bytes.Buffer{}) {
		t.Error("color for a buffer")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if wantColor(f) {
		t.Error("color for a regular file")
	}
	tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no terminal")
	}
	defer tty.Close()
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "")
	if !wantColor(tty) {
		t.Error("no color for a terminal")
	}
	t.Setenv("NO_COLOR", "1")
	if wantColor(tty) {
		t.Error("color with NO_COLOR set")
	}
}
