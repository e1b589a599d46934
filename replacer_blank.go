package editkit

import (
	"strings"

	"github.com/editkit/editkit/internal/buffer"
)

// blankLines: whole lines equal once indentation is ignored, as
// line-trimmed compares them, where the search has a blank line more or
// less than the file between two of them — a model drops or adds one when
// it copies a block. The file's blank lines are put back in the
// replacement wherever it keeps the search's spacing.
type blankLines struct{ builtinTier }

func (blankLines) Name() string { return "blank-lines-ignored" }

func (blankLines) Find(q *Query) []Match {
	sl := q.lines()
	var core []string // the search's lines that say something
	for _, l := range sl.lines {
		if !isBlank(l) {
			core = append(core, l)
		}
	}
	if len(core) < 2 {
		return nil
	}
	// Blank lines the search starts or ends with are matched when the file
	// has them there too, and dropped from the replacement when it does not.
	lead, trail := 0, 0
	for isBlank(sl.lines[lead]) {
		lead++
	}
	for isBlank(sl.lines[len(sl.lines)-1-trail]) {
		trail++
	}
	buf := q.buffer()
	at := buffer.Anchor(core)
	occ := buf.Occurrences(buffer.Trim, core[at], 0)
	var ms []Match
	for _, x := range occ {
		first, ok := solidBack(buf, x, at)
		if !ok {
			continue
		}
		last, ok := solidRun(buf, first, core)
		if !ok {
			continue
		}
		if last-first+1 == len(sl.lines)-lead-trail {
			continue // the same spacing: line-trimmed's, which did not take it
		}
		var trims []func(string) string
		if blankRun(buf, first-lead, first) {
			first -= lead
		} else if lead > 0 {
			trims = append(trims, func(r string) string { return dropBlankLines(r, lead) })
		}
		endsNL := sl.endsNL
		if blankRun(buf, last+1, last+1+trail) {
			last += trail
		} else if trail > 0 {
			endsNL = true
			trims = append(trims, func(r string) string { return strings.TrimRight(r, " \t\n") + "\n" })
		}
		file := fileLines(buf, first, last-first+1)
		m := Match{Start: buf.LineStart(first), End: blockEnd(buf, last, endsNL)}
		pairs := pairLines(core, solidLines(file))
		m.Fit = chainFits(append(trims, reindentFit(pairs, unitNear(buf, first)), blankFit(sl.lines, file))...)
		if ms = append(ms, m); !q.Multiple && len(ms) >= maxCandidates {
			break
		}
	}
	return ms
}

// solidBack returns the line n lines that say something before line x.
func solidBack(buf *buffer.Buffer, x, n int) (int, bool) {
	for ; n > 0; n-- {
		x--
		for x >= 0 && isBlank(buf.Line(x)) {
			x--
		}
		if x < 0 {
			return 0, false
		}
	}
	return x, true
}

// solidRun reports whether the lines that say something from line first
// on equal core, ignoring indentation, and returns the line of the last.
func solidRun(buf *buffer.Buffer, first int, core []string) (int, bool) {
	line := first
	for j, want := range core {
		if j > 0 {
			line++
			for line < buf.LineCount() && isBlank(buf.Line(line)) {
				line++
			}
		}
		if line >= buf.LineCount() || !buffer.Equal(buffer.Trim, buf.Line(line), want) {
			return 0, false
		}
	}
	return line, true
}

func solidLines(lines []string) []string {
	var out []string
	for _, l := range lines {
		if !isBlank(l) {
			out = append(out, l)
		}
	}
	return out
}

// gaps counts the blank lines between each two lines of lines that say
// something.
func gaps(lines []string) []int {
	var g []int
	n := -1
	for _, l := range lines {
		switch {
		case !isBlank(l):
			if n >= 0 {
				g = append(g, n)
			}
			n = 0
		case n >= 0:
			n++
		}
	}
	return g
}

// blankFit gives a replacement the file's blank lines where it keeps the
// search's: between two of its lines that stand for two adjacent lines of
// the search (the same lines, or edited), with as many blank lines between
// them as the search has there, the file's count of blank lines goes
// instead.
func blankFit(search, file []string) func(string) string {
	sGaps, fGaps := gaps(search), gaps(file)
	core := solidLines(search)
	return func(r string) string {
		lines := strings.Split(r, "\n")
		var solid []int // indices of the replacement's lines that say something
		for i, l := range lines {
			if !isBlank(l) {
				solid = append(solid, i)
			}
		}
		if len(solid) == 0 {
			return r
		}
		rl := make([]string, len(solid))
		for i, k := range solid {
			rl[i] = lines[k]
		}
		at := alignLines(rl, core)
		// keep[k] is false for the replacement's blank lines that go, and
		// before[k] is how many of the file's blank lines go before line k.
		keep := make([]bool, len(lines))
		for i := range keep {
			keep[i] = true
		}
		before := map[int]int{}
		prev := -1 // index into solid of the last line that stands for a search line
		for n := range solid {
			if at[n] < 0 {
				continue
			}
			if prev >= 0 && at[n] == at[prev]+1 {
				j := at[prev]
				blanks := 0
				for k := solid[prev] + 1; k < solid[n]; k++ {
					if isBlank(lines[k]) {
						blanks++
					}
				}
				if blanks == sGaps[j] && blanks != fGaps[j] {
					for k := solid[prev] + 1; k < solid[n]; k++ {
						if isBlank(lines[k]) {
							keep[k] = false
						}
					}
					before[solid[n]] = fGaps[j]
				}
			}
			prev = n
		}
		var out []string
		for k, l := range lines {
			for range before[k] {
				out = append(out, "")
			}
			if keep[k] {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
}
