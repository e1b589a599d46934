package editkit

import (
	"slices"
	"strconv"
	"strings"
)

// lineNumbered: a search copied from a numbered view of the file with its
// line numbers ("    12\tcode" as view shows it, "12→code", "12: code",
// "12 | code"), every line numbered in order. Without the numbers it must
// be the file's text: at the lines the numbers name, or, when the file
// changed since it was viewed, wherever the file has it (once, or it is
// ambiguous as any search). A replacement numbered the same way loses its
// numbers too.
type lineNumbered struct{ builtinTier }

func (lineNumbered) Name() string { return "line-numbered" }

func (lineNumbered) Find(q *Query) []Match {
	text, first, ok := unnumber(q.Search)
	if !ok || q.Multiple || strings.TrimSpace(text) == "" {
		return nil
	}
	buf := q.buffer()
	fit := func(r string) string {
		if u, _, ok := unnumber(r); ok {
			return u
		}
		return r
	}
	if at := first - 1; at >= 0 && at < buf.LineCount() {
		if start := buf.LineStart(at); buf.Slice(start, min(start+len(text), buf.Len())) == text {
			return spans([]int{start}, len(text), fit)
		}
	}
	// A view's text starts at a line's start: so must the match.
	offs := slices.DeleteFunc(buf.FindAll(text, true, limitFor(q)), func(o int) bool { return buf.LineStartOf(o) != o })
	return atLineStart(q, text, spans(offs, len(text), fit))
}

// unnumber returns s without the line number and separator in front of
// each of its lines, and the first number; ok is false unless every line
// has one, counting up by one, all with the same separator (a blank line
// may be its number alone).
func unnumber(s string) (text string, first int, ok bool) {
	body, final := strings.CutSuffix(s, "\n")
	lines := strings.Split(body, "\n")
	sep := ""
	for i, l := range lines {
		t := strings.TrimLeft(l, " ")
		d := len(t) - len(strings.TrimLeft(t, "0123456789"))
		if d == 0 || d > 9 {
			return "", 0, false
		}
		n, _ := strconv.Atoi(t[:d])
		if i == 0 {
			if first = n; n == 0 {
				return "", 0, false // a view counts from 1
			}
		} else if n != first+i {
			return "", 0, false
		}
		rest := t[d:]
		if strings.TrimSpace(rest) == "" {
			lines[i] = "" // a blank line, its separator trimmed away
			continue
		}
		here := numberSeparator(rest)
		if here == "" || sep != "" && here != sep {
			return "", 0, false
		}
		sep, lines[i] = here, rest[len(here):]
	}
	if sep == "" {
		return "", 0, false // numbers alone: a list of numbers, not a view
	}
	text = strings.Join(lines, "\n")
	if final {
		text += "\n"
	}
	return text, first, true
}

// numberSeparator returns the separator a numbered view puts between a
// line's number and its text, at the start of rest, or "".
func numberSeparator(rest string) string {
	for _, s := range []string{"\t", "→", ": ", " | ", "| ", "|"} {
		if strings.HasPrefix(rest, s) {
			return s
		}
	}
	return ""
}
