package buffer

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestZeroWidthIn(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"", false},
		{"plain ascii text", false},
		{"dash — quote ’ ellipsis … arrow →", false},
		{"a\u200bb", true},
		{"a\u200cb", true},
		{"a\u200db", true},
		{"a\u2060b", true},
		{"\ufeffpackage main", true},
		{"ends with a lead byte \xe2", false},
		{"ends with half of one \xe2\x80", false},
		{"invalid \xef\xbb then \u200b", true},
		{"many — — — — then \u2060", true},
	} {
		if got := zeroWidthIn(tc.s); got != tc.want {
			t.Errorf("zeroWidthIn(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestNonASCIILines compares nonASCIILines with a line-by-line reading,
// on a buffer that is one string and on one edited into blocks.
func TestNonASCIILines(t *testing.T) {
	naiveLines := func(s string) []int {
		var out []int
		for i, l := range strings.Split(s, "\n") {
			if !isASCII(l) {
				out = append(out, i)
			}
		}
		return out
	}
	var sb strings.Builder
	for i := range 3000 {
		switch {
		case i%97 == 0:
			fmt.Fprintf(&sb, "line %d — dash\n", i)
		case i%251 == 0:
			fmt.Fprintf(&sb, "%s\u200b%d\n", strings.Repeat("x", i%19), i)
		default:
			fmt.Fprintf(&sb, "line %d\n", i)
		}
	}
	s := sb.String() + "last ’"
	b := New(s)
	if diff := cmp.Diff(naiveLines(s), b.nonASCIILines()); diff != "" {
		t.Fatalf("whole buffer (-want +got):\n%s", diff)
	}
	at := strings.Index(s, "line 1500\n")
	b = b.Replace(at, at, "ascii\nnot “ascii”\n")
	s = s[:at] + "ascii\nnot “ascii”\n" + s[at:]
	if diff := cmp.Diff(naiveLines(s), b.nonASCIILines()); diff != "" {
		t.Fatalf("edited buffer (-want +got):\n%s", diff)
	}
	if got := New("plain\ntext\n").nonASCIILines(); got != nil {
		t.Errorf("ASCII text: %v, want none", got)
	}
}

// TestLinesMayFoldTo checks that every line that holds a text once folded
// is among the lines LinesMayFoldTo returns, with and without zero-width
// characters in the buffer.
func TestLinesMayFoldTo(t *testing.T) {
	base := strings.Join([]string{
		"say \u201chello\u201d to them",
		`say "hello" to them`,
		"a \u2014 b",
		"a - b",
		"wait\u2026 done",
		"plain line",
		"not\u00a0broken",
	}, "\n") + "\n"
	for _, content := range []string{base, base + "hel\u200blo\n"} {
		b := New(content)
		lines := strings.Split(content, "\n")
		for _, text := range []string{`"hello"`, "hello", "a - b", "wait... done", "not broken", "missing"} {
			var want []int
			for i, l := range lines {
				if strings.Contains(FoldString(l), text) {
					want = append(want, i)
				}
			}
			got := b.LinesMayFoldTo(text)
			for _, w := range want {
				if !slices.Contains(got, w) {
					t.Errorf("LinesMayFoldTo(%q) = %v, misses line %d (%q)", text, got, w, lines[w])
				}
			}
		}
	}
}
