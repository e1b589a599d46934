package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		{"flags before the name", []string{"tool", "-root", root, "view"}, `{"path": "f.txt", "startLine": 2}`, 0, `"text": "two"`},
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
