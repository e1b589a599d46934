package buffer

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// naive is the obvious implementation every Buffer method must agree with.
type naive string

func (s naive) lineStarts() []int {
	starts := []int{}
	for off := 0; off < len(s); {
		starts = append(starts, off)
		i := strings.IndexByte(string(s[off:]), '\n')
		if i < 0 {
			break
		}
		off += i + 1
	}
	return starts
}

func (s naive) findAll(sub string, overlapping bool) []int {
	var out []int
	for off := 0; off+len(sub) <= len(s); {
		i := strings.Index(string(s[off:]), sub)
		if i < 0 {
			break
		}
		out = append(out, off+i)
		if overlapping {
			off += i + 1
		} else {
			off += i + len(sub)
		}
	}
	return out
}

// check compares every accessor of b with the naive text s.
func check(t *testing.T, b *Buffer, s string) {
	t.Helper()
	if b.String() != s || b.Len() != len(s) {
		t.Fatalf("String = %q, want %q", b.String(), s)
	}
	starts := naive(s).lineStarts()
	if b.LineCount() != len(starts) {
		t.Fatalf("LineCount = %d, want %d for %q", b.LineCount(), len(starts), s)
	}
	for i, st := range starts {
		if got := b.LineStart(i); got != st {
			t.Fatalf("LineStart(%d) = %d, want %d", i, got, st)
		}
		end := len(s)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		if got, want := b.Line(i), strings.TrimSuffix(s[st:end], "\n"); got != want {
			t.Fatalf("Line(%d) = %q, want %q", i, got, want)
		}
		for _, off := range []int{st, (st + end) / 2, end - 1} {
			if got := b.LineOf(off); off >= st && off < end && got != i {
				t.Fatalf("LineOf(%d) = %d, want %d", off, got, i)
			}
		}
	}
	if b.LineOf(len(s)) != b.LineCount() || b.LineStart(b.LineCount()) != len(s) {
		t.Fatalf("end of text: LineOf = %d, LineStart = %d", b.LineOf(len(s)), b.LineStart(b.LineCount()))
	}
}

func TestReplaceMatchesStrings(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lines := []string{"", "}", "\tx := 1", "func f() {", "a\u00e9b", "return nil"}
	randText := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(lines[r.IntN(len(lines))])
			if r.IntN(20) > 0 {
				b.WriteByte('\n')
			}
		}
		return b.String()
	}
	for iter := range 80 {
		s := randText(r.IntN(1200))
		b := New(s)
		check(t, b, s)
		for range 12 {
			st := r.IntN(len(s) + 1)
			en := min(len(s), st+r.IntN(600))
			ins := randText(r.IntN(400))
			b = b.Replace(st, en, ins)
			s = s[:st] + ins + s[en:]
			check(t, b, s)
		}
		for _, sub := range []string{"}\n}", "x := 1\n}\n", "\n\n", "}\n\tx := 1\n}", "return nil\n}\n\n", "f", "a\u00e9b\nre"} {
			for _, ov := range []bool{true, false} {
				want := naive(s).findAll(sub, ov)
				if diff := cmp.Diff(want, b.FindAll(sub, ov, 0)); diff != "" {
					t.Fatalf("iteration %d: FindAll(%q, %v) (-want +got):\n%s", iter, sub, ov, diff)
				}
				if diff := cmp.Diff(want, New(s).FindAll(sub, ov, 0)); diff != "" {
					t.Fatalf("iteration %d: FindAll(%q, %v) on a fresh buffer (-want +got):\n%s", iter, sub, ov, diff)
				}
			}
		}
	}
}

func TestReplaceSharesUntouchedBlocks(t *testing.T) {
	var sb strings.Builder
	const lines = 5000 // about six blocks
	for i := range lines {
		fmt.Fprintf(&sb, "line %d\n", i)
	}
	b := New(sb.String())
	b = b.Replace(0, 0, "") // an edited buffer, blocks built
	b.FindLines(Trim, []string{"line 5"}, 0)
	off := b.LineStart(lines / 2)
	b2 := b.Replace(off, off+4, "LINE")
	shared := 0
	for i := range b2.blocks {
		for j := range b.blocks {
			if b2.blocks[i] == b.blocks[j] {
				shared++
			}
		}
	}
	if shared != len(b.blocks)-1 {
		t.Errorf("%d of %d blocks shared after a one-line edit", shared, len(b.blocks))
	}
	if got := b.Line(lines / 2); got != fmt.Sprintf("line %d", lines/2) {
		t.Errorf("the old buffer changed: %q", got)
	}
}

func TestFindLines(t *testing.T) {
	b := New(strings.Repeat("}\n", 1000) + "  x\n}\n}\n\t}  \n")
	for _, tc := range []struct {
		name  string
		k     Kind
		lines []string
		limit int
		want  []int
	}{
		{"one run among many like it", Trim, []string{"x", "}", "}"}, 0, []int{1000}},
		{"a kind stricter than the keys", Exact, []string{"  x", "}"}, 0, []int{1000}},
		{"the same lines, not equal exactly", Exact, []string{"x", "}"}, 0, nil},
		{"trailing space ignored", TrimRight, []string{"\t}"}, 0, []int{1003}},
		{"limit", Trim, []string{"}"}, 3, []int{0, 1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, b.FindLines(tc.k, tc.lines, tc.limit)); diff != "" {
				t.Errorf("FindLines (-want +got):\n%s", diff)
			}
		})
	}
	if got := len(b.FindLines(Trim, []string{"}", "}"}, 0)); got != 1001 {
		t.Errorf("overlapping runs: %d, want 1001", got)
	}
	if diff := cmp.Diff([]int{1001, 1002}, b.Occurrences(Exact, "}", 0)[1000:]); diff != "" {
		t.Errorf("Occurrences (-want +got):\n%s", diff)
	}
	if got := b.Occurrences(Trim, "}", 0); len(got) != 1003 {
		t.Errorf("Occurrences under Trim: %d, want 1003", len(got))
	}
}

// FuzzFindLines: a buffer that is one string finds lines by scanning its
// text, an edited one by its lines' keys; both find the same lines.
func FuzzFindLines(f *testing.F) {
	f.Add("func f() {\n\treturn  x\n}\n", "func f() {\n  return x", uint8(2))
	f.Add("a\u200bbcd\nabcd\n", "abcd", uint8(4))
	f.Add("xxxx\nxxxx\nxxxx", "xxxx\nxxxx", uint8(0))
	f.Add("\u201cquote\u201d here\n", "\"quote\" here", uint8(4))
	f.Fuzz(func(t *testing.T, text, search string, kind uint8) {
		k := Kind(kind % uint8(numKinds))
		lines := strings.Split(search, "\n")
		whole, edited, keyed := New(text), New(text).Replace(0, 0, ""), New(text).Keyed()
		if diff := cmp.Diff(edited.FindLines(k, lines, 0), whole.FindLines(k, lines, 0)); diff != "" {
			t.Fatalf("FindLines(%d, %q) in %q, keys (-) and scan (+):\n%s", k, lines, text, diff)
		}
		if diff := cmp.Diff(edited.FindLines(k, lines, 0), keyed.FindLines(k, lines, 0)); diff != "" {
			t.Fatalf("FindLines(%d, %q) in %q, edited (-) and keyed (+):\n%s", k, lines, text, diff)
		}
		// A lookup from a later line first, so that the one from the
		// start reaches back over what the first left out.
		from := int(kind) / int(numKinds) % (strings.Count(text, "\n") + 2)
		for _, l := range lines {
			for limit := range 3 {
				if diff := cmp.Diff(edited.OccurrencesFrom(k, l, from, limit), whole.OccurrencesFrom(k, l, from, limit)); diff != "" {
					t.Fatalf("OccurrencesFrom(%d, %q, %d, %d) in %q, keys (-) and scan (+):\n%s", k, l, from, limit, text, diff)
				}
				if diff := cmp.Diff(edited.Occurrences(k, l, limit), whole.Occurrences(k, l, limit)); diff != "" {
					t.Fatalf("Occurrences(%d, %q, %d) in %q, keys (-) and scan (+):\n%s", k, l, limit, text, diff)
				}
			}
		}
	})
}

// TestOccurrencesFrom: lookups of one line from different lines, in any
// order and with any limit, find what a look at every line finds, though
// the scan behind them starts where the first asks.
func TestOccurrencesFrom(t *testing.T) {
	text := strings.Repeat("x := load(t)\n}\n", 50) // the line on 0, 2, … 98
	b := New(text)
	for _, q := range []struct{ from, limit int }{
		{60, 2}, {61, 0}, {10, 1}, {0, 3}, {70, 0}, {99, 0}, {100, 0}, {0, 0}, {-1, 1},
	} {
		var want []int
		for j := max(q.from, 0); j < 100 && (q.limit <= 0 || len(want) < q.limit); j++ {
			if j%2 == 0 {
				want = append(want, j)
			}
		}
		if diff := cmp.Diff(want, b.OccurrencesFrom(Collapse, "x  := load(t)", q.from, q.limit)); diff != "" {
			t.Errorf("OccurrencesFrom(%d, %d) (-want +got):\n%s", q.from, q.limit, diff)
		}
	}
}

// FuzzKey: lines equal under any kind have equal keys, since one key per
// line serves every kind.
func FuzzKey(f *testing.F) {
	f.Add("\tx  :=\t1 ", "x := 1")
	f.Add("\u201cq\u201d\u00a0a", `"q" a`)
	f.Add("a\u200b b", "a b")
	f.Add(" \x01 a", "\x01 a")
	f.Fuzz(func(t *testing.T, a, b string) {
		for k := Exact; k < numKinds; k++ {
			if Equal(k, a, b) && key(a) != key(b) {
				t.Fatalf("%q and %q are equal under kind %d but their keys differ", a, b, k)
			}
		}
		if key(a) != key(Normalize(Fold, a)) {
			t.Fatalf("key(%q) is not the key of its normal form %q", a, Normalize(Fold, a))
		}
	})
}

func TestNormalize(t *testing.T) {
	for _, tc := range []struct {
		k    Kind
		in   string
		want string
	}{
		{TrimRight, "\tx := 1 \t", "\tx := 1"},
		{Trim, "\t x := 1 \u00a0", "x := 1"},
		{Collapse, "  x  :=\t1 ", "x := 1"},
		{Fold, "\u201cquoted\u201d \u2014 it\u2019s\u2026", `"quoted" - it's...`},
		{Fold, "a\u00a0\u00a0b\u200bc", "a bc"},
	} {
		if got := Normalize(tc.k, tc.in); got != tc.want {
			t.Errorf("Normalize(%d, %q) = %q, want %q", tc.k, tc.in, got, tc.want)
		}
		if !Equal(tc.k, tc.in, tc.want) {
			t.Errorf("Equal(%d, %q, %q) is false", tc.k, tc.in, tc.want)
		}
		if key(tc.in) != key(tc.want) {
			t.Errorf("key(%q) differs from the key of its normal form", tc.in)
		}
	}
}

// FuzzBuffer: any sequence of edits keeps the buffer equal to the string.
func FuzzBuffer(f *testing.F) {
	f.Add("a\nb\nc\n", uint16(1), uint16(3), "x\ny", "b\nc")
	f.Add(strings.Repeat("}\n", 600), uint16(700), uint16(900), "{\n", "}\n{\n}")
	f.Fuzz(func(t *testing.T, s string, a, z uint16, ins, sub string) {
		b := New(s)
		st, en := int(a)%(len(s)+1), int(z)%(len(s)+1)
		if st > en {
			st, en = en, st
		}
		b = b.Replace(st, en, ins)
		s = s[:st] + ins + s[en:]
		check(t, b, s)
		for _, ov := range []bool{true, false} {
			if sub == "" {
				continue
			}
			if diff := cmp.Diff(naive(s).findAll(sub, ov), b.FindAll(sub, ov, 0)); diff != "" {
				t.Fatalf("FindAll(%q, %v) (-want +got):\n%s", sub, ov, diff)
			}
		}
	})
}

// TestFindLinesAcrossEditedBlocks: on a buffer large enough for the block
// filter to act, after edits have left blocks of uneven size, multi-line
// search finds what a plain scan finds.
func TestFindLinesAcrossEditedBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var sb strings.Builder
	for i := range 6000 {
		fmt.Fprintf(&sb, "line %d\n", i%700)
	}
	s := sb.String()
	b := New(s)
	for range 200 {
		st := r.IntN(len(s) + 1)
		en := min(len(s), st+r.IntN(3000))
		ins := strings.Repeat(fmt.Sprintf("line %d\n", r.IntN(700)), r.IntN(40))
		b = b.Replace(st, en, ins)
		s = s[:st] + ins + s[en:]
	}
	check(t, b, s)
	for range 50 {
		k := 2 + r.IntN(6)
		i := r.IntN(b.LineCount() - k)
		sub := b.Slice(b.LineStart(i), b.LineStart(i+k))
		for _, ov := range []bool{true, false} {
			if diff := cmp.Diff(naive(s).findAll(sub, ov), b.FindAll(sub, ov, 0)); diff != "" {
				t.Fatalf("FindAll(%q, %v) (-want +got):\n%s", sub, ov, diff)
			}
		}
	}
}
