package editkit

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/text"
)

// replaces reports whether the placement replaces file line j with lines
// of its own: j is within it, and no segment line is paired with it.
func (p *placement) replaces(j int) bool {
	if j < p.start || j >= p.end {
		return false
	}
	return !slices.ContainsFunc(p.pairs, func(q [2]int) bool { return q[1] == j })
}

// reachesUp refuses a segment placed by a line near its bottom, c, when
// its top lines fit several places (tie), each a run of two lines or more
// that say something and each far above c: the segment's top is the
// file's up there — a marker forgotten between two stretches of the file —
// not new text to write above c.
func (m *merger) reachesUp(k int, s segment, tie []cand, c cand) *Error {
	if len(tie) == 0 {
		return nil
	}
	var at []int
	for _, t := range tie {
		if t.top.says < 2 || t.top.j0 >= c.top.j0-2*len(s.lines) {
			return nil
		}
		at = append(at, t.top.j0)
	}
	slices.Sort(at)
	return m.segmentError(ErrConflict, k, s, "has its %s at file %s, and its %s at file %s, far above, which is not where the rest of the segment fits; no marker stands between them",
		LineRange{s.at + c.top.i0 + 1, s.at + c.bot.i1 + 1}, LineRange{c.top.j0 + 1, c.bot.j1 + 1},
		LineRange{s.at + tie[0].top.i0 + 1, s.at + tie[0].top.i1 + 1}, linesList(at)).
		at(LineRange{at[0] + 1, at[0] + 1}).
		withHint("Put a marker line such as \"// ... existing code ...\" where the file's lines stay between them, and a line that occurs once next to the change above")
}

// elsewhereLines is how many lines that say something elsewhere looks at
// beyond each end of a segment's runs.
const elsewhereLines = 3

// tooCommon reports a line the file has too often to anchor anything
// (occurrences' limit), counting no further than that; a line already
// found so (crowded) is not counted again.
func (m *merger) tooCommon(line string) bool {
	if !m.crowded[line] && len(m.buf.Occurrences(buffer.Collapse, line, maxOccurrences+1)) > maxOccurrences {
		m.crowded[line] = true
	}
	return m.crowded[line]
}

// elsewhere refuses a placement when the segment's first or last line
// that says something lies beyond its runs and is the file's somewhere
// else: a line the file has once, or the start of a stretch of three lines
// that say something. The segment then spans lines no marker stands for,
// or repeats them. A place in line with one of the runs (as far from it in
// the file as in the segment) is where the segment puts the line anyway.
// A snippet that is the file's whole new text (see wholeFile) spans the
// file: nothing in it is elsewhere.
//
// Measured on replay, places in line with a run: 1 more right merge on
// snippet and styled of 25 repositories, 3 on dedented, 1 on open-ends and
// 2 on tight there, 1 on dedented of ten held out; none lost, none wrong.
func (m *merger) elsewhere(k int, s segment, c cand, says []int, places func(int) []int) *Error {
	// The outermost line beyond the runs at each end; when the file has it
	// too often to look it up (an assert line it has a hundred times), the
	// next one in, a few at most.
	var ends []int
	for _, dir := range []int{1, -1} {
		x := 0
		if dir < 0 {
			x = len(says) - 1
		}
		for n := 0; n < elsewhereLines && x >= 0 && x < len(says) && (says[x] < c.top.i0 || says[x] > c.bot.i1); n, x = n+1, x+dir {
			ends = append(ends, says[x])
			if !m.tooCommon(s.lines[says[x]]) {
				break
			}
		}
	}
	for _, i := range ends {
		for _, j := range places(i) {
			if j >= c.top.j0 && j <= c.bot.j1 || j-i == c.top.j0-c.top.i0 || j-i == c.bot.j0-c.bot.i0 || m.pastEnd(s, c, i, j) {
				continue // within the runs' lines, or in line with a run
			}
			r := m.growWith(s, i, j, c.top.rel)
			if r.says < 3 && len(places(i)) > 1 {
				continue
			}
			if m.wholeFile(s, c) {
				return nil // it spans the file: nothing is elsewhere
			}
			return m.segmentError(ErrConflict, k, s, "has its %s at file %s, and its %s at file %s, which is not where the rest of the segment fits; no marker stands between them",
				LineRange{s.at + c.top.i0 + 1, s.at + c.bot.i1 + 1}, LineRange{c.top.j0 + 1, c.bot.j1 + 1},
				LineRange{s.at + r.i0 + 1, s.at + r.i1 + 1}, LineRange{r.j0 + 1, r.j1 + 1}).
				at(LineRange{r.j0 + 1, r.j1 + 1}).
				withHint("Put a marker line such as \"// ... existing code ...\" where the file's lines stay between them; if the segment's %s; to delete lines, delete them with edit_block or write_from_line", newHere(s, r, c))
		}
	}
	return nil
}

// newHere is elsewhere's hint for lines of the segment (r) that the file
// has elsewhere but the segment may write anew next to its runs (c): a
// function's new last line that another function ends with.
func newHere(s segment, r run, c cand) string {
	lines, are := LineRange{s.at + r.i0 + 1, s.at + r.i1 + 1}, "are"
	if r.i0 == r.i1 {
		are = "is"
	}
	if r.i0 > c.bot.i1 {
		return fmt.Sprintf("%s %s new there, end the segment with the file's line that follows the change", lines, are)
	}
	return fmt.Sprintf("%s %s new there, start the segment with the file's line before the change", lines, are)
}

// pastEnd reports segment line i, found at file line j on the far side
// of candidate c's runs, when those runs reach the file's end on the side
// of i and no marker stands there: the line lies past the file's end (or
// before its start) in the segment, so it is new, written like a line the
// file has (a function appended after the file's last one, ending as the
// ones above it do), not that line. With a marker there, the segment says
// the file goes on, and the line may be the file's, moved.
//
// Measured on replay: two refusals on the seven corpora merge right (gin,
// logrus) and nothing else moves on twenty-five repositories; without the
// marker condition, a README block moved down merged wrong.
func (m *merger) pastEnd(s segment, c cand, i, j int) bool {
	switch {
	case i > c.bot.i1 && j < c.top.j0:
		return s.open[1] && c.bot.j1 >= nextNonBlankLine(m.buf, m.n, -1)
	case i < c.top.i0 && j > c.bot.j1:
		return s.open[0] && m.prev == 0 && c.top.j0 <= nextNonBlankLine(m.buf, -1, 1)
	}
	return false
}

// mixedDepths refuses a candidate whose runs read the segment as shifted
// against the file (its anchor is the file's line at another
// indentation) when the line right next to a run is the file's line next
// to it at the file's own indentation: the segment changes the depth of
// some lines and keeps others, and its anchor may be one it re-indents (a
// changelog's bullets indented under headings it shows as they stand).
// Written at the shift, the lines it changes would lose their new depth
// and the lines it keeps would be written again beside themselves.
//
// Measured on replay: the one merge of this shape on twenty-eight
// repositories, wrong, is refused, and nothing else moves; checking a
// relation that scales depths too, not only a shift, refused three right
// merges among tmux's aligned C declarations.
func (m *merger) mixedDepths(k int, s segment, c cand) *Error {
	rel := c.top.rel
	if rel.sw == rel.fw {
		return nil
	}
	for _, q := range [][2]int{{c.top.i0 - 1, c.top.j0 - 1}, {c.bot.i1 + 1, c.bot.j1 + 1}} {
		if q[0] < 0 || q[1] < 0 || q[0] >= len(s.lines) || q[1] >= m.n {
			continue
		}
		a, b := s.lines[q[0]], m.buf.Line(q[1])
		w := indentWidth(a, m.tab)
		if isBlank(a) || w != indentWidth(b, m.tab) || rel.depth(w, w) == 0 || !buffer.Equal(buffer.Collapse, a, b) {
			continue
		}
		shift, more := rel.sw-rel.fw, "more"
		if shift < 0 {
			shift, more = -shift, "less"
		}
		return m.segmentError(ErrAmbiguous, k, s, "has its %s at file %s with %s %s indentation than the file gives them, but its line %d (%q) is file line %d as it stands: which lines keep their indentation and which change it is not clear",
			LineRange{s.at + c.top.i0 + 1, s.at + c.top.i1 + 1}, LineRange{c.top.j0 + 1, c.top.j1 + 1}, plural(shift, "column"), more,
			s.at+q[0]+1, shown(a), q[1]+1).
			at(LineRange{q[1] + 1, q[1] + 1}).
			withHint("To change the indentation of lines the file has, replace them with edit_block, the old lines as the file has them")
	}
	return nil
}

// offDepth refuses candidate c for segment s when it reads the segment's
// first line that says something at another depth than the segment
// before it was placed at (rel), and the file has that line at rel's
// depth above c, after that segment: a snippet is written at one depth,
// and the place at its depth, where the segment did not fit as a whole,
// may be the one meant (a test module rewritten without a "with" block,
// its body a level less deep, placed by a line that ends a test further
// down at the old depth, which wrote the new tests inside it).
//
// Measured on replay: a wrong merge fewer on `snippet` and on `styled` of
// ten held-out repositories (click), for a right `dedented` merge lost on
// each of log and bat, whose snippets shift each segment differently;
// nothing else moves on twenty-five repositories.
func (m *merger) offDepth(k int, s segment, c cand, rel *relation, places func(int) []int) *Error {
	if rel == nil || rel.agrees(c.top.rel) {
		return nil
	}
	i := c.top.saying(s)
	w := indentWidth(s.lines[i], m.tab)
	atRel := func(j int) bool { return rel.depth(w, indentWidth(m.buf.Line(j), m.tab)) == 0 }
	if atRel(c.top.j0 + i - c.top.i0) {
		return nil
	}
	for _, j := range places(i) {
		if j < c.top.j0 && atRel(j) {
			return m.segmentError(ErrAmbiguous, k, s, "has its %s at file %s, at another depth than the segment before it, while the file has its line %d (%q) at line %d, at that segment's depth: which place is meant is not clear",
				LineRange{s.at + c.top.i0 + 1, s.at + c.top.i1 + 1}, LineRange{c.top.j0 + 1, c.top.j1 + 1},
				s.at+i+1, shown(s.lines[i]), j+1).
				at(LineRange{j + 1, j + 1}, LineRange{c.top.j0 + 1, c.top.j1 + 1}).
				withHint("Write the segment at the file's indentation, and start it with a line of the file that occurs once next to the change")
		}
	}
	return nil
}

// openedAbove reports whether the segment's first lines, two or more, are
// the file's lines that end just above run r's place, or on its first
// lines (the closing brackets new code ends with, as the file's lines
// there do): the segment shows where its new lines start, though with
// lines that say nothing.
func (m *merger) openedAbove(s segment, r run) bool {
	h := nextNonBlank(s.lines, -1, 1)
	if h < 0 || h >= r.i0 {
		return false
	}
	for j := max(r.j0-appendReach, 0); j <= r.j0; j++ {
		if !buffer.Equal(buffer.Collapse, s.lines[h], m.buf.Line(j)) {
			continue
		}
		if t := m.grow(s, h, j); t.i0 == h && t.i1 > h && t.i1 < r.i0 && t.j1 >= r.j0-1 {
			return true
		}
	}
	return false
}

// thin refuses a segment placed by one line that says something when it
// has many more such lines the file does not have there: one line in
// common is no evidence that the segment belongs to this file, or here.
// A keyword that closes a block ("end", "done") says no more than "}"
// here: a run of them is no evidence either.
// A segment with no marker below whose run is the file's last three lines
// or more is placed when the run starts it (it adds its new lines at the
// file's end) or when its first lines are the file's just above the run
// (see openedAbove: new lines above the file's last ones, between lines
// of the file; a "#endif" after new lines alone is no evidence); so is a
// snippet that is the file's whole new text (see wholeFile), and one
// without markers that has half the file's lines that say something (see
// halfOfFile), wherever its ends are, or that starts with the file's first
// line and has two more of its lines, in order (see rewritesFromTop):
// those lines are evidence enough, though one of them placed it (a page
// rewritten line by line, with new lines at its end); and a segment two
// more of whose lines are the file's at the same distance from the run,
// out to its ends (see inStep).
//
// Measured on replay (2026-11-28), inStep: 18 more right merges over the
// kinds of the seven (5: tldr's page in four kinds, a gin block), the ten
// held out (1), the ten new (8: clojure's imports) and eight of the 25 (4),
// none wrong, no must-refuse case merged. It holds the first segments
// that rewrite the file's top (log's serde imports, bat's), which
// rewritesToTop placed: that rule is gone. Without the ends, a logrus
// test's new lines before a marker were added where the commit replaced
// lines, and a bat segment with no marker above, placed mid-file, dropped
// an impl.
//
// So is a segment whose one line names its place (see named) after a
// segment that holds by three lines or more: far, then, is the side of its
// run its other lines are on (1 below, -1 above), whose end nothing of the
// file marks (see rewritesPast).
//
// Measured on replay (2026-11-29), the closing keywords: 5 more foreign
// snippets refused over the ten held out and eight of the 25 (a Ruby
// class's methods written into another file's last "end" lines, in thor,
// jekyll and fzf) and one wrong tight merge, none lost.
//
// A segment held by closing keywords alone is refused however few lines
// it has besides: held by "}" alone, it would have no line to place it.
// Measured on replay (2026-11-29, third round): one foreign snippet more
// refused on eight of the 25 (thor's "else" branch written above another
// file's "end" lines), nothing else moved over the kinds of the seven, the
// ten held out, the ten new and timber.
func (m *merger) thin(k int, s segment, c cand, says []int) (far int, err *Error) {
	closers := countFunc(s.lines[c.top.i0:c.top.i1+1], closesBlock)
	if c.top != c.bot || c.top.says-closers > 1 {
		return 0, nil
	}
	if s.open[1] && c.bot.j1 == nextNonBlankLine(m.buf, m.n, -1) && c.bot.i1-c.bot.i0 >= 2 && (c.top.i0 <= nextNonBlank(s.lines, -1, 1) || m.openedAbove(s, c.top)) {
		return 0, nil // new lines at the file's end, or just above its last lines
	}
	other := 0
	for _, i := range says {
		if i < c.top.i0 || i > c.top.i1 {
			other++
		}
	}
	onlyClosers := closers > 0 && closers == c.top.says
	if other < 4 && !(onlyClosers && other > 0) || m.wholeFile(s, c) || s.open[0] && s.open[1] && (m.halfOfFile(s) || m.rewritesFromTop(s, c, says)) || m.inStep(s, c.top, says) {
		return 0, nil
	}
	if dir := m.named(s, c.top, says); dir != 0 {
		return dir, nil
	}
	if m.rewritesAtEdge(s, c.top) {
		return 0, nil
	}
	const hint = "Check that the snippet is for this file; start and end the segment with two or three unchanged lines of the file around the change"
	if onlyClosers {
		r := c.top
		return 0, m.segmentError(ErrNotFound, k, s, "is the file's only in lines that close blocks (its lines %d-%d, %q, at file lines %d-%d), and has %d more lines that say something that are not there",
			s.at+r.i0+1, s.at+r.i1+1, shown(s.lines[r.saying(s)]), r.j0+1, r.j1+1, other).
			at(LineRange{r.j0 + 1, r.j1 + 1}).
			withHint(hint)
	}
	i := c.top.saying(s) // named, not a blank line before it
	for x := c.top.i0; x <= c.top.i1; x++ {
		if saysSomething(s.lines[x]) && !closesBlock(s.lines[x]) {
			i = x
			break
		}
	}
	j := c.top.j0 + i - c.top.i0
	return 0, m.segmentError(ErrNotFound, k, s, "has one line that is the file's (line %d, %q, at file line %d) and %d more that are not there",
		s.at+i+1, shown(s.lines[i]), j+1, other).
		at(LineRange{j + 1, j + 1}).
		withHint(hint)
}

// rewritesAtEdge reports a segment placed by run r at the file's edge
// (r holds the segment's first line that is not blank, at the file's
// first such line, with no marker above; or likewise at the end) whose
// other lines are the file's at the same distance from that edge, each as
// it is or rewritten (see alike; blank for blank), two rewritten at
// least, and whose far end is the file's line there as it is: the segment
// rewrites the file's first lines one for one, and its far end says how
// far (lodash's "var" declarations made "const" under "'use strict'",
// down to the ruler below them, before a marker).
//
// Measured on replay: 8 more right merges over the kinds of the 52
// repositories (lodash's, zlib's, a PSScriptAnalyzer file), none wrong, no
// must-refuse case merged. Anywhere in the file, not only at its edge: 3
// wrong (a C# property written over the alike one below it).
func (m *merger) rewritesAtEdge(s segment, r run) bool {
	first, last := nextNonBlank(s.lines, -1, 1), nextNonBlank(s.lines, len(s.lines), -1)
	if first < 0 {
		return false
	}
	atTop := s.open[0] && r.i0 <= first && r.j0 == nextNonBlankLine(m.buf, -1, 1)
	atEnd := s.open[1] && r.i1 >= last && r.j1 == nextNonBlankLine(m.buf, m.n, -1)
	off := r.j0 - r.i0
	if !atTop && !atEnd || first+off < 0 || last+off >= m.n {
		return false
	}
	rewrote := 0
	for i := first; i <= last; i++ {
		l, f := s.lines[i], m.buf.Line(i+off)
		switch {
		case isBlank(l) != isBlank(f):
			return false
		case isBlank(l) || buffer.Equal(buffer.Collapse, l, f):
		case alike(l, f, changedLine):
			rewrote++
		default:
			return false
		}
	}
	far := last
	if !atTop {
		far = first
	}
	return rewrote >= 2 && buffer.Equal(buffer.Collapse, s.lines[far], m.buf.Line(far+off))
}

// named reports, for run r of a segment placed by r's one line that says
// something, the side of r the segment's other lines are on (1 below, -1
// above), when that line names the segment's place: a segment placed
// before it holds by three lines or more (the snippet is this file's),
// the line is the file's once and distinctive (see saysOnce: a function's
// first line), it is the segment's first or last line that says
// something, and r holds two more of the file's lines around it, as a
// model quotes the unchanged lines next to a change. Else 0. (A new
// function above the next one's first line, its first lines the brackets
// that close the block a marker continues.)
//
// Measured on replay: `snippet` +4, +4, +3 and +8 right merges on the
// seven, ten held out, ten new and 25 more; `placed` +2, 0, +2, +10;
// `styled`, `open-ends`, `blocks` and `dedented` +37 in all; one `tight`
// snippet merged wrong (a blank line of two above a new Python function,
// the other left to the marker). Without the run of three, 9 `tight`
// snippets merged wrong; without rewritesPast, one `blocks` snippet.
func (m *merger) named(s segment, r run, says []int) int {
	if !m.backed || r.i1-r.i0 < 2 || !m.saysOnce(s, r) {
		return 0
	}
	switch i := r.saying(s); i {
	case says[0]:
		return 1
	case says[len(says)-1]:
		return -1
	}
	return 0
}

// rewritesPast refuses placement p of segment s, placed by one line (see
// named), when the file's first line that says something past the
// placement's far end (dir 1: below it; -1: above it) is like one of the
// segment's lines between that end and the segment's own: the segment may
// rewrite the file's lines past that end too, and nothing tells how far.
// (Declarations rewritten one by one under a comment that ends above
// them: read up to the second, and the rest added anew over the old.)
func (m *merger) rewritesPast(k int, s segment, p *placement, dir int) *Error {
	if dir == 0 {
		return nil
	}
	f := nextNonBlankLine(m.buf, p.end-1, 1)
	from, to := p.pairs[len(p.pairs)-1][0]+1, len(s.lines)
	side, hint := "below", "End"
	if dir < 0 {
		f = nextNonBlankLine(m.buf, p.start, -1)
		from, to = 0, p.pairs[0][0]
		side, hint = "above", "Start"
	}
	if f < 0 {
		return nil
	}
	i := likeOneOf(s.lines[from:to], m.buf.Line(f))
	if i < 0 {
		return nil
	}
	i += from
	return m.segmentError(ErrAmbiguous, k, s, "is placed by one line of the file, and file line %d (%q), just %s where it would go, is like its line %d (%q): it cannot be told whether the segment rewrites that line or writes new lines next to it",
		f+1, shown(m.buf.Line(f)), side, s.at+i+1, shown(s.lines[i])).
		at(LineRange{f + 1, f + 1}).
		withHint("%s the segment with two or three unchanged lines of the file next to the change", hint)
}

// rewritesFromTop reports a snippet without markers whose run is the
// file's first line (or lines), when two more of its lines that say
// something are the file's, in order below that run, each about where a
// line-for-line rewrite of the file puts it: a page rewritten line by
// line (a translation reworded, its title and a command or two kept). It
// looks at the snippet's first rewriteLookups such lines past the run.
//
// Measured on replay: two tldr pages a kind merge right on the seven
// corpora (`snippet`, `placed`, `styled`, `whole`) and a bat file on the
// ten held out (`whole`); no wrong merge and no must-refuse case moves.
func (m *merger) rewritesFromTop(s segment, c cand, says []int) bool {
	if c.top.j0 != nextNonBlankLine(m.buf, -1, 1) {
		return false
	}
	found, looked, j := 0, 0, c.top.j1+1
	for _, i := range says {
		if i <= c.top.i1 {
			continue
		}
		if looked++; looked > rewriteLookups {
			return false
		}
		// Line for line, segment line i is file line c.top.j0+i-c.top.i0,
		// give or take the lines a rewrite adds or drops.
		to := min(c.top.j0+2*(i-c.top.i0)+maxDrop, m.n)
		if f := m.find(s.lines[i], j, to, 1); f >= 0 {
			if found++; found == 2 {
				return true
			}
			j = f + 1
		}
	}
	return false
}

// inStep reports a segment two more of whose lines that say something,
// outside run r, are the file's lines at the same distance from r's place,
// and whose ends are such lines, or have no marker past them and, at that
// distance, reach the file's end there: the segment rewrites the lines
// around the run line for line (a page's commands changed under the
// descriptions it keeps, and new examples at its end; a crate renamed in
// the imports at the file's top), and those lines are evidence of its
// place, though no run holds them. (New lines before a marker may be added
// there or replace the file's; an end short of the file's, with no marker,
// may be anywhere in between: the evidence is not enough then.)
func (m *merger) inStep(s segment, r run, says []int) bool {
	at := func(i int) bool {
		j := r.j0 + i - r.i0
		return j >= 0 && j < m.n && buffer.Equal(buffer.Collapse, s.lines[i], m.buf.Line(j))
	}
	found := 0
	for _, i := range says {
		if (i < r.i0 || i > r.i1) && at(i) {
			found++
		}
	}
	first, last := says[0], says[len(says)-1]
	head, tail := s.edgeLines()
	top := first >= r.i0 || at(first) || s.open[0] && r.j0-(r.i0-head) <= nextNonBlankLine(m.buf, -1, 1)
	bottom := last <= r.i1 || at(last) || s.open[1] && r.j0+(tail-r.i0) >= nextNonBlankLine(m.buf, m.n, -1)
	return found >= 2 && top && bottom
}

// rewriteLookups bounds the lines rewritesFromTop looks for: each is a look
// through part of the file.
const rewriteLookups = 16

// check refuses a placement that drops a long stretch of the file where
// no marker stands, or whose weak edge (see weakEdges) leaves the lines it
// replaces closing other brackets than the segment does — after trying the
// top edge further up (rebalance).
func (m *merger) check(k int, s segment, p *placement) error {
	if s.open[0] && s.open[1] && !m.fragment(s) {
		return nil // no marker at all: the snippet is the file's whole new text
	}
	if err := m.drops(k, s, p); err != nil {
		return err
	}
	if err := m.emptiedOpener(k, s, p); err != nil {
		return err
	}
	if err := m.cutsBlock(k, s, p); err != nil {
		return err
	}
	if err := m.twoLast(k, s, p); err != nil {
		return err
	}
	if !weakEdges(s.lines) {
		return nil
	}
	sb, fb := balance(s.lines), balance(fileLines(m.buf, p.start, p.end-p.start))
	if sb == fb {
		return nil
	}
	if m.rebalance(s, p, sb) {
		return m.drops(k, s, p)
	}
	return m.nesting(m.segmentError(ErrAmbiguous, k, s, "does not close what the file lines %d-%d it would replace close: its brackets balance as %s, theirs as %s",
		p.start+1, p.end, sb, fb).
		at(LineRange{p.start + 1, p.end}).
		withHint("Start and end the segment with lines the file has around the change, so that it is clear which lines it replaces"))
}

// nesting notes e as the refusal of a place where the file's lines nest
// otherwise than the segment's (see onlyPlace), and returns it.
func (m *merger) nesting(e *Error) *Error {
	if m.nestErr == nil {
		m.nestErr = map[*Error]bool{}
	}
	m.nestErr[e] = true
	return e
}

// emptiedOpener refuses a segment that starts with new lines right after
// a marker, when the file line the marker keeps just above the lines the
// segment replaces opens the block those lines are the body of, and the
// segment's first new line stands at that line's depth or left of it: the
// kept line's block would be left with no body, the new lines taking it.
// They may be that line rewritten (a signature written over several lines
// now), or lines to go before it; nothing says which.
func (m *merger) emptiedOpener(k int, s segment, p *placement) error {
	first := nextNonBlank(s.lines, -1, 1)
	if s.open[0] || p.loose[0] || first < 0 || first >= p.pairs[0][0] || !saysSomething(s.lines[first]) {
		return nil
	}
	kept := nextNonBlankLine(m.buf, p.start, -1)
	if kept < 0 {
		return nil
	}
	l := m.buf.Line(kept)
	if !opens(l) || isComment(l) || m.body(kept) < p.start || p.rel.depth(indentWidth(s.lines[first], m.tab), indentWidth(l, m.tab)) < 0 {
		return nil
	}
	return m.segmentError(ErrAmbiguous, k, s, "starts with new lines (line %d, %q) right below the marker, which keeps file line %d (%q): that line opens the block the segment's lines after them are the body of, and they stand at its depth, so it would be left with no body. They may rewrite line %d, or go before it",
		s.at+first+1, shown(s.lines[first]), kept+1, shown(l), kept+1).
		at(LineRange{kept + 1, kept + 1}).
		withHint("If they replace line %d, start the segment with the file's line above it; if line %d stays, show it after them", kept+1, kept+1)
}

// cutsBlock refuses a segment that starts with new lines right after a
// marker, one of them (not a comment) left of both the first line the
// segment keeps and the file line the marker keeps just above: those two
// are in one block (or the one opens the other's), and the new lines would
// close it, the file's lines from the kept line on going on in theirs. A
// new test written above the next one's comment, whose closing "end" lines
// the file's test has too: read at the file's, they would close the new
// test and leave the file's open. A tag written anew above the file's
// line in the block it opens (an "<article>" given attributes, read as
// new above the "<h2>" inside it).
//
// Measured on replay (2026-11-28): 12 wrong tight merges refused over
// the seven, the ten held out, the ten new and eight of the 25 (thor's
// specs and jekyll's steps written above the "end" lines of the one
// before; click's changelog, a list item above the last line of another;
// a jekyll layout's tag given attributes; axios, cJSON, composer;
// requests' test wrapped in a new "try"), a swallowed marker (jq) and a
// foreign snippet (thor) refused, and one right merge lost: a urfave
// commit that wrote a conflict marker, "<<<<<<< HEAD", into a Go
// function. Comments are left out for C's "#if" lines, which stand at
// the left edge in any block (5 right merges lost on libevent and
// tmux). A line left of the kept line alone is the block's own (a
// changelog's "Fixes:" under its release's heading: a right logrus merge
// refused without this); one left of the line below alone goes after an
// inner block.
func (m *merger) cutsBlock(k int, s segment, p *placement) error {
	first := nextNonBlank(s.lines, -1, 1)
	n := slices.IndexFunc(p.pairs, func(q [2]int) bool { return !isBlank(s.lines[q[0]]) })
	if s.open[0] || p.loose[0] || first < 0 || n < 0 || first >= p.pairs[n][0] || !saysSomething(s.lines[first]) {
		return nil
	}
	kept, b := nextNonBlankLine(m.buf, p.start, -1), p.pairs[n]
	if kept < 0 {
		return nil
	}
	left := func(l string, j int) bool {
		return p.rel.depth(indentWidth(l, m.tab), indentWidth(m.buf.Line(j), m.tab)) > 0
	}
	for i := first; i < b[0]; i++ {
		if l := s.lines[i]; !isBlank(l) && !isComment(l) && left(l, b[1]) && left(l, kept) {
			return m.segmentError(ErrAmbiguous, k, s, "starts with new lines right below the marker, and its line %d (%q) stands left of file line %d (%q), which they would go right above, and of file line %d (%q), which the marker keeps above them: the new lines would close the block those two are in, and the file's lines from line %d on would go on in theirs",
				s.at+i+1, shown(l), b[1]+1, shown(m.buf.Line(b[1])), kept+1, shown(m.buf.Line(kept)), b[1]+1).
				at(LineRange{kept + 1, b[1] + 1}).
				withHint("Start the segment with the file's lines just above where the new lines go (the end of the block before them), so that their place is clear")
		}
	}
	return nil
}

// twoLast refuses a segment that ends with new lines right above a
// marker, when the file line the marker keeps just below them is the last
// line of the block they are in and leaves it as the segment's last new
// statement at its depth does ("return" and "return"): the block would end
// with both, the second never reached. The new lines may rewrite that line
// (a call written over several lines now), or go before it; nothing says
// which.
func (m *merger) twoLast(k int, s segment, p *placement) error {
	last := p.pairs[len(p.pairs)-1][0]
	if s.open[1] || p.loose[1] || nextNonBlank(s.lines, last, 1) < 0 {
		return nil
	}
	kept := nextNonBlankLine(m.buf, p.end-1, 1)
	if kept < 0 {
		return nil
	}
	l := m.buf.Line(kept)
	w := indentWidth(l, m.tab)
	if after := nextNonBlankLine(m.buf, kept, 1); after >= 0 && indentWidth(m.buf.Line(after), m.tab) >= w || isComment(l) {
		return nil // not its block's last line
	}
	i := len(s.lines) - 1
	for ; i > last; i-- {
		if saysSomething(s.lines[i]) && p.rel.depth(indentWidth(s.lines[i], m.tab), w) >= 0 {
			break // a closing bracket before it says nothing
		}
	}
	if i == last || p.rel.depth(indentWidth(s.lines[i], m.tab), w) != 0 {
		return nil
	}
	a, b := strings.Fields(s.lines[i]), strings.Fields(l)
	if len(a) == 0 || len(b) == 0 || a[0] != b[0] || !slices.Contains(exits, strings.TrimRight(a[0], "(;")) {
		return nil
	}
	return m.segmentError(ErrAmbiguous, k, s, "ends with new lines (line %d, %q) right above the marker, which keeps file line %d (%q), the last line of their block, at their depth: the block would end with both. They may rewrite line %d, or go before it",
		s.at+i+1, shown(s.lines[i]), kept+1, shown(l), kept+1).
		at(LineRange{kept + 1, kept + 1}).
		withHint("If they replace line %d, end the segment with the file's line after it; if line %d stays, show it after them", kept+1, kept+1)
}

// exits are the words that start a statement after which a block's
// lines are not reached.
var exits = []string{"return", "raise", "throw"}

// drops refuses a placement that drops more than maxDrop lines in one
// stretch, replaced by less than half as many, or that drops resumeDrop
// lines or more and goes on at lines the file has all over (see
// commonRun).
func (m *merger) drops(k int, s segment, p *placement) error {
	var bounds [2][2]int // the last pairs leavesBlock looked between
	for n := 1; n < len(p.pairs); n++ {
		a, b := p.pairs[n-1], p.pairs[n]
		gap, wrote := b[1]-a[1]-1, b[0]-a[0]-1
		if gap > wrote {
			for i := a[0] + 1; i < b[0]; i++ {
				if l := s.lines[i]; markerLike(l) {
					return m.segmentError(ErrAmbiguous, k, s, "has line %d (%q), which reads like a marker for the file's lines %d-%d that it would delete, but is not one it knows",
						s.at+i+1, shown(l), a[1]+2, b[1]).
						at(LineRange{a[1] + 2, b[1]}).
						withHint("Write the marker as \"// ... existing code ...\" (in the file's comment syntax) if those lines stay")
				}
			}
		}
		switch {
		case gap-wrote < resumeDrop: // a short drop: its end needs no line that places it
		case p.closed && b[0] >= p.runs[1]: // the drop ends where its block closes
		case m.closesThere(s, p.pairs, n): // so do the segment's lines and the file's
		case m.ctx.Err() != nil: // commonRun may look lines up in the whole file
			return stoppedError(m.path, m.ctx.Err())
		case m.commonRun(s, p.pairs, n):
			return m.segmentError(ErrAmbiguous, k, s, "would replace the %s between file lines %d and %d with %s and go on at file line %d (%q), but it and the lines after it that say something are each in the file more than %d times: nothing but nearness says the replaced lines end there, and no marker stands there",
				plural(gap, "line"), a[1]+1, b[1]+1, plural(wrote, "line"), b[1]+1, shown(s.lines[b[0]]), commonPlaces).
				at(LineRange{a[1] + 2, b[1]}).
				withHint("If those lines stay, put a marker line such as \"// ... existing code ...\" where they are; if they go, go on after them with a line the file has only once")
		}
		if gap-wrote >= resumeDrop {
			if j := m.opensDropped(s, p, a, b); j >= 0 {
				return m.segmentError(ErrAmbiguous, k, s, "would delete the %s between file lines %d and %d (writing %s there), among them line %d (%q), which opens a block the file's lines after them close: the segment would go on inside a block whose first line it deleted, and no marker stands there",
					plural(gap, "line"), a[1]+1, b[1]+1, plural(wrote, "line"), j+1, shown(m.buf.Line(j))).
					at(LineRange{a[1] + 2, b[1]}).
					withHint("If those lines stay, put a marker line such as \"// ... existing code ...\" where they are; to delete a block, show the lines around it that stay, its first and last line gone")
			}
		}
		if gap > wrote {
			x, y, j := m.leavesBlock(s, p.pairs, n, bounds)
			bounds = [2][2]int{x, y}
			if err := m.ctx.Err(); err != nil {
				return stoppedError(m.path, err)
			}
			if j >= 0 {
				return m.nesting(m.segmentError(ErrAmbiguous, k, s, "has lines %d and %d at file lines %d and %d, inside a block, but the file's lines between them leave that block for others (line %d, %q, stands outside it), and the segment's do not: it would delete whole blocks it does not show",
					s.at+x[0]+1, s.at+y[0]+1, x[1]+1, y[1]+1, j+1, shown(m.buf.Line(j))).
					at(LineRange{a[1] + 2, b[1]}).
					withHint("If the segment's lines from line %d on are new, end it with a line of the file that comes after them there (the next function's first line, say); if the file's lines %d-%d go, delete them with edit_block or write_from_line", s.at+b[0]+1, a[1]+2, b[1]))
			}
		}
		if !droppable(gap, wrote) {
			return m.segmentError(ErrConflict, k, s, "would replace the %s between file lines %d and %d with %s, and no marker stands there",
				plural(gap, "line"), a[1]+1, b[1]+1, plural(wrote, "line")).
				at(LineRange{a[1] + 2, b[1]}).
				withHint("Put a marker line such as \"// ... existing code ...\" where the file's lines stay; to delete them, delete them with edit_block or write_from_line")
		}
	}
	return nil
}

// leavesBlock returns the second of two file lines between the pairs
// around the gap before pairs[n] (a and b, the nearest whose lines say
// something and are rare) that open blocks at one indentation outside the
// block the pairs are in — left of both, or at a's indentation when a
// opens that block (a function's first line) — where the segment's lines
// between them have none outside it, with no line further left between
// the two, or -1. Such lines close the block the pairs are in, and open a
// block that closes and another: the segment, inside one block from a to
// b, would delete a whole block it does not show, and the end of the one
// and the start of the other around it (a function given a new last line,
// "return nil", that the function two below ends with). One opening line
// is a block's end joined to the next one's body, which a segment that
// deletes the lines between does (a case's last lines and the "if" after
// it; two tests made one, the loop of the first and the table of the
// second opening at one indentation but in two functions).
//
// Measured on replay: no right merge lost on the seven corpora or ten
// held out, one wrong merge refused (tight, seven). Counting any two lines
// left of both lost 9 right merges there (two tests made one, two Rust
// impl blocks deleted between brackets the walk paired past them), and
// the pairs next to the gap rather than the nearest that say something
// lost those impl blocks still, and with lines the file has all over
// taken as the nearest, two cases deleted between "res = 1;" and a
// "break;" the walk paired with the second case's lost a dedented merge of
// ten new (Lua).
func (m *merger) leavesBlock(s segment, pairs [][2]int, n int, seen [2][2]int) (a, b [2]int, j int) {
	// The nearest pairs around the gap before pairs[n] whose lines say
	// something and are rare: brackets and lines the file has all over
	// ("break;") pair with any of their like in between.
	placing := func(x int) bool {
		l := s.lines[pairs[x][0]]
		return saysSomething(l) && m.rareLine(buffer.Normalize(buffer.Collapse, l))
	}
	x := n - 1
	for x >= 0 && !placing(x) {
		x--
	}
	y := n
	for y < len(pairs) && !placing(y) {
		y++
	}
	if x < 0 || y == len(pairs) {
		return a, b, -1
	}
	a, b = pairs[x], pairs[y]
	if [2][2]int{a, b} == seen {
		return a, b, -1 // looked at for an earlier gap between them
	}
	return a, b, m.leftBetween(s, a, b)
}

// leftBetween is leavesBlock for the pairs a and b.
func (m *merger) leftBetween(s segment, a, b [2]int) int {
	left := func(l string, floor int) bool {
		return !isBlank(l) && indentWidth(l, m.tab) < floor
	}
	// Inside a's block when a opens one (a function's first line): a line
	// at a's indentation leaves it.
	inside := func(l string) int {
		if opens(l) {
			return indentWidth(l, m.tab) + 1
		}
		return indentWidth(l, m.tab)
	}
	floor := min(inside(s.lines[a[0]]), indentWidth(s.lines[b[0]], m.tab))
	for i := a[0] + 1; i < b[0]; i++ {
		if left(s.lines[i], floor) {
			return -1
		}
	}
	floor = min(inside(m.buf.Line(a[1])), indentWidth(m.buf.Line(b[1]), m.tab))
	opened := map[int]bool{} // the widths of the opening lines seen, siblings
	for j := a[1] + 1; j < b[1]; j++ {
		if j&1023 == 0 && m.ctx.Err() != nil {
			return -1 // drops returns the context's error
		}
		l := m.buf.Line(j)
		if !left(l, floor) || isComment(l) {
			continue
		}
		w := indentWidth(l, m.tab)
		for d := range opened {
			if d > w {
				delete(opened, d) // a line further left ends their parent
			}
		}
		if opens(l) {
			if opened[w] {
				return j
			}
			opened[w] = true
		}
	}
	return -1
}

// resumeDrop is how many lines a stretch a segment deletes (less those
// it writes in their place) must have for the run it goes on with to
// need a line that places it (see commonRun).
const resumeDrop = 5

// commonRun reports whether the run of pairs from pairs[n] on, the file
// lines a segment goes on with after deleting a stretch, has no line that
// says something and that the file has commonPlaces times or fewer. The
// run is found by nearness (the first place below the segment's top
// that fits), so the stretch's end is only known when the run is rare:
// a segment that goes on at "return dup" or "end: cleanup();" after a
// deletion fits the next such lines, or any further down (two windows of
// the file joined with the marker between them forgotten).
//
// Measured on replay, against refusing nothing: must-refuse snippets of
// two windows joined merged 21 → 12 on the seven corpora and 20 → 14 on
// the held-out ones, wrong merges 2 fewer on each; 3 right merges of
// 1,050 lost per kind (a body cut back to its "return dup", which
// closesThere now places by its brace). The run
// before a deletion chains to the top anchor, which is chosen as the
// line that occurs once: checking it too lost 6 right merges more and
// refused one must-refuse snippet more.
//
// The run is read up to its runLines-th line that says something:
// brackets and blank lines tell nothing of its place, and a run of
// entries alike (a resource's getter) reaches the next entry's own line
// only past them. Measured on replay (2026-11-28), against its first
// runLines lines: 35 more right merges over the kinds of the ten new
// (ShareX's resources deleted between two others), nothing moved on the
// seven, the ten held out, eight of the 25 or timber, no must-refuse
// case merged.
func (m *merger) commonRun(s segment, pairs [][2]int, n int) bool {
	looked := 0
	for x := n; x < len(pairs) && looked < runLines && pairs[x][1]-pairs[n][1] == x-n; x++ {
		l := s.lines[pairs[x][0]]
		if !saysSomething(l) {
			continue
		}
		looked++
		if m.rareLine(buffer.Normalize(buffer.Collapse, l)) {
			return false
		}
	}
	return true
}

// rareLine reports whether the file has the line norm (as lines are
// compared) commonPlaces times or fewer. It scans the file once per line.
func (m *merger) rareLine(norm string) bool {
	rare, ok := m.rare[norm]
	if !ok {
		rare = len(m.buf.Occurrences(buffer.Collapse, norm, commonPlaces+1)) <= commonPlaces
		m.rare[norm] = rare
	}
	return rare
}

// closesThere reports whether the innermost block that a paired line
// before pairs[n] opens, around the lines the segment drops there, closes
// as far above or below pairs[n] in the segment as the file's block does
// in the file: the brackets, not nearness, say where the dropped lines
// end (a function's body cut back to its "return dup", the "}" after it
// the function's). The line that opens the block must be the file's, as
// it stands, name something (see closedBlock) and open a body: end with
// "{". (Parentheses or brackets over several lines hold a call's
// arguments or a list's items, and the lines after them may go on with
// what the segment rewrites: a decorator's arguments rewritten above a
// new test function, measured, merged over the old one.)
//
// Measured on replay: 22 more right merges over the kinds of the 52
// repositories (a body cut back to its "return dup", list entries dropped
// up to the function's end), none wrong.
func (m *merger) closesThere(s segment, pairs [][2]int, n int) bool {
	seg := s.reader()
	a, b := pairs[n-1], pairs[n]
	for _, q := range slices.Backward(pairs[:n]) {
		d := openCount(s.lines[q[0]])
		if d <= 0 {
			continue
		}
		x := closes(seg, q[0]+1, d)
		if x >= 0 && x <= a[0] {
			continue // closed before the drop: not around it
		}
		l := s.lines[q[0]]
		opensBody := distinctive(l) && names(l) >= 2 && strings.HasSuffix(strings.TrimSpace(l), "{")
		if x < 0 || !opensBody || !buffer.Equal(buffer.Collapse, l, m.buf.Line(q[1])) {
			return false
		}
		e := closes(m.reader(min(m.n, q[1]+1+maxBlockScan)), q[1]+1, d)
		return e > a[1] && x-b[0] == e-b[1]
	}
	return false
}

// runLines is how many lines that say something commonRun looks at in
// a run.
const runLines = 6

// segmentError is an error about segment k, naming its snippet lines.
func (m *merger) segmentError(kind error, k int, s segment, format string, args ...any) *Error {
	where := fmt.Sprintf("segment %d of the snippet (its lines %d-%d)", k+1, s.at+1, s.at+len(s.lines))
	return errorf(kind, m.path, where+" "+format, args...)
}

// notFound says that no line of segment k that says something is in the
// file after the previous segment, with the nearest text.
func (m *merger) notFound(k int, s segment) *Error {
	for i, l := range s.lines {
		if m.crowded[l] {
			return m.segmentError(ErrNotFound, k, s, "has no line that places it: its line %d (%q) is in the file more than %d times, too often to tell where it goes, and its other lines are not in the file (after the previous segment)",
				s.at+i+1, shown(l), maxOccurrences).
				withHint("Start or end the segment with a line of the file that occurs once, such as the enclosing function's first line")
		}
	}
	e := notFoundError(m.buf, m.path, strings.Join(s.lines, "\n"), "", []string{"line by line"})
	_, nearest, _ := strings.Cut(e.Msg, ")")
	nearest = strings.TrimLeft(nearest, ";. ")
	if !strings.HasPrefix(nearest, "The nearest") {
		nearest = "no line of the file resembles its lines"
	}
	nearest = strings.NewReplacer("search lines", "segment lines", "search has:", "snippet has:").Replace(nearest)
	e.Msg = fmt.Sprintf("segment %d of the snippet (its lines %d-%d) has no line that the file has (after the previous segment), indentation and spacing ignored: %s", k+1, s.at+1, s.at+len(s.lines), nearest)
	e.Hint = "A segment needs a line of the file that occurs once, at its top or bottom, next to the lines that change; copy it from the file (view) exactly"
	if _, _, numbered := unnumber(strings.Join(s.lines, "\n")); numbered {
		e.Hint = "The segment's lines start with line numbers, as view shows them: send the text after the number alone"
	}
	// New lines at an end of the file are placed by the file's lines at
	// that end, one that says something among them: say which, since a
	// marker alone does not.
	if s.open[0] != s.open[1] {
		j, dir, at, how := m.n, -1, "end", "start the segment with the file's last lines, from line %d (%q) on, then the new ones"
		if s.open[0] {
			j, dir, at, how = -1, 1, "top", "end the segment with the file's first lines, up to line %d (%q)"
		}
		for n := 0; n < 8; n++ {
			if j += dir; j < 0 || j >= m.n || saysSomething(m.buf.Line(j)) {
				break
			}
		}
		if j >= 0 && j < m.n && saysSomething(m.buf.Line(j)) {
			e.Hint += fmt.Sprintf(". To add lines at the %s of the file, %s", at, fmt.Sprintf(how, j+1, shown(m.buf.Line(j))))
		}
	}
	return e
}

func linesList(ls []int) string {
	noun := "lines"
	if len(ls) == 1 {
		noun = "line"
	}
	var names []string
	for i, l := range ls {
		if i == 5 {
			names = append(names, "…")
			break
		}
		names = append(names, fmt.Sprint(l+1))
	}
	return noun + " " + strings.Join(names, ", ")
}

// ambiguous says that segment k fits the file lines of each of places
// equally well.
func (m *merger) ambiguous(k int, s segment, places []LineRange) *Error {
	slices.SortFunc(places, func(a, b LineRange) int { return cmp.Or(a.Start-b.Start, a.End-b.End) })
	places = slices.Compact(places)
	e := m.segmentError(ErrAmbiguous, k, s, "fits %d places equally well: file %s", len(places), describeRanges(places)).
		at(places...).
		withHint("Add a line next to the change that the file has only once, such as the enclosing function's first line")
	m.tieErr[e] = true
	return e
}

// find is the first of file lines from..to-1 equal to line, spacing
// aside, or -1; with dir < 0, the last.
func (m *merger) find(line string, from, to, dir int) int {
	word := longestWord(line)
	j := from
	if dir < 0 {
		j = to - 1
	}
	for ; j >= from && j < to; j += dir {
		if f := m.buf.Line(j); strings.Contains(f, word) && buffer.Equal(buffer.Collapse, line, f) {
			return j
		}
	}
	return -1
}

// longestWord is the longest run of line without spaces: spacing aside,
// a line equal to it has that run as it is, so a quick search for it
// rules out most lines before they are compared.
func longestWord(line string) string {
	word := ""
	for _, w := range strings.Fields(line) {
		if len(w) > len(word) {
			word = w
		}
	}
	return word
}

// rebalance moves the lines at the top of the segment that say nothing
// (the brackets that close the block before, blank lines) to the nearest
// copy of them in the file above, that makes the lines the segment
// replaces close what it closes: the segment deletes the lines between
// that copy and its anchor (a whole function, say, whose closing bracket
// looked like the segment's); or to the file's lines right above the
// anchor, the segment's lines between them new (see below). It reports
// whether it found one, and then p is the new placement. (At the bottom a
// marker follows such lines, and the file's lines there stay: nothing is
// deleted there.)
//
// Measured on replay (2026-11-29), right above the anchor: 7 more right
// merges over the kinds of the ten held out and eight of the 25 (fzf's
// new function after the closing brackets of a debug printer, whose inner
// ones its own had paired with; backbone's, jq's), none lost or wrong,
// no must-refuse case merged. Without the condition on the pairs above
// the anchor, two bubbletea tutorial merges went wrong: a section
// rewritten, read as a new one after the old.
func (m *merger) rebalance(s segment, p *placement, want brackets) bool {
	a := m.anchorPair(s, p)
	if a < 0 || p.pairs[a][0] == 0 {
		return false
	}
	try := func(pairs [][2]int) bool {
		start, end := pairs[0][1], pairs[len(pairs)-1][1]+1
		if start < m.prev || end > m.n || balance(fileLines(m.buf, start, end-start)) != want {
			return false
		}
		p.pairs, p.start, p.end, p.loose[0] = pairs, start, end, false
		return true
	}
	if m.closersAbove(s, p, a, m.prev, func(i, q int) bool {
		return try(append(run{i0: 0, i1: i - 1, j0: q}.pairs(), p.pairs[a:]...))
	}) {
		return true
	}
	// The closers may be the file's right above the anchor, the lines
	// between them and it new: a block added after the one they close,
	// whose own closing lines the pairing took for the file's. Not when
	// the pairing holds a line above the anchor that says something: the
	// segment's lines there may rewrite the file's.
	t := slices.IndexFunc(s.lines, saysSomething) // -1 when none does: refused below
	q := p.pairs[a][1] - t
	if t <= 0 || t >= p.pairs[a][0] || balance(s.lines[:t]) == (brackets{}) || !m.linesAt(s.lines[:t], q) ||
		slices.ContainsFunc(p.pairs[:a], func(pr [2]int) bool { return saysSomething(s.lines[pr[0]]) }) {
		return false
	}
	return try(append(run{i0: 0, i1: t - 1, j0: q}.pairs(), p.pairs[a:]...))
}

// anchorPair is the index of p's first pair whose segment line says
// something and is the file's line (not one the segment changes), or -1.
func (m *merger) anchorPair(s segment, p *placement) int {
	return slices.IndexFunc(p.pairs, func(pr [2]int) bool { return m.holds(s, pr, buffer.Collapse) })
}

// closersAbove tries, nearest first, the copies further up the file (down
// to file line floor) of segment lines 0..i-1, the lines above pair a:
// when they say nothing and do not balance (the end of the block before),
// and the file's lines between a copy and pair a's line are whole blocks,
// closing what they open, it calls try(i, copy's line) and reports whether
// one try did.
func (m *merger) closersAbove(s segment, p *placement, a, floor int, try func(i, q int) bool) bool {
	i, j := p.pairs[a][0], p.pairs[a][1]
	top := s.lines[:i]
	if balance(top) == (brackets{}) || slices.ContainsFunc(top, saysSomething) {
		return false
	}
	for q := j - i - 1; q >= max(floor, j-i-maxDrop); q-- {
		if m.linesAt(top, q) && balance(fileLines(m.buf, q+i, j-q-i)) == (brackets{}) && try(i, q) {
			return true
		}
	}
	return false
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// linesAt reports whether the file has lines at line q on, spacing aside.
func (m *merger) linesAt(lines []string, q int) bool {
	if q < 0 || q+len(lines) > m.n {
		return false
	}
	for k, l := range lines {
		f := m.buf.Line(q + k)
		if isBlank(l) != isBlank(f) || !isBlank(l) && !buffer.Equal(buffer.Collapse, l, f) {
			return false
		}
	}
	return true
}

// weakEdges reports a segment whose first or last line that is not blank
// says nothing (a bracket, a keyword) or closes a preprocessor's
// conditional ("#endif", "#else", bracket-like): such a line fits the file
// in many places, so where the segment ends is less certain.
//
// Measured on replay (2026-11-28), the conditional's closers: one wrong
// merge refused on the seven (libevent: an "#endif" closing a new "#if 0"
// paired with the file's "#endif" seven lines up, the brace between
// dropped), nothing else moved on the seven, the ten held out, the ten
// new, eight of the 25 and timber. Taking the shell's and Ruby's closers
// ("done", "esac", "end") so too refused a wrong merge and a swallowed
// marker in fzf, but lost two right merges there.
func weakEdges(lines []string) bool {
	first, last := -1, -1
	for i, l := range lines {
		if !isBlank(l) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	weak := func(l string) bool {
		return !saysSomething(l) || hasAnyPrefix(strings.TrimSpace(l), "#endif", "#else")
	}
	return first >= 0 && (weak(lines[first]) || weak(lines[last]))
}

// unchangedTwin refuses a segment that changes nothing where it went
// when it also fits another place, where it would change the file: a block
// the file has twice, one copy already as the snippet has it. Where the
// rest of the snippet changes the file, the snippet shows a change, and
// that it lands on the copy that needs none says the other copy was meant,
// or that nothing tells them apart. Where nothing else changes, either the
// change is made and nothing is left to do, or it is meant for the other
// copy: "changes nothing" alone would tell the model its change is in the
// file when it may not be.
func (m *merger) unchangedTwin(segs []segment, places []*placement, edits []text.Edit) *Error {
	changes := slices.ContainsFunc(edits, func(e text.Edit) bool { return !m.keeps(e) })
	for k, e := range edits {
		p := places[k]
		if !m.keeps(e) || len(p.others) == 0 {
			continue
		}
		if changes {
			return m.segmentError(ErrAmbiguous, k, segs[k], "is already in the file as written at line %d, and also fits file %s, where it would change lines; the rest of the snippet changes the file, so which place is meant is not clear", p.start+1, linesList(p.others)).
				withHint("Add a line next to the change that the file has only once, such as the enclosing function's first line")
		}
		return m.segmentError(ErrAmbiguous, k, segs[k], "is already in the file as written at line %d, and also fits file %s, where it would change lines: if the change is made, nothing is left to do; if it is meant there, which place is meant is not clear", p.start+1, linesList(p.others)).
			withHint("If the change is not in the file yet, add a line next to it that the file has only once, such as the enclosing function's first line")
	}
	return nil
}

// reindentedTwin refuses a segment that changes lines where it went when
// its changed lines, with the lines around them, are the file's lines at
// another place at another depth: a run of runLines lines that say
// something or more, half of the segment's at least, that holds every
// line it writes between lines it keeps. Read there, the segment
// re-indents those lines (a step unwrapped from a retry wrapper, written
// at its new depth); read where it went, it rewrites lines that fit it at
// its own depth but for those it changes (a sibling job whose step was
// never wrapped, its host changed to the wrapped step's). Nothing in it
// says which: it is the indentation-blind sibling of unchangedTwin. A
// copy at the segment's own depth is not one: new code copies its
// neighbour. It looks within twice twiceReach of the place, so that its
// cost follows the snippet, not the file (libevent's twin job is 143
// lines off a 22-line segment).
//
// Measured on replay (2026-11-28): 4 wrong merges refused on the seven
// (libevent's CI jobs, on snippet, styled, open-ends and dedented), none
// lost or wrong there or on the ten held out, the ten new, eight of the
// 25 and timber. At any depth, 23 right merges lost on the seven (code
// made like its neighbour's); with runs of three lines, 3.
func (m *merger) reindentedTwin(segs []segment, places []*placement, edits []text.Edit) error {
	for k, e := range edits {
		if err := m.ctx.Err(); err != nil {
			return stoppedError(m.path, err)
		}
		if m.keeps(e) {
			continue
		}
		if err := m.reindentedAt(k, segs[k], places[k]); err != nil {
			return err
		}
	}
	return nil
}

// reindentedAt is reindentedTwin's check of segment k at placement p.
func (m *merger) reindentedAt(k int, s segment, p *placement) *Error {
	if len(p.pairs) < 2 {
		return nil
	}
	// The lines it writes between lines it keeps that say something.
	first, last := -1, -1
	for x := 1; x < len(p.pairs); x++ {
		for i := p.pairs[x-1][0] + 1; i < p.pairs[x][0]; i++ {
			if !saysSomething(s.lines[i]) {
				continue
			}
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return nil
	}
	says := countFunc(s.lines, saysSomething)
	same := func(i, j int) bool {
		return i >= 0 && i < len(s.lines) && j >= 0 && j < m.n && buffer.Equal(buffer.Collapse, s.lines[i], m.buf.Line(j))
	}
	reach := 2 * twiceReach(s)
	lo, hi := max(p.start-reach, 0), min(p.end+reach, m.n)
	if !strings.Contains(m.buf.Slice(m.buf.LineStart(lo), m.buf.LineStart(hi)), longestWord(s.lines[first])) {
		return nil // one quick scan rules out most changes: their line is new to the stretch
	}
	// At most maxOccurrences places, each read for as long as the segment:
	// a line the file has all over names no twin.
	tries := maxOccurrences
	for j := m.find(s.lines[first], lo, hi, 1); j >= 0 && tries > 0; j = m.find(s.lines[first], j+1, hi, 1) {
		tries--
		if j >= p.start && j < p.end || p.rel.depth(indentWidth(s.lines[first], m.tab), indentWidth(m.buf.Line(j), m.tab)) == 0 {
			continue
		}
		i0, i1 := first, first
		for same(i0-1, j-(first-i0)-1) {
			i0--
		}
		for same(i1+1, j+(i1-first)+1) {
			i1++
		}
		if i1 < last {
			continue
		}
		n := countFunc(s.lines[i0:i1+1], saysSomething)
		if n < runLines || 2*n < says {
			continue
		}
		j0 := j - (first - i0)
		return m.segmentError(ErrAmbiguous, k, s, "reads two ways: it would change file lines %d-%d, and its lines %d-%d, line %d (%q) among them, are the file's lines %d-%d at another depth. Read there, it re-indents those lines; read here, it changes these. Nothing in it says which",
			p.start+1, p.end, s.at+i0+1, s.at+i1+1, s.at+first+1, shown(s.lines[first]), j0+1, j0+i1-i0+1).
			at(LineRange{j0 + 1, j0 + i1 - i0 + 1}).
			withHint("Start the segment with a line of the file that occurs once, such as the block's first line, at the file's indentation there")
	}
	return nil
}

// keeps reports an edit that writes the text it replaces: its segment
// changes nothing where it is placed.
func (m *merger) keeps(e text.Edit) bool { return m.buf.Slice(e.Start, e.End) == e.New }

// deletionAbove refuses a segment that changes nothing where it fits, and
// that shows whole blocks after brackets closing the block before, when
// the file has those brackets further up with whole blocks between: read
// from there (as rebalance reads a segment that does not close where it
// fits), the segment deletes those blocks. That is how a model deletes a
// function: the bracket above it, then the function below it. But it is
// also how a segment of context reads, and nothing says which is meant.
func (m *merger) deletionAbove(segs []segment, places []*placement, edits []text.Edit) *Error {
	floor := 0
	for k, s := range segs {
		p, e := places[k], edits[k]
		prev := floor
		floor = p.end
		if s.open[0] || p.loose[0] || !m.keeps(e) {
			continue
		}
		a := m.anchorPair(s, p)
		if a <= 0 || !closesOnly(balance(s.lines[:p.pairs[a][0]])) || balance(s.lines[p.pairs[a][0]:]) != (brackets{}) {
			continue
		}
		var err *Error
		m.closersAbove(s, p, a, prev, func(i, q int) bool {
			if !slices.ContainsFunc(fileLines(m.buf, q+i, p.pairs[a][1]-q-i), saysSomething) {
				return false // only blank lines between
			}
			deleted := LineRange{q + i + 1, p.pairs[a][1]}
			err = m.segmentError(ErrAmbiguous, k, s, "changes nothing at file %s, where it fits as written; but its %s (%q), brackets closing a block, are the file's at %s too, and read from there, the segment deletes file %s. Which is meant is not clear",
				LineRange{p.start + 1, p.end}, LineRange{s.at + 1, s.at + i}, shown(s.lines[nextNonBlank(s.lines, i, -1)]), LineRange{q + 1, q + i}, deleted).
				at(deleted).
				withHint("To delete those lines, start the segment with the last line above them that says something, then the line after them; to keep them, leave the segment out")
			return true
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// closesOnly reports brackets that close and open none.
func closesOnly(b brackets) bool {
	return b != brackets{} && !slices.ContainsFunc(b[:], func(n int) bool { return n > 0 })
}

// wholeFile reports a snippet without markers that starts with the file's
// first line and ends with its last (placed at the first) and has half the
// file's lines that say something: the file's new text, rewritten
// throughout.
func (m *merger) wholeFile(s segment, c cand) bool {
	first, last := nextNonBlankLine(m.buf, -1, 1), nextNonBlankLine(m.buf, m.n, -1)
	l := nextNonBlank(s.lines, len(s.lines), -1)
	if !s.open[0] || !s.open[1] || c.top.j0 != first || l < 0 || !buffer.Equal(buffer.Collapse, s.lines[l], m.buf.Line(last)) {
		return false
	}
	return m.halfOfFile(s)
}

// opensDropped returns the first of the file lines a segment's placement
// p deletes between its pairs a and b that opens a block those lines do
// not close ("{" at its end, or the line above a "{" alone), when the
// segment's lines between a and b leave fewer such blocks open and the
// brackets of the lines p holds by (from its first pair to its last) do
// not balance as the segment's do (or the segment writes nothing in their
// place and they join two blocks: see joinsBlocks), or -1. The segment
// then goes on inside a block whose first line it drops — the end of one
// window and a later one's lines joined where a marker was forgotten,
// paired with lines like them a little below (a struct's body, after its
// namespace and name). Brackets that close elsewhere in the same
// placement are the pairing's, not the edit's: a test rewritten around a
// new helper deletes the first line of one body and writes another.
//
// Measured on replay: 4 swallowed markers refused of the 52
// repositories' (one of ten held out, 3 of ten new: C++ tests) and one
// wrong tight merge, no right merge lost. Counting every bracket, not
// only a line's last "{", lost 5 right merges on text (JSON lines in a
// README, a Kotlin string's parentheses); without the balance of the whole
// placement, 60.
//
// Measured on replay (2026-11-29), the blocks joined: 2 swallowed markers
// refused (jq's and zlib's functions, the end of one and the top of the
// next deleted) and one wrong merge (cJSON), over the seven, the ten held
// out, the ten new and eight of the 25; one right merge lost, a logrus
// commit that made two tests one, shown without the lines that join them.
// Without the slide, 257 right merges lost: diff deletes a function whole
// but for its closing bracket, keeping the one of the function above.
func (m *merger) opensDropped(s segment, p *placement, a, b [2]int) int {
	first, last := p.pairs[0], p.pairs[len(p.pairs)-1]
	if b[0] <= a[0] || first[0] > last[0] || first[1] > last[1] {
		return -1 // a line paired twice: no lines of the segment's between
	}
	dropped := fileLines(m.buf, a[1]+1, b[1]-a[1]-1)
	open := unclosedOpeners(dropped)
	if len(open) == 0 || len(open) <= len(unclosedOpeners(s.lines[a[0]+1:b[0]])) {
		return -1
	}
	if balance(fileLines(m.buf, first[1], last[1]-first[1]+1)) == balance(s.lines[first[0]:last[0]+1]) && !(len(notBlanks(s.lines[a[0]+1:b[0]])) == 0 && m.joinsBlocks(a[1]+1, b[1])) {
		return -1
	}
	j := a[1] + 1 + open[0]
	if strings.TrimSpace(m.buf.Line(j)) == "{" && j > a[1]+1 {
		j-- // the line that names the block ("namespace", a function's)
	}
	return j
}

// joinsBlocks reports whether deleting file lines from..to-1 deletes
// the end of a block opened above them and the first line of one they
// leave open, however the deletion slides over lines equal to those at
// its other end (diff's choice: a function deleted whole, but for its
// closing bracket, reads the same as the one before it closed there): the
// lines kept above would go on with the next block's body.
func (m *merger) joinsBlocks(from, to int) bool {
	n := to - from
	if n > maxDrop {
		return false // refused as a long drop anyway (see droppable)
	}
	// Slid by as many lines as it deletes, a deletion deletes the same
	// lines again: no need to look further either way.
	for up := 0; up < n && from > 0 && buffer.Equal(buffer.Collapse, m.buf.Line(from-1), m.buf.Line(to-1)); up++ {
		from, to = from-1, to-1
	}
	for down := 0; down <= 2*n; down, from, to = down+1, from+1, to+1 {
		dropped := fileLines(m.buf, from, n)
		open := unclosedOpeners(dropped)
		if len(open) == 0 || minDepth(dropped[:open[0]]) >= 0 {
			return false
		}
		if to >= m.n || !buffer.Equal(buffer.Collapse, m.buf.Line(from), m.buf.Line(to)) {
			return true
		}
	}
	return true
}

// abutsPaired reports whether run r of a segment's lines has a paired
// line next to it, blank lines aside.
func abutsPaired(s segment, r run, paired map[int]bool) bool {
	above, below := nextNonBlank(s.lines, r.i0, -1), nextNonBlank(s.lines, r.i1, 1)
	return above >= 0 && paired[above] || below >= 0 && paired[below]
}

// insertsOnly reports whether placement p keeps every line of the file
// that says something between its first and last pair: each is paired, or
// equal to one of the segment's lines between the same pairs. A pair
// that goes back on an earlier one (the runs of a walk, before fillPairs,
// may overlap) is passed over.
func (m *merger) insertsOnly(s segment, p *placement) bool {
	if len(p.pairs) == 0 {
		return false
	}
	a := p.pairs[0]
	for _, b := range p.pairs[1:] {
		if b[0] <= a[0] || b[1] <= a[1] {
			continue // the walk's runs overlap: the later pair repeats lines
		}
		have := map[string]bool{}
		for i := a[0] + 1; i < b[0]; i++ {
			have[buffer.Normalize(buffer.Collapse, s.lines[i])] = true
		}
		for j := a[1] + 1; j < b[1]; j++ {
			if l := m.norm(j); saysSomething(l) && !have[l] {
				return false
			}
		}
		a = b
	}
	return true
}

// closesBlock reports a line that is one keyword closing a block, as Ruby,
// Lua and the shell write "}".
func closesBlock(l string) bool {
	switch strings.TrimRight(strings.TrimSpace(l), ";,)") {
	case "end", "done", "esac", "endif":
		return true
	}
	return false
}

// renamesOrAdds refuses a placement that writes over a block of the file
// whose first line names it — a line that says something, no comment nor
// a statement's (see controls), that opens a bracket or has a "{" alone
// below it, the file has once and the segment does not have — when the
// segment reads as well as a new block after that one: its first lines
// are the block's last ones (and the blank lines after it), its last lines
// the file's lines after those, and its lines between new. Read at the
// placement, the segment renames the block into its new one and rewrites
// its body; read the other way, it adds the new block and keeps the old.
// Both read the same lines, and nothing says which: a C function written
// like the one above it, its name on a line of its own, holds by more of
// that one's lines (its type, its brace) than a place between the two
// does. It is checked where a segment fits one place best: a tie between
// those readings is settled or refused as one. The new block may as well
// go above the one it would rename, above that one's doc comment: the
// segment's first lines are then the file's lines above the comment, and
// its last lines the comment's first ones.
//
// Measured on replay (2026-11-29): 5 wrong merges refused (timber's new
// test, read as a rename of the test above it, in four kinds; a bat
// function), none lost, nothing else moves on the seven, the ten held
// out, the ten new or eight of the 25. Checked where ties are settled
// too, 15 right merges lost (the tie rules that read a new sibling build
// each place); counting statements' blocks ("if", "for") as named ones,
// libevent's cache lookup, added after the hosts lookup, was refused.
//
// Measured on replay (2026-11-29, fourth round), the block above: 4 wrong
// merges refused (a ShareX resource added above one written like it, read
// as that one renamed, in four kinds), nothing else moved over the kinds
// of the seven, the ten held out, the ten new, eight of the 25 and timber.
// Letting the lines above the block be its closing brackets alone, where
// the new block's lines balance, refused 15 wrong merges more but lost 28
// right ones: a method's receiver or a function's parameters changed read
// as a new block after the old.
func (m *merger) renamesOrAdds(k int, s segment, p *placement) *Error {
	var at map[string][]int // the segment's lines, looked up only for a block's first line
	for j, looked := p.start, 0; j < p.end && looked < renameLookups; j++ {
		l := m.buf.Line(j)
		if !saysSomething(l) || isComment(l) || controls(l) || !opens(l) && (j+1 >= m.n || strings.TrimSpace(m.buf.Line(j+1)) != "{") {
			continue
		}
		if at == nil {
			at = m.segmentLines(s)
		}
		if len(at[m.norm(j)]) > 0 {
			continue
		}
		looked++
		end := m.blockEnd(j, p.end)
		if end < 0 {
			continue
		}
		after := end + 1
		for after < m.n && isBlank(m.buf.Line(after)) {
			after++
		}
		at := after
		head, tail := m.readsAsNewAt(s, at)
		if d := m.docStart(j); head == 0 && d < j {
			at = d
			head, tail = m.readsAsNewAt(s, at)
		}
		if head == 0 || len(m.buf.Occurrences(buffer.Collapse, l, 2)) != 1 {
			continue
		}
		return m.segmentError(ErrAmbiguous, k, s, "reads two ways: its lines %d-%d may be a new block written above file line %d, its first lines the file's lines above that one and its last the file's lines from it on, or rewrite the block that line %d (%q) opens under another name; nothing in it says which",
			s.at+head+1, s.at+len(s.lines)-tail, at+1, j+1, shown(l)).
			at(LineRange{j + 1, end + 1}).
			withHint("If the block is new, start the segment with a line of the block above that says where it goes; if line %d is renamed, show the lines around the block that stay", j+1)
	}
	return nil
}

// readsAsNewAt reports how many of segment s's first lines are the file's
// lines just above line at (head), and how many of its last lines are the
// file's lines from at on (tail), when both hold a line that says
// something and lines are left between them: the segment then reads as
// those lines written above line at. Otherwise head is 0.
func (m *merger) readsAsNewAt(s segment, at int) (head, tail int) {
	from := max(at-len(s.lines), 0)
	head = overlap(s.lines, fileLines(m.buf, from, at-from), false)
	tail = overlap(s.lines, fileLines(m.buf, at, min(m.n-at, len(s.lines))), true)
	if head == 0 || tail == 0 || head+tail >= len(s.lines) ||
		!slices.ContainsFunc(s.lines[:head], saysSomething) || !slices.ContainsFunc(s.lines[len(s.lines)-tail:], saysSomething) {
		return 0, 0
	}
	return head, tail
}

// docStart is the first line of the comment lines right above line j, or
// j when there are none: where a block written above j's goes, its own
// comment above it.
func (m *merger) docStart(j int) int {
	for j > 0 && docComment(m.buf.Line(j-1)) {
		j--
	}
	return j
}

// blockEnd is the file line that closes the block line j opens (or the
// "{" alone after it), before line limit, or -1.
func (m *merger) blockEnd(j, limit int) int {
	depth, opened := 0, false
	for x := j; x < limit; x++ {
		depth += balance([]string{m.buf.Line(x)})[2]
		if depth > 0 {
			opened = true
		}
		if opened && depth <= 0 {
			return x
		}
		if !opened && x > j+1 {
			return -1
		}
	}
	return -1
}

// overlap is the most of lines' first lines (last, with last set) that
// are file's last lines (first), spacing aside, up to overlapReach: the
// lines a model shows around a change.
func overlap(lines, file []string, last bool) int {
	for n := min(len(lines), len(file), overlapReach); n > 0; n-- {
		seg, f := lines[:n], file[len(file)-n:]
		if last {
			seg, f = lines[len(lines)-n:], file[:n]
		}
		if slices.EqualFunc(seg, f, func(a, b string) bool { return buffer.Equal(buffer.Collapse, a, b) }) {
			return n
		}
	}
	return 0
}

// overlapReach bounds the lines overlap compares: each count it tries is
// a comparison of that many lines.
const overlapReach = 32

// controls reports a line that starts with a keyword of control flow
// ("if", "for", "while", "switch", "else", "try", "catch", "do"): its
// block is a statement's, named by nothing.
func controls(l string) bool {
	w := strings.TrimLeft(l, " \t}")
	if n := strings.IndexFunc(w, func(r rune) bool { return !isAlnum(r) }); n >= 0 {
		w = w[:n]
	}
	switch w {
	case "if", "for", "foreach", "while", "switch", "match", "else", "elif", "try", "catch", "except", "finally", "do", "loop", "unless", "until", "case", "when":
		return true
	}
	return false
}
