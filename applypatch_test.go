package editkit

import (
	"context"
	"errors"
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
// in one function is placed by its line numbers when git's section line
// (the function's) agrees or says nothing, and refused when the two
// pick different places: the section holds both.
func TestApplyPatchSectionAndNumbers(t *testing.T) {
	const file = "func f() {\n\tif a {\n\t\tx()\n\t}\n\ty()\n\tif a {\n\t\tx()\n\t}\n}\n"
	for _, tc := range []struct{ name, header, want string }{
		{"numbers alone pick the second", "@@ -6,3 +6,3 @@", "func f() {\n\tif a {\n\t\tx()\n\t}\n\ty()\n\tif a {\n\t\tz()\n\t}\n}\n"},
		{"the section's first place and the numbers' second disagree", "@@ -6,3 +6,3 @@ func f() {", ""},
		{"section and numbers agree", "@@ -2,3 +2,3 @@ func f() {", "func f() {\n\tif a {\n\t\tz()\n\t}\n\ty()\n\tif a {\n\t\tx()\n\t}\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ws MemWorkspace
			ws.WriteFile("f.go", []byte(file), 0o644)
			patch := "--- a/f.go\n+++ b/f.go\n" + tc.header + "\n \tif a {\n-\t\tx()\n+\t\tz()\n \t}\n"
			_, err := (&Editor{Workspace: &ws}).ApplyPatch(context.Background(), ApplyPatchRequest{Input: patch})
			got, _ := ws.ReadFile("f.go")
			if tc.want == "" {
				if !errors.Is(err, ErrAmbiguous) || string(got) != file {
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
