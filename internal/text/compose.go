package text

import (
	"slices"
	"sort"
)

// A Composer records edits made one after another, each to the text the
// previous ones produced, as one list of edits of the original text: what
// Apply needs to write the result while copying every untouched byte of the
// original. The zero value has recorded nothing.
type Composer struct {
	edits []Edit // of the original text, sorted, not overlapping
}

// Add records that [start, end) of the current text became s. current
// returns slices of the current text (before this edit); it is called for
// the text between this edit and earlier ones it touches, which merge.
func (c *Composer) Add(start, end int, s string, current func(from, to int) string) {
	// Positions in the current text of each recorded edit's new text.
	delta := 0
	first, last := -1, -1
	var curStart, curEnd, deltaBefore, deltaAfter int
	for i, e := range c.edits {
		cs := e.Start + delta
		ce := cs + len(e.New)
		if ce >= start && cs <= end {
			if first < 0 {
				first, curStart, deltaBefore = i, cs, delta
			}
			last, curEnd = i, ce
			deltaAfter = delta + len(e.New) - (e.End - e.Start)
		} else if cs > end {
			break
		}
		delta += len(e.New) - (e.End - e.Start)
		if first < 0 {
			deltaBefore = delta
		}
	}
	if first < 0 {
		// Touches no recorded edit: it maps straight back to the original.
		// Recorded edits it does not touch lie strictly before or after it.
		e := Edit{Start: start - deltaBefore, End: end - deltaBefore, New: s}
		i := sort.Search(len(c.edits), func(i int) bool { return c.edits[i].Start > e.Start })
		c.edits = slices.Insert(c.edits, i, e)
		return
	}
	// Merge with the recorded edits it touches.
	from, to := min(start, curStart), max(end, curEnd)
	merged := Edit{New: current(from, start) + s + current(end, to)}
	if from < curStart {
		merged.Start = from - deltaBefore
	} else {
		merged.Start = c.edits[first].Start
	}
	if to > curEnd {
		merged.End = to - deltaAfter
	} else {
		merged.End = c.edits[last].End
	}
	c.edits = append(c.edits[:first], append([]Edit{merged}, c.edits[last+1:]...)...)
}

// Edits returns the recorded edits as edits of the original text, sorted.
// The caller must not modify them.
func (c *Composer) Edits() []Edit { return c.edits }
