package editkit

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/fuzzy"
	"github.com/editkit/editkit/internal/text"
)

// A lazy snippet is the new text of the parts of a file a model changes,
// with the rest left out by marker lines ("// ... existing code ..."), as
// Cursor's edit_file and Morph's fast apply take it. The rules editkit
// merges it by, without a model:
//
//   - The snippet splits at its marker lines into segments. A marker stands
//     for the file's lines where it is, kept as they are. A marker-like
//     line the file has next to the same lines is the file's text.
//   - A segment is placed by its anchors: its first and its last line that
//     say something (not "}" or blank) and that the file has after the
//     previous segment, each grown into a run of the segment's lines around
//     it that are the file's lines around it, at the same depth. The two
//     runs must fit together: in order, no further apart than the segment
//     could stretch by dropping lines. A top line that fits with no bottom
//     line is taken for new, and the next one tried; where runs tie
//     between places, the one that drops fewer lines of the file wins, and
//     a tie that remains is refused. The file's lines from the top run to
//     the bottom run are replaced by the segment.
//   - The segment's lines beyond its runs are aligned with the file's lines
//     next to them, at the same depth: closing brackets and blank lines,
//     and lines that read as the file's lines changed when a line that is
//     the file's comes after them; the rest is new text, inserted there.
//   - A segment of lines that say nothing ("}" after a marker) is placed at
//     the first line after the previous segment at its depth.
//   - No marker at the top (or bottom) of the snippet: the segment reaches
//     the file's first (last) line when its own first (last) line is that
//     line, or when what it leaves there is no more than it may drop. A
//     snippet without any marker is otherwise the new text of the stretch
//     its ends anchor.
//   - Indentation that is off by a level or written in other characters is
//     fitted to the file, as the line replacers do; lines the file has are
//     kept as the file spells them when only their spaces differ.
//
// It refuses rather than guess: a segment none of whose lines that say
// something is in the file (ErrNotFound, with the nearest text, and never
// written over the file), a segment that fits several places equally
// (ErrAmbiguous, naming them), a segment that ends with a line like the
// file's next one and nothing after it (ErrAmbiguous: replace or insert?),
// a segment that would drop more than half of a stretch of over 20 file
// lines where no marker stands, and one whose first or last line is the
// file's somewhere else (ErrConflict).

// maxDrop is the longest stretch of file lines a segment may drop where no
// marker stands when it writes less than half as many in its place.
const maxDrop = 20

// snippetLookups bounds the lines of one segment looked up in the whole
// file to place it.
const snippetLookups = 48

// A MergeResult says what [MergeSnippet] did.
type MergeResult struct {
	// Segments are the snippet's segments, in file order, and where each
	// went.
	Segments []SegmentResult `json:"segments"`
	// Lines is where each segment's text is in the result.
	Lines []LineRange `json:"lines"`
	// Created reports that the snippet became a new file's whole text.
	Created bool `json:"created,omitempty"`
	// Message says it for a model.
	Message string `json:"message"`
}

// A SegmentResult is one segment of a snippet, the text between two marker
// lines, and the file lines it replaced.
type SegmentResult struct {
	// Snippet is the segment's lines in the snippet.
	Snippet LineRange `json:"snippet"`
	// Replaced is the file's lines the segment replaced: its first and
	// last placed lines, and every line between them; zero when the
	// snippet created the file.
	Replaced LineRange `json:"replaced"`
	// Lines is where the segment's text is in the result.
	Lines LineRange `json:"lines"`
}

// MergeSnippet merges a lazy snippet — the new text of the parts of a file
// that change, with unchanged stretches left out by marker lines such as
// "// ... existing code ..." or "# ... rest of the file unchanged" — into
// content, and returns the new content. Each segment between markers
// replaces the file's lines from its first to its last line that the file
// has; the lines markers stand for are kept. Empty content with a snippet
// without markers is the snippet. Line ends in the snippet may be "\n" or
// "\r\n"; content keeps its own.
//
// It refuses, with an [*Error] and content unchanged: a segment whose
// lines the file does not have ([ErrNotFound]), one that fits several
// places ([ErrAmbiguous]), one that would drop a long stretch of the file
// where no marker stands or whose end is the file's elsewhere
// ([ErrConflict]), and a snippet that changes nothing ([ErrNoOp]). The
// package documentation's "Lazy snippets" section sums up the rules.
func MergeSnippet(content, snippet string) (string, *MergeResult, error) {
	fail := func(err error) (string, *MergeResult, error) {
		return content, &MergeResult{Message: err.Error()}, err
	}
	body, write, err := bodyOf(content, "")
	if err != nil {
		return fail(err)
	}
	edits, res, err := planSnippet(context.Background(), body, "", snippet, true)
	if err != nil {
		return fail(err)
	}
	out, err := write(edits)
	if err != nil {
		return fail(err)
	}
	return out, res, nil
}

// A segment is the lines of a snippet between two marker lines.
type segment struct {
	lines []string // without their line ends
	at    int      // the snippet's 0-based line of lines[0]
	// open reports, for above (0) and below (1), that the snippet has no
	// marker there: the segment reaches to the file's first (last) line.
	open [2]bool
}

// splitSnippet cuts a snippet into its segments at marker lines, leaving
// out segments that are blank, and reports whether it has markers.
func splitSnippet(snippet string, content func(lines []string, i int) bool) (segs []segment, markers bool) {
	lines := strings.Split(strings.TrimSuffix(strings.ReplaceAll(snippet, "\r\n", "\n"), "\n"), "\n")
	isMarker := func(i int) bool { return elisionLine(lines[i]) && (content == nil || !content(lines, i)) }
	cur := segment{}
	flush := func(next int) {
		if !allBlank(cur.lines) {
			segs = append(segs, cur)
		}
		cur = segment{at: next}
	}
	var at []int
	for i, l := range lines {
		if isMarker(i) {
			markers = true
			at = append(at, i)
			flush(i + 1)
			continue
		}
		cur.lines = append(cur.lines, l)
	}
	flush(len(lines))
	if n := len(segs); n > 0 {
		first, last := segs[0], segs[n-1]
		segs[0].open[0] = len(at) == 0 || at[0] > first.at
		segs[n-1].open[1] = len(at) == 0 || at[len(at)-1] < last.at+len(last.lines)
	}
	return segs, markers
}

// inFile reports whether marker-like line i of a snippet is the file's
// own text: the file has it next to a line that is next to it in the
// snippet too.
func inFile(buf *buffer.Buffer, lines []string, i int) bool {
	if i == 0 || i == len(lines)-1 {
		return false
	}
	for _, j := range buf.Occurrences(buffer.Collapse, lines[i], maxOccurrences) {
		if j > 0 && !isBlank(lines[i-1]) && buffer.Equal(buffer.Collapse, buf.Line(j-1), lines[i-1]) ||
			j+1 < buf.LineCount() && !isBlank(lines[i+1]) && buffer.Equal(buffer.Collapse, buf.Line(j+1), lines[i+1]) {
			return true
		}
	}
	return false
}

// planSnippet plans the edits that merge snippet into the text of buf.
// exists is false for a file that does not exist yet.
func planSnippet(ctx context.Context, buf *buffer.Buffer, path, snippet string, exists bool) ([]text.Edit, *MergeResult, error) {
	segs, markers := splitSnippet(snippet, func(lines []string, i int) bool { return inFile(buf, lines, i) })
	if len(segs) == 0 {
		return nil, nil, errorf(ErrInvalidRequest, path, "the snippet has no lines but markers and blank lines").
			withHint("Send the new text of the lines that change, with a marker such as \"// ... existing code ...\" where lines stay as they are")
	}
	if buf.Len() == 0 {
		if markers {
			kind, what := ErrNotFound, "is empty"
			if !exists {
				kind, what = ErrFileNotFound, "does not exist"
			}
			return nil, nil, errorf(kind, path, "the file %s, so the snippet's markers stand for nothing", what).
				withHint("Send the whole text of the file, without markers, to create it")
		}
		s := strings.ReplaceAll(snippet, "\r\n", "\n")
		res := &MergeResult{Created: true, Lines: []LineRange{{1, lineCount(s)}},
			Segments: []SegmentResult{{Snippet: LineRange{1, lineCount(s)}, Lines: LineRange{1, lineCount(s)}}}}
		res.Message = fmt.Sprintf("Wrote the snippet as the whole text of %s, %s.", pathOr(path), plural(lineCount(s), "line"))
		return []text.Edit{{Start: 0, End: 0, New: s}}, res, nil
	}
	m := newMerger(ctx, buf, path, segs)
	prev := 0
	var rel *relation
	res := &MergeResult{}
	var edits []text.Edit
	for k, s := range segs {
		if err := ctx.Err(); err != nil {
			return nil, nil, stoppedError(path, err)
		}
		p, err := m.place(k, s, prev, rel)
		if err != nil {
			return nil, nil, err
		}
		rel = &p.rel
		e := m.edit(s, p)
		if n := len(edits); n > 0 && e.Start < edits[n-1].End {
			return nil, nil, m.segmentError(ErrConflict, k, s, "overlaps the lines segment %d replaced", k)
		}
		edits = append(edits, e)
		res.Segments = append(res.Segments, SegmentResult{
			Snippet:  LineRange{s.at + 1, s.at + len(s.lines)},
			Replaced: LineRange{p.start + 1, p.end},
		})
		prev = p.end
	}
	changed := false
	for _, e := range edits {
		if buf.Slice(e.Start, e.End) != e.New {
			changed = true
		}
	}
	if !changed {
		return nil, nil, errorf(ErrNoOp, path, "the snippet changes nothing: each of its %s is already in the file as written", plural(len(segs), "segment")).
			withHint("Check the file with view; send only the lines that change, with markers for the rest")
	}
	res.Lines = newRanges(buf, edits)
	for i := range res.Segments {
		res.Segments[i].Lines = res.Lines[i]
	}
	res.Message = mergeMessage(path, res, markers)
	return edits, res, nil
}

func mergeMessage(path string, res *MergeResult, markers bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Merged the snippet into %s: ", pathOr(path))
	for i, s := range res.Segments {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "snippet %s replaced %s, now %s", s.Snippet, s.Replaced, s.Lines)
	}
	b.WriteString(".")
	if markers {
		b.WriteString(" The lines the markers stand for were kept.")
	} else {
		b.WriteString(" The snippet has no markers; the file's lines around it were kept.")
	}
	return b.String()
}

// A merger places the segments of one snippet in one file.
type merger struct {
	ctx  context.Context
	buf  *buffer.Buffer
	path string
	n    int // the file's lines
	tab  int // the columns a tab counts for, in both the file and the snippet
	unit int // the snippet's indent step, in columns
	// lookups is how many more lines may be looked up in the whole file.
	lookups int
	norms   map[int]string // file lines as compared, by line
	prev    int            // the file line the segment being placed may start at
	fUnit   int            // the file's indent step, -1 until known
}

func newMerger(ctx context.Context, buf *buffer.Buffer, path string, segs []segment) *merger {
	var all []string
	for _, s := range segs {
		all = append(all, s.lines...)
	}
	m := &merger{ctx: ctx, buf: buf, path: path, n: buf.LineCount(), lookups: snippetLookups * len(segs), norms: map[int]string{}, fUnit: -1}
	m.tab = tabWidth(all, fileLines(buf, 0, min(m.n, 200)))
	m.unit = indentStep(all, m.tab)
	return m
}

// A relation ties the snippet's indentation to the file's: a pair of lines
// known to correspond, and each side's indent step.
type relation struct {
	sw, fw       int // the pair's indent widths, in columns
	sUnit, fUnit int
}

// depth compares a file line's depth with a snippet line's: 0 when they
// are at the same depth, more than 0 when the file line is nested deeper.
func (r relation) depth(sWidth, fWidth int) int {
	return (fWidth-r.fw)*r.sUnit - (sWidth-r.sw)*r.fUnit
}

// A placement is where one segment goes: it replaces the file's lines
// [start, end).
type placement struct {
	start, end int
	pairs      [][2]int // (segment line, file line) pairs known to correspond
	rel        relation
	// loose marks a first (0) or last (1) pair that only bounds the
	// segment: its lines do not correspond.
	loose [2]bool
}

// A lookup is where one line of a segment occurs in the file after the
// previous segment.
type lookup struct {
	i      int   // the segment line
	lines  []int // the file lines, at most maxOccurrences
	common bool  // it occurs more often than that
}

const maxOccurrences = 64

// occurrences looks line up in the file from line from on.
func (m *merger) occurrences(line string, from int) lookup {
	m.lookups--
	all := m.buf.Occurrences(buffer.Collapse, line, 0)
	l := lookup{}
	for _, j := range all {
		if j >= from {
			l.lines = append(l.lines, j)
		}
	}
	if len(l.lines) > maxOccurrences {
		l.lines, l.common = nil, true
	}
	return l
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
	m.prev = prev
	found := map[int][]int{}
	places := func(i int) []int {
		if l, ok := found[i]; ok {
			return l
		}
		var l []int
		if m.lookups > 0 && m.ctx.Err() == nil {
			l = m.occurrences(s.lines[i], prev).lines
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
outer:
	for n, t := range says {
		if err := m.ctx.Err(); err != nil {
			return nil, stoppedError(m.path, err)
		}
		tops := places(t)
		if len(tops) == 0 {
			continue
		}
		for x := len(says) - 1; x > n; x-- {
			bots := m.near(s.lines[says[x]], says[x]-t, tops)
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
		for _, t := range says {
			if tops := places(t); len(tops) > 0 {
				cs := m.candidates(s, t, tops, t, tops)
				if len(cs) == 1 {
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
		return nil, m.ambiguous(k, s, best[0].ends)
	}
	if len(best) > 1 {
		var at []int
		for _, c := range best {
			if c.top.j0 == best[0].top.j0 {
				at = append(at, c.bot.j1) // the same start: the ends differ
			} else {
				at = append(at, c.top.j0)
			}
		}
		return nil, m.ambiguous(k, s, at)
	}
	c := best[0]
	if e := m.elsewhere(k, s, c, says, places); e != nil {
		return nil, e
	}
	if e := m.thin(k, s, c, says); e != nil {
		return nil, e
	}
	p := &placement{rel: c.top.rel}
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

// twiceLookups bounds the lines twice looks up for one segment.
const twiceLookups = 6

// twice refuses a placement that leaves one of the segment's lines that
// say something, and that the file has once, just outside the lines the
// segment replaces: it would be in the file twice, and its place says the
// segment reaches further than its runs (a marker forgotten between two
// stretches). Further off, or alone (the lines around it are not the
// segment's), such a line is a copy. It looks up the
// distinctive lines the placement did not pair, nearest the runs first, a
// few of them.
func (m *merger) twice(k int, s segment, p *placement, places func(int) []int) *Error {
	paired := map[int]bool{}
	for _, q := range p.pairs {
		paired[q[0]] = true
	}
	var look []int
	for i, l := range s.lines {
		if !paired[i] && saysSomething(l) && buffer.Rarity(l) >= 8 {
			look = append(look, i)
		}
	}
	// Nearest a paired line first: those are the lines a forgotten marker
	// sits next to.
	near := func(i int) int {
		d := len(s.lines)
		for _, q := range p.pairs {
			d = min(d, max(q[0]-i, i-q[0]))
		}
		return d
	}
	slices.SortStableFunc(look, func(a, b int) int { return near(a) - near(b) })
	reach := 2*len(s.lines) + 3*maxDrop // further off, the line is a copy, not this segment's
	for _, i := range look[:min(len(look), twiceLookups)] {
		js := places(i)
		if len(js) != 1 || js[0] >= p.start && js[0] < p.end || js[0] < p.start-reach || js[0] >= p.end+reach {
			continue
		}
		if r := m.growWith(s, i, js[0], p.rel); r.says < 2 {
			continue // one line alike: a copy
		}
		return m.segmentError(ErrConflict, k, s, "has line %d (%q), which the file has at line %d, outside the lines %d-%d the segment replaces: it would be there twice",
			s.at+i+1, strings.TrimSpace(s.lines[i]), js[0]+1, p.start+1, p.end).
			at(LineRange{js[0] + 1, js[0] + 1}).
			withHint("Put a marker line such as \"// ... existing code ...\" where the file's lines stay, or put the segment's lines in the file's order")
	}
	return nil
}

// elsewhere refuses a placement when the segment's first or last line
// that says something lies beyond its runs and is the file's somewhere
// else: a line the file has once, or the start of a stretch of three lines
// that say something. The segment then spans lines no marker stands for,
// or repeats them.
func (m *merger) elsewhere(k int, s segment, c cand, says []int, places func(int) []int) *Error {
	for _, i := range []int{says[0], says[len(says)-1]} {
		if i >= c.top.i0 && i <= c.bot.i1 {
			continue
		}
		for _, j := range places(i) {
			if j >= c.top.j0 && j <= c.bot.j1 {
				continue
			}
			r := m.growWith(s, i, j, c.top.rel)
			if r.says < 3 && len(places(i)) > 1 {
				continue
			}
			return m.segmentError(ErrConflict, k, s, "has its %s at file %s, and its %s at file %s, which is not where the rest of the segment fits; no marker stands between them",
				LineRange{s.at + c.top.i0 + 1, s.at + c.bot.i1 + 1}, LineRange{c.top.j0 + 1, c.bot.j1 + 1},
				LineRange{s.at + r.i0 + 1, s.at + r.i1 + 1}, LineRange{r.j0 + 1, r.j1 + 1}).
				at(LineRange{r.j0 + 1, r.j1 + 1}).
				withHint("Put a marker line such as \"// ... existing code ...\" where the file's lines stay between them; to delete lines, delete them with edit_block or write_from_line")
		}
	}
	return nil
}

// dropped counts the file's lines between a candidate's top and bottom
// runs that say something and that the segment does not have there: what
// the segment would delete. Where the context around a change is the same
// in two places, the place where the segment drops less wins.
func (m *merger) dropped(s segment, top, bot run) int {
	seg := map[string]bool{}
	for i := top.i1 + 1; i < bot.i0; i++ {
		if saysSomething(s.lines[i]) {
			seg[buffer.Normalize(buffer.Collapse, s.lines[i])] = true
		}
	}
	n := 0
	for j := top.j1 + 1; j < bot.j0; j++ {
		if f := m.norm(j); !seg[f] && saysSomething(f) {
			n++
		}
	}
	return n
}

// norm is file line j as lines are compared.
func (m *merger) norm(j int) string {
	if n, ok := m.norms[j]; ok {
		return n
	}
	n := buffer.Normalize(buffer.Collapse, m.buf.Line(j))
	m.norms[j] = n
	return n
}

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

// thin refuses a segment placed by one line that says something when it
// has many more such lines the file does not have there: one line in
// common is no evidence that the segment belongs to this file, or here.
func (m *merger) thin(k int, s segment, c cand, says []int) *Error {
	if c.top != c.bot || c.top.says > 1 {
		return nil
	}
	other := 0
	for _, i := range says {
		if i < c.top.i0 || i > c.top.i1 {
			other++
		}
	}
	if other < 4 {
		return nil
	}
	return m.segmentError(ErrNotFound, k, s, "has one line that is the file's (line %d, %q, at file line %d) and %d more that are not there",
		s.at+c.top.i0+1, strings.TrimSpace(s.lines[c.top.i0]), c.top.j0+1, other).
		at(LineRange{c.top.j0 + 1, c.top.j0 + 1}).
		withHint("Check that the snippet is for this file; start and end the segment with two or three unchanged lines of the file around the change")
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

// candidates pairs each place of top anchor line t with the place of
// bottom anchor line b (the same line for a segment with one anchor) that
// fits with it with the longest run (tied when several do). Of the pairs,
// it returns those that score best: the longest runs, less the lines that
// say something the segment would drop between them.
func (m *merger) candidates(s segment, t int, tops []int, b int, bots []int) []cand {
	var all []cand
	for _, jt := range tops {
		tr := m.grow(s, t, jt)
		var pick *run
		tied := false
		var alts []int
		for _, jb := range bots {
			if b == t {
				if jb == jt {
					pick = &tr
				}
				continue
			}
			if !consistent([2]int{t, jt}, [2]int{b, jb}) || tr.rel.depth(indentWidth(s.lines[b], m.tab), indentWidth(m.buf.Line(jb), m.tab)) != 0 {
				continue
			}
			br := m.growWith(s, b, jb, tr.rel)
			tr := tr
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
			switch {
			case pick == nil || br.says > pick.says:
				pick, tied, alts = &br, false, nil
			case br.says == pick.says && br.j0 != pick.j0:
				tied = true
				alts = append(alts, br.j1)
			}
		}
		if pick == nil {
			continue
		}
		top := tr
		if pick.i0 <= tr.i1 && pick.j0-pick.i0 != tr.j0-tr.i0 {
			top = tr.cut(pick.i0-1, s)
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
	for _, c := range all {
		if c.score >= top-1 {
			best = append(best, c)
		}
	}
	return best
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

// extend places the segment's lines above its first pair and below its
// last: each side is aligned with the file's lines next to the pair (see
// align), and the pairs found extend the segment's stretch of the file.
func (m *merger) extend(k int, s segment, p *placement, prev int) error {
	for _, dir := range []int{-1, 1} {
		edge, limit := p.pairs[0], prev
		if dir > 0 {
			edge, limit = p.pairs[len(p.pairs)-1], m.n-1
		}
		var seg []int
		for i := edge[0] + dir; i >= 0 && i < len(s.lines); i += dir {
			seg = append(seg, i)
		}
		if len(seg) == 0 {
			continue
		}
		if len(seg) > maxAlign {
			seg = seg[:maxAlign] // the rest is new text beyond the file's
		}
		got, changed := m.align(s, p.rel, seg, edge[1]+dir, dir, limit)
		if i, f := changed[0], changed[1]; i >= 0 {
			if s.open[max(dir, 0)] && m.outermost(f, dir) {
				got = append(got, changed) // the file's first or last line, changed
			} else {
				return m.segmentError(ErrAmbiguous, k, s, "ends with line %d (%q), and the file has %q at line %d where it goes: the segment does not say whether it replaces that line or goes before it",
					s.at+i+1, strings.TrimSpace(s.lines[i]), strings.TrimSpace(m.buf.Line(f)), f+1).
					at(LineRange{f + 1, f + 1}).
					withHint("Add the file's line that follows the change (or comes before it) to the segment, so that its place is clear")
			}
		}
		if dir < 0 {
			slices.Reverse(got)
			p.pairs = append(got, p.pairs...)
		} else {
			p.pairs = append(p.pairs, got...)
		}
	}
	return nil
}

// maxAlign bounds the segment lines beyond its runs that align places
// next to them.
const maxAlign = 400

// align pairs segment lines seg (in walk order, away from a placed pair)
// with the file's lines from line j on in direction dir (to limit): the
// alignment that scores best, where a line that says something and is the
// file's, at the same depth, scores 2, another equal line 1, a line that
// reads as the file's line changed 1, and each file line passed over
// between pairs costs 1 — what lies beyond the last pair is not the
// segment's. It returns the pairs in walk order, and a pair left out: a
// changed line that is the segment's last in walk order ({-1, -1} when
// there is none).
func (m *merger) align(s segment, rel relation, seg []int, j, dir, limit int) ([][2]int, [2]int) {
	nf := 0
	for x := j; m.inRange(x, dir, limit) && nf < 2*len(seg)+maxDrop; x += dir {
		nf++
	}
	if nf == 0 {
		return nil, [2]int{-1, -1}
	}
	file := func(y int) int { return j + dir*y }
	type line struct {
		norm  string
		width int
		blank bool
		says  bool
	}
	describe := func(l string) line {
		return line{buffer.Normalize(buffer.Collapse, l), indentWidth(l, m.tab), isBlank(l), saysSomething(l)}
	}
	sl, fl := make([]line, len(seg)), make([]line, nf)
	for x, i := range seg {
		sl[x] = describe(s.lines[i])
	}
	for y := range fl {
		fl[y] = describe(m.buf.Line(file(y)))
	}
	changed := map[[2]int]bool{}
	score := func(x, y int) (int, bool) {
		a, b := sl[x], fl[y]
		switch {
		case a.blank || b.blank:
			if a.blank && b.blank {
				return 1, false
			}
			return 0, false
		case rel.depth(a.width, b.width) != 0:
			return 0, false
		case a.norm == b.norm && a.says:
			return 2, false
		case a.norm == b.norm:
			return 1, false
		case !a.says || len(b.norm) < 3:
			return 0, false
		}
		if y < x-2 || y > x+2 {
			return 0, false // a changed line sits where its old self was
		}
		c, ok := changed[[2]int{x, y}]
		if !ok {
			c = alike(s.lines[seg[x]], m.buf.Line(file(y)))
			changed[[2]int{x, y}] = c
		}
		if c {
			return 1, true
		}
		return 0, false
	}
	// best[x][y]: the best score of seg[x:] aligned with file lines y on,
	// where seg[x-1] (or the placed pair) was paired with file line y-1.
	// Passing over a file line costs 1 unless nothing pairs after it.
	ns := len(seg)
	best := make([][]int, ns+1)
	for x := range best {
		best[x] = make([]int, nf+1)
	}
	for x := ns - 1; x >= 0; x-- {
		for y := nf - 1; y >= 0; y-- {
			// seg[x] is new here; or it pairs with file line y+d after
			// passing over d lines.
			v := best[x+1][y]
			for d := 0; y+d < nf && d <= maxDrop; d++ {
				if sc, _ := score(x, y+d); sc > 0 {
					if w := sc - d + best[x+1][y+d+1]; w > v {
						v = w
					}
				}
			}
			best[x][y] = v
		}
	}
	var out [][2]int
	var isChanged []bool
	for x, y := 0, 0; x < ns; x++ {
		pick := -1
		for d := 0; y+d < nf && d <= maxDrop; d++ {
			if sc, _ := score(x, y+d); sc > 0 && sc-d+best[x+1][y+d+1] == best[x][y] && best[x][y] > best[x+1][y] {
				pick = d
				break
			}
		}
		if pick < 0 {
			continue
		}
		_, changed := score(x, y+pick)
		out = append(out, [2]int{seg[x], file(y + pick)})
		isChanged = append(isChanged, changed)
		y += pick + 1
	}
	// A changed line is read as one only between lines that are the
	// file's: beyond the last of those, lines like the file's are new (a
	// new function written like its neighbour), unless the segment ends
	// there, which does not say which.
	edge := [2]int{-1, -1}
	for len(out) > 0 && isChanged[len(out)-1] {
		if q := out[len(out)-1]; nextNonBlank(s.lines, q[0], dir) < 0 {
			edge = q
		}
		out, isChanged = out[:len(out)-1], isChanged[:len(isChanged)-1]
	}
	return out, edge
}

// changedLine is how alike a line of a segment and the file's line in its
// place must be for the one to be read as the other changed.
const changedLine = 0.6

// follows reports whether the segment's lines after line i (in direction
// dir, blank lines aside) go on as the file's lines after line f do: each
// the file's next line, or like it (changed too), until one is the file's
// line itself.
func (m *merger) follows(s segment, rel relation, i, f, dir, limit int) bool {
	for {
		n := nextNonBlank(s.lines, i, dir)
		if n < 0 {
			return false
		}
		g, st := m.walk(s.lines[n], rel, f+dir, dir, limit, 0)
		switch {
		case st == matched:
			return true
		case st == blocked && saysSomething(s.lines[n]) && alike(s.lines[n], m.buf.Line(g)):
			i, f = n, g
		default:
			return false
		}
	}
}

// alike reports a line of a segment that reads as a changed file line.
// Lines too long to compare cheaply are not read as changed.
func alike(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if len(a) > maxAlike || len(b) > maxAlike {
		return false
	}
	return fuzzy.Similarity(a, b, changedLine) >= changedLine
}

// maxAlike is the longest line alike compares.
const maxAlike = 400

// heads reports whether file line f opens (or closes) the block of
// file line placed, which is nested deeper and next to it but for blank
// lines: f is then the line of the segment's that sits there.
func (m *merger) heads(placed, f, dir int) bool {
	for j := f - dir; j != placed; j -= dir {
		if !isBlank(m.buf.Line(j)) {
			return false
		}
	}
	return indentWidth(m.buf.Line(placed), m.tab) > indentWidth(m.buf.Line(f), m.tab)
}

// outermost reports whether file line f is the file's first (dir -1) or
// last (dir 1) line that is not blank.
func (m *merger) outermost(f, dir int) bool {
	for j := f + dir; j >= 0 && j < m.n; j += dir {
		if !isBlank(m.buf.Line(j)) {
			return false
		}
	}
	return true
}

// nextNonBlank is the first line after line i, in direction dir, that is
// not blank, or -1.
func nextNonBlank(lines []string, i, dir int) int {
	for i += dir; i >= 0 && i < len(lines); i += dir {
		if !isBlank(lines[i]) {
			return i
		}
	}
	return -1
}

func (m *merger) inRange(j, dir, limit int) bool {
	return j >= 0 && j < m.n && (dir < 0 && j >= limit || dir > 0 && j <= limit)
}

// What a walk found.
const (
	none    = iota // no line at the snippet line's depth within reach
	matched        // the line itself
	blocked        // another line at its depth, or shallower, in the way
)

// walk looks for the snippet line l from file line j on, in direction dir,
// no further than limit: blank lines, and lines nested deeper than l when
// reach is not 0, are passed over (and dropped), and the first line at l's
// depth or shallower must be l. It returns that line, and whether it is l.
func (m *merger) walk(l string, rel relation, j, dir, limit, reach int) (int, int) {
	sw := indentWidth(l, m.tab)
	norm := buffer.Normalize(buffer.Collapse, l)
	for steps := 0; m.inRange(j, dir, limit) && steps <= maxDrop; j, steps = j+dir, steps+1 {
		f := m.buf.Line(j)
		if isBlank(f) {
			continue
		}
		switch d := rel.depth(sw, indentWidth(f, m.tab)); {
		case d > 0 && reach == 0:
			return j, none
		case d > 0:
			continue
		case d == 0 && buffer.Normalize(buffer.Collapse, f) == norm:
			return j, matched
		case d == 0:
			return j, blocked
		}
		return j, none
	}
	return 0, none
}

// placeTrivial places a segment of lines that say little at the first
// line after prev at its first line's depth, relative to the previous
// segment.
func (m *merger) placeTrivial(k int, s segment, prev int, rel relation) (*placement, error) {
	first := 0
	for first < len(s.lines) && isBlank(s.lines[first]) {
		first++
	}
	l := s.lines[first]
	sw := indentWidth(l, m.tab)
	norm := buffer.Normalize(buffer.Collapse, l)
	for j := prev; j < m.n; j++ {
		if j&1023 == 0 && m.ctx.Err() != nil {
			return nil, stoppedError(m.path, m.ctx.Err())
		}
		f := m.buf.Line(j)
		if isBlank(f) {
			continue
		}
		d := rel.depth(sw, indentWidth(f, m.tab))
		if d > 0 {
			continue
		}
		if d < 0 || buffer.Normalize(buffer.Collapse, f) != norm {
			break
		}
		p := &placement{pairs: [][2]int{{first, j}}, rel: rel}
		if err := m.extend(k, s, p, prev); err != nil {
			return nil, err
		}
		p.start, p.end = p.pairs[0][1], p.pairs[len(p.pairs)-1][1]+1
		if err := m.check(k, s, p); err != nil {
			return nil, err
		}
		return p, nil
	}
	return nil, m.segmentError(ErrNotFound, k, s, "says little (%q), and the file's next line at its depth after line %d is not it", strings.TrimSpace(l), prev).
		withHint("Put a line of the file that occurs once in the segment, such as the first line of its block")
}

// reachEnds extends a segment with no marker above it to the file's
// start when its first line is the file's first line, or when it leaves
// no more above it than a segment may drop; likewise at the end.
func (m *merger) reachEnds(s segment, p *placement, prev int) {
	first, last := nextNonBlank(s.lines, -1, 1), nextNonBlank(s.lines, len(s.lines), -1)
	if first < 0 {
		return
	}
	fFirst, fLast := nextNonBlankLine(m.buf, -1, 1), nextNonBlankLine(m.buf, m.n, -1)
	if s.open[0] && prev == 0 && fFirst >= 0 && first < p.pairs[0][0] && fFirst < p.pairs[0][1] &&
		buffer.Equal(buffer.Collapse, s.lines[first], m.buf.Line(fFirst)) {
		p.pairs = append([][2]int{{first, fFirst}}, p.pairs...)
	}
	end := p.pairs[len(p.pairs)-1]
	if s.open[1] && fLast >= 0 && last > end[0] && fLast > end[1] &&
		buffer.Equal(buffer.Collapse, s.lines[last], m.buf.Line(fLast)) {
		p.pairs = append(p.pairs, [2]int{last, fLast})
	}
	// With no marker there, what the segment leaves of the file at that
	// end is the segment's too, if it is no more than a segment may drop.
	// Blank lines alone left at an end stay.
	if beg := p.pairs[0]; s.open[0] && prev == 0 && fFirst >= 0 && fFirst < beg[1] && droppable(beg[1], beg[0]) {
		p.pairs = append([][2]int{{0, 0}}, p.pairs...)
		p.loose[0] = true
	}
	if end := p.pairs[len(p.pairs)-1]; s.open[1] && fLast > end[1] && droppable(m.n-1-end[1], len(s.lines)-1-end[0]) {
		p.pairs = append(p.pairs, [2]int{len(s.lines) - 1, m.n - 1})
		p.loose[1] = true
	}
}

// droppable reports whether a segment may replace a stretch of file lines
// with wrote lines where no marker stands.
func droppable(file, wrote int) bool {
	return file <= maxDrop || 2*wrote >= file
}

// nextNonBlankLine is the first line of buf after line j, in direction
// dir, that is not blank, or -1.
func nextNonBlankLine(buf *buffer.Buffer, j, dir int) int {
	for j += dir; j >= 0 && j < buf.LineCount(); j += dir {
		if !isBlank(buf.Line(j)) {
			return j
		}
	}
	return -1
}

// check refuses a placement that drops a long stretch of the file where
// no marker stands: more than maxDrop lines, replaced by less than half as
// many.
func (m *merger) check(k int, s segment, p *placement) error {
	if s.open[0] && s.open[1] {
		return nil // no marker at all: the snippet is the file's whole new text
	}
	for n := 1; n < len(p.pairs); n++ {
		a, b := p.pairs[n-1], p.pairs[n]
		gap, wrote := b[1]-a[1]-1, b[0]-a[0]-1
		if !droppable(gap, wrote) {
			return m.segmentError(ErrConflict, k, s, "would replace the %s between file lines %d and %d with %s, and no marker stands there",
				plural(gap, "line"), a[1]+1, b[1]+1, plural(wrote, "line")).
				at(LineRange{a[1] + 2, b[1]}).
				withHint("Put a marker line such as \"// ... existing code ...\" where the file's lines stay; to delete them, delete them with edit_block or write_from_line")
		}
	}
	return nil
}

// fillPairs adds the pairs of equal lines between the known pairs where a
// stretch of the segment and the file's lines it replaces have the same
// length, so that their spelling can be kept.
func fillPairs(seg []string, buf *buffer.Buffer, pairs [][2]int) [][2]int {
	out := [][2]int{pairs[0]}
	for n := 1; n < len(pairs); n++ {
		a, b := pairs[n-1], pairs[n]
		if b[0]-a[0] == b[1]-a[1] {
			for d := 1; d < b[0]-a[0]; d++ {
				if buffer.Equal(buffer.Collapse, seg[a[0]+d], buf.Line(a[1]+d)) {
					out = append(out, [2]int{a[0] + d, a[1] + d})
				}
			}
		}
		out = append(out, b)
	}
	return out
}

// edit is the text edit that puts segment s in place of its file lines:
// the segment's lines, re-indented as its pairs show, a line the file has
// kept as the file spells it when only its indentation or trailing spaces
// differ.
func (m *merger) edit(s segment, p *placement) text.Edit {
	corresponding := p.pairs
	if p.loose[0] {
		corresponding = corresponding[1:]
	}
	if p.loose[1] && len(corresponding) > 0 {
		corresponding = corresponding[:len(corresponding)-1]
	}
	var pairs [][2]string
	for _, q := range corresponding {
		pairs = append(pairs, [2]string{s.lines[q[0]], m.buf.Line(q[1])})
	}
	lines := slices.Clone(s.lines)
	if fit := reindentFit(pairs, func() string { return unitOf(indentsOf(fileLines(m.buf, p.start, p.end-p.start)), "\t") }); fit != nil {
		lines = strings.Split(fit(strings.Join(lines, "\n")), "\n")
	}
	for _, q := range corresponding {
		f := m.buf.Line(q[1])
		if strings.TrimSpace(lines[q[0]]) == strings.TrimSpace(f) && indentWidth(lines[q[0]], m.tab) == indentWidth(f, m.tab) {
			lines[q[0]] = f
		}
	}
	start, end := m.buf.LineStart(p.start), m.buf.LineStart(p.end)
	newText := strings.Join(lines, "\n") + "\n"
	if end == m.buf.Len() && !strings.HasSuffix(m.buf.Slice(start, end), "\n") {
		newText = strings.TrimSuffix(newText, "\n")
	}
	return text.Edit{Start: start, End: end, New: newText}
}

// segmentError is an error about segment k, naming its snippet lines.
func (m *merger) segmentError(kind error, k int, s segment, format string, args ...any) *Error {
	where := fmt.Sprintf("segment %d of the snippet (its lines %d-%d)", k+1, s.at+1, s.at+len(s.lines))
	return errorf(kind, m.path, where+" "+format, args...)
}

// notFound says that no line of segment k that says something is in the
// file after the previous segment, with the nearest text.
func (m *merger) notFound(k int, s segment) *Error {
	e := notFoundError(m.buf, m.path, strings.Join(s.lines, "\n"), "", []string{"line by line"})
	_, nearest, _ := strings.Cut(e.Msg, ")")
	nearest = strings.TrimLeft(nearest, ";. ")
	if !strings.HasPrefix(nearest, "The nearest") {
		nearest = "no line of the file resembles its lines"
	}
	nearest = strings.NewReplacer("search lines", "segment lines", "search has:", "snippet has:").Replace(nearest)
	e.Msg = fmt.Sprintf("segment %d of the snippet (its lines %d-%d) has no line that the file has (after the previous segment), indentation and spacing ignored: %s", k+1, s.at+1, s.at+len(s.lines), nearest)
	e.Hint = "A segment needs a line of the file that occurs once, at its top or bottom, next to the lines that change; copy it from the file (view) exactly"
	return e
}

func linesList(ls []int) string {
	var names []string
	for i, l := range ls {
		if i == 5 {
			names = append(names, "…")
			break
		}
		names = append(names, fmt.Sprint(l+1))
	}
	return plural(len(ls), "line")[len(fmt.Sprint(len(ls)))+1:] + " " + strings.Join(names, ", ")
}

// ambiguous says that segment k fits the places that start at the file
// lines at, equally well.
func (m *merger) ambiguous(k int, s segment, at []int) *Error {
	slices.Sort(at)
	at = slices.Compact(at)
	var ranges []LineRange
	for _, l := range at {
		ranges = append(ranges, LineRange{l + 1, l + 1})
	}
	return m.segmentError(ErrAmbiguous, k, s, "fits %d places equally well, at file %s", len(at), linesList(at)).
		at(ranges...).
		withHint("Add a line next to the change that the file has only once, such as the enclosing function's first line")
}

// indentWidth is the columns of a line's indentation, a tab counting tab.
func indentWidth(l string, tab int) int {
	w := 0
	for _, c := range l {
		switch c {
		case ' ':
			w++
		case '\t':
			w += tab
		default:
			return w
		}
	}
	return 0 // a blank line has no depth
}

// tabWidth is the columns a tab counts for when comparing depths: the
// space step of whichever side indents with spaces, 4 when neither does.
func tabWidth(snippet, file []string) int {
	for _, side := range [][]string{snippet, file} {
		if u := indentStep(side, 0); u > 0 && !hasTabIndent(side) {
			return u
		}
	}
	return 4
}

func hasTabIndent(lines []string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, "\t") {
			return true
		}
	}
	return false
}

// indentStep is the usual change of indentation between neighbouring
// lines, in columns: the most frequent one of two columns or more (single
// columns align comments), 0 when the lines show none.
func indentStep(lines []string, tab int) int {
	t := tab
	if t == 0 {
		t = 4
	}
	count := map[int]int{}
	prev := -1
	for _, l := range lines {
		if isBlank(l) {
			continue
		}
		w := indentWidth(l, t)
		if prev >= 0 {
			if d := w - prev; d >= 2 || d <= -2 {
				count[max(d, -d)]++
			}
		}
		prev = w
	}
	best, bestN := 0, 0
	for d, n := range count {
		if n > bestN || n == bestN && d < best {
			best, bestN = d, n
		}
	}
	return best
}
