package editkit_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/editkit/editkit"
	"github.com/google/go-cmp/cmp"
)

// undoFiles are files whose bytes an undo must bring back exactly: CRLF
// line ends, a byte order mark, ISO-8859-1, no final newline.
var undoFiles = map[string]string{
	"crlf.txt":   "one\r\ntwo\r\nthree\r\n",
	"bom.txt":    "\ufeffalpha\nbeta\n",
	"latin1.txt": "caf\xe9\nna\xefve\n",
	"noeol.txt":  "x\ny",
}

func newUndoWorkspace(t *testing.T) (*editkit.Editor, string) {
	t.Helper()
	dir := t.TempDir()
	for name, data := range undoFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := editkit.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return &editkit.Editor{Workspace: ws}, dir
}

func readAll(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range des {
		b, err := os.ReadFile(filepath.Join(dir, d.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[d.Name()] = string(b)
	}
	return out
}

// TestUndoEveryTool: after each writing tool, undo with the result's
// requestId puts every file back byte for byte, a request of several
// files as one; the undo's own requestId redoes.
func TestUndoEveryTool(t *testing.T) {
	for _, tc := range []struct{ tool, request string }{
		{"edit_block", `{"path": "crlf.txt", "search": "two", "replace": "TWO"}`},
		{"batch_edit_blocks", `{"path": "bom.txt", "edits": [{"search": "alpha", "replace": "ALPHA"}, {"search": "beta", "replace": "BETA"}]}`},
		{"write_from_line", `{"path": "latin1.txt", "startLine": 2, "content": "neu\n"}`},
		{"batch_edit", `{"operations": [{"type": "insert", "file": "crlf.txt", "line": 0, "content": "zero"}, {"type": "create", "file": "new.txt", "content": "n\n"}]}`},
		{"patch_text_file_contents", `{"files": [{"file_path": "noeol.txt", "patches": [{"old_string": "y", "new_string": "Y", "ranges": [{"start": 2, "end": 2}]}]}]}`},
		{"apply_edit_response", `{"response": "crlf.txt\n<<<<<<< SEARCH\none\n=======\nONE\n>>>>>>> REPLACE\nbom.txt\n<<<<<<< SEARCH\nbeta\n=======\nBETA\n>>>>>>> REPLACE\n"}`},
		{"apply_patch", `{"input": "*** Begin Patch\n*** Update File: latin1.txt\n@@\n-caf\u00e9\n+cafe\n*** Delete File: noeol.txt\n*** Add File: made.txt\n+m\n*** End Patch\n"}`},
		{"str_replace_based_edit_tool", `{"command": "create", "path": "bom.txt", "file_text": "overwritten\n"}`},
		{"edit_file", `{"path": "crlf.txt", "code_edit": "one\ntwo and a half\nthree\n"}`},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			ed, dir := newUndoWorkspace(t)
			out, err := ed.Call(context.Background(), tc.tool, []byte(tc.request))
			if err != nil {
				t.Fatalf("%s: %v\n%s", tc.tool, err, out)
			}
			var res struct {
				RequestID string `json:"requestId"`
			}
			json.Unmarshal(out, &res)
			if res.RequestID == "" {
				t.Fatalf("no requestId in %s", out)
			}
			changed := readAll(t, dir)
			if cmp.Equal(changed, undoFiles) {
				t.Fatal("the tool changed nothing")
			}
			u, err := ed.Undo(context.Background(), editkit.UndoRequest{Request: res.RequestID})
			if err != nil {
				t.Fatalf("undo: %v", err)
			}
			if diff := cmp.Diff(undoFiles, readAll(t, dir)); diff != "" {
				t.Fatalf("after undo (-want +got):\n%s", diff)
			}
			if _, err := ed.Undo(context.Background(), editkit.UndoRequest{Request: u.RequestID}); err != nil {
				t.Fatalf("redo: %v", err)
			}
			if diff := cmp.Diff(changed, readAll(t, dir)); diff != "" {
				t.Fatalf("after redo (-want +got):\n%s", diff)
			}
		})
	}
}

// TestUndoRefusesChangedFile: a file changed after editkit wrote it is not
// undone, and nothing of its request is written.
func TestUndoRefusesChangedFile(t *testing.T) {
	ed, dir := newUndoWorkspace(t)
	res, err := ed.ApplyEditResponse(context.Background(), editkit.ApplyEditResponseRequest{
		Response: "crlf.txt\n<<<<<<< SEARCH\none\n=======\nONE\n>>>>>>> REPLACE\nbom.txt\n<<<<<<< SEARCH\nbeta\n=======\nBETA\n>>>>>>> REPLACE\n"})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "bom.txt")
	os.WriteFile(p, []byte("someone else's text\n"), 0o644)
	before := readAll(t, dir)
	_, err = ed.Undo(context.Background(), editkit.UndoRequest{Request: res.RequestID})
	var e *editkit.Error
	if !errors.Is(err, editkit.ErrStale) || !errors.As(err, &e) || e.Path != "bom.txt" {
		t.Fatalf("undo error %v, want ErrStale naming bom.txt", err)
	}
	if diff := cmp.Diff(before, readAll(t, dir)); diff != "" {
		t.Fatalf("a refused undo changed files (-want +got):\n%s", diff)
	}
}

// TestUndoByPathWalksBack: undo by path takes back a file's changes one
// after another, newest first.
func TestUndoByPathWalksBack(t *testing.T) {
	ed, dir := newUndoWorkspace(t)
	ctx := context.Background()
	for _, r := range []string{"ONE", "UNO"} {
		search := map[string]string{"ONE": "one", "UNO": "ONE"}[r]
		if _, err := ed.EditBlock(ctx, editkit.EditBlockRequest{Path: "crlf.txt", Search: search, Replace: r}); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"ONE\r\ntwo\r\nthree\r\n", undoFiles["crlf.txt"]} {
		if _, err := ed.Undo(ctx, editkit.UndoRequest{Path: "crlf.txt"}); err != nil {
			t.Fatal(err)
		}
		if got := readAll(t, dir)["crlf.txt"]; got != want {
			t.Fatalf("crlf.txt = %q, want %q", got, want)
		}
	}
	if _, err := ed.Undo(ctx, editkit.UndoRequest{Path: "crlf.txt"}); !errors.Is(err, editkit.ErrNotFound) {
		t.Fatalf("a third undo: %v, want ErrNotFound", err)
	}
}

// TestJournalLimits: the oldest requests are dropped first, in memory and
// in a directory shared by two editors, as two processes share it.
func TestJournalLimits(t *testing.T) {
	for _, dirJournal := range []bool{false, true} {
		ed, _ := newUndoWorkspace(t)
		j := &editkit.Journal{MaxEntries: 2}
		if dirJournal {
			j.Dir = t.TempDir()
		}
		ed.Journal = j
		ctx := context.Background()
		var ids []string
		for _, r := range []string{"1", "2", "3"} {
			res, err := ed.WriteFromLine(ctx, editkit.WriteFromLineRequest{Path: "crlf.txt", StartLine: 1, EndLine: ptr(1), Content: r + "\n"})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, res.RequestID)
		}
		if _, err := ed.Undo(ctx, editkit.UndoRequest{Request: ids[0]}); !errors.Is(err, editkit.ErrNotFound) {
			t.Errorf("dir %v: the oldest request was not dropped: %v", dirJournal, err)
		}
		other := &editkit.Editor{Workspace: ed.Workspace, Journal: &editkit.Journal{Dir: j.Dir, MaxEntries: 2}}
		if !dirJournal {
			other = ed
		}
		if _, err := other.Undo(ctx, editkit.UndoRequest{Request: ids[2]}); err != nil {
			t.Errorf("dir %v: the newest request: %v", dirJournal, err)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestJournalTooBigIsWrittenWithoutID(t *testing.T) {
	ed, _ := newUndoWorkspace(t)
	ed.Journal = &editkit.Journal{MaxBytes: 8}
	res, err := ed.WriteFromLine(context.Background(), editkit.WriteFromLineRequest{Path: "crlf.txt", StartLine: 1, EndLine: ptr(1), Content: "a line longer than the journal keeps\n"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Success || res.RequestID != "" {
		t.Errorf("success %v, requestId %q; want written with no requestId", res.Success, res.RequestID)
	}
}

// TestJournalDirKeepsRecentRoots: the journals of the roots written last
// are kept, the oldest removed when a new root comes, and nothing else in
// the journal directory is touched.
func TestJournalDirKeepsRecentRoots(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", tmp)
	t.Setenv("HOME", tmp)
	t.Setenv("LocalAppData", tmp)
	first, err := editkit.JournalDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Dir(first)
	old := time.Now().Add(-time.Hour)
	var names []string
	for i := range 70 {
		name := fmt.Sprintf("%016x", i)
		if err := os.MkdirAll(filepath.Join(base, name), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(filepath.Join(base, name), old, old.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	if err := os.WriteFile(filepath.Join(base, "notes.txt"), []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := editkit.JournalDir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	var got []string
	des, err := os.ReadDir(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range des {
		got = append(got, d.Name())
	}
	want := append(slices.Clone(names[70-63:]), "notes.txt")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("journal directory after a new root (-want +got):\n%s", diff)
	}
}
