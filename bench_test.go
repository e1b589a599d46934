package editkit_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/editkit/editkit/internal/corpus"
)

var benchSizes = []int{1_000, 10_000, 100_000}

func benchCode(b *testing.B, n int) string {
	s, err := corpus.Lines(n)
	if err != nil {
		b.Skip(err)
	}
	return s
}

// uniqueBlock returns a run of about k lines near the middle of s that
// occurs once.
func uniqueBlock(s string, k int) string {
	lines := strings.SplitAfter(s, "\n")
	for i := len(lines) / 2; i+k < len(lines); i++ {
		blk := strings.Join(lines[i:i+k], "")
		if strings.Count(s, blk) == 1 && len(strings.TrimSpace(lines[i])) > 10 && len(strings.TrimSpace(lines[i+k-1])) > 10 {
			return blk
		}
	}
	panic("no unique block")
}

// BenchmarkReplace is one search-and-replace on a file of real code, end to
// end: decode, search, encode. Kinds: an exact hit; fuzzy hits where the
// search is re-indented or has a typo in a middle line; and a miss that
// runs every replacer and builds the not-found message.
func BenchmarkReplace(b *testing.B) {
	for _, n := range benchSizes {
		content := benchCode(b, n)
		blk := uniqueBlock(content, 6)
		lines := strings.Split(strings.TrimSuffix(blk, "\n"), "\n")
		typo := append([]string(nil), lines...)
		typo[2] = typoOf(typo[2])
		for _, c := range []struct {
			name, search string
			strategy     string
		}{
			{"exact", blk, "exact"},
			{"reindented", "    " + strings.ReplaceAll(strings.TrimSuffix(blk, "\n"), "\n", "\n    "), "line-trimmed"},
			{"typo", strings.Join(typo, "\n"), ""},
			{"miss", "func neverDefined(x int) string {\n\treturn fmt.Sprint(x * 31337)\n}\n", ""},
		} {
			b.Run(fmt.Sprintf("%s/%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(content)))
				for b.Loop() {
					_, res, err := editkit.Replace(content, c.search, "\t// replaced\n", editkit.ReplaceOptions{})
					if c.strategy != "" && (err != nil || res.Strategy != c.strategy) {
						b.Fatalf("strategy %q, err %v", res.Strategy, err)
					}
				}
			})
		}
	}
}

// BenchmarkReplaceBaseline is strings.Index over the same text, the floor
// an exact hit is measured against.
func BenchmarkReplaceBaseline(b *testing.B) {
	for _, n := range benchSizes {
		content := benchCode(b, n)
		blk := uniqueBlock(content, 6)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(content)))
			for b.Loop() {
				if strings.Index(content, blk) < 0 {
					b.Fatal("not found")
				}
			}
		})
	}
}

// BenchmarkReplaceAdversarial: inputs built to make a careless matcher
// quadratic. A 20,000-line file of "}" and blank lines searched for five
// lines whose first and last are "}"; and a 1 MB file of one line.
func BenchmarkReplaceAdversarial(b *testing.B) {
	braces := strings.Repeat("}\n\n", 10_000)
	oneLine := strings.Repeat("abcdefgh ", 1<<20/9) + "\n"
	for _, c := range []struct {
		name, content, search string
	}{
		{"braces-20k-lines", braces, "}\n\n}\n\tx++\n}"},
		{"braces-20k-lines-typo", braces, "}\n\n}\n}\n\n}x"},
		{"one-line-1MB-miss", oneLine, "abcdefgh abcdefgX"},
		{"one-line-1MB-ambiguous", oneLine, "abcdefgh abcdefgh"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.content)))
			for b.Loop() {
				editkit.Replace(c.content, c.search, "y", editkit.ReplaceOptions{})
			}
		})
	}
}

// typoOf changes the first letter of a line's text.
func typoOf(line string) string {
	i := strings.IndexFunc(line, func(r rune) bool { return r >= 'a' && r <= 'y' })
	if i < 0 {
		return line + "x"
	}
	return line[:i] + string(line[i]+1) + line[i+1:]
}
