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
	for i := range 10 * blockLines {
		fmt.Fprintf(&sb, "line %d\n", i)
	}
	b := New(sb.String())
	b.FindLines(Trim, []uint64{Hash(Trim, "line 5")}, 0) // compute hashes
	b = b.Replace(0, 0, "")                              // an edited buffer, blocks built
	off := b.LineStart(5 * blockLines)
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
	if got := b.Line(5 * blockLines); got != fmt.Sprintf("line %d", 5*blockLines) {
		t.Errorf("the old buffer changed: %q", got)
	}
}

func TestFindLines(t *testing.T) {
	b := New(strings.Repeat("}\n", 1000) + "  x\n}\n}\n")
	h := func(s string) uint64 { return Hash(Trim, s) }
	if got := b.FindLines(Trim, []uint64{h("x"), h("}"), h("}")}, 0); !cmp.Equal(got, []int{1000}) {
		t.Errorf("FindLines = %v, want [1000]", got)
	}
	if got := len(b.FindLines(Trim, []uint64{h("}"), h("}")}, 0)); got != 1000 {
		t.Errorf("overlapping runs: %d, want 1000", got)
	}
	if got := b.FindLines(Trim, []uint64{h("}")}, 3); len(got) != 3 {
		t.Errorf("limit 3 gave %d", len(got))
	}
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
		if Hash(tc.k, tc.in) != Hash(Exact, tc.want) {
			t.Errorf("Hash(%d, %q) differs from the hash of its normal form", tc.k, tc.in)
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
