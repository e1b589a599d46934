package text

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// An Edit replaces the body bytes [Start, End) with New, whose line breaks
// are written "\n". Edits are the one currency between editkit's parts.
type Edit struct {
	Start, End int
	New        string
}

// Apply returns the file's bytes with edits applied to the body. Edits must
// be sorted by Start and must not overlap. Every byte outside the edited
// spans is copied from the original: its encoding, BOM and line ends stay as
// they were. Line breaks in new text take the ending of the line breaks they
// replace, in order; where an edit replaces none, the ending of the line it
// sits in or next to. New text the encoding cannot represent is an *Error.
// New text at the body's start keeps the file to its one BOM (KeepBOM).
func (d *Doc) Apply(edits []Edit) ([]byte, error) {
	if err := d.checkEdits(edits); err != nil {
		return nil, err
	}
	edits = d.KeepBOM(edits)
	if d.enc.stateful {
		edits = d.wholeLines(edits)
	}
	out := make([]byte, 0, len(d.raw)+growth(edits))
	pos := 0
	ours := false // the bytes out ends with are new text, not the file's
	for _, e := range edits {
		rs, err := d.rawOffset(e.Start)
		if err != nil {
			return nil, err
		}
		re, err := d.rawOffset(e.End)
		if err != nil {
			return nil, err
		}
		if rs > pos {
			out, ours = d.appendRaw(out, d.raw[pos:rs], ours), false
		}
		if out, err = d.encodeNew(out, e); err != nil {
			return nil, err
		}
		if e.New != "" {
			ours = true
		}
		pos = re
	}
	if pos < len(d.raw) {
		out = d.appendRaw(out, d.raw[pos:], ours)
	}
	return out, nil
}

// KeepBOM returns edits without the byte order mark that new text written
// at the start of the body may begin with, when the file has a BOM of its
// own: a request that copied the file's text from a raw read (a shell's
// cat) carries the BOM along, and written as text it would be a second
// one, a stray character at the start of the first line. The file's own
// BOM stays, as every byte outside the edits does. Apply does this itself;
// a diff of the edits needs it to show what was written.
func (d *Doc) KeepBOM(edits []Edit) []Edit {
	if d.bom == 0 || len(edits) == 0 || edits[0].Start != 0 || !strings.HasPrefix(edits[0].New, BOM) {
		return edits
	}
	out := slices.Clone(edits)
	out[0].New = strings.TrimPrefix(out[0].New, BOM)
	return out
}

// appendRaw appends bytes of the file after an edit. A line ending in a
// lone CR cannot be followed by an LF: the two would read back as one CRLF,
// and a line would vanish. When an edit brings them together, one of the
// two becomes a CRLF: the edit's own last line break when the edit wrote
// it (ours), else the break that follows.
func (d *Doc) appendRaw(out, raw []byte, ours bool) []byte {
	if bytes.HasSuffix(out, d.enc.cr) && bytes.HasPrefix(raw, d.enc.lf) {
		if ours {
			out = append(out, d.enc.lf...)
		} else {
			out = append(out, d.enc.cr...)
		}
	}
	return append(out, raw...)
}

func growth(edits []Edit) int {
	n := 0
	for _, e := range edits {
		if g := len(e.New) - (e.End - e.Start); g > 0 {
			n += g + g/2
		}
	}
	return n
}

func (d *Doc) checkEdits(edits []Edit) error {
	prev := 0
	for i, e := range edits {
		if e.Start < prev || e.End < e.Start || e.End > len(d.body) {
			return &Error{Msg: fmt.Sprintf("edit %d [%d,%d) is out of order or outside the text (length %d)", i, e.Start, e.End, len(d.body))}
		}
		if !d.charBoundary(e.Start) || !d.charBoundary(e.End) {
			return &Error{Line: d.LineOf(e.Start) + 1, Msg: fmt.Sprintf("edit %d [%d,%d) splits a character", i, e.Start, e.End)}
		}
		if !utf8.ValidString(e.New) {
			return &Error{Line: d.LineOf(e.Start) + 1, Msg: "the new text is not valid UTF-8"}
		}
		prev = e.End
	}
	return nil
}

func (d *Doc) charBoundary(off int) bool {
	return off == len(d.body) || utf8.RuneStart(d.body[off])
}

// wholeLines widens edits to whole lines, merging those that then touch, for
// encodings whose shift state only resets at line ends.
func (d *Doc) wholeLines(edits []Edit) []Edit {
	var out []Edit
	for _, e := range edits {
		ls := d.starts[d.LineOf(e.Start)]
		le := e.End
		if l := d.LineOf(e.End); l < d.LineCount() && d.starts[l] != e.End {
			le = d.starts[l] + len(d.Line(l))
		}
		w := Edit{Start: ls, End: le, New: d.body[ls:e.Start] + e.New + d.body[e.End:le]}
		if n := len(out); n > 0 && out[n-1].End >= w.Start {
			last := &out[n-1]
			last.New += d.body[last.End:w.Start] + w.New
			last.End = w.End
			continue
		}
		out = append(out, w)
	}
	return out
}

// rawOffset maps a body offset to a raw offset.
func (d *Doc) rawOffset(off int) (int, error) {
	if off == len(d.body) {
		return len(d.raw), nil
	}
	i := d.LineOf(off)
	col := off - d.starts[i]
	if d.enc.enc == nil {
		return d.rawStart(i) + col, nil
	}
	content := d.Line(i)
	if col > len(content) { // cannot happen: off would be on line i+1
		return 0, &Error{Line: i + 1, Msg: "offset inside a line break"}
	}
	rs := d.rawStart(i)
	c := d.enc.rawColumn(d.raw[rs:d.rawContentEnd(i)], content, col)
	if c < 0 {
		return 0, &Error{Line: i + 1, Msg: fmt.Sprintf("line %d: an edit boundary falls inside a character", i+1)}
	}
	return rs + c, nil
}

// encodeNew appends e.New in the file's encoding, each "\n" written as the
// line end the rules in Apply pick.
func (d *Doc) encodeNew(out []byte, e Edit) ([]byte, error) {
	if e.New == "" {
		return out, nil
	}
	first, count := d.replacedBreaks(e)
	neighbor := EOL(0)
	line := d.LineOf(e.Start) + 1
	rest := e.New
	for k := 0; ; k++ {
		i := strings.IndexByte(rest, '\n')
		seg := rest
		if i >= 0 {
			seg = rest[:i]
		}
		var err error
		if out, err = d.enc.encode(out, seg); err != nil {
			return nil, &Error{Line: line, Msg: fmt.Sprintf("line %d: %v", line, err)}
		}
		if i < 0 {
			return out, nil
		}
		var eol EOL
		if count > 0 {
			eol = d.EOL(first + min(k, count-1))
		} else {
			if neighbor == 0 {
				neighbor = d.neighborEOL(e)
			}
			eol = neighbor
		}
		if eol == LF && bytes.HasSuffix(out, d.enc.cr) {
			eol = CRLF // an LF right after a lone CR would merge with it
		}
		out = d.appendEOL(out, eol)
		rest = rest[i+1:]
		line++
	}
}

// replacedBreaks reports which original line breaks lie inside [e.Start,
// e.End): those of lines first .. first+count-1.
func (d *Doc) replacedBreaks(e Edit) (first, count int) {
	if e.End == e.Start {
		return 0, 0
	}
	first = d.LineOf(e.Start)
	last := d.LineOf(e.End) // lines first..last-1 have their break inside
	if n := d.LineCount(); last == n && n > 0 && d.EOL(n-1) == None {
		last-- // the unterminated last line has no break to copy
	}
	return first, max(last-first, 0)
}

// neighborEOL is the ending for new line breaks that replace none: that of
// the line the edit ends in, else of the line before, else the file's most
// common one.
func (d *Doc) neighborEOL(e Edit) EOL {
	n := d.LineCount()
	if l := d.LineOf(e.End); l < n && d.EOL(l) != None {
		return d.EOL(l)
	}
	// Otherwise the edit is on or after the unterminated last line.
	for p := min(d.LineOf(e.Start), n) - 1; p >= 0; p-- {
		if d.EOL(p) != None {
			return d.EOL(p)
		}
	}
	return d.dominantEOL()
}

func (d *Doc) appendEOL(out []byte, eol EOL) []byte {
	switch eol {
	case CRLF:
		out = append(out, d.enc.cr...)
		return append(out, d.enc.lf...)
	case CR:
		return append(out, d.enc.cr...)
	}
	return append(out, d.enc.lf...)
}
