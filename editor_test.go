package editkit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/editkit/editkit/internal/text"
	"github.com/google/go-cmp/cmp"
)

// faultyWorkspace wraps a workspace to fail or interfere with writes.
type faultyWorkspace struct {
	Workspace
	failWrite   string            // writing this file fails
	beforeWrite func(name string) // runs before each write
}

func (f *faultyWorkspace) WriteFile(name string, data []byte, perm fs.FileMode) error {
	if f.beforeWrite != nil {
		f.beforeWrite(name)
	}
	if name == f.failWrite {
		return errors.New("injected failure: no space left on device")
	}
	return f.Workspace.WriteFile(name, data, perm)
}

// threeFiles is a workspace directory with three files whose bytes any
// careless rewrite would change: CRLF, a BOM, no final newline, latin1.
func threeFiles(t *testing.T) (string, map[string]string) {
	dir := t.TempDir()
	files := map[string]string{
		"a.txt": "alpha\r\nbeta\r\n",
		"b.txt": "\xEF\xBB\xBFone\ntwo",
		"c.txt": "caf\xe9\rna\xefve\r",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, files
}

func readDir(t *testing.T, dir string) map[string]string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got[e.Name()] = string(b)
	}
	return got
}

// stageAll reads a, b and c through the editor and stages an edit of each:
// "X" prepended to the first line.
func stageAll(t *testing.T, ed *Editor, r *request) {
	for _, name := range []string{"a.txt", "b.txt", "c.txt"} {
		f, err := ed.load(name, "")
		if err != nil {
			t.Fatal(err)
		}
		out, err := f.doc.Apply([]text.Edit{{Start: 0, End: 0, New: "X"}})
		if err != nil {
			t.Fatal(err)
		}
		r.stage(f, out)
	}
}

func TestCommitAllOrNothing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		faulty func(dir string) *faultyWorkspace
		kind   error
		msg    string
		want   func(orig map[string]string) map[string]string
	}{
		{
			name: "every file written, bytes outside the edit kept",
			want: func(map[string]string) map[string]string {
				return map[string]string{"a.txt": "Xalpha\r\nbeta\r\n", "b.txt": "\xEF\xBB\xBFXone\ntwo", "c.txt": "Xcaf\xe9\rna\xefve\r"}
			},
		},
		{
			name: "the second of three writes fails: no byte of any file changes",
			faulty: func(string) *faultyWorkspace {
				return &faultyWorkspace{failWrite: "b.txt"}
			},
			msg:  "b.txt: writing the file failed: injected failure: no space left on device; the 1 file written before it restored, so no file changed",
			want: func(orig map[string]string) map[string]string { return orig },
		},
		{
			name: "a file modified by someone else is not overwritten, the rest is rolled back",
			faulty: func(dir string) *faultyWorkspace {
				return &faultyWorkspace{beforeWrite: func(name string) {
					if name == "a.txt" {
						os.WriteFile(filepath.Join(dir, "b.txt"), []byte("their edit\n"), 0o644)
					}
				}}
			},
			kind: ErrStale,
			msg:  "b.txt: the file changed on disk since it was read; the 1 file written before it restored, so no file changed. Read the file again",
			want: func(orig map[string]string) map[string]string {
				return map[string]string{"a.txt": orig["a.txt"], "b.txt": "their edit\n", "c.txt": orig["c.txt"]}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, orig := threeFiles(t)
			dws, err := OpenDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer dws.Close()
			var ws Workspace = dws
			if tc.faulty != nil {
				f := tc.faulty(dir)
				f.Workspace = dws
				ws = f
			}
			ed := &Editor{Workspace: ws}
			r, err := ed.begin(context.Background(), writeOpts{}, "a.txt", "b.txt", "c.txt")
			if err != nil {
				t.Fatal(err)
			}
			stageAll(t, ed, r)
			err = r.commit()
			r.end()
			if tc.faulty == nil && err != nil {
				t.Fatalf("commit: %v", err)
			}
			if tc.faulty != nil && err == nil {
				t.Fatal("commit succeeded despite the fault")
			}
			if tc.kind != nil && !errors.Is(err, tc.kind) {
				t.Errorf("commit error = %v, want %v", err, tc.kind)
			}
			if err != nil && !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("commit error = %q, want it to contain %q", err, tc.msg)
			}
			if diff := cmp.Diff(tc.want(orig), readDir(t, dir)); diff != "" {
				t.Errorf("files after commit (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRequestsOnOneFileSerialize: concurrent read-modify-write requests on
// one file, through two editors on two workspaces of the same directory,
// lose no update.
func TestRequestsOnOneFileSerialize(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "n.txt"), []byte("0\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var editors []*Editor
	for range 2 {
		ws, err := OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.Close()
		editors = append(editors, &Editor{Workspace: ws})
	}
	const workers, rounds = 8, 20
	var wg sync.WaitGroup
	errs := make(chan error, workers*rounds)
	for w := range workers {
		ed := editors[w%2]
		wg.Go(func() {
			for range rounds {
				errs <- increment(ed, "n.txt")
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "n.txt"))
	if want := fmt.Sprintf("%d\r\n", workers*rounds); string(b) != want {
		t.Errorf("counter = %q, want %q", b, want)
	}
}

func increment(ed *Editor, name string) error {
	r, err := ed.begin(context.Background(), writeOpts{}, name)
	if err != nil {
		return err
	}
	defer r.end()
	f, err := ed.load(name, "")
	if err != nil {
		return err
	}
	line := f.doc.Line(0)
	n, err := strconv.Atoi(line)
	if err != nil {
		return err
	}
	out, err := f.doc.Apply([]text.Edit{{Start: 0, End: len(line), New: strconv.Itoa(n + 1)}})
	if err != nil {
		return err
	}
	r.stage(f, out)
	return r.commit()
}

func TestLockWaitHonorsContext(t *testing.T) {
	var ws MemWorkspace
	ed := &Editor{Workspace: &ws}
	r, err := ed.begin(context.Background(), writeOpts{}, "a.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer r.end()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ed.begin(ctx, writeOpts{}, "b.txt", "a.txt"); !errors.Is(err, context.Canceled) {
		t.Errorf("begin on a held file with a cancelled context = %v, want context.Canceled", err)
	}
	r2, err := ed.begin(context.Background(), writeOpts{}, "b.txt")
	if err != nil {
		t.Fatalf("b.txt stayed locked after the cancelled request: %v", err)
	}
	r2.end()
}

func TestLoadRefuses(t *testing.T) {
	var ws MemWorkspace
	ws.WriteFile("bin", []byte("text\x00more"), 0o644)
	ws.WriteFile("big", []byte(strings.Repeat("x", 100)), 0o644)
	ws.WriteFile("u16", []byte("\xff\xfea\x00\n\x00"), 0o644)
	ws.WriteFile("u16nobom", []byte("a\x00\n\x00"), 0o644)
	ws.WriteFile("dir/f", []byte("x"), 0o644)
	ws.WriteFile("bad", []byte("ok\n\x82\n"), 0o644)
	ed := &Editor{Workspace: &ws, MaxFileSize: 50}
	for _, tc := range []struct {
		name, encoding string
		kind           error
	}{
		{"bin", "", ErrBinary},
		{"big", "", ErrTooLarge},
		{"u16", "", nil},
		{"u16nobom", "", ErrBinary},
		{"u16nobom", "utf-16le", nil},
		{"dir", "", ErrInvalidRequest},
		{"bad", "shift_jis", ErrEncoding},
		{"bad", "klingon", ErrEncoding},
		{"../up", "", ErrOutsideRoot},
	} {
		_, err := ed.load(tc.name, tc.encoding)
		if tc.kind == nil && err != nil || tc.kind != nil && !errors.Is(err, tc.kind) {
			t.Errorf("load(%q, %q) = %v, want %v", tc.name, tc.encoding, err, tc.kind)
		}
	}
	var e *Error
	if _, err := ed.load("bad", "shift_jis"); !errors.As(err, &e) || len(e.Lines) != 1 || e.Lines[0].Start != 2 {
		t.Errorf("encoding error %#v does not point at line 2", err)
	}
}

// TestToolsKeepOneBOM: a request that copied a file's text from a raw read
// carries its byte order mark at the start of the first line; every tool
// that writes there leaves the file with its one BOM, not a second one
// inside the text, and matches the text as it stands.
func TestToolsKeepOneBOM(t *testing.T) {
	const before = "\xEF\xBB\xBFusing System;\r\n\r\nclass A {}\r\n"
	const header = "\xEF\xBB\xBF// header\r\nusing System;\r\n\r\nclass A {}\r\n"
	for _, tc := range []struct{ tool, req, want string }{
		{"edit_block", `{"path":"a.cs","search":"\ufeffusing System;","replace":"\ufeff// header\nusing System;"}`, header},
		{"write_from_line", `{"path":"a.cs","startLine":1,"endLine":1,"content":"\ufeff// header\nusing System;\n"}`, header},
		{"batch_edit", `{"operations":[{"type":"replace","file":"a.cs","start_line":1,"end_line":1,"content":"\ufeff// header\nusing System;\n"}]}`, header},
		{"patch_text_file_contents", `{"files":[{"file_path":"a.cs","patches":[{"old_string":"\ufeffusing System;\n","new_string":"\ufeff// header\nusing System;\n","ranges":[{"start":1,"end":1}]}]}]}`, header},
		{"str_replace_based_edit_tool", `{"command":"str_replace","path":"a.cs","old_str":"\ufeffusing System;","new_str":"\ufeff// header\nusing System;"}`, header},
		{"edit_file", `{"path":"a.cs","code_edit":"\ufeff// header\nusing System;\n// ... existing code ...\n"}`, header},
		{"edit_file", `{"path":"a.cs","code_edit":"\ufeffusing System;\nusing System.IO;\n// ... existing code ...\n"}`, "\xEF\xBB\xBFusing System;\r\nusing System.IO;\r\n\r\nclass A {}\r\n"},
		{"apply_patch", `{"input":"--- a/a.cs\n+++ b/a.cs\n@@ -1,2 +1,3 @@\n-\ufeffusing System;\n+\ufeff// header\n+using System;\n \n"}`, header},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			var ws MemWorkspace
			ws.WriteFile("a.cs", []byte(before), 0o644)
			out, err := (&Editor{Workspace: &ws}).Call(context.Background(), tc.tool, []byte(tc.req))
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			got, _ := ws.ReadFile("a.cs")
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if strings.Contains(string(out), `\ufeff`) || strings.Contains(string(out), "\ufeff") {
				t.Errorf("the result shows a BOM written as text: %s", out)
			}
		})
	}
}

// TestResponseApplierOneWordName: a streamed block named by a line of one
// word is checked as it completes, as Close will apply it, when the
// workspace has that file.
func TestResponseApplierOneWordName(t *testing.T) {
	var ws MemWorkspace
	ws.WriteFile("shtest", []byte("#!/bin/sh\nJQ=./jq\n"), 0o755)
	a := &ResponseApplier{Editor: &Editor{Workspace: &ws}}
	ctx := context.Background()
	got, err := a.Feed(ctx, "shtest\n««« EDIT\nJQ=./jq\n═══════ REPL\nJQ=${JQ:-./jq}\n»»» EDIT END\n")
	if err != nil || len(got) != 1 || got[0].File != "shtest" {
		t.Fatalf("Feed: %+v, %v; want the block of shtest checked", got, err)
	}
	if _, err := a.Close(ctx); err != nil {
		t.Fatal(err)
	}
	b, _ := ws.ReadFile("shtest")
	if diff := cmp.Diff("#!/bin/sh\nJQ=${JQ:-./jq}\n", string(b)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestNewFileKeepsRequestedBOM: a snippet that creates a file is its text
// as sent, a BOM at its start included.
func TestNewFileKeepsRequestedBOM(t *testing.T) {
	var ws MemWorkspace
	if _, err := (&Editor{Workspace: &ws}).Call(context.Background(), "edit_file", []byte(`{"path":"n.cs","code_edit":"\ufeffusing System;\n"}`)); err != nil {
		t.Fatal(err)
	}
	got, _ := ws.ReadFile("n.cs")
	if diff := cmp.Diff("\xEF\xBB\xBFusing System;\n", string(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
