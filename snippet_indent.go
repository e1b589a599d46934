package editkit

import "strings"

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

// verbatim reports whether a snippet line of width sWidth and a file line
// of width fWidth stand at one indentation, as r's own pair does: the
// snippet copies the file's indentation there, whatever steps the two are
// read to have (a doc comment's two spaces in a file whose comments take
// three).
//
// Measured on replay, for the lines align pairs next to a segment's runs:
// 90 more right merges over the kinds of 52 repositories (doc comments
// of zlib, backbone, Newtonsoft.Json, cobra and libevent whose "/**" or
// "*/" was left out of the lines replaced, or read as another comment's),
// none lost, no wrong merge added. In growWith too, it gained three
// blocks and lost three snippets of one zlib commit.
func (r relation) verbatim(sWidth, fWidth int) bool {
	return r.sw == r.fw && sWidth == fWidth
}

// agrees reports whether o reads every snippet depth as r does.
func (r relation) agrees(o relation) bool {
	return r.sUnit*o.fUnit == o.sUnit*r.fUnit && r.depth(o.sw, o.fw) == 0
}

// keepsMargin reports whether r puts each of lines at the file's margin
// or deeper: a reading that moves a line left of the margin is not one.
func (r relation) keepsMargin(lines []string, tab int) bool {
	for _, l := range lines {
		if !isBlank(l) && r.fw*r.sUnit+(indentWidth(l, tab)-r.sw)*r.fUnit < 0 {
			return false
		}
	}
	return true
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

// maxStep is the widest step of indentation: a wider change aligns a
// continuation line under its call's bracket. (Counted, two Lua
// continuation lines at 21 columns, below lines at 4, made a step of 17
// that misread every depth.)
// Measured on replay: 5 more right merges of 1,050 on snippet, placed,
// styled and dedented on ten new repositories, 6 more on snippet of 25
// more, 3 more on ten held out (dedented and open-ends); none lost, none
// wrong.
const maxStep = 8

// indentStep is the usual change of indentation between neighbouring
// lines, in columns: the most frequent one of two columns or more (single
// columns align comments) and maxStep or fewer, 0 when the lines show none
// or show it only once. One change says too little: a docstring's
// continuation lines or an argument list aligned under a bracket are not a
// step, and a step guessed from one of them would misread every depth of
// the snippet. In a line indented with tabs, only the tabs count: spaces
// after them align. A line that starts with "#" at the margin (C's and
// C#'s "#if", a comment put there) stands there whatever the depth, and is
// left out.
//
// Measured on replay, "#" at the margin left out: 5 more right merges on
// snippet, styled and open-ends of 25 repositories (Newtonsoft.Json's
// tests) and one more swallowed marker refused on ten held out; none lost,
// none wrong.
func indentStep(lines []string, tab int) int {
	t := tab
	if t == 0 {
		t = 4
	}
	count := map[int]int{}
	prev := -1
	for _, l := range lines {
		if isBlank(l) || l[0] == '#' {
			continue
		}
		w := indentWidth(l, t)
		if strings.HasPrefix(l, "\t") {
			// Spaces after tabs align (a continuation under an opening
			// bracket): the step is the tabs'.
			w = (len(l) - len(strings.TrimLeft(l, "\t"))) * t
		}
		if prev >= 0 {
			if d := max(w-prev, prev-w); d >= 2 && d <= maxStep {
				count[d]++
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
	if bestN < 2 {
		return 0
	}
	return best
}
