package editkit_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/google/go-cmp/cmp"
)

// TestTextEditorMaxChars checks the text editor's view under the tool
// definition's max_characters: whole files without it, and with it the
// lines that fit and a note naming the view_range to ask for next.
func TestTextEditorMaxChars(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&b, "line %02d\n", i) // 7 characters and a line end
	}
	var ws editkit.MemWorkspace
	ws.WriteFile("f.txt", []byte(b.String()), 0o644)
	numbered := func(from, to int) string {
		var s strings.Builder
		s.WriteString("Here's the result of running `cat -n` on f.txt:\n")
		for i := from; i <= to; i++ {
			fmt.Fprintf(&s, "%6d\tline %02d\n", i, i)
		}
		return s.String()
	}
	for _, tc := range []struct {
		name     string
		maxChars int
		rng      []int
		want     string
	}{
		{"no limit shows the whole file", 0, nil, numbered(1, 10)},
		{"a limit cuts whole lines and names the next range", 30, nil,
			numbered(1, 3) + "[Lines 1-3 of 10 are shown: the rest is cut at 30 characters. View lines 4-10 next with view_range [4, 10].]"},
		{"a range that fits is not cut", 30, []int{5, 7}, numbered(5, 7)},
		{"a range cut names the rest of the range", 20, []int{5, -1},
			numbered(5, 6) + "[Lines 5-6 of 10 are shown: the rest is cut at 20 characters. View lines 7-10 next with view_range [7, 10].]"},
		{"one line longer than the limit is shown whole", 3, []int{9, 10},
			numbered(9, 9) + "[Lines 9-9 of 10 are shown: the rest is cut at 3 characters. View lines 10-10 next with view_range [10, 10].]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ed := &editkit.Editor{Workspace: &ws, TextEditorMaxChars: tc.maxChars}
			res, err := ed.TextEditor(context.Background(), editkit.TextEditorRequest{Command: "view", Path: "f.txt", ViewRange: tc.rng})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(strings.TrimSuffix(tc.want, "\n"), res.Message); diff != "" {
				t.Errorf("message (-want +got):\n%s", diff)
			}
		})
	}
}
