package fuzzy

import (
	"strings"
	"testing"
)

// reference is the textbook dynamic program.
func reference(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range rb {
		d[0][j+1] = j + 1
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+c)
		}
	}
	return d[len(ra)][len(rb)]
}

func TestDistance(t *testing.T) {
	long := strings.Repeat("abcdefghij", 9)
	for _, tc := range [][2]string{
		{"", ""}, {"a", ""}, {"", "abc"}, {"kitten", "sitting"}, {"flaw", "lawn"},
		{"\tif err != nil {", "    if err != nil {"}, {"héllo wörld", "hello world"},
		{long, long[:40] + "X" + long[41:]}, {long, "zz" + long}, {long + "é", long},
		{"return fmt.Errorf(\"x: %w\", err)", "return fmt.Errorf(\"y: %v\", e)"},
	} {
		want := reference(tc[0], tc[1])
		if got := Distance(tc[0], tc[1], -1); got != want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc[0], tc[1], got, want)
		}
		if got := Distance(tc[1], tc[0], -1); got != want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc[1], tc[0], got, want)
		}
		if want > 2 {
			if got := Distance(tc[0], tc[1], 1); got <= 1 {
				t.Errorf("Distance(%q, %q, limit 1) = %d, want above 1", tc[0], tc[1], got)
			}
		}
	}
}

func TestSimilarity(t *testing.T) {
	if s := Similarity("", "", 0.7); s != 1 {
		t.Errorf("two empty lines: %v", s)
	}
	if s := Similarity("abcdefghij", "abcdefghiX", 0.7); s != 0.9 {
		t.Errorf("one change in ten: %v", s)
	}
	if s := Similarity("short", "a much longer line of text", 0.7); s >= 0.7 {
		t.Errorf("different lengths: %v", s)
	}
}

func FuzzDistance(f *testing.F) {
	f.Add("kitten", "sitting")
	f.Add(strings.Repeat("x", 70), strings.Repeat("x", 65)+"é")
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > 300 || len(b) > 300 {
			return
		}
		want := reference(a, b)
		if got := Distance(a, b, -1); got != want {
			t.Fatalf("Distance(%q, %q) = %d, want %d", a, b, got, want)
		}
		if got := Distance(a, b, want); got != want {
			t.Fatalf("Distance(%q, %q, limit %d) = %d", a, b, want, got)
		}
	})
}

func BenchmarkSimilarity(b *testing.B) {
	x := "\treturn fmt.Errorf(\"open %s: %w\", name, err)"
	y := "\treturn fmt.Errorf(\"opne %s: %w\", nmae, err)"
	for b.Loop() {
		Similarity(x, y, 0.7)
	}
}

// FuzzPattern: a prepared pattern measures as Similarity does.
func FuzzPattern(f *testing.F) {
	f.Add("func neverDefined(x int) string {", "func defined(x int) string {", 0.5)
	f.Add("abc", "", 0.0)
	f.Add("caf\u00e9", "cafe", 0.7)
	f.Fuzz(func(t *testing.T, a, b string, floor float64) {
		if floor < 0 || floor > 1 || floor != floor {
			return
		}
		if got, want := NewPattern(a).Similarity(b, floor), Similarity(a, b, floor); got != want {
			t.Fatalf("NewPattern(%q).Similarity(%q, %v) = %v, Similarity gives %v", a, b, floor, got, want)
		}
	})
}
