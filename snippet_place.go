package editkit

import (
	"math"
	"slices"
	"unicode"

	"github.com/editkit/editkit/internal/buffer"
)

// maxOccurrences is how many places a line may have in the file and
// still anchor a segment: a line more common says nothing of where it is.
const maxOccurrences = 64

// commonPlaces is how many places make a line common: one to anchor by
// only when the segment's other edge lines do not anchor it.
const commonPlaces = 3

// occurrences returns the file lines from line from on that equal line,
// spacing aside; none when there are more than maxOccurrences.
func (m *merger) occurrences(line string, from int) []int {
	m.lookups--
	var out []int
	for _, j := range m.buf.Occurrences(buffer.Collapse, line, 0) {
		if j >= from {
			out = append(out, j)
		}
	}
	if len(out) > maxOccurrences {
		return nil
	}
	return out
}

// saysSomething reports a line worth placing a segment by: three letters
// or digits at least.
func saysSomething(l string) bool {
	n := 0
	for _, r := range l {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if n++; n >= 3 {
				return true
			}
		}
	}
	return false
}

// place finds where segment k goes, after file line prev. rel is the
// previous segment's relation, for a segment with nothing to anchor on.
//
// The segment's top anchor is its first line that says something and that
// the file has after prev; its bottom anchor the last such line. Each
// place of an anchor is grown into a run: the segment's lines around it
// that are the file's lines around it, at the same depth. A top place and
// a bottom place that fit together (in order, no further apart than the
// segment could stretch by dropping lines) make a candidate; the one whose
// runs are longest wins, and a tie between places that differ is refused.
func (m *merger) place(k int, s segment, prev int, rel *relation) (*placement, error) {
	m.prev, m.tie = prev, nil
	found := map[int][]int{}
	pinned := m.pinned(s, prev)
	places := func(i int) []int {
		if f, ok := pinned[i]; ok {
			return []int{f}
		}
		if l, ok := found[i]; ok {
			return l
		}
		var l []int
		if m.lookups > 0 && m.ctx.Err() == nil {
			l = m.occurrences(s.lines[i], prev)
		}
		found[i] = l
		return l
	}
	var says []int
	for i, l := range s.lines {
		if saysSomething(l) {
			says = append(says, i)
		}
	}
	if len(says) == 0 {
		if rel == nil {
			return nil, m.segmentError(ErrNotFound, k, s, "has no line that says something (only brackets, blank lines and the like), so nothing places it").
				withHint("Start the segment with a line of the file that occurs once, such as the function's first line")
		}
		return m.placeTrivial(k, s, prev, *rel)
	}
	// The outermost anchors that fit together: a top line that fits with
	// no bottom line is new, or the file has it elsewhere by chance.
	// A top line that ties between places is not trusted either: the
	// next one is tried.
	var best, tie []cand
	// A top line the file has at every turn (a check of err) fits near
	// any bottom: it is tried after the others. (They are looked up only
	// then: a lookup costs a scan of the file.)
	order := make([]int, min(len(says), edgeLines))
	for n := range order {
		order[n] = n
	}
	common := func(n int) int {
		if len(places(says[n])) > commonPlaces {
			return 1
		}
		return 0
	}
	if len(order) > 1 && common(0) == 1 {
		slices.SortStableFunc(order, func(a, b int) int { return common(a) - common(b) })
	}
outer:
	for _, n := range order {
		if err := m.ctx.Err(); err != nil {
			return nil, stoppedError(m.path, err)
		}
		t := says[n]
		tops := places(t)
		if len(tops) == 0 {
			continue
		}
		for x := len(says) - 1; x > n && x >= len(says)-edgeLines; x-- {
			bots := m.near(s.lines[says[x]], says[x]-t, tops)
			if f, ok := pinned[says[x]]; ok {
				bots = slices.DeleteFunc(bots, func(j int) bool { return j != f })
			}
			if l, f := m.lastLines(s); says[x] == l && slices.Contains(bots, f) {
				bots = []int{f} // the segment ends where the file does
			}
			if len(bots) == 0 {
				continue
			}
			switch cs := m.candidates(s, t, tops, says[x], bots); {
			case len(cs) == 1 && !cs[0].tied:
				best = cs
				break outer
			case len(cs) > 1 || len(cs) == 1 && cs[0].tied:
				if tie == nil {
					tie = cs
				}
				continue outer
			}
		}
	}
	if best == nil && tie == nil {
		// One anchor: the first line whose run places it once. (A tie
		// above says the segment reaches further than one run, to a
		// place that is not known: that is refused.)
		for _, t := range edges(says) {
			if tops := places(t); len(tops) > 0 {
				cs := m.candidates(s, t, tops, t, tops)
				if len(cs) == 1 {
					if e := m.reachesUp(k, s, tie, cs[0]); e != nil {
						return nil, e
					}
					best = cs
					break
				}
				if tie == nil {
					tie = cs
				}
			}
		}
	}
	if best == nil && tie == nil {
		return nil, m.notFound(k, s)
	}
	if best == nil {
		best = tie
	}
	if len(best) == 1 && best[0].tied {
		var at []LineRange
		for _, end := range best[0].ends {
			at = append(at, LineRange{best[0].top.j0 + 1, end + 1})
		}
		return nil, m.ambiguous(k, s, at)
	}
	if len(best) > 1 {
		var at []LineRange
		var starts []int
		folded := 0
		for _, c := range best {
			at = append(at, LineRange{c.top.j0 + 1, c.bot.j1 + 1})
			if c.folded() {
				folded++
				continue
			}
			starts = append(starts, c.top.j0)
		}
		slices.Sort(starts)
		if len(slices.Compact(starts)) == len(best)-folded {
			m.tie = starts // places the rest of the snippet may choose between
		}
		return nil, m.ambiguous(k, s, at)
	}
	c := best[0]
	others := slices.Clone(m.others)
	if e := m.elsewhere(k, s, c, says, places); e != nil {
		return nil, e
	}
	if e := m.thin(k, s, c, says); e != nil {
		return nil, e
	}
	p := &placement{rel: c.top.rel, others: others}
	p.pairs = c.top.pairs()
	if c.bot.i0 > c.top.i1 {
		p.pairs = append(p.pairs, m.between(s, c.top, c.bot)...)
		p.pairs = append(p.pairs, c.bot.pairs()...)
	} else if c.bot.i1 > c.top.i1 {
		for i := c.top.i1 + 1; i <= c.bot.i1; i++ {
			p.pairs = append(p.pairs, [2]int{i, c.bot.j0 + i - c.bot.i0})
		}
	}
	if err := m.extend(k, s, p, prev); err != nil {
		return nil, err
	}
	m.reachEnds(s, p, prev)
	if err := m.openEnd(k, s, p, prev); err != nil {
		return nil, err
	}
	p.start, p.end = p.pairs[0][1], p.pairs[len(p.pairs)-1][1]+1
	if err := m.check(k, s, p); err != nil {
		return nil, err
	}
	if err := m.twice(k, s, p, places); err != nil {
		return nil, err
	}
	p.pairs = fillPairs(s.lines, m.buf, p.pairs)
	return p, nil
}

// pinned maps the first line of a segment with no marker above it to the
// file's first line when they are alike: with nothing elided before it,
// the segment starts where the file does, wherever else the file has that
// line (a license header at the top of every part of a bundle). At the
// other end, see lastLines.
func (m *merger) pinned(s segment, prev int) map[int]int {
	pin := map[int]int{}
	if l, f := nextNonBlank(s.lines, -1, 1), nextNonBlankLine(m.buf, -1, 1); s.open[0] && prev == 0 && l >= 0 && f >= 0 &&
		buffer.Equal(buffer.Collapse, s.lines[l], m.buf.Line(f)) {
		pin[l] = f
	}
	return pin
}

// lastLines returns the last line of a segment with no marker below it
// and the file's last line, when they are alike (-1s otherwise): of the
// places that line has near the top, the file's last is the one. (It does
// not restrict the line's places otherwise: a segment that ends there is
// still checked against its other places.)
func (m *merger) lastLines(s segment) (l, f int) {
	l, f = nextNonBlank(s.lines, len(s.lines), -1), nextNonBlankLine(m.buf, m.n, -1)
	if !s.open[1] || l < 0 || f < 0 || !buffer.Equal(buffer.Collapse, s.lines[l], m.buf.Line(f)) {
		return -1, -1
	}
	return l, f
}

// dropped counts the file's lines between a candidate's top and bottom
// runs that say something and that the segment does not have there: what
// the segment would delete (a line it rewrites is not dropped). Where the
// context around a change is the same in two places, the place where the
// segment drops less wins.
func (m *merger) dropped(s segment, top, bot run) int {
	key := [5]int{s.at, top.i1, top.j1, bot.i0, bot.j0}
	if n, ok := m.droppedAt[key]; ok {
		return n
	}
	at := m.segmentLines(s)
	has := func(f string) bool { // the segment has f between the runs
		is := at[f]
		k, _ := slices.BinarySearch(is, top.i1+1)
		return k < len(is) && is[k] < bot.i0
	}
	n := 0
	checks := rewriteChecks
	for j := top.j1 + 1; j < bot.j0; j++ {
		if f := m.norm(j); saysSomething(f) && !has(f) && !m.rewritten(s, top, bot, j, &checks) {
			n++
		}
	}
	m.droppedAt[key] = n
	return n
}

// segmentLines maps each line of segment s that says something, as lines
// are compared, to where the segment has it, in order; made once per
// segment, for every place counted.
func (m *merger) segmentLines(s segment) map[string][]int {
	if at, ok := m.segLines[s.at]; ok {
		return at
	}
	at := map[string][]int{}
	for i, l := range s.lines {
		if saysSomething(l) {
			n := buffer.Normalize(buffer.Collapse, l)
			at[n] = append(at[n], i)
		}
	}
	m.segLines[s.at] = at
	return at
}

// rewriteChecks bounds the line comparisons one count of dropped lines
// makes: past it, a line the segment does not have is dropped. A place
// that drops hundreds of lines is not near a tie that rewrites decide.
const rewriteChecks = 256

// rewritten reports whether file line j, between a candidate's top and
// bottom runs, reads as changed into a segment line near its place between
// them (within three lines of where it would stand if the segment's lines
// there were spread evenly over the file's).
//
// Any line near may rewrite it, and one line may rewrite several: where
// the segment's lines are alike to the file's (table rows, a new function
// written like its neighbour), a place that overlays them then costs about
// as little as one that inserts beside them, and the tie is refused.
// Measured on replay against the alternatives: a rewritten line costing
// half a dropped one, or each new line rewriting only one file line, merged
// new code over alike neighbours (YAML jobs, a new test beside its twin)
// where this refuses; 107 wrong merges over all kinds, against 113 and 110.
func (m *merger) rewritten(s segment, top, bot run, j int, checks *int) bool {
	sn, fn := bot.i0-top.i1-1, bot.j0-top.j1-1
	if sn <= 0 {
		return false
	}
	at := top.i1 + 1 + (j-top.j1-1)*sn/fn
	for _, d := range [...]int{0, 1, -1, 2, -2, 3, -3} { // the likeliest first
		i := at + d
		if i <= top.i1 || i >= bot.i0 || !saysSomething(s.lines[i]) {
			continue
		}
		if *checks <= 0 {
			return false
		}
		*checks--
		if alike(s.lines[i], m.buf.Line(j)) {
			return true
		}
	}
	return false
}

// norm is file line j as lines are compared. The lines a merge compares
// are kept in a map while they are few, and in a slice by line once they
// are many (a whole-file snippet compares most of the file, several times).
func (m *merger) norm(j int) string {
	if m.dense != nil {
		if !m.normed[j] {
			m.dense[j], m.normed[j] = buffer.Normalize(buffer.Collapse, m.buf.Line(j)), true
		}
		return m.dense[j]
	}
	if n, ok := m.norms[j]; ok {
		return n
	}
	n := buffer.Normalize(buffer.Collapse, m.buf.Line(j))
	m.norms[j] = n
	if len(m.norms) > denseNorms {
		m.dense, m.normed = make([]string, m.n), make([]bool, m.n)
		for k, v := range m.norms {
			m.dense[k], m.normed[k] = v, true
		}
		m.norms = nil
	}
	return n
}

// denseNorms is how many normalized lines make norm keep them by line.
const denseNorms = 4096

// between pairs the segment's lines between its top and bottom runs with
// the file's lines between them: the lines that say something and occur
// once on each side, the longest chain of them in order. The pairs show
// what the segment keeps of the file there, and so what it would drop.
func (m *merger) between(s segment, top, bot run) [][2]int {
	count := func(n int, line func(int) string) map[string]int {
		at := map[string]int{}
		for x := 0; x < n; x++ {
			l := line(x)
			if !saysSomething(l) {
				continue
			}
			if _, dup := at[l]; dup {
				at[l] = -1
			} else {
				at[l] = x
			}
		}
		return at
	}
	segAt := count(bot.i0-top.i1-1, func(x int) string { return buffer.Normalize(buffer.Collapse, s.lines[top.i1+1+x]) })
	fileAt := count(bot.j0-top.j1-1, func(x int) string { return m.norm(top.j1 + 1 + x) })
	var pairs [][2]int
	for l, i := range segAt {
		if j, ok := fileAt[l]; ok && i >= 0 && j >= 0 &&
			top.rel.depth(indentWidth(s.lines[top.i1+1+i], m.tab), indentWidth(m.buf.Line(top.j1+1+j), m.tab)) == 0 {
			pairs = append(pairs, [2]int{top.i1 + 1 + i, top.j1 + 1 + j})
		}
	}
	slices.SortFunc(pairs, func(a, b [2]int) int { return a[0] - b[0] })
	return longestChain(pairs)
}

// longestChain is the longest subsequence of pairs (in segment order)
// whose file lines increase.
func longestChain(pairs [][2]int) [][2]int {
	if len(pairs) == 0 {
		return nil
	}
	var tails []int // index into pairs of the smallest tail of each length
	prev := make([]int, len(pairs))
	for i, p := range pairs {
		n, _ := slices.BinarySearchFunc(tails, p[1], func(t, target int) int { return pairs[t][1] - target })
		prev[i] = -1
		if n > 0 {
			prev[i] = tails[n-1]
		}
		if n == len(tails) {
			tails = append(tails, i)
		} else {
			tails[n] = i
		}
	}
	out := make([][2]int, len(tails))
	for i, k := len(tails)-1, tails[len(tails)-1]; i >= 0; i, k = i-1, prev[k] {
		out[i] = pairs[k]
	}
	return out
}

// near returns the lines of the file equal to line that are within
// reach below one of the places tops, when line is ds lines below their
// line in the segment: looked up there, not in the whole file.
func (m *merger) near(line string, ds int, tops []int) []int {
	norm := buffer.Normalize(buffer.Collapse, line)
	var out []int
	next := 0 // the first line not yet looked at
	for _, jt := range tops {
		from, to := max(jt+1, next), min(jt+2*ds+maxDrop, m.n-1)
		for j := from; j <= to; j++ {
			if m.norm(j) == norm {
				out = append(out, j)
			}
		}
		next = max(next, to+1)
	}
	return out
}

// edgeLines is how many lines that say something at each end of a segment
// may anchor it. New code often repeats lines of the code around it; a
// line deep inside a segment is as likely new as the file's, and the
// alignment of the segment's edges reaches it anyway.
const edgeLines = 2

// edges is the first and last edgeLines of says, the first ones first.
func edges(says []int) []int {
	if len(says) <= 2*edgeLines {
		return says
	}
	return append(slices.Clip(says[:edgeLines]), says[len(says)-edgeLines:]...)
}

// A cand is a place for a segment: the runs around its top and bottom
// anchors, and how many lines that say something they hold.
type cand struct {
	top, bot run
	score    int
	// tied reports that other places of the bottom anchor fit the top as
	// well: the segment's end is not known. ends are the places' ends.
	tied bool
	ends []int
}

// folded reports a candidate whose bottom run starts on or above the
// file line of its top run's end though it starts below it in the
// segment: two lines of the segment on one of the file's. It still makes a
// tie (a place the segment could be read at), but not a place to settle
// one by.
func (c cand) folded() bool {
	return c.bot.i0 > c.top.i1 && c.bot.j0 <= c.top.j1
}

// candidates pairs each place of top anchor line t with the place of
// bottom anchor line b (the same line for a segment with one anchor) that
// fits with it with the longest run (tied when several do). Of the pairs,
// it returns those that score best: the longest runs, less the lines that
// say something the segment would drop between them.
func (m *merger) candidates(s segment, t int, tops []int, b int, bots []int) []cand {
	var all []cand
	for _, jt := range tops {
		tr := m.grow(s, t, jt)
		readings := m.readings(s, t, jt, tr)
		var pick *run
		var pickTop run
		pickClean := false
		tied := false
		var alts []int
		for _, jb := range bots {
			if b == t {
				if jb == jt {
					pick, pickTop = &tr, tr
				}
				continue
			}
			if !consistent([2]int{t, jt}, [2]int{b, jb}) {
				continue
			}
			k := slices.IndexFunc(readings, func(r run) bool {
				return r.rel.depth(indentWidth(s.lines[b], m.tab), indentWidth(m.buf.Line(jb), m.tab)) == 0
			})
			if k < 0 {
				continue
			}
			tr := readings[k]
			br := m.growWith(s, b, jb, tr.rel)
			if br.i0 <= tr.i1 && br.j0-br.i0 != tr.j0-tr.i0 {
				// Both runs reach the same lines of the segment (brackets
				// and blank lines around a deletion, say) at different
				// places: they are the bottom run's, if the top keeps its
				// anchor.
				if br.i0 <= t {
					continue
				}
				tr = tr.cut(br.i0-1, s)
			}
			// A bottom place where every file line between the runs that
			// says something is one the segment writes anew there (a
			// changed line) is a cleaner reading than one where the
			// segment drops lines: it wins a tie on the lines that match.
			// (A bottom run of one such line says too little to prefer.)
			clean := br.says >= 2 && m.dropped(s, tr, br) <= countFunc(s.lines[min(tr.i1+1, br.i0):br.i0], saysSomething)
			switch {
			case pick == nil || br.says > pick.says || br.says == pick.says && clean && !pickClean:
				pick, pickTop, pickClean, tied, alts = &br, tr, clean, false, nil
			case br.says == pick.says && br.j0 != pick.j0 && clean == pickClean:
				tied = true
				alts = append(alts, br.j1)
			}
		}
		if pick == nil {
			continue
		}
		top := pickTop
		if pick.i0 <= top.i1 && pick.j0-pick.i0 != top.j0-top.i0 {
			top = top.cut(pick.i0-1, s)
		}
		all = append(all, cand{top, *pick, top.says + pick.says - m.dropped(s, top, *pick), tied, append(alts, pick.j1)})
	}
	// The best, and every place within a point of it: a lead of one line
	// is not clear enough to choose by.
	top := math.MinInt
	for _, c := range all {
		top = max(top, c.score)
	}
	var best []cand
	m.others = m.others[:0]
	for _, c := range all {
		switch {
		case c.score >= top-1:
			best = append(best, c)
		case c.score >= 2:
			m.others = append(m.others, c.top.j0)
		}
	}
	if lead := m.copiedFrom(s, best, top); lead != nil {
		return []cand{*lead}
	}
	if m.force >= 0 {
		best = slices.DeleteFunc(best, func(c cand) bool { return c.top.j0 != m.force })
	}
	return best
}

// copiedFrom returns the one place among close candidates that the
// segment was copied from, or nil: the place that leads on score and whose
// lines the segment has byte for byte, indentation included (two at
// least), where at every other place it has none so. Where the context
// around a change repeats at another depth (the same steps of two jobs in
// a YAML file, say), the indentation tells which one the model read; where
// it repeats at the same depth, nothing does.
func (m *merger) copiedFrom(s segment, best []cand, top int) *cand {
	if len(best) < 2 {
		return nil
	}
	lead, exact, rest := -1, 0, 0
	for k, c := range best {
		n := m.holding(s, append(c.top.pairs(), c.bot.pairs()...), buffer.TrimRight)
		switch {
		case c.score == top && lead < 0:
			lead, exact = k, n
		case c.score == top:
			return nil // two lead on score
		default:
			rest = max(rest, n)
		}
	}
	for k, c := range best {
		if k != lead && c.score == top {
			return nil
		}
	}
	if lead < 0 || exact < 2 || rest > 0 {
		return nil
	}
	return &best[lead]
}

// holds reports whether pair pr puts a segment line that says something
// on a file line equal to it under k.
func (m *merger) holds(s segment, pr [2]int, k buffer.Kind) bool {
	l := s.lines[pr[0]]
	return saysSomething(l) && buffer.Equal(k, l, m.buf.Line(pr[1]))
}

// holding counts the segment lines of pairs that hold (each line once):
// under Collapse, what keeps the segment where it is; under TrimRight,
// how much of it was copied verbatim, indentation included.
func (m *merger) holding(s segment, pairs [][2]int, k buffer.Kind) int {
	n := 0
	seen := map[int]bool{}
	for _, pr := range pairs {
		if !seen[pr[0]] && m.holds(s, pr, k) {
			n++
		}
		seen[pr[0]] = true
	}
	return n
}

// A run is segment lines i0..i1 that are file lines j0..j1, the same
// text at the same depth; says counts its lines that say something.
type run struct {
	i0, i1, j0, j1 int
	says           int
	rel            relation
}

// cut ends the run at segment line i1.
func (r run) cut(i1 int, s segment) run {
	for r.i1 > i1 {
		if saysSomething(s.lines[r.i1]) {
			r.says--
		}
		r.i1, r.j1 = r.i1-1, r.j1-1
	}
	return r
}

func (r run) pairs() [][2]int {
	var out [][2]int
	for i := r.i0; i <= r.i1; i++ {
		out = append(out, [2]int{i, r.j0 + i - r.i0})
	}
	return out
}

// grow makes the run around segment line i at file line j, its depths
// related through that pair.
func (m *merger) grow(s segment, i, j int) run {
	rel := relation{sw: indentWidth(s.lines[i], m.tab), fw: indentWidth(m.buf.Line(j), m.tab), sUnit: m.unit}
	if m.fUnit < 0 {
		// The file's step, from the lines around the first place looked
		// at: a file keeps one style.
		m.fUnit = indentStep(fileLines(m.buf, max(j-40, 0), min(80, m.n-max(j-40, 0))), m.tab)
	}
	rel.fUnit = m.fUnit
	// A side that shows no step is taken to step as the other does.
	switch {
	case rel.sUnit == 0 && rel.fUnit == 0:
		rel.sUnit, rel.fUnit = 4, 4
	case rel.sUnit == 0:
		rel.sUnit = rel.fUnit
	case rel.fUnit == 0:
		rel.fUnit = rel.sUnit
	}
	return m.growWith(s, i, j, rel)
}

// readings are the ways the run tr, grown around segment line i at file
// line j, relates the segment's depths to the file's: tr's own relation,
// and, when that scales the snippet's step to a different file step, the
// one that does not, if the run holds as far under it (first, when it
// holds further). A snippet whose
// indents only ever change by two of the file's steps (a YAML list item's
// body) shows a step twice the file's; which reading is right, only a
// line at another depth further on can tell.
func (m *merger) readings(s segment, i, j int, tr run) []run {
	if tr.rel.sUnit == tr.rel.fUnit || tr.rel.sUnit%tr.rel.fUnit != 0 {
		return []run{tr}
	}
	rel := tr.rel
	rel.sUnit = rel.fUnit
	switch alt := m.growWith(s, i, j, rel); {
	case alt.i0 == tr.i0 && alt.i1 == tr.i1:
		return []run{tr, alt}
	case alt.i0 <= tr.i0 && alt.i1 >= tr.i1:
		return []run{alt, tr} // the lines beside the anchor have told
	}
	return []run{tr}
}

// growWith makes the run around segment line i at file line j, with
// depths related by rel.
func (m *merger) growWith(s segment, i, j int, rel relation) run {
	r := run{i0: i, i1: i, j0: j, j1: j, rel: rel, says: 1}
	same := func(i, j int) bool {
		a, b := s.lines[i], m.buf.Line(j)
		if isBlank(a) || isBlank(b) {
			return isBlank(a) && isBlank(b)
		}
		return buffer.Equal(buffer.Collapse, a, b) && rel.depth(indentWidth(a, m.tab), indentWidth(b, m.tab)) == 0
	}
	for r.i0 > 0 && r.j0 > m.prev && same(r.i0-1, r.j0-1) {
		r.i0, r.j0 = r.i0-1, r.j0-1
		if saysSomething(s.lines[r.i0]) {
			r.says++
		}
	}
	for r.i1+1 < len(s.lines) && r.j1+1 < m.n && same(r.i1+1, r.j1+1) {
		r.i1, r.j1 = r.i1+1, r.j1+1
		if saysSomething(s.lines[r.i1]) {
			r.says++
		}
	}
	return r
}

// consistent reports whether two (segment line, file line) pairs can both
// hold: in the same order, and no further apart in the file than the
// segment could stretch by dropping lines.
func consistent(a, b [2]int) bool {
	if a[0] > b[0] {
		a, b = b, a
	}
	ds, df := b[0]-a[0], b[1]-a[1]
	if ds == 0 {
		return df == 0
	}
	return df > 0 && df <= 2*ds+maxDrop
}

// countFunc counts the lines for which f holds.
func countFunc(lines []string, f func(string) bool) int {
	n := 0
	for _, l := range lines {
		if f(l) {
			n++
		}
	}
	return n
}
