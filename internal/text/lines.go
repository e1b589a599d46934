package text

import "strings"

// Lines is text addressed by lines, as Doc is.
type Lines interface {
	Len() int
	LineCount() int
	LineStart(i int) int // byte offset of line i (0-based); LineStart(LineCount()) == Len()
	Slice(start, end int) string
}

// A LineEdit replaces lines [From, To) (0-based; From == To inserts before
// line From, From == LineCount appends) with Text, whole lines whose last
// line end may be left out.
type LineEdit struct {
	From, To int
	Text     string
}

// LineEdits turns line edits of t, sorted by From and not overlapping
// (several inserts at one place keep their order), into edits of its bytes.
// New lines end with "\n"; and a text whose last line has no line end keeps
// none: the edits are worked out as if it had one, and the edit that then
// reaches the end gives it up.
func LineEdits(t Lines, les []LineEdit) []Edit {
	n, size := t.LineCount(), t.Len()
	unterminated := n > 0 && t.Slice(size-1, size) != "\n"
	start := func(i int) int { // offsets as if the last line had its line end
		if i >= n {
			return size + boolInt(unterminated)
		}
		return t.LineStart(i)
	}
	edits := make([]Edit, 0, len(les))
	for _, le := range les {
		s := le.Text
		if s != "" && !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		edits = append(edits, Edit{Start: start(le.From), End: start(le.To), New: s})
	}
	if unterminated {
		edits = giveUpFinalNewline(edits, size)
	}
	return edits
}

// giveUpFinalNewline rewrites edits worked out on a text of size bytes plus
// an imagined final "\n" into edits of the text itself, whose result has no
// final newline either. Only the run of edits that reaches the end changes.
func giveUpFinalNewline(edits []Edit, size int) []Edit {
	last := len(edits)
	for last > 0 && edits[last-1].End == size+1 || last > 0 && edits[last-1].Start == size+1 {
		last--
	}
	if last == len(edits) {
		return edits // the imagined line end is untouched: the result keeps it off
	}
	// Merge the run that reaches the end, and whatever abuts it, into one
	// edit: its new text ends where the imagined line end was.
	for last > 0 && edits[last-1].End == edits[last].Start {
		last--
	}
	m := Edit{Start: edits[last].Start}
	var b strings.Builder
	for _, e := range edits[last:] {
		b.WriteString(e.New)
	}
	m.New = b.String()
	switch {
	case m.Start == size+1: // only appends: they follow a line end the text lacks
		m.Start, m.New = size, "\n"+strings.TrimSuffix(m.New, "\n")
	case m.New == "" && m.Start > 0: // the last lines deleted: the line before ends the text
		m.Start--
	default:
		m.New = strings.TrimSuffix(m.New, "\n")
	}
	m.End = size
	return append(edits[:last], m)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
