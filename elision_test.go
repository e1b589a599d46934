package editkit

import (
	"strings"
	"testing"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/google/go-cmp/cmp"
)

// TestElisionLine: the marker lines models write, in any comment syntax,
// stand for elided code; comments that trail off, and code, do not.
func TestElisionLine(t *testing.T) {
	markers := []string{
		"...", "…", "// ...", "/* ... */", "// [...]", "# (...)",
		"// ... existing code ...", "# ... existing code ...", "-- ... existing code ...", "; ... existing code ...",
		"/* ... existing code ... */", "<!-- ... existing code ... -->", "{/* ... existing code ... */}",
		"    // ...existing code...", "// … existing code …", "// ... (existing code) ...",
		"// ... existing methods ...", "// ... other methods unchanged ...", "# ... existing fields ...",
		"// ... remaining code ...", "// ... existing tests ...", "// ... snip ...", "// ... handle errors ...",
		"// existing code...", "// ...existing code", "// existing tests ...", "# rest of the file unchanged ...",
		"// ... (rest unchanged)", "// ... rest of implementation ...",
		"// existing code", "# Rest of the file unchanged", "// rest of the code remains the same", "<!-- existing code -->",
		"// (existing methods)", "/* remaining tests unchanged */", "// <existing code>", "# <... rest of the file ...>",
		"{# ... existing code ... #}", "{{/* ... existing code ... */}}", "{{!-- ... existing code ... --}}",
		"<%-- ... existing code ... --%>", "(* ... existing code ... *)", "{# existing blocks #}",
	}
	prose := []string{
		"// Loading...", "// Wait for the server...", "// TODO...", "// tests...", "# Options...", "// see f()...",
		"// ... x = 1 ...", `fmt.Println("...")`, "console.log('...')", "return ...;", "// and then the request is retried once more when the server ...",
		"// nothing elided here", "x := f(a, b...)", "(*p)(args...)", "{#each items as item}",
		"// other methods", "// Same as above", "// <T>", "<existing code>", "existing code", "rest := existing", "// handle the rest of the input", "// TODO: remaining work",
	}
	got := map[string]bool{}
	want := map[string]bool{}
	for _, l := range markers {
		got[l], want[l] = elisionLine(l), true
	}
	for _, l := range prose {
		got[l], want[l] = elisionLine(l), false
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("elisionLine (-want +got):\n%s", diff)
	}
}

// TestCodeDots: a bare "..." in a list of arguments is R's dots or C's
// varargs where the file passes "..." itself; anywhere else, or in a file
// that never does, it is a marker.
func TestCodeDots(t *testing.T) {
	const rFile = "f <- function(x, ...) {\n  g(x, ...)\n}\n"
	const goFile = "func f(xs ...int) {\n\tg(xs...)\n}\n"
	for _, tc := range []struct {
		why   string
		file  string
		lines string
		at    int
		want  bool
	}{
		{"a parameter after one that ends with a comma", rFile, "h <- function(\n  x,\n  ...\n)", 2, true},
		{"an argument with a comma after it", rFile, "h(\n  ...,\n  y = 1\n)", 1, true},
		{"a blank line between it and the list's opening", rFile, "h(\n\n  ...\n)", 2, true},
		{"between statements", rFile, "x <- 1\n...\ny <- 2", 1, false},
		{"the snippet's first line", rFile, "...\nx <- 1", 0, false},
		{"a file that never passes dots", "f <- function(x) {\n  g(x)\n}\n", "h <- function(\n  x,\n  ...\n)", 2, false},
		{"Go's variadic parameters are not passed dots", goFile, "h(\n\ta,\n\t...\n)", 2, false},
		{"a marker with words", rFile, "h(\n  x,\n  # ... existing code ...\n)", 2, false},
	} {
		t.Run(tc.why, func(t *testing.T) {
			got := codeDots(buffer.New(tc.file))(strings.Split(tc.lines, "\n"), tc.at)
			if got != tc.want {
				t.Errorf("codeDots(%q) at line %d = %v, want %v", tc.lines, tc.at, got, tc.want)
			}
		})
	}
}
