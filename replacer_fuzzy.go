package editkit

import (
	"slices"
	"strings"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/fuzzy"
)

// The guards of the fuzzy (anchored) replacers.
const (
	// leadMargin is how much better than the runner-up a fuzzy match must
	// score to be taken alone.
	leadMargin = 0.1
	// pairFloor: lines less alike than this do not pair up at all.
	pairFloor = 0.5
	// maxFuzzyLines is the longest search the fuzzy replacers weigh.
	maxFuzzyLines = 200
	// maxAnchorHits: anchors occurring more often than this are too common
	// to say where a block is.
	maxAnchorHits = 1000
	// maxWeighed bounds line comparisons per query (candidates × lines²).
	maxWeighed = 4_000_000
)

// fuzzySearch is a search prepared for the anchored replacers: its lines
// without blank lines at either end, and how many there were.
type fuzzySearch struct {
	lines       []string
	endsNL      bool // the search's last non-blank line has a line end
	rawEndsNL   bool // the search as sent ends with a line end
	lead, trail int  // blank lines removed before and after
}

func prepFuzzy(q *Query) *fuzzySearch {
	if q.Multiple {
		return nil // fuzzy matches are never applied in bulk
	}
	sl := q.lines()
	fs := &fuzzySearch{lines: sl.lines, endsNL: sl.endsNL, rawEndsNL: sl.endsNL}
	for len(fs.lines) > 0 && isBlank(fs.lines[0]) {
		fs.lines, fs.lead = fs.lines[1:], fs.lead+1
	}
	for len(fs.lines) > 0 && isBlank(fs.lines[len(fs.lines)-1]) {
		fs.lines, fs.trail, fs.endsNL = fs.lines[:len(fs.lines)-1], fs.trail+1, true
	}
	if len(fs.lines) < 3 || len(fs.lines) > maxFuzzyLines {
		return nil
	}
	return fs
}

// window is the range of block sizes within a quarter of n.
func window(n int) (lo, hi int) {
	return (3*n + 3) / 4, n * 5 / 4
}

// blockAnchor: a block of three or more lines whose first and last lines
// equal the file's (ignoring indentation) and whose lines between are alike
// on average at least the threshold, with as many lines as the search give
// or take a quarter. It must lead every other such block clearly.
type blockAnchor struct{ builtinTier }

func (blockAnchor) Name() string { return "block-anchor" }

func (blockAnchor) Find(q *Query) []Match {
	fs := prepFuzzy(q)
	if fs == nil {
		return nil
	}
	k := len(fs.lines)
	first, last := fs.lines[0], fs.lines[k-1]
	if trivial(first) || trivial(last) {
		return nil
	}
	buf := q.buffer()
	lo, hi := window(k)
	pairs := anchorPairs(buf, first, last, lo-1, hi-1, k)
	var cands []candidate
	for _, p := range pairs {
		score, aligned := alikeness(fs.lines[1:k-1], fileLines(buf, p[0]+1, p[1]-p[0]-1), q.threshold(), q.budget())
		if q.budget().err != nil {
			return nil
		}
		aligned = append(aligned, [2]string{first, buf.Line(p[0])}, [2]string{last, buf.Line(p[1])})
		cands = append(cands, candidate{first: p[0], last: p[1], score: score, pairs: aligned})
	}
	return fuzzyMatches(q, fs, cands)
}

// contextAware: like block-anchor, but anchored on the outermost lines of
// the search that occur in the file (or the one such line) when its own
// first or last line does not (a typo there) or says nothing (a closing
// "}"). Lines outside the anchors are compared where they stand; blank and
// punctuation-only ones there must be equal.
type contextAware struct{ builtinTier }

func (contextAware) Name() string { return "context-aware" }

func (contextAware) Find(q *Query) []Match {
	fs := prepFuzzy(q)
	if fs == nil {
		return nil
	}
	buf := q.buffer()
	k := len(fs.lines)
	occurs := occurring(buf, fs.lines)
	a, b := -1, -1
	for i, l := range fs.lines {
		if !trivial(l) && occurs[i] {
			if a < 0 {
				a = i
			}
			b = i
		}
	}
	switch {
	case a < 0:
		return nil // nothing to anchor on
	case a == 0 && b == k-1:
		return nil // block-anchor's anchors: it has weighed them
	case a == b && nonTrivial(fs.lines) < 2:
		return nil // one anchor and nothing else to weigh
	}
	lo, hi := window(b - a)
	if a < b {
		lo = max(lo, 1)
	}
	var cands []candidate
	for _, p := range anchorPairs(buf, fs.lines[a], fs.lines[b], lo, hi, k) {
		start, end := p[0]-a, p[1]+(k-1-b)
		if start < 0 || end >= buf.LineCount() {
			continue
		}
		var sum, weight float64
		var aligned [][2]string
		if a < b {
			sMid, fMid := fs.lines[a+1:b], fileLines(buf, p[0]+1, p[1]-p[0]-1)
			var mid float64
			mid, aligned = alikeness(sMid, fMid, q.threshold(), q.budget())
			if q.budget().err != nil {
				return nil
			}
			weight = float64(max(nonTrivial(sMid), nonTrivial(fMid)))
			sum = mid * weight
		}
		ok := true
		outer := func(s string, line int) {
			f := buf.Line(line)
			aligned = append(aligned, [2]string{s, f})
			switch {
			case trivial(s) || trivial(f):
				ok = ok && strings.TrimSpace(s) == strings.TrimSpace(f)
			default:
				ts, tf := strings.TrimSpace(s), strings.TrimSpace(f)
				if !q.budget().spend(fuzzy.Work(ts, tf, q.threshold())) {
					ok = false
					return
				}
				sim := fuzzy.Similarity(ts, tf, q.threshold())
				ok = ok && sim >= q.threshold() // a line, not a typo, apart
				sum += sim
				weight++
			}
		}
		for i := range a {
			outer(fs.lines[i], start+i)
		}
		for i := b + 1; i < k; i++ {
			outer(fs.lines[i], p[1]+i-b)
		}
		if q.budget().err != nil {
			return nil
		}
		if !ok {
			continue
		}
		score := 1.0
		if weight > 0 {
			score = sum / weight
		}
		if a == b && score < (1+q.threshold())/2 {
			// One line, such as "import (" or "return nil", is unique in
			// many files and specific to none: alone it anchors only a
			// strong match.
			continue
		}
		aligned = append(aligned, [2]string{fs.lines[a], buf.Line(p[0])}, [2]string{fs.lines[b], buf.Line(p[1])})
		cands = append(cands, candidate{first: start, last: end, score: score, pairs: aligned})
	}
	return fuzzyMatches(q, fs, cands)
}

// occurring reports which of lines that say something occur in buf,
// ignoring indentation; trivial lines are reported absent.
func occurring(buf *buffer.Buffer, lines []string) []bool {
	found := make([]bool, len(lines))
	for i, l := range lines {
		found[i] = !trivial(l) && len(buf.Occurrences(buffer.Trim, l, 1)) > 0
	}
	return found
}

// anchorPairs returns the pairs of lines (f, l) of buf equal to first and
// last (ignoring indentation) with l-f between lo and hi, in order. It
// finds the anchor that is likely rarer and looks for the other only in
// the window beside each of its places, so a common anchor, as "if err !=
// nil {", costs nothing. It returns none when that anchor is so common, or
// the pairs so many, that weighing them would cost more than any real
// search needs: such anchors say nothing.
func anchorPairs(buf *buffer.Buffer, first, last string, lo, hi, searchLines int) [][2]int {
	rare, other, forward := first, last, true
	if buffer.Anchor([]string{first, last}) == 1 {
		rare, other, forward = last, first, false
	}
	rs := buf.Occurrences(buffer.Trim, rare, maxAnchorHits+1)
	if len(rs) > maxAnchorHits {
		return nil
	}
	budget := maxWeighed / max(searchLines*searchLines, 1)
	n := buf.LineCount()
	var pairs [][2]int
	for _, r := range rs {
		from, to := r+lo, r+hi
		if !forward {
			from, to = r-hi, r-lo
		}
		for i := max(from, 0); i <= min(to, n-1); i++ {
			if !buffer.Equal(buffer.Trim, buf.Line(i), other) {
				continue
			}
			p := [2]int{r, i}
			if !forward {
				p = [2]int{i, r}
			}
			if pairs = append(pairs, p); len(pairs) > budget {
				return nil
			}
		}
	}
	slices.SortFunc(pairs, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return pairs
}

// alikeness says how alike search lines s are to file lines f, from 0 to
// 1. Lines are aligned in order, either side may have lines the other
// lacks, and a pair of non-trivial lines aligns only when they are at least
// floor alike (ignoring indentation). The score is the pairs' mean
// similarity when every non-trivial line of both sides is in a pair, and 0
// otherwise: a fuzzy match may absorb typos and drift, never a line that is
// simply different, missing or extra — that is the model believing the
// file says something it does not. Trivial lines align when equal and may
// be missing on either side; when neither side has anything else, they
// must all be equal. The aligned pairs are returned too.
func alikeness(s, f []string, floor float64, work *budget) (float64, [][2]string) {
	ns, nf := nonTrivial(s), nonTrivial(f)
	if ns == 0 && nf == 0 {
		if len(s) == len(f) && equalLines(trimAll(s), trimAll(f)) {
			return 1, pairLines(s, f)
		}
		return 0, nil
	}
	// best[i][j]: the best total for s[:i] against f[:j].
	w := len(f) + 1
	best := make([]float64, (len(s)+1)*w)
	weight := func(i, j int) float64 {
		a, b := strings.TrimSpace(s[i]), strings.TrimSpace(f[j])
		switch ta, tb := trivial(a), trivial(b); {
		case ta && tb && a == b:
			return 1e-6 // aligns trivial lines without counting them
		case ta || tb:
			return 0
		}
		if !work.spend(fuzzy.Work(a, b, floor)) {
			return 0
		}
		if sim := fuzzy.Similarity(a, b, floor); sim >= floor {
			return sim
		}
		return 0
	}
	wt := make([]float64, len(s)*len(f))
	for i := 1; i <= len(s); i++ {
		if work.err != nil {
			return 0, nil
		}
		for j := 1; j <= len(f); j++ {
			wij := weight(i-1, j-1)
			wt[(i-1)*len(f)+j-1] = wij
			v := max(best[(i-1)*w+j], best[i*w+j-1])
			if wij > 0 {
				v = max(v, best[(i-1)*w+j-1]+wij)
			}
			best[i*w+j] = v
		}
	}
	var pairs [][2]string
	sum, counted := 0.0, 0
	for i, j := len(s), len(f); i > 0 && j > 0; {
		wij := wt[(i-1)*len(f)+j-1]
		switch {
		case wij > 0 && best[i*w+j] == best[(i-1)*w+j-1]+wij:
			pairs = append(pairs, [2]string{s[i-1], f[j-1]})
			if wij > 1e-3 {
				sum += wij
				counted++
			}
			i, j = i-1, j-1
		case best[i*w+j] == best[(i-1)*w+j]:
			i--
		default:
			j--
		}
	}
	slices.Reverse(pairs)
	if counted < ns || counted < nf {
		return 0, pairs
	}
	return sum / float64(counted), pairs
}

func nonTrivial(lines []string) int {
	n := 0
	for _, l := range lines {
		if !trivial(l) {
			n++
		}
	}
	return n
}

func trimAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(l)
	}
	return out
}

// A candidate is a block of lines first..last a fuzzy replacer weighed.
type candidate struct {
	first, last int
	score       float64
	pairs       [][2]string // (search line, file line) pairs it aligned
}

// fuzzyMatches keeps the best candidate when it reaches the threshold and
// leads the runner-up clearly. A runner-up within leadMargin that also
// reaches the threshold is kept too, so the caller reports the ambiguity;
// one that falls just short leaves no clear lead, and nothing is kept.
func fuzzyMatches(q *Query, fs *fuzzySearch, cands []candidate) []Match {
	buf := q.buffer()
	cands = slices.DeleteFunc(cands, func(c candidate) bool {
		// Far more text than the search is not what the search describes.
		return buf.LineStart(c.last+1)-buf.LineStart(c.first) > 2*len(q.Search)+64
	})
	slices.SortStableFunc(cands, func(a, b candidate) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return a.first - b.first
	})
	if len(cands) == 0 || cands[0].score < q.threshold() {
		return nil
	}
	keep := cands[:1]
	for _, c := range cands[1:] {
		if c.score < cands[0].score-leadMargin {
			break
		}
		if fs.leadsOn(buf, cands[0], c, q.budget()) {
			continue // the lines where they differ say which is meant
		}
		if c.score < q.threshold() {
			return nil
		}
		keep = append(keep, c)
	}
	ms := make([]Match, 0, len(keep))
	for _, c := range keep {
		ms = append(ms, fs.match(buf, c))
	}
	return ms
}

// leadsOn reports whether a leads b clearly on the lines where the two
// blocks differ. Lines both blocks share say nothing about which one the
// search means, and averaging them in would hide the lead. It compares
// blocks of the search's own size line by line and gives no lead otherwise.
func (fs *fuzzySearch) leadsOn(buf *buffer.Buffer, a, b candidate, work *budget) bool {
	k := len(fs.lines)
	if a.last-a.first+1 != k || b.last-b.first+1 != k {
		return false
	}
	var sa, sb float64
	n := 0
	for i, s := range fs.lines {
		la, lb := strings.TrimSpace(buf.Line(a.first+i)), strings.TrimSpace(buf.Line(b.first+i))
		if la == lb || trivial(s) {
			continue
		}
		t := strings.TrimSpace(s)
		if !work.spend(fuzzy.Work(t, la, 0) + fuzzy.Work(t, lb, 0)) {
			return false
		}
		sa += fuzzy.Similarity(t, la, 0)
		sb += fuzzy.Similarity(t, lb, 0)
		n++
	}
	return n > 0 && (sa-sb)/float64(n) >= leadMargin
}

// match turns a candidate into a match. Blank lines the search had around
// it are matched when the file has them there too, and dropped from the
// replacement when it does not.
func (fs *fuzzySearch) match(buf *buffer.Buffer, c candidate) Match {
	first, last := c.first, c.last
	var trims []func(string) string
	if fs.lead > 0 {
		if blankRun(buf, first-fs.lead, first) {
			first -= fs.lead
		} else {
			trims = append(trims, func(r string) string { return dropBlankLines(r, fs.lead) })
		}
	}
	endsNL := fs.endsNL
	if fs.trail > 0 {
		if blankRun(buf, last+1, last+1+fs.trail) {
			last, endsNL = last+fs.trail, fs.rawEndsNL
		} else {
			trims = append(trims, func(r string) string { return strings.TrimRight(r, " \t\n") + "\n" })
		}
	}
	return Match{
		Start: buf.LineStart(first),
		End:   blockEnd(buf, last, endsNL),
		Fit:   chainFits(append(trims, reindentFit(c.pairs, unitNear(buf, c.first)))...),
	}
}

// blankRun reports whether lines [from, to) exist and are all blank.
func blankRun(buf *buffer.Buffer, from, to int) bool {
	if from < 0 || to > buf.LineCount() {
		return false
	}
	for i := from; i < to; i++ {
		if !isBlank(buf.Line(i)) {
			return false
		}
	}
	return true
}

// dropBlankLines removes up to n blank lines from the start of s.
func dropBlankLines(s string, n int) string {
	for ; n > 0; n-- {
		i := strings.IndexByte(s, '\n')
		if i < 0 || !isBlank(s[:i]) {
			break
		}
		s = s[i+1:]
	}
	return s
}
