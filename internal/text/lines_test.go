package text

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLineEdits(t *testing.T) {
	for _, tc := range []struct {
		why  string
		in   string
		les  []LineEdit
		want string
	}{
		{"replace a middle line", "a\nb\nc\n", []LineEdit{{1, 2, "B"}}, "a\nB\nc\n"},
		{"insert before a line, text without line end", "a\nb\n", []LineEdit{{1, 1, "x"}}, "a\nx\nb\n"},
		{"inserts at one place keep their order", "a\nb\n", []LineEdit{{1, 1, "x\n"}, {1, 1, "y\n"}, {1, 2, "B\n"}}, "a\nx\ny\nB\n"},
		{"append", "a\n", []LineEdit{{1, 1, "b\n"}}, "a\nb\n"},
		{"delete", "a\nb\nc\n", []LineEdit{{0, 2, ""}}, "c\n"},
		{"unterminated: replace the last line", "a\nb", []LineEdit{{1, 2, "B\n"}}, "a\nB"},
		{"unterminated: append", "a\nb", []LineEdit{{2, 2, "c\n"}, {2, 2, "d"}}, "a\nb\nc\nd"},
		{"unterminated: replace the last line and append", "a\nb", []LineEdit{{1, 2, "B\n"}, {2, 2, "c\n"}}, "a\nB\nc"},
		{"unterminated: delete the last line", "a\nb\nc", []LineEdit{{2, 3, ""}}, "a\nb"},
		{"unterminated: insert before the deleted last line", "a\nb", []LineEdit{{1, 1, "x\n"}, {1, 2, ""}}, "a\nx"},
		{"unterminated: delete everything", "a\nb", []LineEdit{{0, 2, ""}}, ""},
		{"unterminated: edits elsewhere leave it so", "a\nb\nc", []LineEdit{{0, 1, "A\n"}}, "A\nb\nc"},
		{"empty text", "", []LineEdit{{0, 0, "a\nb"}}, "a\nb\n"},
	} {
		t.Run(tc.why, func(t *testing.T) {
			d, err := Decode([]byte(tc.in), "")
			if err != nil {
				t.Fatal(err)
			}
			out, err := d.Apply(LineEdits(d, tc.les))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(out)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
