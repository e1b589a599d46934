package editkit

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func intp(n int) *int { return &n }

func TestBatchEditor(t *testing.T) {
	for _, tc := range []struct {
		why     string
		content string
		req     BatchEditBlocksRequest // its Edits, and StopOnError
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
			got, res, err := BatchEditor{StopOnError: tc.req.StopOnError}.Apply(context.Background(), tc.content, tc.req.Edits)
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

func TestLineRangeWriter(t *testing.T) {
	var w LineRangeWriter
	for _, tc := range []struct {
		why     string
		content string
		do      func(content string) (string, *WriteFromLineResult, error)
		want    string
		kind    error
	}{
		{why: "to the end", content: "1\n2\n3\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Replace(c, 2, -1, "x\n") }, want: "1\nx\n"},
		{why: "lines without a final newline still end their line", content: "1\n2\n3\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Replace(c, 2, 2, "x") }, want: "1\nx\n3\n"},
		{why: "insert before a line", content: "1\n2\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Insert(c, 2, "x\n") }, want: "1\nx\n2\n"},
		{why: "insert at the top", content: "1\n2\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Insert(c, 1, "x\n") }, want: "x\n1\n2\n"},
		{why: "append", content: "1\n2\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Insert(c, 3, "x\n") }, want: "1\n2\nx\n"},
		{why: "delete", content: "1\n2\n3\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Delete(c, 2, 2) }, want: "1\n3\n"},
		{why: "delete everything", content: "1\n2\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Delete(c, 1, 2) }, want: ""},
		{why: "no final newline stays so when the last line is replaced", content: "1\n2", do: func(c string) (string, *WriteFromLineResult, error) { return w.Replace(c, 2, -1, "x\ny\n") }, want: "1\nx\ny"},
		{why: "no final newline stays so when lines are appended", content: "1\n2", do: func(c string) (string, *WriteFromLineResult, error) { return w.Insert(c, 3, "x\n") }, want: "1\n2\nx"},
		{why: "no final newline stays so when the last line is deleted", content: "1\n2", do: func(c string) (string, *WriteFromLineResult, error) { return w.Delete(c, 2, 2) }, want: "1"},
		{why: "CRLF is kept for new lines", content: "1\r\n2\r\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Replace(c, 2, 2, "x\ny\n") }, want: "1\r\nx\r\ny\r\n"},
		{why: "an empty text gets its first lines", content: "", do: func(c string) (string, *WriteFromLineResult, error) { return w.Insert(c, 1, "x\n") }, want: "x\n"},
		{why: "start past the end", content: "1\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Replace(c, 3, -1, "x") }, kind: ErrOutOfRange},
		{why: "end past the end", content: "1\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Replace(c, 1, 2, "x") }, kind: ErrOutOfRange},
		{why: "end before start", content: "1\n2\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Delete(c, 2, 0) }, kind: ErrInvalidRequest},
		{why: "line 0", content: "1\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Replace(c, 0, -1, "x") }, kind: ErrInvalidRequest},
		{why: "nothing changes", content: "1\n2\n", do: func(c string) (string, *WriteFromLineResult, error) { return w.Replace(c, 2, 2, "2\n") }, kind: ErrNoOp},
	} {
		t.Run(tc.why, func(t *testing.T) {
			got, res, err := tc.do(tc.content)
			if tc.kind != nil {
				if !errors.Is(err, tc.kind) || got != tc.content || res.Message != err.Error() {
					t.Fatalf("= %q, %+v, %v; want the content unchanged and %v in the result", got, res, err, tc.kind)
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

func TestLineRangeWriterOutOfRangeNamesLineCount(t *testing.T) {
	_, _, err := LineRangeWriter{Path: "notes.txt"}.Replace("a\nb\nc\n", 9, -1, "x")
	if err == nil || !strings.Contains(err.Error(), "notes.txt: startLine 9 is past the end: the file has 3 lines") {
		t.Errorf("error %v does not name the text and its line count", err)
	}
}

func TestStringPatcher(t *testing.T) {
	content := "one\r\ntwo\r\nthree\r\n"
	out, res, err := StringPatcher{}.Apply(content, []StringPatch{
		{OldString: "two\n", NewString: "2\n", Ranges: []PatchRange{{Start: 2, End: intp(2)}}},
		{OldString: "", NewString: "zero\n", Ranges: []PatchRange{{Start: 1}}},
	})
	if err != nil || out != "zero\r\none\r\n2\r\nthree\r\n" || !res.Success {
		t.Errorf("Apply = %q, %+v, %v", out, res, err)
	}
	out, res, err = StringPatcher{}.Apply(content, []StringPatch{{OldString: "2\n", NewString: "x\n", Ranges: []PatchRange{{Start: 2, End: intp(2)}}}})
	if !errors.Is(err, ErrMismatch) || out != content || res.Success || !strings.Contains(res.Patches[0].Message, `line 2 differs: the file has "two", old_string has "2"`) {
		t.Errorf("a mismatch = %q, %+v, %v", out, res, err)
	}
}
