package editkit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMerge3: what the edit changed in the base reaches the file's line;
// what it kept stays as the file spells it.
func TestMerge3(t *testing.T) {
	for _, tc := range []struct {
		name, base, file, edit, want string
	}{
		{"edit leaves the line alone", `x := "a"`, `x := “a”`, `x := "a"`, `x := “a”`},
		{"edit changes a word the file spells the same", `return a  +  b`, `return a + b`, `return a  -  b`, `return a - b`},
		{"edit changes the misspelled word", `retrun x`, `return x`, `retrun y`, `return y`},
		{"edit keeps a typo'd word among its changes", `foo(bar, bax)`, `foo(bar, baz)`, `foo(bar, bax, qux)`, `foo(bar, baz, qux)`},
		{"file and base equal", `a b c`, `a b c`, `a x c`, `a x c`},
		{"trailing space added by the edit", `line.`, `line.`, `line.  `, `line.  `},
		{"everything new", `a`, `b`, `c`, `c`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, merge3(tc.base, tc.file, tc.edit)); diff != "" {
				t.Errorf("merge3(%q, %q, %q) (-want +got):\n%s", tc.base, tc.file, tc.edit, diff)
			}
		})
	}
}

// TestRespell: a replacement written from a damaged search gets the file's
// spelling back on the lines it kept, and the search's consistent
// misspellings fixed on its new lines.
func TestRespell(t *testing.T) {
	for _, tc := range []struct {
		name, search, matched, replace, want string
	}{
		{"curly quotes kept on an unchanged line",
			"a := \"x\"\nb := 1", "a := “x”\nb := 1", "a := \"x\"\nb := 2", "a := “x”\nb := 2"},
		{"a typo repeated on a new line",
			"cfg := lodaConfig()\nuse(cfg)", "cfg := loadConfig()\nuse(cfg)", "cfg := lodaConfig()\nuse(cfg)\nlodaConfig()", "cfg := loadConfig()\nuse(cfg)\nloadConfig()"},
		{"indentation is the replacement's",
			"if x {\n  y()\n}", "if x {\n\ty()\n}", "if x {\n\ty()\n\tz()\n}", "if x {\n\ty()\n\tz()\n}"},
		{"trailing space is the replacement's",
			"a  \nb\nc", "a\nb   \nc", "a  \nb\nC", "a  \nb\nC"},
		{"a line paired with its own place, not a look-alike neighbour",
			"// a\n// }\n// }", "// a\n//   }\n// }", "// a\n// } // edited\n// }", "// a\n//   } // edited\n// }"},
		{"a typo of one letter is not respelled on new lines",
			"bind '\\x-r'", "bind '\\C-r'", "if ${A-x}; then\nbind '\\x-r'", "if ${A-x}; then\nbind '\\C-r'"},
		{"deleted lines stay deleted",
			"a\nb\nc", "a\nb\nc", "a\nc", "a\nc"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, respell(tc.search, tc.matched, tc.replace)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzMerge3: merge3 never panics, gives the file's line when the edit
// changed nothing and the edit's line when the file is the base.
func FuzzMerge3(f *testing.F) {
	f.Add(`x := "a"`, `x := “a”`, `x := "b"`)
	f.Add("retrun x", "return x", "retrun y")
	f.Add("a\xffb", "a\xfeb", "a\xff")
	f.Add("", "x", "y")
	f.Fuzz(func(t *testing.T, base, file, edit string) {
		if len(base)+len(file)+len(edit) > 4096 {
			return
		}
		if got := merge3(base, file, base); got != file {
			t.Fatalf("an edit that changes nothing gave %q, want the file's %q", got, file)
		}
		if got := merge3(base, base, edit); got != edit {
			t.Fatalf("a file equal to the base gave %q, want the edit's %q", got, edit)
		}
		merge3(base, file, edit)
		if strings.Count(base+file+edit, "\n") == 0 {
			respell(base, file, edit)
		}
	})
}
