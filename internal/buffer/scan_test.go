package buffer

import "testing"

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
