package editkit_test

import (
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/editkit/editkit/internal/corpus"
)

// BenchmarkSpeed is Replace on the cases of the speed goal, each beside
// the search alone (Find), one strings.Index scan of the same file for its
// search ("scan") and the two scans that find a text and prove it occurs
// once ("twoscans"): an exact hit may cost two scans, anything else ten.
func BenchmarkSpeed(b *testing.B) {
	cases, err := corpus.SpeedCases(benchSizes...)
	if err != nil {
		b.Skip(err)
	}
	for _, c := range cases {
		b.Run(c.Name+"/editkit", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.Content)))
			for b.Loop() {
				editkit.Replace(c.Content, c.Search, "\t// replaced\n", editkit.ReplaceOptions{})
			}
		})
		// Find is the search alone, every match located (which proves an
		// exact hit unique), without the new text Replace builds.
		b.Run(c.Name+"/find", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.Content)))
			chain := editkit.DefaultChain()
			for b.Loop() {
				chain.Find(&editkit.Query{Content: c.Content, Search: c.Search})
			}
		})
		b.Run(c.Name+"/scan", func(b *testing.B) {
			b.SetBytes(int64(len(c.Content)))
			for b.Loop() {
				strings.Index(c.Content, c.ScanFor)
			}
		})
		// The floor of an exact hit: the scan to the match, then one more
		// for the rest of the file, which proves it unique.
		b.Run(c.Name+"/twoscans", func(b *testing.B) {
			b.SetBytes(int64(len(c.Content)))
			for b.Loop() {
				if i := strings.Index(c.Content, c.ScanFor); i >= 0 {
					strings.Index(c.Content[i+1:], c.ScanFor)
				}
			}
		})
		// What any hit pays to return the new text: one string the size of
		// the file, built in fresh memory (its allocation, and the garbage
		// collection it brings, cost more than the copy itself).
		b.Run(c.Name+"/newtext", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.Content)))
			mid := len(c.Content) / 2
			for b.Loop() {
				sink = c.Content[:mid] + "\t// replaced\n" + c.Content[mid+1:]
			}
		})
	}
}

// sink keeps the compiler from dropping a result nothing reads.
var sink string
