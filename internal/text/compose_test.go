package text

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func spliceAll(s string, edits []Edit) string {
	var b strings.Builder
	prev := 0
	for _, e := range edits {
		b.WriteString(s[prev:e.Start])
		b.WriteString(e.New)
		prev = e.End
	}
	return b.String() + s[prev:]
}

// TestComposer: edits made one after another, composed, applied to the
// original, give what applying them in turn gives.
func TestComposer(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{"a", "b", "\n", "xy", ""}
	for iter := range 3000 {
		orig := strings.Repeat("0123456789\n", r.IntN(6))
		cur := orig
		var c Composer
		for range 1 + r.IntN(40) {
			s := r.IntN(len(cur) + 1)
			e := s + r.IntN(len(cur)-s+1)
			var nb strings.Builder
			for range r.IntN(4) {
				nb.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			snapshot := cur
			c.Add(s, e, nb.String(), func(a, b int) string { return snapshot[a:b] })
			cur = cur[:s] + nb.String() + cur[e:]
		}
		edits := c.Edits()
		for i := range edits {
			if edits[i].Start > edits[i].End || i > 0 && edits[i].Start < edits[i-1].End || edits[i].End > len(orig) {
				t.Fatalf("iteration %d: edits out of order: %+v", iter, edits)
			}
		}
		if got := spliceAll(orig, edits); got != cur {
			t.Fatalf("iteration %d: composed %q, sequential %q (edits %+v)", iter, got, cur, edits)
		}
	}
}
