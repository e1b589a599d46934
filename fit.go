package editkit

import (
	"strings"
)

// reindentFit returns a Fit that re-indents a replacement written with the
// search's indentation into the matched lines' indentation, in the file's
// own indent characters; nil when the two agree. pairs are (search line,
// file line) pairs known to correspond.
//
// Indentation the search showed maps to what the file has there; other
// indentation follows the relation the pairs show: one prefix swapped for
// another (the search re-indented or dedented as a whole), or one unit for
// another (tabs written as spaces, two spaces for four).
func reindentFit(pairs [][2]string) func(string) string {
	reindent, same := indentMapper(pairs)
	if same {
		return nil
	}
	return func(r string) string {
		lines := strings.Split(r, "\n")
		for i, l := range lines {
			if l == "" {
				continue // an empty line stays empty
			}
			w := leadingSpace(l)
			if to, ok := reindent(w); ok {
				lines[i] = to + l[len(w):]
			}
		}
		return strings.Join(lines, "\n")
	}
}

// indentMapper returns the function that maps a search indentation to the
// file's, as reindentFit describes, and whether the pairs show no
// difference at all.
func indentMapper(pairs [][2]string) (func(string) (string, bool), bool) {
	seen := map[string]string{}
	ambiguous := map[string]bool{}
	same := true
	ws := indentPairs(pairs)
	for _, p := range ws {
		s, f := p[0], p[1]
		if s != f {
			same = false
		}
		if prev, ok := seen[s]; ok && prev != f {
			ambiguous[s] = true
		}
		seen[s] = f
	}
	for s := range ambiguous {
		delete(seen, s)
	}
	var model func(string) (string, bool)
	if sh, ok := prefixShift(ws); ok {
		model = sh.apply
	} else if u, ok := unitShift(ws); ok {
		model = u.apply
	}
	return func(w string) (string, bool) {
		if to, ok := seen[w]; ok {
			return to, true
		}
		if model != nil {
			return model(w)
		}
		return "", false
	}, same
}

// reproduces reports whether search, re-indented the way its pairing with
// file says, is file exactly, whitespace-only lines included.
func reproduces(search, file []string) bool {
	if len(search) != len(file) {
		return false
	}
	reindent, _ := indentMapper(pairLines(search, file))
	for i, s := range search {
		w := leadingSpace(s)
		to, ok := reindent(w)
		if !ok {
			to = w
		}
		if to+s[len(w):] != file[i] {
			return false
		}
	}
	return true
}

// shift says the file's indentation is the search's with prefix from
// replaced by prefix to.
type shift struct{ from, to string }

func (s shift) apply(w string) (string, bool) {
	if !strings.HasPrefix(w, s.from) {
		return "", false
	}
	return s.to + w[len(s.from):], true
}

// indentPairs is the leading whitespace of each pair of lines, skipping
// pairs where either line is blank.
func indentPairs(pairs [][2]string) [][2]string {
	var ws [][2]string
	for _, p := range pairs {
		if !isBlank(p[0]) && !isBlank(p[1]) {
			ws = append(ws, [2]string{leadingSpace(p[0]), leadingSpace(p[1])})
		}
	}
	return ws
}

// prefixShift finds the one prefix swap that turns each search indent of
// ws into the file's.
func prefixShift(ws [][2]string) (shift, bool) {
	var sh shift
	for i, p := range ws {
		s, f := p[0], p[1]
		n := 0 // common suffix: the part of the indentation both share
		for n < len(s) && n < len(f) && s[len(s)-1-n] == f[len(f)-1-n] {
			n++
		}
		cur := shift{from: s[:len(s)-n], to: f[:len(f)-n]}
		if i == 0 {
			sh = cur
		} else if cur != sh {
			return shift{}, false
		}
	}
	return sh, len(ws) > 0
}

// unit says indentation is counted in units: the search's indent of n
// search units is the file's of n+offset file units.
type unit struct {
	from, to string
	offset   int
}

func (u unit) apply(w string) (string, bool) {
	if w == "" {
		return strings.Repeat(u.to, max(u.offset, 0)), true
	}
	n, ok := units(w, u.from)
	if !ok {
		return "", false
	}
	return strings.Repeat(u.to, max(n+u.offset, 0)), true
}

// unitShift finds the unit conversion that turns each search indent of ws
// into the file's.
func unitShift(ws [][2]string) (unit, bool) {
	var s, f []string
	for _, p := range ws {
		s, f = append(s, p[0]), append(f, p[1])
	}
	from, ok1 := indentUnit(s)
	to, ok2 := indentUnit(f)
	if !ok1 || !ok2 {
		return unit{}, false
	}
	u := unit{from: from, to: to}
	for i, p := range ws {
		ns, ok1 := units(p[0], from)
		nf, ok2 := units(p[1], to)
		if !ok1 || !ok2 {
			return unit{}, false
		}
		if i == 0 {
			u.offset = nf - ns
		} else if nf-ns != u.offset {
			return unit{}, false
		}
	}
	return u, true
}

// indentUnit is the indentation step of a set of indents made of one
// character: a tab, or the greatest common divisor of the space widths.
func indentUnit(indents []string) (string, bool) {
	char := byte(0)
	g := 0
	for _, w := range indents {
		for i := 0; i < len(w); i++ {
			if char == 0 {
				char = w[i]
			}
			if w[i] != char || (char != ' ' && char != '\t') {
				return "", false
			}
		}
		if len(w) > 0 {
			g = gcd(g, len(w))
		}
	}
	switch {
	case char == 0:
		return "", false
	case char == '\t':
		return "\t", true
	}
	return strings.Repeat(" ", g), true
}

func units(w, unit string) (int, bool) {
	if unit == "" || len(w)%len(unit) != 0 || strings.Repeat(unit, len(w)/len(unit)) != w {
		return 0, false
	}
	return len(w) / len(unit), true
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
