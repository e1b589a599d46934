package editkit

import (
	"strings"
	"unicode"
)

// escapes reads text that a model wrote with escapes (a line break as \n,
// a tab as \t) the way the text itself shows it was escaped. Models
// escape inconsistently: most write line breaks as \n and leave quotes
// and backslashes as the code has them, so a \" or a \n inside a string
// may be the code's own. What the text shows settles some of it:
//
//   - A quote character the text also has bare (no backslash before it)
//     was not escaped: a backslash before it is the code's (\" in a Java
//     string, \' in a PHP one, \` in a shell one) and stays.
//   - A \n that keeps a line of the file whole, written as it stands
//     there ("\r\n" in a comment, '\n' in a join), is the code's: that
//     line is taken as the file has it, not broken in two.
//
// What is left (a \n inside a new line's string) cannot be told from a
// line break; unescapeDoubt refuses the places where it shows.
type escapes struct {
	keepQuote [3]bool // ", ' and `: the text has them bare
	// lines are the file's lines, trimmed, that hold a backslash before
	// an n, r or t: the lines a \n of the text may belong to; all of them
	// too, one after another.
	lines map[string]bool
	all   string
}

const escapeQuotes = "\"'`"

// maxJoined bounds the \n one line of the file may hold, as escapes
// reads them.
const maxJoined = 4

// maxDoubtBreaks bounds the \n of one text that read checks with
// breakDoubt: each reads the file's lines that hold escapes.
const maxDoubtBreaks = 64

// breakContext is how much text around a \n, both sides together,
// breakDoubt must find around a \n written out in a line of the file (it
// reads up to twice as much on each side).
const breakContext = 8

// readEscapes reads how text (a search and its replacement together:
// one hand wrote both) was escaped, against the file's text.
func readEscapes(text, file string) *escapes {
	e := &escapes{}
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\\' {
			i++
		} else if q := strings.IndexByte(escapeQuotes, c); q >= 0 {
			e.keepQuote[q] = true
		}
	}
	if strings.Contains(text, `\n`) {
		e.lines, e.all = linesWithEscapes(file) // only a \n joins or splits a line
	}
	return e
}

// linesWithEscapes is the set of file's lines, trimmed, that hold \n, \r
// or \t written out, and those lines joined: one scan of the file.
func linesWithEscapes(file string) (map[string]bool, string) {
	var lines map[string]bool
	var all strings.Builder
	for off := 0; off < len(file); {
		i := strings.IndexByte(file[off:], '\\')
		if i < 0 {
			break
		}
		i += off
		end := strings.IndexByte(file[i:], '\n')
		if end < 0 {
			end = len(file)
		} else {
			end += i
		}
		if i+1 < end && strings.IndexByte("nrt", file[i+1]) >= 0 {
			if lines == nil {
				lines = map[string]bool{}
			}
			line := strings.TrimSpace(file[strings.LastIndexByte(file[:i], '\n')+1 : end])
			lines[line] = true
			all.WriteString(line)
			all.WriteByte('\n')
			off = end + 1
			continue
		}
		off = i + 2
	}
	return lines, all.String()
}

// unescape undoes the escaping of s as e reads it.
func (e *escapes) unescape(s string) string {
	out, _ := e.read(s)
	return out
}

// read undoes the escaping of s as e reads it, and reports the first \n
// it read as a line break though a line of the file has \n written out
// between the same text (see breakDoubt): a line of the file, changed,
// whose \n is the code's own. (Its context, or "".)
func (e *escapes) read(s string) (out, doubt string) {
	if !strings.Contains(s, `\`) {
		return s, ""
	}
	var breaks []int // where each \n starts
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '\\' {
			if s[i+1] == 'n' {
				breaks = append(breaks, i)
			}
			i++
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	start := 0
	for k := 0; k <= len(breaks); {
		end := len(s)
		if k < len(breaks) {
			end = breaks[k]
		}
		// The longest stretch of this line and the next ones, joined by
		// their \n written as they stand, that is a line of the file.
		joined := -1
		for n := k + 1; n <= min(k+maxJoined, len(breaks)) && len(e.lines) > 0; n++ {
			to := len(s)
			if n < len(breaks) {
				to = breaks[n]
			}
			if e.lines[lineCore(s[start:to])] {
				joined, end = n, to
			}
		}
		if joined >= 0 {
			line := s[start:end]
			core := lineCore(line)
			at := strings.Index(line, core)
			b.WriteString(e.unescapePart(line[:at]))
			b.WriteString(core)
			b.WriteString(e.unescapePart(line[at+len(core):]))
			k = joined
		} else {
			b.WriteString(e.unescapePart(s[start:end]))
		}
		if k >= len(breaks) {
			break
		}
		if doubt == "" && e.all != "" && k < maxDoubtBreaks {
			doubt = e.breakDoubt(s, start, breaks[k])
		}
		b.WriteByte('\n')
		start = breaks[k] + 2
		k++
	}
	return b.String(), doubt
}

// breakDoubt returns the text around the \n at br (in the line that
// starts at start, and the next) when a line of the file has \n written
// out between the same text: some on each side, breakContext bytes or
// more in all, most of them not spaces. Else "".
func (e *escapes) breakDoubt(s string, start, br int) string {
	next := len(s)
	if i := strings.Index(s[br+2:], `\n`); i >= 0 {
		next = br + 2 + i
	}
	left := s[max(start, br-2*breakContext):br]
	right := s[br+2 : min(next, br+2+2*breakContext)]
	for off := 0; off < len(e.all); {
		i := strings.Index(e.all[off:], `\n`)
		if i < 0 {
			break
		}
		at := off + i
		l, r := commonSuffix(left, e.all[:at]), commonPrefix(right, e.all[at+2:])
		if l > 0 && r > 0 && l+r >= breakContext {
			if ctx := left[len(left)-l:] + `\n` + right[:r]; len(ctx)-strings.Count(ctx, " ") >= breakContext/2+2 {
				return ctx
			}
		}
		off = at + 2
	}
	return ""
}

// commonPrefix is how many bytes a and b start with alike.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// commonSuffix is how many bytes a and b end with alike.
func commonSuffix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

// lineCore is a line of escaped text without the space around it,
// whether written as it is or with escapes (\t): what a line of the file,
// trimmed, is compared with.
func lineCore(line string) string {
	for {
		t := strings.TrimPrefix(strings.TrimLeftFunc(line, unicode.IsSpace), `\t`)
		if t == line {
			break
		}
		line = t
	}
	for {
		t := strings.TrimSuffix(strings.TrimRightFunc(line, unicode.IsSpace), `\t`)
		if t == line {
			return line
		}
		line = t
	}
}

// unescapePart undoes the escapes of s, a part of a line: \n, \t, \r and,
// \\, and as e reads them \", \' and \`; and a backslash before a line break.
// Other backslashes stay.
func (e *escapes) unescapePart(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		n, q := s[i+1], strings.IndexByte(escapeQuotes, s[i+1])
		switch {
		case n == 'n' || n == '\n':
			b.WriteByte('\n')
		case n == 't':
			b.WriteByte('\t')
		case n == 'r':
			b.WriteByte('\r')
		case n == '\\', q >= 0 && !e.keepQuote[q]:
			b.WriteByte(n)
		default:
			b.WriteByte(c)
			b.WriteByte(n)
		}
		i++
	}
	return b.String()
}
