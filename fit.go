package editkit

import (
	"slices"
	"strings"

	"github.com/editkit/editkit/internal/fuzzy"
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
//
// When no one relation explains every pair — the search flattened a nested
// block, or indented some lines a level off — each line of the replacement
// is placed from the search line it corresponds to instead (see
// alignFit): the replacement is never written with the search's wrong
// structure. unit gives the file's indent unit, for the levels the
// replacement adds.
func reindentFit(pairs [][2]string, unit func() string) func(string) string {
	reindent, same := indentMapper(pairs)
	if same {
		return nil
	}
	if !consistentIndent(pairs) {
		return alignFit(pairs, unit)
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

// consistentIndent reports whether one relation — one prefix swapped for
// another, or one indent unit for another — explains the indentation of
// every pair.
func consistentIndent(pairs [][2]string) bool {
	ws := indentPairs(pairs)
	if len(ws) == 0 {
		return true
	}
	if _, ok := prefixShift(ws); ok {
		return true
	}
	_, ok := unitShift(ws)
	return ok
}

// alignFit places each line of a replacement by the search line it
// corresponds to: a line that pairs with search line k (the same text, or
// alike) takes file line k's indentation, plus the levels it is indented
// beyond search line k; a line of its own takes the indentation of the
// placed line above it (or below), plus the levels between the two in the
// replacement. Levels are counted in the search's indent unit and written
// in the file's.
func alignFit(pairs [][2]string, unit func() string) func(string) string {
	search := make([]string, len(pairs))
	file := make([]string, len(pairs))
	for i, p := range pairs {
		search[i], file[i] = p[0], p[1]
	}
	return func(r string) string {
		lines := strings.Split(r, "\n")
		sUnit := unitOf(append(indentsOf(search), indentsOf(lines)...), "    ")
		fUnit := unitOf(indentsOf(file), "")
		if fUnit == "" {
			fUnit = unit()
		}
		at := alignLines(lines, search)
		ind := make([]string, len(lines))
		placed := make([]bool, len(lines))
		for i, k := range at {
			if k >= 0 && !isBlank(lines[i]) {
				d := levels(leadingSpace(lines[i]), sUnit) - levels(leadingSpace(search[k]), sUnit)
				ind[i], placed[i] = addLevels(leadingSpace(file[k]), d, fUnit), true
			}
		}
		set := slices.Clone(placed)
		for i := range lines {
			if placed[i] || isBlank(lines[i]) {
				continue
			}
			j := i - 1
			for j >= 0 && !placed[j] {
				j--
			}
			if j < 0 {
				for j = i + 1; j < len(lines) && !placed[j]; j++ {
				}
			}
			if j >= len(lines) {
				continue // nothing to place it by: leave it as written
			}
			d := levels(leadingSpace(lines[i]), sUnit) - levels(leadingSpace(lines[j]), sUnit)
			ind[i], set[i] = addLevels(ind[j], d, fUnit), true
		}
		for i, l := range lines {
			if set[i] {
				lines[i] = ind[i] + strings.TrimLeft(l, " \t")
			}
		}
		return strings.Join(lines, "\n")
	}
}

// alignLines pairs lines of a replacement with lines of a search, in
// order, preferring equal lines (ignoring indentation) and then alike
// ones; at[i] is the search line of replacement line i, or -1.
func alignLines(repl, search []string) []int {
	n, m := len(repl), len(search)
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	if n*m > 250_000 {
		return at // too many to weigh: every line placed by its neighbours
	}
	weight := func(i, j int) float64 {
		a, b := strings.TrimSpace(repl[i]), strings.TrimSpace(search[j])
		switch {
		case a == b && a != "":
			return 2
		case a == "" || b == "":
			return 0
		case strings.HasPrefix(a, b) || strings.HasPrefix(b, a):
			return 0.6 // a line with something added at its end, as a comment
		case trivial(a) || trivial(b):
			return 0
		}
		if sim := fuzzy.Similarity(a, b, 0.5); sim >= 0.5 {
			return sim
		}
		return 0
	}
	w := m + 1
	best := make([]float64, (n+1)*w)
	for i := 1; i <= n; i++ {
		for j := 1; j <= m; j++ {
			v := max(best[(i-1)*w+j], best[i*w+j-1])
			if wij := weight(i-1, j-1); wij > 0 {
				v = max(v, best[(i-1)*w+j-1]+wij)
			}
			best[i*w+j] = v
		}
	}
	for i, j := n, m; i > 0 && j > 0; {
		switch {
		case best[i*w+j] == best[(i-1)*w+j]:
			i--
		case best[i*w+j] == best[i*w+j-1]:
			j--
		default:
			at[i-1] = j - 1
			i, j = i-1, j-1
		}
	}
	// Between two pairs, the lines left on both sides are the lines the
	// replacement rewrites: paired in order, as far as both go.
	prevI, prevJ := -1, -1
	for i := 0; i <= n; i++ {
		if i < n && at[i] < 0 {
			continue
		}
		nextJ := m
		if i < n {
			nextJ = at[i]
		}
		for a, b := prevI+1, prevJ+1; a < i && b < nextJ; a, b = a+1, b+1 {
			if !isBlank(repl[a]) && !isBlank(search[b]) {
				at[a] = b
			}
		}
		if i < n {
			prevI, prevJ = i, at[i]
		}
	}
	return at
}

func indentsOf(lines []string) []string {
	var out []string
	for _, l := range lines {
		if !isBlank(l) {
			out = append(out, leadingSpace(l))
		}
	}
	return out
}

// unitOf is the indent unit of indents: a tab when they use tabs, else
// the greatest common divisor of their widths in spaces; fallback when they
// say nothing.
func unitOf(indents []string, fallback string) string {
	tabs, g := false, 0
	for _, w := range indents {
		if strings.Contains(w, "\t") {
			tabs = true
		}
		if n := strings.Count(w, " "); n > 0 {
			g = gcd(g, n)
		}
	}
	switch {
	case tabs:
		return "\t"
	case g > 0:
		return strings.Repeat(" ", g)
	}
	return fallback
}

// levels is how many units an indentation is, a tab counting as one tab
// unit or four spaces.
func levels(w, unit string) int {
	tabs, spaces := strings.Count(w, "\t"), strings.Count(w, " ")
	if unit == "\t" {
		return tabs + spaces/4
	}
	if unit == "" {
		return 0
	}
	return (spaces + 4*tabs) / len(unit)
}

// addLevels is base indented d more units (or less, for negative d).
func addLevels(base string, d int, unit string) string {
	if d >= 0 {
		return base + strings.Repeat(unit, d)
	}
	if cut := strings.Repeat(unit, -d); strings.HasSuffix(base, cut) {
		return strings.TrimSuffix(base, cut)
	}
	return strings.Repeat(unit, max(levels(base, unit)+d, 0))
}

// indentedFit fits a replacement for a one-line search that was found
// after the indentation pre of its line, which the search did not have:
// every line of the replacement, written at the search's indentation, gets
// pre before its own — in the file's indent characters — except lines left
// blank. In a file indented with tabs whose lines align after their tabs
// with spaces (C's continuation lines: a tab, then spaces up to an open
// parenthesis), a replacement's lines indented with spaces keep them: they
// align as the file's do. So do the lines of a block comment that a line
// of the replacement opens: a comment's text aligns, it does not nest.
func indentedFit(pre string, unit func() string, aligns func() bool) func(string) string {
	return func(r string) string {
		lines := strings.Split(r, "\n")
		rUnit := unitOf(indentsOf(lines[1:]), "")
		if rUnit == " " {
			rUnit = "" // single spaces align, as a comment's " *" does: they are not levels
		}
		var fUnit string
		switch {
		case strings.Contains(pre, "\t"):
			fUnit = "\t"
			if rUnit != "" && rUnit != "\t" && aligns() {
				rUnit = ""
			}
		case strings.Contains(r, "\n\t"):
			fUnit = unit() // a file indented with spaces, a replacement with tabs
		}
		inComment := false
		for i, l := range lines {
			if isBlank(l) {
				continue
			}
			w := leadingSpace(l)
			if i > 0 && !inComment && rUnit != "" && fUnit != "" && (rUnit == "\t") != (fUnit == "\t") {
				w = strings.Repeat(fUnit, levels(w, rUnit)) // another indent character than the file's
			}
			lines[i] = pre + w + l[len(leadingSpace(l)):]
			inComment = opensComment(l, inComment)
		}
		return strings.Join(lines, "\n")
	}
}

// opensComment reports whether a block comment is open after line l: one
// open before it that l does not close, or one that l, a comment line
// ("/*", "/**", JSX's "{/*"), opens and does not close. ("/*" in code, a
// glob in a string, opens nothing.)
func opensComment(l string, open bool) bool {
	if !open {
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "/*") && !strings.HasPrefix(t, "{/*") {
			return false
		}
		l = t[strings.Index(t, "/*")+2:]
	}
	return !strings.Contains(l, "*/")
}
