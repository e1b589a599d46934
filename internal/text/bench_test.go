package text

import (
	"fmt"
	"strings"
	"testing"

	"github.com/editkit/editkit/internal/corpus"
)

var sizes = []int{1_000, 10_000, 100_000}

func benchText(b *testing.B, lines int) string {
	s, err := corpus.Lines(lines)
	if err != nil {
		b.Skip(err)
	}
	return s
}

func BenchmarkDecode(b *testing.B) {
	for _, n := range sizes {
		lf := benchText(b, n)
		for _, v := range []struct {
			name, enc string
			raw       []byte
		}{
			{"utf8-LF", "", []byte(lf)},
			{"utf8-CRLF", "", []byte(strings.ReplaceAll(lf, "\n", "\r\n"))},
			{"utf8-loneCR", "", []byte(strings.ReplaceAll(lf, "\n", "\r"))},
			{"latin1-CRLF", "latin1", []byte(strings.ReplaceAll(lf, "\n", "\r\n"))},
		} {
			b.Run(fmt.Sprintf("%s/%d", v.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(v.raw)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Decode(v.raw, v.enc); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkEncode writes back a file with one line changed in the middle.
func BenchmarkEncode(b *testing.B) {
	for _, n := range sizes {
		lf := benchText(b, n)
		for _, v := range []struct {
			name, enc string
			raw       []byte
		}{
			{"utf8-LF", "", []byte(lf)},
			{"utf8-CRLF", "", []byte(strings.ReplaceAll(lf, "\n", "\r\n"))},
			{"latin1-CRLF", "latin1", []byte(strings.ReplaceAll(lf, "\n", "\r\n"))},
		} {
			d, err := Decode(v.raw, v.enc)
			if err != nil {
				b.Fatal(err)
			}
			mid := d.LineStart(d.LineCount() / 2)
			edits := []Edit{{Start: mid, End: mid + len(d.Line(d.LineCount()/2)), New: "\t// replaced line\n\tx := 1"}}
			b.Run(fmt.Sprintf("%s/%d", v.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(v.raw)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := d.Apply(edits); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
