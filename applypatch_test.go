package editkit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzApplyPatch: any patch on any file never panics, and a failed patch
// leaves the workspace as it was.
func FuzzApplyPatch(f *testing.F) {
	f.Add("a\nb\nc\n", "*** Begin Patch\n*** Update File: f.txt\n@@\n a\n-b\n+B\n*** End Patch\n")
	f.Add("x\r\ny", "--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+Y\n")
	f.Add("a\na\n", "*** Begin Patch\n*** Update File: f.txt\n@@ a\n+z\n*** End of File\n*** End Patch\n")
	f.Add("", "*** Begin Patch\n*** Add File: g.txt\n+1\n*** Delete File: f.txt\n*** End Patch\n")
	f.Add("k {\n a\n b\n a\n c\n}\na\n", "*** Begin Patch\n*** Update File: f.txt\n@@ k {\n  a\n+x\n@@\n  a\n+x\n@@\n  c\n-}\n+)\n*** End Patch\n")
	f.Fuzz(func(t *testing.T, content, patch string) {
		var ws MemWorkspace
		ws.WriteFile("f.txt", []byte(content), 0o644)
		ed := &Editor{Workspace: &ws}
		res, err := ed.ApplyPatch(context.Background(), ApplyPatchRequest{Input: patch})
		if res == nil {
			t.Fatal("no result")
		}
		if err != nil {
			names := ws.Names()
			b, rerr := ws.ReadFile("f.txt")
			if len(names) != 1 || rerr != nil || string(b) != content {
				t.Fatalf("a failed patch changed the workspace: %v, f.txt %q (%v)", names, b, rerr)
			}
		}
	})
}

// TestApplyPatchLoneCarriageReturns: git breaks lines at "\n" alone, so a
// diff of a file whose lines end in lone "\r" (a terminal's output kept as a
// golden file) has several of the file's lines on one of its own; the hunk
// applies, and every "\r" of the file stays where it was.
func TestApplyPatchLoneCarriageReturns(t *testing.T) {
	const before = "\x1b[?25l\rloading\x1b[K\rdone\r\n\x1b[?25h"
	for _, tc := range []struct{ name, patch, want string }{
		{"unified, from git", "--- a/out.golden\n+++ b/out.golden\n@@ -1,2 +1,2 @@\n-\x1b[?25l\rloading\x1b[K\rdone\r\n+\x1b[?25l\rready\x1b[K\rdone\r\n \x1b[?25h\n\\ No newline at end of file\n",
			"\x1b[?25l\rready\x1b[K\rdone\r\n\x1b[?25h"},
		{"V4A", "*** Begin Patch\n*** Update File: out.golden\n-\x1b[?25l\rloading\x1b[K\rdone\n+\x1b[?25l\rready\x1b[K\rdone\n \x1b[?25h\n*** End Patch\n",
			"\x1b[?25l\rready\x1b[K\rdone\r\n\x1b[?25h"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ws MemWorkspace
			ws.WriteFile("out.golden", []byte(before), 0o644)
			ed := &Editor{Workspace: &ws}
			if _, err := ed.ApplyPatch(context.Background(), ApplyPatchRequest{Input: tc.patch}); err != nil {
				t.Fatal(err)
			}
			got, _ := ws.ReadFile("out.golden")
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	t.Run("a new file keeps them", func(t *testing.T) {
		var ws MemWorkspace
		patch := "--- /dev/null\n+++ b/new.golden\n@@ -0,0 +1 @@\n+\x1b[?25l\rready\rdone\n"
		if _, err := (&Editor{Workspace: &ws}).ApplyPatch(context.Background(), ApplyPatchRequest{Input: patch}); err != nil {
			t.Fatal(err)
		}
		got, _ := ws.ReadFile("new.golden")
		if diff := cmp.Diff("\x1b[?25l\rready\rdone\n", string(got)); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
}

// TestApplyPatchSectionAndNumbers: a unified hunk whose lines occur twice
// is placed by its line numbers when git's section line (the function's)
// agrees or says nothing — as it does when its function holds both
// copies — and refused when the two pick different places.
func TestApplyPatchSectionAndNumbers(t *testing.T) {
	const (
		twoFuncs = "func f() {\n\tif a {\n\t\tx()\n\t}\n}\n\nfunc g() {\n\tif a {\n\t\tx()\n\t}\n}\n"
		oneFunc  = "func f() {\n\tif a {\n\t\tx()\n\t}\n\ty()\n\tif a {\n\t\tx()\n\t}\n}\n"
	)
	for _, tc := range []struct{ name, file, header, want string }{
		{"numbers alone pick the second", twoFuncs, "@@ -8,3 +8,3 @@", "func f() {\n\tif a {\n\t\tx()\n\t}\n}\n\nfunc g() {\n\tif a {\n\t\tz()\n\t}\n}\n"},
		{"the section's place and the numbers' disagree", twoFuncs, "@@ -2,3 +2,3 @@ func g() {", ""},
		{"section and numbers agree", twoFuncs, "@@ -8,3 +8,3 @@ func g() {", "func f() {\n\tif a {\n\t\tx()\n\t}\n}\n\nfunc g() {\n\tif a {\n\t\tz()\n\t}\n}\n"},
		{"a section that holds both says nothing; the numbers pick", oneFunc, "@@ -6,3 +6,3 @@ func f() {", "func f() {\n\tif a {\n\t\tx()\n\t}\n\ty()\n\tif a {\n\t\tz()\n\t}\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ws MemWorkspace
			ws.WriteFile("f.go", []byte(tc.file), 0o644)
			patch := "--- a/f.go\n+++ b/f.go\n" + tc.header + "\n \tif a {\n-\t\tx()\n+\t\tz()\n \t}\n"
			_, err := (&Editor{Workspace: &ws}).ApplyPatch(context.Background(), ApplyPatchRequest{Input: patch})
			got, _ := ws.ReadFile("f.go")
			if tc.want == "" {
				if !errors.Is(err, ErrAmbiguous) || string(got) != tc.file {
					t.Fatalf("want ErrAmbiguous and the file unchanged, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestApplyPatchTies covers hunks whose lines fit several places: the
// hunks after one settle it only when a single place leaves each of them
// a place, and a tie they cannot settle is refused with its places named.
func TestApplyPatchTies(t *testing.T) {
	twice := "def a():\n    x = 1\n    return x\n\ndef b():\n    x = 1\n    return x\n\ndef c():\n    pass\n"
	var many strings.Builder
	for i := range 12 {
		fmt.Fprintf(&many, "def f%d():\n    x = 1\n    return x\n\n", i)
	}
	manyHunks := "*** Begin Patch\n*** Update File: a.py\n" + strings.Repeat("@@\n     x = 1\n-    return x\n+    return x + 1\n", 10) + "*** End Patch\n"
	for _, tc := range []struct {
		name, file, patch string
		places            []LineRange // the places an ErrAmbiguous names
	}{
		{
			name:   "the next hunk fits after either place",
			file:   twice,
			patch:  "*** Begin Patch\n*** Update File: a.py\n@@\n     x = 1\n-    return x\n+    return x + 1\n@@\n def c():\n-    pass\n+    return 3\n*** End Patch\n",
			places: []LineRange{{2, 3}, {6, 7}},
		},
		{
			name:   "three alike hunks for four places",
			file:   strings.Join(strings.SplitAfter(many.String(), "\n")[:16], ""),
			patch:  "*** Begin Patch\n*** Update File: a.py\n" + strings.Repeat("@@\n     x = 1\n-    return x\n+    return x + 1\n", 3) + "*** End Patch\n",
			places: []LineRange{{2, 3}, {6, 7}, {10, 11}, {14, 15}},
		},
		{
			name:   "ten alike hunks for twelve places",
			file:   many.String(),
			patch:  manyHunks,
			places: []LineRange{{2, 3}, {6, 7}, {10, 11}, {14, 15}, {18, 19}, {22, 23}, {26, 27}, {30, 31}, {34, 35}, {38, 39}, {42, 43}, {46, 47}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ws MemWorkspace
			ws.WriteFile("a.py", []byte(tc.file), 0o644)
			_, err := (&Editor{Workspace: &ws}).ApplyPatch(context.Background(), ApplyPatchRequest{Input: tc.patch})
			var e *Error
			if !errors.Is(err, ErrAmbiguous) || !errors.As(err, &e) {
				t.Fatalf("want ErrAmbiguous, got %v", err)
			}
			if diff := cmp.Diff(tc.places, e.Lines); diff != "" {
				t.Errorf("places named (-want +got):\n%s", diff)
			}
			if got, _ := ws.ReadFile("a.py"); string(got) != tc.file {
				t.Errorf("the file changed:\n%s", got)
			}
		})
	}
}
