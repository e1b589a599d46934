package buffer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/editkit/editkit/internal/corpus"
)

func benchText(b *testing.B, n int) string {
	s, err := corpus.Lines(n)
	if err != nil {
		b.Skip(err)
	}
	return s
}

// BenchmarkKeys is the one pass that gives every line its key, what a
// search pays when a scan for its lines cannot tell where they are.
func BenchmarkKeys(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		s := benchText(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				buf := New(s)
				buf.index()
				for _, bl := range buf.blocks {
					bl.lineKeys()
				}
			}
		})
	}
}

// BenchmarkIndex compares Index with strings.Index on code, for a line
// that starts with a tab (as most lines of Go do) and for a short, common
// word found again and again.
func BenchmarkIndex(b *testing.B) {
	s := benchText(b, 100_000)
	line := "\treturn fmt.Errorf(\"never written %d\", 31337)"
	for _, f := range []struct {
		name  string
		index func(s, sub string) int
	}{{"Index", Index}, {"strings.Index", strings.Index}} {
		b.Run("absent-line/"+f.name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				f.index(s, line)
			}
		})
		b.Run("every-err/"+f.name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				for off := 0; ; {
					i := f.index(s[off:], "err")
					if i < 0 {
						break
					}
					off += i + 1
				}
			}
		})
	}
}

// BenchmarkOccurrences finds a common line's first 200 places by scanning
// (a fresh buffer each time: nothing is kept from the last run).
func BenchmarkOccurrences(b *testing.B) {
	s := benchText(b, 10_000)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		New(s).Occurrences(Trim, "if err != nil {", 200)
	}
}
