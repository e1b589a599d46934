package editkit

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func intp(n int) *int { return &n }

func TestBatchReplace(t *testing.T) {
	for _, tc := range []struct {
		why     string
		content string
		req     BatchEditBlocksRequest
		want    string
		ok      []bool // success of each result
		kind    error  // of the returned error, when not every edit applied
	}{
		{
			why:     "each edit searches the text the previous ones left",
			content: "a\nb\nc\n",
			req:     BatchEditBlocksRequest{Edits: []Edit{{Search: "b", Replace: "B"}, {Search: "a\nB", Replace: "A\nBB"}}},
			want:    "A\nBB\nc\n", ok: []bool{true, true},
		},
		{
			why:     "a failed edit is skipped and the rest still apply",
			content: "a\nb\nc\n",
			req:     BatchEditBlocksRequest{Edits: []Edit{{Search: "a", Replace: "A"}, {Search: "zzz", Replace: "Z"}, {Search: "c", Replace: "C"}}},
			want:    "A\nb\nC\n", ok: []bool{true, false, true}, kind: ErrNotFound,
		},
		{
			why:     "stopOnError stops at the failure and keeps the edits before it",
			content: "a\nb\nc\n",
			req:     BatchEditBlocksRequest{StopOnError: true, Edits: []Edit{{Search: "a", Replace: "A"}, {Search: "b\nb", Replace: "Z"}, {Search: "c", Replace: "C"}}},
			want:    "A\nb\nc\n", ok: []bool{true, false}, kind: ErrNotFound,
		},
		{
			why:     "an ambiguous edit fails, naming both places",
			content: "x\nx\n",
			req:     BatchEditBlocksRequest{Edits: []Edit{{Search: "x", Replace: "y"}}},
			want:    "x\nx\n", ok: []bool{false}, kind: ErrAmbiguous,
		},
		{
			why:     "expectedReplacements replaces every counted place",
			content: "x\nx\n",
			req:     BatchEditBlocksRequest{Edits: []Edit{{Search: "x", Replace: "y", ExpectedReplacements: intp(2)}}},
			want:    "y\ny\n", ok: []bool{true},
		},
		{
			why:     "CRLF content stays CRLF through many edits",
			content: "a\r\nb\r\nc\r\n",
			req:     BatchEditBlocksRequest{Edits: []Edit{{Search: "a\n", Replace: "a\na2\n"}, {Search: "c", Replace: "c\nd"}}},
			want:    "a\r\na2\r\nb\r\nc\r\nd\r\n", ok: []bool{true, true},
		},
		{
			why:     "an edit undone by a later one leaves no change",
			content: "keep\n",
			req:     BatchEditBlocksRequest{Edits: []Edit{{Search: "keep", Replace: "tmp"}, {Search: "tmp", Replace: "keep"}}},
			want:    "keep\n", ok: []bool{true, true},
		},
	} {
		t.Run(tc.why, func(t *testing.T) {
			got, res, err := BatchReplace(tc.content, tc.req)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("content (-want +got):\n%s", diff)
			}
			var ok []bool
			for _, r := range res.Results {
				ok = append(ok, r.Success)
			}
			if diff := cmp.Diff(tc.ok, ok); diff != "" {
				t.Errorf("results (-want +got):\n%s", diff)
			}
			if tc.kind == nil && err != nil || tc.kind != nil && !errors.Is(err, tc.kind) {
				t.Errorf("error = %v, want %v", err, tc.kind)
			}
		})
	}
}

func TestWriteLines(t *testing.T) {
	for _, tc := range []struct {
		why        string
		content    string
		start, end int // end -1: omitted
		text, want string
		kind       error
	}{
		{why: "to the end", content: "1\n2\n3\n", start: 2, end: -1, text: "x\n", want: "1\nx\n"},
		{why: "content without a final newline still ends its line", content: "1\n2\n3\n", start: 2, end: 2, text: "x", want: "1\nx\n3\n"},
		{why: "insert before a line", content: "1\n2\n", start: 2, end: 1, text: "x\n", want: "1\nx\n2\n"},
		{why: "insert at the top", content: "1\n2\n", start: 1, end: 0, text: "x\n", want: "x\n1\n2\n"},
		{why: "append", content: "1\n2\n", start: 3, end: -1, text: "x\n", want: "1\n2\nx\n"},
		{why: "delete", content: "1\n2\n3\n", start: 2, end: 2, text: "", want: "1\n3\n"},
		{why: "delete everything", content: "1\n2\n", start: 1, end: -1, text: "", want: ""},
		{why: "no final newline stays so when the last line is replaced", content: "1\n2", start: 2, end: -1, text: "x\ny\n", want: "1\nx\ny"},
		{why: "no final newline stays so when lines are appended", content: "1\n2", start: 3, end: -1, text: "x\n", want: "1\n2\nx"},
		{why: "no final newline stays so when the last line is deleted", content: "1\n2", start: 2, end: 2, text: "", want: "1"},
		{why: "CRLF is kept for new lines", content: "1\r\n2\r\n", start: 2, end: 2, text: "x\ny\n", want: "1\r\nx\r\ny\r\n"},
		{why: "an empty file gets its first lines", content: "", start: 1, end: -1, text: "x\n", want: "x\n"},
		{why: "start past the end", content: "1\n", start: 3, end: -1, text: "x", kind: ErrOutOfRange},
		{why: "end past the end", content: "1\n", start: 1, end: 2, text: "x", kind: ErrOutOfRange},
		{why: "end before start minus one", content: "1\n2\n", start: 2, end: 0, text: "x", kind: ErrInvalidRequest},
		{why: "start 0", content: "1\n", start: 0, end: -1, text: "x", kind: ErrInvalidRequest},
		{why: "nothing changes", content: "1\n2\n", start: 2, end: 2, text: "2\n", kind: ErrNoOp},
	} {
		t.Run(tc.why, func(t *testing.T) {
			req := WriteFromLineRequest{StartLine: tc.start, Content: tc.text}
			if tc.end >= 0 {
				req.EndLine = intp(tc.end)
			}
			got, _, err := WriteLines(tc.content, req)
			if tc.kind != nil {
				if !errors.Is(err, tc.kind) || got != tc.content {
					t.Fatalf("= %q, %v; want the content unchanged and %v", got, err, tc.kind)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestWriteLinesOutOfRangeNamesLineCount(t *testing.T) {
	_, _, err := WriteLines("a\nb\nc\n", WriteFromLineRequest{StartLine: 9, Content: "x"})
	if err == nil || !strings.Contains(err.Error(), "the file has 3 lines") {
		t.Errorf("error %v does not name the line count", err)
	}
}
