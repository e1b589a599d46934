package golden

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRoundTrip(t *testing.T) {
	for _, in := range []string{
		"comment\n-- a --\nx\r\ny\n-- b noeol --\nno newline\n-- c --\n",
		"-- empty --\n-- two --\n\n\n",
	} {
		a := Parse([]byte(in))
		if got := string(Format(a)); got != in {
			t.Errorf("Format(Parse(%q)) = %q", in, got)
		}
	}
	a := Parse([]byte("c\n-- x --\n1\r\n-- y noeol --\n2\n"))
	want := &Archive{Comment: "c\n", Files: []File{{"x", []byte("1\r\n")}, {"y", []byte("2")}}}
	if diff := cmp.Diff(want, a); diff != "" {
		t.Errorf("Parse (-want +got):\n%s", diff)
	}
}
