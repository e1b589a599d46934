package buffer

import (
	"strings"
	"testing"
)

func TestIndex(t *testing.T) {
	for _, tc := range []struct{ s, sub string }{
		{"\tx := 1\n\ty := 2\n", "\ty := 2"},
		{"\tx := 1\n\ty := 2\n", "\tz := 2"},
		{"ab", "abc"},
		{"", "a"},
		{"abc", ""},
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "aab"},
		{strings.Repeat("}Q", 5000) + "}QX", "}QX"},
		{strings.Repeat("Qz", 5000), "zQzQzX"},
		{"xQ", "Q"},
	} {
		if got, want := Index(tc.s, tc.sub), strings.Index(tc.s, tc.sub); got != want {
			t.Errorf("Index(%.20q, %q) = %d, want %d", tc.s, tc.sub, got, want)
		}
	}
}

// FuzzIndex: Index agrees with strings.Index.
func FuzzIndex(f *testing.F) {
	f.Add("\tx := 1\n\ty := 2\n", "\ty := 2")
	f.Add(strings.Repeat("Qz", 100), "zQzX")
	f.Fuzz(func(t *testing.T, s, sub string) {
		if got, want := Index(s, sub), strings.Index(s, sub); got != want {
			t.Fatalf("Index(%q, %q) = %d, want %d", s, sub, got, want)
		}
	})
}
