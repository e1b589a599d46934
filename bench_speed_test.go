package editkit_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/editkit/editkit"
)

// speedCase is one search of BenchmarkSpeed: the file, the search, and the
// text one strings.Index scan looks for to give the case its yardstick.
type speedCase struct {
	name, content, search, scanFor string
}

// speedCases are the cases of the speed goal on files of real code: an
// exact hit; the same block re-indented; a miss that runs every replacer;
// a typo in a middle line; a search whose first line is "}" and whose
// last line the file lacks; and a miss in a 1 MB file that is one line.
func speedCases(b *testing.B) []speedCase {
	var cases []speedCase
	for _, n := range benchSizes {
		content := benchCode(b, n)
		blk := uniqueBlock(content, 6)
		lines := strings.Split(strings.TrimSuffix(blk, "\n"), "\n")
		typo := append([]string(nil), lines...)
		typo[2] = typoOf(typo[2])
		miss := "func neverDefined(x int) string {\n\treturn fmt.Sprint(x * 31337)\n}\n"
		brace := braceBlock(content, 6)
		reindented := "    " + strings.ReplaceAll(strings.TrimSuffix(blk, "\n"), "\n", "\n    ")
		cases = append(cases,
			speedCase{fmt.Sprintf("exact/%d", n), content, blk, blk},
			speedCase{fmt.Sprintf("reindented/%d", n), content, reindented, reindented},
			speedCase{fmt.Sprintf("miss/%d", n), content, miss, miss},
			speedCase{fmt.Sprintf("typo/%d", n), content, strings.Join(typo, "\n"), strings.Join(typo, "\n")},
			speedCase{fmt.Sprintf("brace-first-last-absent/%d", n), content, brace, brace},
		)
	}
	oneLine := strings.Repeat("abcdefgh ", 1<<20/9) + "\n"
	cases = append(cases, speedCase{"one-line-1MB-miss", oneLine, "abcdefgh abcdefgX", "abcdefgh abcdefgX"})
	return cases
}

// braceBlock returns k lines of s whose first line is "}" and whose last
// line is replaced by one the file does not have.
func braceBlock(s string, k int) string {
	lines := strings.SplitAfter(s, "\n")
	for i := len(lines) / 2; i+k < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "}" || strings.TrimSpace(lines[i+1]) != "" {
			continue
		}
		blk := strings.Join(lines[i:i+k-1], "") + "\tneverSeen(31337)\n"
		if strings.Count(s, blk) == 0 {
			return blk
		}
	}
	panic("no block starts with }")
}

// BenchmarkSpeed is Replace on the cases of the speed goal, each beside
// the search alone (Find), one strings.Index scan of the same file for its
// search ("scan") and the two scans that find a text and prove it occurs
// once ("twoscans"): an exact hit may cost two scans, anything else ten.
func BenchmarkSpeed(b *testing.B) {
	for _, c := range speedCases(b) {
		b.Run(c.name+"/editkit", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.content)))
			for b.Loop() {
				editkit.Replace(c.content, c.search, "\t// replaced\n", editkit.ReplaceOptions{})
			}
		})
		// Find is the search alone, every match located (which proves an
		// exact hit unique), without the new text Replace builds.
		b.Run(c.name+"/find", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.content)))
			chain := editkit.DefaultChain()
			for b.Loop() {
				chain.Find(&editkit.Query{Content: c.content, Search: c.search})
			}
		})
		b.Run(c.name+"/scan", func(b *testing.B) {
			b.SetBytes(int64(len(c.content)))
			for b.Loop() {
				strings.Index(c.content, c.scanFor)
			}
		})
		// The floor of an exact hit: the scan to the match, then one more
		// for the rest of the file, which proves it unique.
		b.Run(c.name+"/twoscans", func(b *testing.B) {
			b.SetBytes(int64(len(c.content)))
			for b.Loop() {
				if i := strings.Index(c.content, c.scanFor); i >= 0 {
					strings.Index(c.content[i+1:], c.scanFor)
				}
			}
		})
	}
}
