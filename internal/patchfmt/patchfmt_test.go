package patchfmt

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseV4A(t *testing.T) {
	for _, tc := range []struct {
		name, patch string
		want        []File
	}{
		{"every operation, stacked headers, end of file", `*** Begin Patch
*** Add File: docs/new.md
+# New
+
+text
*** Delete File: old.txt
*** Update File: src/app.py
*** Move to: src/main.py
@@ class App:
@@     def run(self):
         x = 1
-        y = 2
+        y = 3
@@
 tail
-last
+LAST
*** End of File
*** End Patch`, []File{
			{Op: Add, Path: "docs/new.md", Lines: []string{"# New", "", "text"}, Line: 2},
			{Op: Delete, Path: "old.txt", Line: 6},
			{Op: Update, Path: "src/app.py", MoveTo: "src/main.py", Line: 7, Hunks: []Hunk{
				{Headers: []string{"class App:", "def run(self):"}, Line: 9, Lines: []Line{{' ', "        x = 1"}, {'-', "        y = 2"}, {'+', "        y = 3"}}},
				{Line: 14, AtEnd: true, Lines: []Line{{' ', "tail"}, {'-', "last"}, {'+', "LAST"}}},
			}},
		}},
		{"heredoc, CRLF, no end marker, a blank context line without its space", "apply_patch <<'EOF'\r\n*** Begin Patch\r\n*** Update File: a.go\r\n@@ func f() {\r\n \tx := 1\r\n\r\n-\treturn x\r\n+\treturn x + 1\r\nEOF\r\n", []File{
			{Op: Update, Path: "a.go", Line: 3, Hunks: []Hunk{
				{Headers: []string{"func f() {"}, Line: 4, Lines: []Line{{' ', "\tx := 1"}, {' ', ""}, {'-', "\treturn x"}, {'+', "\treturn x + 1"}}},
			}},
		}},
		{"a code fence around a heredoc", "```bash\napply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.go\n@@\n-\treturn x\n+\treturn x + 1\n*** End Patch\nEOF\n```\n", []File{
			{Op: Update, Path: "a.go", Line: 4, Hunks: []Hunk{
				{Line: 5, Lines: []Line{{'-', "\treturn x"}, {'+', "\treturn x + 1"}}},
			}},
		}},
		{"first hunk without @@, a unified header as a hint", `*** Begin Patch
*** Update File: a.txt
 one
-two
+TWO
@@ -10,3 +10,3 @@ func g()
 nine
-ten
+TEN
*** End Patch
`, []File{
			{Op: Update, Path: "a.txt", Line: 2, Hunks: []Hunk{
				{Line: 3, Lines: []Line{{' ', "one"}, {'-', "two"}, {'+', "TWO"}}},
				{Line: 6, OldStart: 10, Section: "func g()", Lines: []Line{{' ', "nine"}, {'-', "ten"}, {'+', "TEN"}}},
			}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseV4A(tc.patch)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseV4AErrors(t *testing.T) {
	for _, tc := range []struct{ name, patch, want string }{
		{"no begin", "hello\n", `line 1: a V4A patch starts with "*** Begin Patch"`},
		{"junk in a hunk", "*** Begin Patch\n*** Update File: a\n@@\n x\n?y\n*** End Patch\n", `line 5: a hunk's lines start with`},
		{"add without plus", "*** Begin Patch\n*** Add File: a\nplain\n*** End Patch\n", `line 3: every line of an added file starts with "+"`},
		{"update without hunks", "*** Begin Patch\n*** Update File: a\n*** End Patch\n", `line 2: "*** Update File:a" has no hunks`},
		{"nothing", "*** Begin Patch\n*** End Patch\n", "the patch changes no file"},
		{"second hunk without @@", "*** Begin Patch\n*** Update File: a\n x\n*** End of File\n y\n*** End Patch\n", `line 5: a hunk after the first starts with "@@"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseV4A(tc.patch)
			var se *SyntaxError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want a *SyntaxError containing %q", err, tc.want)
			}
		})
	}
}

func TestParseUnified(t *testing.T) {
	for _, tc := range []struct {
		name, patch string
		want        []File
	}{
		{"git: update, new, deleted, renamed, no newline", `diff --git a/src/a.go b/src/a.go
index 83db48f..bf269f4 100644
--- a/src/a.go
+++ b/src/a.go
@@ -3,4 +3,4 @@ func f() {
 	x := 1

-	return x
+	return x + 1
diff --git a/new.txt b/new.txt
new file mode 100644
index 0000000..e69de29
--- /dev/null
+++ b/new.txt
@@ -0,0 +1,2 @@
+hello
+world
\ No newline at end of file
diff --git a/gone.txt b/gone.txt
deleted file mode 100644
--- a/gone.txt
+++ /dev/null
@@ -1 +0,0 @@
-bye
diff --git a/old/name.go b/new/name.go
similarity index 100%
rename from old/name.go
rename to new/name.go
diff --git a/empty b/empty
new file mode 100644
index 0000000..e69de29
`, []File{
			{Op: Update, Path: "src/a.go", Line: 1, Hunks: []Hunk{{OldStart: 3, Section: "func f() {", Line: 5, Lines: []Line{{' ', "\tx := 1"}, {' ', ""}, {'-', "\treturn x"}, {'+', "\treturn x + 1"}}}}},
			{Op: Add, Path: "new.txt", Line: 10, Lines: []string{"hello", "world"}, NoNewline: true},
			{Op: Delete, Path: "gone.txt", Line: 19},
			{Op: Update, Path: "old/name.go", MoveTo: "new/name.go", Line: 25},
			{Op: Add, Path: "empty", Line: 29},
		}},
		{"GNU headers with timestamps, wrong counts, two hunks", "--- a.txt\t2024-01-01 10:00:00\n+++ a.txt\t2024-01-02 10:00:00\n@@ -1,9 +1,9 @@\n one\n-two\n+TWO\n@@ -20 +20 @@\n-twenty\n+TWENTY\n", []File{
			{Op: Update, Path: "a.txt", Line: 1, Hunks: []Hunk{
				{OldStart: 1, Line: 3, Lines: []Line{{' ', "one"}, {'-', "two"}, {'+', "TWO"}}},
				{OldStart: 20, Line: 7, Lines: []Line{{'-', "twenty"}, {'+', "TWENTY"}}},
			}},
		}},
		{"prose around, a removed line that starts with --", "Here is the fix:\n\n--- a/x.sql\n+++ b/x.sql\n@@ -1,2 +1,2 @@\n--- old comment\n+-- new comment\n SELECT 1;\n\nThat should do it.\n", []File{
			{Op: Update, Path: "x.sql", Line: 3, Hunks: []Hunk{{OldStart: 1, Line: 5, Lines: []Line{{'-', "-- old comment"}, {'+', "-- new comment"}, {' ', "SELECT 1;"}}}}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseUnified(tc.patch)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	for patch, want := range map[string]Format{
		"*** Begin Patch\n":                    V4A,
		"apply_patch <<'EOF'\n*** Begin Patch": V4A,
		"diff --git a/x b/x\n":                 Unified,
		"--- a/x\n+++ b/x\n":                   Unified,
		"just prose\n":                         Unknown,
	} {
		if got := Detect(patch); got != want {
			t.Errorf("Detect(%q) = %v, want %v", patch, got, want)
		}
	}
}

// FuzzParse: parsing never panics, and what it returns holds together:
// paths are set, hunks have lines, an added file has no hunks.
func FuzzParse(f *testing.F) {
	f.Add("*** Begin Patch\n*** Update File: a\n@@ x\n y\n-z\n+w\n*** End of File\n*** End Patch\n")
	f.Add("diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x\n+y\n\\ No newline at end of file\n")
	f.Add("--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+n\n")
	f.Add("apply_patch <<EOF\n*** Begin Patch\n*** Add File: q\n+1\nEOF\n")
	f.Fuzz(func(t *testing.T, patch string) {
		files, err := Parse(patch)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			return
		}
		for _, fl := range files {
			if fl.Path == "" {
				t.Fatalf("a file without a path: %+v", fl)
			}
			if fl.Op != Update && len(fl.Hunks) > 0 {
				t.Fatalf("%v of %s has hunks", fl.Op, fl.Path)
			}
			for _, h := range fl.Hunks {
				if len(h.Lines) == 0 && !h.AtEnd {
					t.Fatalf("an empty hunk in %s", fl.Path)
				}
			}
		}
	})
}
