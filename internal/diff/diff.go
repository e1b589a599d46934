// Package diff writes unified diffs of edited text. It looks only at the
// lines around the edits, so its cost follows the size of the change, not of
// the file; go-difflib aligns the old and new lines inside each edit.
package diff

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/editkit/editkit/internal/text"
	"github.com/pmezard/go-difflib/difflib"
)

// Context is the number of unchanged lines shown around a change.
const Context = 3

// Text is the old side of a diff: text addressed by byte offsets and lines.
type Text interface {
	Len() int
	LineCount() int
	LineStart(i int) int // byte offset of line i (0-based); LineStart(LineCount()) == Len()
	LineOf(off int) int  // line holding off; LineOf(Len()) == LineCount()
	Slice(start, end int) string
}

// Unified returns the unified diff that turns old into old with edits
// applied (sorted, not overlapping) under the headers "--- oldName" and
// "+++ newName", with Context lines of context. A last line without a
// newline gets the "\ No newline at end of file" marker. It returns "" when
// the edits change nothing.
func Unified(oldName, newName string, old Text, edits []text.Edit) string {
	les := toLineEdits(old, edits)
	if len(les) == 0 {
		return ""
	}
	var ops []op
	prev, delta := 0, 0 // end of the previous edit; new line minus old line after it
	for _, le := range les {
		if le.start > prev {
			ops = append(ops, op{tag: 'e', i1: prev, i2: le.start, j1: prev + delta, j2: le.start + delta})
		}
		ops = append(ops, align(oldLines(old, le.start, le.end), le.lines, le.start, le.start+delta)...)
		delta += len(le.lines) - (le.end - le.start)
		prev = le.end
	}
	if n := old.LineCount(); n > prev {
		ops = append(ops, op{tag: 'e', i1: prev, i2: n, j1: prev + delta, j2: n + delta})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", oldName, newName)
	for _, h := range group(ops) {
		writeHunk(&b, old, h)
	}
	return b.String()
}

// A lineEdit says old lines [start, end) became lines, each ending in "\n"
// but the last line of a file without a final newline.
type lineEdit struct {
	start, end int
	lines      []string
}

// An op is one step from old lines to new ones, in difflib's terms: 'e'qual,
// 'd'elete, 'i'nsert or 'r'eplace old lines [i1, i2) by new lines [j1, j2),
// which are added.
type op struct {
	tag            byte
	i1, i2, j1, j2 int
	added          []string
}

// toLineEdits widens byte edits to whole lines, merging edits that share a
// line, and drops those that change nothing.
func toLineEdits(old Text, edits []text.Edit) []lineEdit {
	var out []lineEdit
	for i := 0; i < len(edits); {
		start := old.LineStart(lineAt(old, edits[i].Start))
		var b strings.Builder
		pos, end := start, start
		for {
			e := edits[i]
			b.WriteString(old.Slice(pos, e.Start))
			b.WriteString(e.New)
			pos = e.End
			end = max(end, lineEndAt(old, e.End))
			i++
			if pos == end && end < old.Len() && b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
				end = lineEndAt(old, end+1) // the new text runs on into the next line
			}
			if i == len(edits) || edits[i].Start >= end {
				break
			}
		}
		b.WriteString(old.Slice(pos, end))
		if b.String() == old.Slice(start, end) {
			continue
		}
		out = append(out, lineEdit{start: lineAt(old, start), end: old.LineOf(end), lines: slices.Collect(strings.Lines(b.String()))})
	}
	return out
}

// lineAt is the line holding off, where the end of an unterminated last line
// belongs to that line.
func lineAt(old Text, off int) int {
	l := old.LineOf(off)
	if l == old.LineCount() && l > 0 && off == old.Len() && old.Slice(off-1, off) != "\n" {
		return l - 1
	}
	return l
}

// lineEndAt is off if it starts a line, else the start of the next line.
func lineEndAt(old Text, off int) int {
	l := lineAt(old, off)
	if l < old.LineCount() && old.LineStart(l) != off {
		return old.LineStart(l + 1)
	}
	return off
}

func oldLines(old Text, start, end int) []string {
	lines := make([]string, 0, end-start)
	for i := start; i < end; i++ {
		lines = append(lines, old.Slice(old.LineStart(i), old.LineStart(i+1)))
	}
	return lines
}

// align returns the operations that turn lines a, which start at old line
// aOff, into lines b, which start at new line bOff.
func align(a, b []string, aOff, bOff int) []op {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	var codes []difflib.OpCode
	if p > 0 {
		codes = append(codes, difflib.OpCode{Tag: 'e', I2: p, J2: p})
	}
	am, bm := a[p:len(a)-s], b[p:len(b)-s]
	switch {
	case len(am) == 0 && len(bm) == 0:
	case len(am) == 0:
		codes = append(codes, difflib.OpCode{Tag: 'i', I1: p, I2: p, J1: p, J2: p + len(bm)})
	case len(bm) == 0:
		codes = append(codes, difflib.OpCode{Tag: 'd', I1: p, I2: p + len(am), J1: p, J2: p})
	case alignable(am, bm):
		for _, c := range difflib.NewMatcherWithJunk(am, bm, true, trivial).GetOpCodes() {
			c.I1, c.I2, c.J1, c.J2 = c.I1+p, c.I2+p, c.J1+p, c.J2+p
			codes = append(codes, c)
		}
	default:
		codes = append(codes, difflib.OpCode{Tag: 'r', I1: p, I2: p + len(am), J1: p, J2: p + len(bm)})
	}
	if s > 0 {
		codes = append(codes, difflib.OpCode{Tag: 'e', I1: len(a) - s, I2: len(a), J1: len(b) - s, J2: len(b)})
	}
	ops := make([]op, 0, len(codes))
	for _, c := range codes {
		o := op{tag: c.Tag, i1: c.I1 + aOff, i2: c.I2 + aOff, j1: c.J1 + bOff, j2: c.J2 + bOff}
		if c.Tag == 'i' || c.Tag == 'r' {
			o.added = b[c.J1:c.J2]
		}
		ops = append(ops, o)
	}
	return ops
}

// difflib's search is quadratic in the lines it aligns and worse on
// repetitive text; an edit beyond these bounds, such as the rewrite of a
// whole file, is shown as one block of removed and added lines between its
// common ends instead.
const (
	maxAligned = 1 << 18 // old lines × new lines
	maxPairs   = 20000   // pairs of equal non-trivial lines
)

func alignable(a, b []string) bool {
	if len(a)*len(b) > maxAligned {
		return false
	}
	count := make(map[string]int, len(b))
	for _, l := range b {
		if !trivial(l) {
			count[l]++
		}
	}
	pairs := 0
	for _, l := range a {
		if pairs += count[l]; pairs > maxPairs {
			return false
		}
	}
	return true
}

// trivial lines (blank, or only punctuation such as "}") may extend a match
// between old and new lines but never anchor one.
func trivial(line string) bool {
	for _, r := range line {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// group splits operations into hunks separated by more than 2*Context
// unchanged lines, trimming each hunk's context to Context lines.
func group(ops []op) [][]op {
	var hunks [][]op
	var cur []op
	for i, o := range ops {
		if o.tag != 'e' {
			cur = append(cur, o)
			continue
		}
		n := o.i2 - o.i1
		last := i == len(ops)-1
		if len(cur) > 0 {
			if !last && n <= 2*Context {
				cur = append(cur, o)
				continue
			}
			c := min(n, Context) // trailing context of the hunk in progress
			cur = append(cur, op{tag: 'e', i1: o.i1, i2: o.i1 + c, j1: o.j1, j2: o.j1 + c})
			hunks = append(hunks, cur)
			cur = nil
		}
		if !last { // leading context of the next hunk
			c := min(n, Context)
			cur = append(cur, op{tag: 'e', i1: o.i2 - c, i2: o.i2, j1: o.j2 - c, j2: o.j2})
		}
	}
	if len(cur) > 0 {
		hunks = append(hunks, cur)
	}
	return hunks
}

func writeHunk(b *strings.Builder, old Text, h []op) {
	first, last := h[0], h[len(h)-1]
	fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(first.i1, last.i2), hunkRange(first.j1, last.j2))
	for _, o := range h {
		if o.tag == 'e' {
			writeLines(b, ' ', oldLines(old, o.i1, o.i2))
			continue
		}
		writeLines(b, '-', oldLines(old, o.i1, o.i2))
		writeLines(b, '+', o.added)
	}
}

// hunkRange formats lines [start, end) (0-based) the way unified diffs do:
// an empty range names the line before it.
func hunkRange(start, end int) string {
	switch n := end - start; n {
	case 0:
		return strconv.Itoa(start) + ",0"
	case 1:
		return strconv.Itoa(start + 1)
	default:
		return strconv.Itoa(start+1) + "," + strconv.Itoa(n)
	}
}

func writeLines(b *strings.Builder, prefix byte, lines []string) {
	for _, l := range lines {
		b.WriteByte(prefix)
		b.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			b.WriteString("\n\\ No newline at end of file\n")
		}
	}
}
