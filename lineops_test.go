package editkit

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func strp(s string) *string { return &s }

// randomOps makes valid operations on files of n lines: disjoint ranges,
// inserts outside them, patches of text no line operation touches.
func randomOps(r *rand.Rand, files []string, n int) []LineOperation {
	var ops []LineOperation
	for _, f := range files {
		line := 1
		for line <= n {
			switch r.IntN(4) {
			case 0:
				ops = append(ops, LineOperation{Type: "insert", File: f, Line: intp(line), Content: strp(fmt.Sprintf("ins %d", r.IntN(1000)))})
				line++
			case 1:
				end := min(n, line+r.IntN(3))
				ops = append(ops, LineOperation{Type: "delete", File: f, StartLine: intp(line), EndLine: intp(end)})
				line = end + 2
			case 2:
				end := min(n, line+r.IntN(3))
				ops = append(ops, LineOperation{Type: "replace", File: f, StartLine: intp(line), EndLine: intp(end), Content: strp(fmt.Sprintf("rep %d\nrep", r.IntN(1000)))})
				line = end + 2
			default:
				line += 1 + r.IntN(3)
			}
		}
		ops = append(ops, LineOperation{Type: "insert", File: f, Line: intp(-1), Content: strp("the end")})
		ops = append(ops, LineOperation{Type: "patch", File: f, Search: strp("the end"), Replace: strp("THE END")})
	}
	return ops
}

// TestBatchEditOrderDoesNotMatter: the same operations in any order give
// the same files.
func TestBatchEditOrderDoesNotMatter(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	files := []string{"a.txt", "b/c.txt"}
	const n = 40
	for iter := range 50 {
		ops := randomOps(r, files, n)
		var want map[string]string
		for shuffle := range 4 {
			var ws MemWorkspace
			for _, f := range files {
				var b strings.Builder
				for i := 1; i <= n; i++ {
					fmt.Fprintf(&b, "%s line %d\r\n", f, i)
				}
				ws.WriteFile(f, []byte(b.String()), 0o644)
			}
			if shuffle > 0 {
				r.Shuffle(len(ops), func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })
			}
			ed := &Editor{Workspace: &ws}
			if _, err := ed.BatchEdit(context.Background(), BatchEditRequest{Operations: ops}); err != nil {
				t.Fatalf("iteration %d: %v", iter, err)
			}
			got := map[string]string{}
			for _, f := range files {
				b, _ := ws.ReadFile(f)
				got[f] = string(b)
			}
			if want == nil {
				want = got
				continue
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("iteration %d: shuffled operations give other files (-first +shuffled):\n%s", iter, diff)
			}
		}
	}
}

// TestBatchEditAllOrNothing: a write that fails on the second file leaves
// every file as it was, byte for byte.
func TestBatchEditAllOrNothing(t *testing.T) {
	dir, orig := threeFiles(t)
	dws, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer dws.Close()
	ed := &Editor{Workspace: &faultyWorkspace{Workspace: dws, failWrite: "b.txt"}}
	res, err := ed.BatchEdit(context.Background(), BatchEditRequest{Operations: []LineOperation{
		{Type: "insert", File: "a.txt", Line: intp(0), Content: strp("new first line")},
		{Type: "replace", File: "b.txt", StartLine: intp(1), Content: strp("ONE")},
		{Type: "delete", File: "c.txt", StartLine: intp(1)},
		{Type: "create", File: "d.txt", Content: strp("created\n")},
	}})
	if err == nil || res.Success {
		t.Fatal("the batch succeeded despite the failing write")
	}
	if !strings.Contains(err.Error(), "injected failure") || !strings.Contains(res.Message, "Nothing was written") {
		t.Errorf("error %q, message %q", err, res.Message)
	}
	if diff := cmp.Diff(orig, readDir(t, dir)); diff != "" {
		t.Errorf("files after the failed batch (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(filepath.Join(dir, "d.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the created file was left behind")
	}
}

func TestBatchEditRefusals(t *testing.T) {
	start := map[string]string{"a.txt": "1\n2\n3\n4\n5\n"}
	for _, tc := range []struct {
		why  string
		ops  []LineOperation
		kind error
		msg  string
	}{
		{"overlap names both operations", []LineOperation{
			{Type: "delete", File: "a.txt", StartLine: intp(2), EndLine: intp(4)},
			{Type: "replace", File: "a.txt", StartLine: intp(4), EndLine: intp(5), Content: strp("x")},
		}, ErrConflict, "operation 2 conflicts with operation 1: lines 4-5 overlap lines 2-4"},
		{"a range inside another", []LineOperation{
			{Type: "replace", File: "a.txt", StartLine: intp(3), EndLine: intp(3), Content: strp("x")},
			{Type: "delete", File: "a.txt", StartLine: intp(1), EndLine: intp(5)},
		}, ErrConflict, "operation 2 conflicts with operation 1: lines 1-5 overlap lines 3-3"},
		{"an insert inside a replaced range", []LineOperation{
			{Type: "replace", File: "a.txt", StartLine: intp(2), EndLine: intp(3), Content: strp("x")},
			{Type: "insert", File: "a.txt", Line: intp(3), Content: strp("y")},
		}, ErrConflict, "operation 2 inserts before line 3, inside lines 2-3 that operation 1 replaces"},
		{"a patch that matches twice", []LineOperation{
			{Type: "replace", File: "a.txt", StartLine: intp(1), Content: strp("x\nx")},
			{Type: "patch", File: "a.txt", Search: strp("x"), Replace: strp("y")},
		}, ErrAmbiguous, "operation 2"},
		{"a path outside the workspace", []LineOperation{{Type: "delete", File: "../a.txt", StartLine: intp(1)}}, ErrOutsideRoot, "outside the workspace"},
		{"no operations", nil, ErrInvalidRequest, "operations is empty"},
		{"a negative line", []LineOperation{{Type: "insert", File: "a.txt", Line: intp(-2), Content: strp("x")}}, ErrInvalidRequest, "line must be -1"},
		{"end before start", []LineOperation{{Type: "delete", File: "a.txt", StartLine: intp(3), EndLine: intp(2)}}, ErrInvalidRequest, "end_line 2 is before start_line 3"},
		{"replace with the patch's field", []LineOperation{{Type: "replace", File: "a.txt", StartLine: intp(1), Replace: strp("x")}}, ErrInvalidRequest, "content is required; operation 1 (replace): replace does not belong to replace"},
	} {
		t.Run(tc.why, func(t *testing.T) {
			var ws MemWorkspace
			for k, v := range start {
				ws.WriteFile(k, []byte(v), 0o644)
			}
			_, err := (&Editor{Workspace: &ws}).BatchEdit(context.Background(), BatchEditRequest{Operations: tc.ops})
			if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error = %v, want %v containing %q", err, tc.kind, tc.msg)
			}
			got := map[string]string{}
			for _, n := range ws.Names() {
				b, _ := ws.ReadFile(n)
				got[n] = string(b)
			}
			if !maps.Equal(got, start) {
				t.Errorf("files changed: %v", got)
			}
		})
	}
}
