package diff

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/editkit/editkit/internal/corpus"
	"github.com/editkit/editkit/internal/text"
	"github.com/google/go-cmp/cmp"
)

func doc(t testing.TB, s string) *text.Doc {
	d, err := text.Decode([]byte(s), "")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func numbered(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

func TestUnified(t *testing.T) {
	ten := numbered(10)
	at := func(s, sub string) int { return strings.Index(s, sub) }
	for _, tc := range []struct {
		name  string
		old   string
		edits func(string) []text.Edit
		want  string
	}{
		{
			name: "one line in the middle, three lines of context",
			old:  ten,
			edits: func(s string) []text.Edit {
				return []text.Edit{{Start: at(s, "5\n"), End: at(s, "5\n") + 1, New: "five"}}
			},
			want: "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n line 8\n",
		},
		{
			name: "edits far apart make two hunks",
			old:  numbered(20),
			edits: func(s string) []text.Edit {
				return []text.Edit{{Start: at(s, "line 2\n"), End: at(s, "line 3\n"), New: ""}, {Start: at(s, "line 19\n"), End: at(s, "line 19\n"), New: "new\n"}}
			},
			want: "--- a/f\n+++ b/f\n@@ -1,5 +1,4 @@\n line 1\n-line 2\n line 3\n line 4\n line 5\n@@ -16,5 +15,6 @@\n line 16\n line 17\n line 18\n+new\n line 19\n line 20\n",
		},
		{
			name: "edits six lines apart share a hunk",
			old:  ten,
			edits: func(s string) []text.Edit {
				return []text.Edit{{Start: at(s, "1\n"), End: at(s, "1\n") + 1, New: "A"}, {Start: at(s, "8\n"), End: at(s, "8\n") + 1, New: "H"}}
			},
			want: "--- a/f\n+++ b/f\n@@ -1,10 +1,10 @@\n-line 1\n+line A\n line 2\n line 3\n line 4\n line 5\n line 6\n line 7\n-line 8\n+line H\n line 9\n line 10\n",
		},
		{
			name:  "append to a file without final newline",
			old:   "a\nb",
			edits: func(s string) []text.Edit { return []text.Edit{{Start: 3, End: 3, New: "\nc"}} },
			want:  "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n\\ No newline at end of file\n",
		},
		{
			name:  "remove the final newline",
			old:   "a\nb\n",
			edits: func(s string) []text.Edit { return []text.Edit{{Start: 3, End: 4, New: ""}} },
			want:  "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n",
		},
		{
			name:  "insert at the top",
			old:   "a\nb\n",
			edits: func(s string) []text.Edit { return []text.Edit{{Start: 0, End: 0, New: "top\n"}} },
			want:  "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n+top\n a\n b\n",
		},
		{
			name:  "text inserted at a line start joins that line",
			old:   "a\nb\n",
			edits: func(s string) []text.Edit { return []text.Edit{{Start: 2, End: 2, New: "x"}} },
			want:  "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+xb\n",
		},
		{
			name:  "delete everything",
			old:   "a\nb\n",
			edits: func(s string) []text.Edit { return []text.Edit{{Start: 0, End: 4, New: ""}} },
			want:  "--- a/f\n+++ b/f\n@@ -1,2 +0,0 @@\n-a\n-b\n",
		},
		{
			name:  "create from empty",
			old:   "",
			edits: func(s string) []text.Edit { return []text.Edit{{Start: 0, End: 0, New: "x\ny\n"}} },
			want:  "--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+x\n+y\n",
		},
		{
			name:  "replacing text with itself is no diff",
			old:   "a\nb\n",
			edits: func(s string) []text.Edit { return []text.Edit{{Start: 0, End: 1, New: "a"}} },
			want:  "",
		},
		{
			name: "a wide replacement shows only the lines that differ",
			old:  ten,
			edits: func(s string) []text.Edit {
				return []text.Edit{{Start: 0, End: len(s), New: strings.Replace(s, "line 5", "LINE 5", 1)}}
			},
			want: "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+LINE 5\n line 6\n line 7\n line 8\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := doc(t, tc.old)
			got := Unified("a/f", "b/f", d, tc.edits(tc.old))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Unified (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUnifiedLargeRewriteIsOneBlock(t *testing.T) {
	old := numbered(3000)
	d := doc(t, old)
	newText := strings.ReplaceAll(old, "line", "row")
	got := Unified("a/f", "b/f", d, []text.Edit{{Start: 0, End: len(old), New: newText}})
	if !strings.HasPrefix(got, "--- a/f\n+++ b/f\n@@ -1,3000 +1,3000 @@\n-line 1\n") {
		t.Errorf("unexpected start: %.80q", got)
	}
	if back := patch(t, old, got); back != newText {
		t.Errorf("diff does not reproduce the new text")
	}
}

var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$`)

// patch applies a unified diff to old, checking every context and removed
// line, so tests can prove a diff is exact.
func patch(t testing.TB, old, diff string) string {
	t.Helper()
	if diff == "" {
		return old
	}
	oldLines := slices.Collect(strings.Lines(old))
	lines := strings.SplitAfter(diff, "\n")
	if !strings.HasPrefix(lines[0], "--- ") || !strings.HasPrefix(lines[1], "+++ ") {
		t.Fatalf("missing headers in %q", diff)
	}
	var out []string
	next := 0 // next old line to copy
	var last *string
	for i := 2; i < len(lines) && lines[i] != ""; i++ {
		l := lines[i]
		if m := hunkHeader.FindStringSubmatch(strings.TrimSuffix(l, "\n")); m != nil {
			start, _ := strconv.Atoi(m[1])
			if m[2] != "0" {
				start--
			}
			if start < next {
				t.Fatalf("hunk at %d goes backwards", start)
			}
			out = append(out, oldLines[next:start]...)
			next = start
			continue
		}
		if l == "\\ No newline at end of file\n" {
			*last = strings.TrimSuffix(*last, "\n")
			continue
		}
		body := l[1:]
		switch l[0] {
		case ' ', '-':
			if next >= len(oldLines) || strings.TrimSuffix(oldLines[next], "\n") != strings.TrimSuffix(body, "\n") {
				t.Fatalf("line %d of old does not match %q", next+1, l)
			}
			if l[0] == ' ' {
				out = append(out, body)
				last = &out[len(out)-1]
			} else {
				dropped := body
				last = &dropped
			}
			next++
		case '+':
			out = append(out, body)
			last = &out[len(out)-1]
		default:
			t.Fatalf("bad diff line %q", l)
		}
	}
	out = append(out, oldLines[next:]...)
	return strings.Join(out, "")
}

// FuzzUnified: the diff of any edit applies back to the edited text.
func FuzzUnified(f *testing.F) {
	f.Add("a\nb\nc\n", uint16(2), uint16(3), "x\n")
	f.Add("a\nb", uint16(3), uint16(3), "\nc")
	f.Add("", uint16(0), uint16(0), "new")
	f.Add(numbered(30), uint16(10), uint16(100), "")
	f.Fuzz(func(t *testing.T, old string, a, b uint16, repl string) {
		if strings.ContainsRune(old, '\r') || strings.ContainsRune(repl, '\r') {
			return
		}
		d, err := text.Decode([]byte(old), "utf-8")
		if err != nil {
			return
		}
		s, e := int(a)%(len(old)+1), int(b)%(len(old)+1)
		if s > e {
			s, e = e, s
		}
		want := old[:s] + repl + old[e:]
		got := patch(t, old, Unified("a/f", "b/f", d, []text.Edit{{Start: s, End: e, New: repl}}))
		if got != want {
			t.Fatalf("patched = %q, want %q", got, want)
		}
	})
}

// BenchmarkUnified: one changed line, and a change of a hundred lines, in
// files of every size. The cost follows the change, not the file.
func BenchmarkUnified(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		old, err := corpus.Lines(n)
		if err != nil {
			b.Skip(err)
		}
		d := doc(b, old)
		mid := d.LineStart(n / 2)
		for _, c := range []struct {
			name string
			edit text.Edit
		}{
			{"one-line", text.Edit{Start: mid, End: mid, New: "\t// inserted\n"}},
			{"hundred-lines", text.Edit{Start: mid, End: d.LineStart(n/2 + 100), New: strings.Repeat("\tx++\n", 90)}},
		} {
			b.Run(fmt.Sprintf("%s/%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = Unified("a/f", "b/f", d, []text.Edit{c.edit})
				}
			})
		}
	}
}
