// Package fuzzy measures how alike two lines are: the Levenshtein distance,
// computed bit-parallel (Myers, Hyyrö) when the first text has at most 64
// characters, with an early cut-off otherwise.
package fuzzy

import (
	"unicode/utf8"
	"unsafe"
)

// Similarity is 1 - d/n, where d is the Levenshtein distance between a and
// b counted in characters and n the length of the longer; two empty strings
// are alike (1). Below floor the result is only known to be below floor,
// which lets the computation stop early.
func Similarity(a, b string, floor float64) float64 {
	la, lb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	n := max(la, lb)
	if n == 0 {
		return 1
	}
	limit := int((1 - floor) * float64(n))
	if la-lb > limit || lb-la > limit {
		return float64(min(la, lb)) / float64(n) // an upper bound, already below floor
	}
	d := Distance(a, b, limit)
	return 1 - float64(d)/float64(n)
}

// Distance is the Levenshtein distance between a and b in characters, or
// some value above limit when it is more than limit (limit < 0: no limit).
func Distance(a, b string, limit int) int {
	if isASCII(a) && isASCII(b) {
		return distance(bytesOf(a), bytesOf(b), limit)
	}
	return distance([]rune(a), []rune(b), limit)
}

// bytesOf views s as bytes without copying; distance only reads them.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

func distance[T byte | rune](a, b []T, limit int) int {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] { // a common prefix costs nothing
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	switch {
	case len(a) == 0:
		return len(b)
	case len(a) <= 64:
		return myers(a, b)
	}
	return dp(a, b, limit)
}

// myers is the bit-parallel Levenshtein distance for len(a) <= 64.
func myers[T byte | rune](a, b []T) int {
	if bs, ok := any(b).([]byte); ok {
		var peq [128]uint64
		for i, c := range any(a).([]byte) {
			peq[c&127] |= 1 << i // bytes come here only for ASCII texts
		}
		return myersBytes(&peq, len(a), bs)
	}
	peq := map[T]uint64{}
	for i, c := range a {
		peq[c] |= 1 << i
	}
	return myersRun(len(a), len(b), func(j int) uint64 { return peq[b[j]] })
}

// myersBytes runs the bit-parallel distance of a pattern of m ASCII bytes,
// given by its masks peq, against b, which is ASCII too.
func myersBytes(peq *[128]uint64, m int, b []byte) int {
	return myersRun(m, len(b), func(j int) uint64 { return peq[b[j]&127] })
}

// myersRun is the bit-parallel distance of a pattern of m characters to a
// text of n, where eq(j) is the mask of the pattern's positions that hold
// the text's j-th character.
func myersRun(m, n int, eq func(j int) uint64) int {
	last := uint64(1) << (m - 1)
	pv, mv := ^uint64(0), uint64(0)
	score := m
	for j := range n {
		eq := eq(j)
		xv := eq | mv
		xh := (((eq & pv) + pv) ^ pv) | eq
		ph := mv | ^(xh | pv)
		mh := pv & xh
		if ph&last != 0 {
			score++
		} else if mh&last != 0 {
			score--
		}
		ph = ph<<1 | 1
		mh <<= 1
		pv = mh | ^(xv | ph)
		mv = ph & xv
	}
	return score
}

// dp is the two-row dynamic program. With a limit it fills only the band
// of cells within limit of the diagonal — no path through the others costs
// less than limit — and stops once a whole row exceeds limit.
func dp[T byte | rune](a, b []T, limit int) int {
	const inf = 1 << 30
	prev := make([]int, len(a)+1)
	cur := make([]int, len(a)+1)
	for i := range prev {
		prev[i] = i
		if limit >= 0 && i > limit {
			prev[i] = inf
		}
	}
	for j := 1; j <= len(b); j++ {
		lo, hi := 1, len(a)
		if limit >= 0 {
			lo, hi = max(1, j-limit), min(len(a), j+limit)
		}
		cur[0] = j
		if limit >= 0 && j > limit {
			cur[0] = inf
		}
		if lo > 1 {
			cur[lo-1] = inf
		}
		best := cur[0]
		for i := lo; i <= hi; i++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[i] = min(prev[i]+1, cur[i-1]+1, prev[i-1]+cost)
			best = min(best, cur[i])
		}
		if hi < len(a) {
			cur[hi+1] = inf
		}
		if limit >= 0 && best > limit {
			return best
		}
		prev, cur = cur, prev
	}
	return min(prev[len(a)], inf)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Work is about how many steps Similarity(a, b, floor) takes: the cells of
// the distance table it fills, a word of 64 at a time for the bit-parallel
// case. Callers that must bound their time spend it from a budget.
func Work(a, b string, floor float64) int64 {
	la, lb := len(a), len(b)
	if la > lb {
		la, lb = lb, la
	}
	limit := int((1 - floor) * float64(lb))
	switch {
	case lb-la > limit || la == 0:
		return 1
	case la <= 64:
		return int64(lb)
	}
	return int64(lb) * int64(min(la, 2*limit+1))
}

// A Pattern is a text prepared to be compared with many others: for an
// ASCII text of at most 64 bytes, the bit masks of the bit-parallel
// distance are built once rather than for every comparison.
type Pattern struct {
	text string
	peq  *[128]uint64 // nil: compared the general way
}

// NewPattern prepares text for comparisons.
func NewPattern(text string) *Pattern {
	p := &Pattern{text: text}
	if len(text) > 0 && len(text) <= 64 && isASCII(text) {
		p.peq = new([128]uint64)
		for i := range len(text) {
			p.peq[text[i]] |= 1 << i
		}
	}
	return p
}

// Similarity is Similarity(text, b, floor) for the pattern's text.
func (p *Pattern) Similarity(b string, floor float64) float64 {
	if p.peq == nil || !isASCII(b) {
		return Similarity(p.text, b, floor)
	}
	la, lb := len(p.text), len(b)
	n := max(la, lb)
	limit := int((1 - floor) * float64(n))
	if la-lb > limit || lb-la > limit {
		return float64(min(la, lb)) / float64(n)
	}
	return 1 - float64(p.distance(b))/float64(n)
}

// distance is myers with the pattern's masks.
func (p *Pattern) distance(b string) int {
	return myersBytes(p.peq, len(p.text), bytesOf(b))
}
