package editkit

import (
	"testing"

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
