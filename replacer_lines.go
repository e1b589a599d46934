package editkit

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/editkit/editkit/internal/buffer"
)

// builtinTier marks editkit's own replacers, which search the indexed
// buffer and never need Query.Content spelled out.
type builtinTier struct{}

func (builtinTier) builtin() {}

// exact: the search text, byte for byte, anywhere. When one location is
// wanted, overlapping occurrences count as separate locations.
type exact struct{ builtinTier }

func (exact) Name() string { return "exact" }

func (exact) Find(q *Query) []Match {
	return atLineStart(q, q.Search, spans(q.buffer().FindAll(q.Search, !q.Multiple, limitFor(q)), len(q.Search), nil))
}

// multiOccurrence: every exact occurrence, leftmost first and not
// overlapping, for a request that replaces them all. In the default chain
// exact reports them first; this keeps replace-all working in chains built
// without exact.
type multiOccurrence struct{ builtinTier }

func (multiOccurrence) Name() string { return "multi-occurrence" }

func (multiOccurrence) Find(q *Query) []Match {
	if !q.Multiple {
		return nil
	}
	return atLineStart(q, q.Search, spans(q.buffer().FindAll(q.Search, false, 0), len(q.Search), nil))
}

// atLineStart fits the replacements of a one-line search found where the
// indentation of its line ends: the search was written without that
// indentation, and so, most likely, was the replacement, whose later lines
// then need it (laterLinesFit). A match that starts after other text on
// its line, as foo(a) inside x := foo(a), is left as it is.
func atLineStart(q *Query, search string, ms []Match) []Match {
	if len(ms) == 0 || strings.Contains(strings.TrimSuffix(search, "\n"), "\n") || !strings.Contains(q.replace, "\n") {
		return ms
	}
	buf := q.buffer()
	for i, m := range ms {
		ls := buf.LineStartOf(m.Start)
		pre := buf.Slice(ls, m.Start)
		if pre == "" || strings.TrimLeft(pre, " \t") != "" {
			continue
		}
		// The match takes in the indentation, which the fitted replacement
		// puts back: a first line left blank is then blank, not indented.
		line := buf.LineOf(m.Start)
		unit := unitNear(buf, line)
		aligns := func() bool { return alignsNear(buf, line) }
		ms[i].Start = ls
		ms[i].Fit = chainFits(ms[i].Fit, indentedFit(pre, unit, aligns))
	}
	return ms
}

func spans(offs []int, n int, fit func(string) string) []Match {
	m := make([]Match, len(offs))
	for i, o := range offs {
		m[i] = Match{Start: o, End: o + n, Fit: fit}
	}
	return m
}

// lineTier matches whole lines that are equal under a normalization:
// trailing-whitespace (each line without trailing whitespace) and
// whitespace-normalized (trimmed, inner runs of whitespace as one space).
// The replacement is re-indented to the matched lines.
type lineTier struct {
	name string
	kind buffer.Kind
}

func (t lineTier) Name() string { return t.name }
func (lineTier) builtin()       {}

func (t lineTier) Find(q *Query) []Match {
	sl := q.lines()
	if t.kind != buffer.TrimRight && allBlank(sl.lines) {
		return nil
	}
	return lineMatches(q, sl, findLineBlocks(q.buffer(), sl.lines, t.kind, limitFor(q)))
}

// lineTrimmed: whole lines equal once leading and trailing whitespace is
// removed. Of several such blocks, one is preferred when it alone is the
// search exactly once re-indented, or else when it alone has its
// indentation differ from the search's by the same prefix on every line.
type lineTrimmed struct{ builtinTier }

func (lineTrimmed) Name() string { return "line-trimmed" }

func (lineTrimmed) Find(q *Query) []Match {
	sl := q.lines()
	if allBlank(sl.lines) {
		return nil
	}
	buf := q.buffer()
	starts := findLineBlocks(buf, sl.lines, buffer.Trim, limitFor(q))
	if len(starts) > 1 && !q.Multiple {
		starts = preferOne(starts, func(s int) bool { return reproduces(sl.lines, fileLines(buf, s, len(sl.lines))) })
		starts = preferOne(starts, func(s int) bool { return shiftedIndent(sl.lines, fileLines(buf, s, len(sl.lines))) })
		starts = preferOne(starts, func(s int) bool { return sameDepth(sl.lines, fileLines(buf, s, len(sl.lines))) })
	}
	return lineMatches(q, sl, starts)
}

// sameDepth reports whether every line of file is indented as many levels
// as the same line of search, each counted in its own side's unit: tabs
// written as spaces, or two spaces for four, keep a block at its depth.
// Between two sides indented with spaces, each must show its unit,
// through two widths at least: six spaces alone are three levels of two
// or one of six, and a one-line search re-indented is at no known depth.
// (Against tabs, spaces are read four to a level, as they are written.)
func sameDepth(search, file []string) bool {
	ss, fs := indentsOf(search), indentsOf(file)
	su, fu := depthUnit(ss), depthUnit(fs)
	if su == "" || fu == "" || su == fu || len(ss) != len(fs) {
		return false
	}
	if su != "\t" && fu != "\t" && (!twoWidths(ss) || !twoWidths(fs)) {
		return false
	}
	for i := range ss {
		if levels(ss[i], su) != levels(fs[i], fu) {
			return false
		}
	}
	return true
}

// twoWidths reports whether indents have two widths or more.
func twoWidths(indents []string) bool {
	return slices.ContainsFunc(indents, func(w string) bool { return len(w) != len(indents[0]) })
}

// preferOne narrows starts to the one that passes a stricter test, when
// exactly one does; otherwise it keeps them all.
func preferOne(starts []int, stricter func(int) bool) []int {
	var pass []int
	for _, s := range starts {
		if stricter(s) {
			pass = append(pass, s)
		}
	}
	if len(pass) == 1 {
		return pass
	}
	return starts
}

// indentationFlexible: whole lines equal once each side's common
// indentation is removed, so the block's own structure must match.
type indentationFlexible struct{ builtinTier }

func (indentationFlexible) Name() string { return "indentation-flexible" }

func (indentationFlexible) Find(q *Query) []Match {
	sl := q.lines()
	if allBlank(sl.lines) {
		return nil
	}
	buf := q.buffer()
	want := dedent(sl.lines)
	var starts []int
	for _, s := range findLineBlocks(buf, sl.lines, buffer.Trim, 0) {
		if equalLines(dedent(fileLines(buf, s, len(sl.lines))), want) {
			starts = append(starts, s)
			if !q.Multiple && len(starts) >= maxCandidates {
				break
			}
		}
	}
	return lineMatches(q, sl, starts)
}

// findLineBlocks returns the first line of every run of len(lines) lines of
// buf equal to lines under kind k.
func findLineBlocks(buf *buffer.Buffer, lines []string, k buffer.Kind, limit int) []int {
	return buf.FindLines(k, lines, limit)
}

// lineMatches turns blocks of whole lines into matches: from the start of
// the first line to the end of the last, including its line end when the
// search had one, with the replacement re-indented to the block.
//
// A search that ends with a line end, whose replacement does not, ends
// with one more line, blank, which the replacement's last line replaces
// (a search's line that held only spaces loses them when trailing
// whitespace is dropped). When the file has no blank line there, the
// search's line end belongs to its last line, and the replacement gets
// the line end its own last line lacks rather than join the next line.
func lineMatches(q *Query, sl *searchLines, starts []int) []Match {
	buf := q.buffer()
	ms := make([]Match, 0, len(starts))
	openEnd := sl.endsNL && q.replace != "" && !strings.HasSuffix(q.replace, "\n")
	for _, s := range starts {
		last := s + len(sl.lines) - 1
		file := fileLines(buf, s, len(sl.lines))
		m := Match{
			Start: buf.LineStart(s),
			End:   blockEnd(buf, last, sl.endsNL),
			Fit:   reindentFit(pairLines(sl.lines, file), unitNear(buf, s)),
		}
		if openEnd {
			if next := last + 1; next < buf.LineCount() && isBlank(buf.Line(next)) {
				m.End = blockEnd(buf, next, false) // the replacement's last line takes its place
			} else {
				m.Fit = chainFits(m.Fit, func(r string) string { return r + "\n" })
			}
		}
		ms = append(ms, m)
	}
	return ms
}

// blockEnd is where a match ending with line last ends: after its line end
// when the search ended with one, else before it.
func blockEnd(buf *buffer.Buffer, last int, withEOL bool) int {
	if withEOL {
		return buf.LineStart(last + 1)
	}
	return buf.LineStart(last) + len(buf.Line(last))
}

func fileLines(buf *buffer.Buffer, start, n int) []string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = buf.Line(start + i)
	}
	return lines
}

func pairLines(search, file []string) [][2]string {
	p := make([][2]string, min(len(search), len(file)))
	for i := range p {
		p[i] = [2]string{search[i], file[i]}
	}
	return p
}

func allBlank(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// leadingSpace is the whitespace a line starts with.
func leadingSpace(s string) string {
	return s[:len(s)-len(strings.TrimLeftFunc(s, unicode.IsSpace))]
}

// dedent removes the indentation all non-blank lines share; blank lines
// become empty.
func dedent(lines []string) []string {
	common := ""
	first := true
	for _, l := range lines {
		if isBlank(l) {
			continue
		}
		ws := leadingSpace(l)
		if first {
			common, first = ws, false
			continue
		}
		for !strings.HasPrefix(ws, common) {
			common = common[:len(common)-1]
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if !isBlank(l) {
			out[i] = l[len(common):]
		}
	}
	return out
}

// shiftedIndent reports whether file's indentation is search's with one
// prefix swapped for another on every non-blank line.
func shiftedIndent(search, file []string) bool {
	_, ok := prefixShift(indentPairs(pairLines(search, file)))
	return ok
}

// trivial lines carry no evidence of where a block is: blank lines and
// lines with fewer than two letters or digits, such as "}" or "x++".
func trivial(line string) bool {
	n := 0
	for _, r := range line {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if n++; n >= 2 {
				return false
			}
		}
	}
	return true
}

// unicodeNormalized: whole lines equal once typographic characters (curly
// quotes, dashes, no-break and other spaces, "…") are folded to what a
// model types and whitespace is normalized; or, for a one-line search, the
// folded search inside a line. The replacement gets the file's characters
// where the search had the typographic ones.
type unicodeNormalized struct{ builtinTier }

func (unicodeNormalized) Name() string { return "unicode-normalized" }

func (unicodeNormalized) Find(q *Query) []Match {
	buf := q.buffer()
	folded := buffer.FoldString(q.Search)
	if folded == q.Search && !buf.HasNonASCII() {
		return nil // nothing to fold on either side
	}
	sl := q.lines()
	if !allBlank(sl.lines) {
		if starts := findLineBlocks(buf, sl.lines, buffer.Fold, limitFor(q)); len(starts) > 0 {
			if len(starts) > 1 && !q.Multiple {
				// Folding also ignores spacing; of several places, the one
				// spaced as the search is, is meant.
				starts = preferOne(starts, func(s int) bool {
					return equalLines(foldLines(sl.lines), foldLines(fileLines(buf, s, len(sl.lines))))
				})
			}
			ms := lineMatches(q, sl, starts)
			for i := range ms {
				ms[i].Fit = chainFits(ms[i].Fit, foldFit(q.Search, buf.Slice(ms[i].Start, ms[i].End)))
			}
			return ms
		}
	}
	if len(sl.lines) != 1 || strings.TrimSpace(folded) == "" {
		return nil
	}
	var ms []Match
	for _, sp := range foldedSpans(buf, folded, limitFor(q)) {
		ms = append(ms, Match{Start: sp[0], End: sp[1], Fit: foldFit(q.Search, buf.Slice(sp[0], sp[1]))})
	}
	return atLineStart(q, q.Search, ms)
}

// depthUnit is the indent unit of indents, for counting levels: a tab; the
// steps between their widths in spaces; or, when they all have one width,
// four spaces (two when four does not divide it).
func depthUnit(indents []string) string {
	u := unitOf(indents, "")
	if u == "" || u == "\t" {
		return u
	}
	widths := map[int]bool{}
	for _, w := range indents {
		widths[len(w)] = true
	}
	if len(widths) > 1 || len(u) <= 4 {
		return u
	}
	if len(u)%4 == 0 {
		return "    "
	}
	if len(u)%2 == 0 {
		return "  "
	}
	return u
}

func foldLines(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRightFunc(buffer.FoldString(l), unicode.IsSpace)
	}
	return out
}

// foldedSpans finds folded, a one-line text, inside lines once they are
// folded, and maps each occurrence back to the line's own bytes.
func foldedSpans(buf *buffer.Buffer, folded string, limit int) [][2]int {
	var out [][2]int
	for _, i := range buf.LinesMayFoldTo(folded) {
		line := buf.Line(i)
		fl := buffer.FoldString(line)
		if !strings.Contains(fl, folded) {
			continue
		}
		back := foldOffsets(line)
		for off := 0; ; {
			j := strings.Index(fl[off:], folded)
			if j < 0 {
				break
			}
			s, e := off+j, off+j+len(folded)
			if back != nil {
				s, e = back[s], back[e]
			}
			base := buf.LineStart(i)
			out = append(out, [2]int{base + s, base + e})
			if limit > 0 && len(out) >= limit {
				return out
			}
			off += j + 1
		}
	}
	return out
}

// foldOffsets maps each byte offset of FoldString(line) to the offset in
// line of the character it came from (nil when folding changes nothing).
func foldOffsets(line string) []int {
	if buffer.FoldString(line) == line {
		return nil
	}
	var back []int
	for i, r := range line {
		f := buffer.FoldRune(r)
		switch f {
		case "":
			f = string(r)
		case "\x00":
			f = ""
		}
		for range len(f) {
			back = append(back, i)
		}
	}
	return append(back, len(line))
}

// escapeNormalized: a search written with escapes where the file has the
// characters (a real newline sent as \n, a tab as \t, a quote as \"). It
// runs only when the search as written is absent from the file. The
// replacement is unescaped the same way, as the two show they were
// escaped (see escapes).
type escapeNormalized struct{ builtinTier }

func (escapeNormalized) Name() string { return "escape-normalized" }

func (escapeNormalized) Find(q *Query) []Match {
	if !strings.Contains(q.Search, `\`) {
		return nil
	}
	buf := q.buffer()
	e := readEscapes(q.Search+q.replace, buf.String())
	u := normalizeEOL(e.unescape(q.Search)) // \r\n written out is a line break too
	if u == q.Search || u == "" || len(buf.FindAll(q.Search, true, 1)) > 0 {
		return nil
	}
	offs := buf.FindAll(u, !q.Multiple, limitFor(q))
	if len(offs) == 0 {
		return nil
	}
	// A replacement with real line breaks, for a search without any, was
	// not escaped; any other is read the way the search was.
	escaped := !strings.Contains(q.replace, "\n") || strings.Contains(q.Search, "\n")
	if escaped {
		if err := unescapeDoubt(q.Search, u, q.replace, e, buf); err != nil {
			q.budget().err = err
			return nil
		}
	}
	fit := func(r string) string {
		if !escaped {
			return r
		}
		return normalizeEOL(e.unescape(r))
	}
	return atLineStart(q, u, spans(offs, len(u), fit))
}

// unescapeDoubt says why the replacement of an escaped search cannot be
// unescaped with certainty, or returns nil. When the search wrote a
// backslash of its own as \\, every backslash of the replacement is
// accounted for. Otherwise a backslash the replacement shares with the
// code — the \n inside a string, a line continuation — cannot be told from
// an escape, and unescaping it would write a line break into a string or
// a comment: a \\ in the replacement, a \n in it between the text a line
// of the file has around a \n written out (a line of the file, changed),
// a \r\n where the search wrote line breaks as \n, or a line of the
// unescaped replacement that the file does not have and that leaves a
// string open (see openQuote), is that doubt. And unescaping may not
// bring in a control character that neither the file nor the unescaped
// search has.
func unescapeDoubt(search, unescapedSearch, replace string, e *escapes, buf *buffer.Buffer) *Error {
	u, near := e.read(replace)
	u = strings.ReplaceAll(u, "\r\n", "\n")
	doubt := func(why string) *Error {
		return errorf(ErrInvalidRequest, "", "the search was written with escapes (\\n for a line break), and the replacement %s, so it cannot be told which of its backslashes are escapes", why).
			withHint("Send the replacement (and the search) with real line breaks and tabs, not \\n and \\t")
	}
	if !strings.Contains(search, `\\`) {
		if strings.Contains(replace, `\\`) {
			return doubt("has a \\\\, which may be an escaped backslash or a backslash of the code before an escape")
		}
		if near != "" {
			return doubt(fmt.Sprintf("has a \\n where a line of the file has \\n written out (%q): it may be the code's own", near))
		}
		if strings.Contains(replace, `\r\n`) && strings.Contains(search, `\n`) && !strings.Contains(search, `\r\n`) {
			return doubt("has a \\r\\n where the search wrote its line breaks as \\n: it may be the code's own")
		}
		single := sync.OnceValue(func() bool { return singleQuoted(buf) })
		for i, l := range strings.Split(u, "\n") {
			if !openQuote(l, false) && !(openQuote(l, true) && single()) {
				continue
			}
			if len(buf.Occurrences(buffer.Trim, l, 1)) == 0 {
				return doubt(fmt.Sprintf("has a \\n or \\t inside a string on its line %d (%q): it may be the code's own escape", i+1, clipLine(strings.TrimSpace(l))))
			}
		}
	}
	for _, r := range u {
		if r >= 0x20 || r == '\n' || strings.ContainsRune(unescapedSearch, r) || r == '\t' && buf.HasTab() {
			continue
		}
		if r == '\r' || !strings.ContainsRune(buf.String(), r) {
			return doubt(fmt.Sprintf("would then hold the control character %U, which the file does not have", r))
		}
	}
	return nil
}

// openQuote reports whether a line leaves a quoted string open: a double
// quote (and, with single, a single quote) that nothing closes, not
// counting triple quotes, raw strings in backquotes, escaped quotes, '"',
// an apostrophe between two letters, or anything after a comment starts
// (# or //) outside a string.
func openQuote(line string, single bool) bool {
	line = strings.ReplaceAll(line, `"""`, "")
	line = strings.ReplaceAll(line, `'''`, "")
	line = strings.ReplaceAll(line, `'"'`, "")
	var in byte // the quote of the string the line is in; 0 outside one
	raw := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '`' && in == 0:
			raw = !raw
		case raw:
		case c == '\\':
			i++
		case in != 0:
			if c == in {
				in = 0
			}
		case c == '"', c == '\'' && single && !apostrophe(line, i):
			in = c
		case c == '#', c == '/' && strings.HasPrefix(line[i:], "//"):
			return false
		}
	}
	return in != 0
}

// singleQuotedLines bounds the lines singleQuoted reads.
const singleQuotedLines = 5000

// singleQuoted reports whether the file's single quotes delimit strings:
// none of its first lines leaves one open. In Rust (lifetimes, 'a) and
// in prose they do not, and a single quote says nothing there.
func singleQuoted(buf *buffer.Buffer) bool {
	for j := range min(buf.LineCount(), singleQuotedLines) {
		if openQuote(buf.Line(j), true) {
			return false
		}
	}
	return true
}

// apostrophe reports whether the quote at line[i] stands between two
// letters or digits ("don't"), as no string's quote does.
func apostrophe(line string, i int) bool {
	word := func(c byte) bool { return c >= 0x80 || unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)) }
	return i > 0 && i+1 < len(line) && word(line[i-1]) && word(line[i+1])
}

// trimmedBoundary: a search with blank lines or spaces around it that the
// file does not have there: the search without them, exactly, or else as
// whole lines ignoring indentation. The replacement loses the same
// surrounding blank space.
type trimmedBoundary struct{ builtinTier }

func (trimmedBoundary) Name() string { return "trimmed-boundary" }

func (trimmedBoundary) Find(q *Query) []Match {
	t := trimBlankLines(q.Search)
	if t == q.Search || strings.TrimSpace(t) == "" {
		return nil
	}
	lead, trail := q.Search[:strings.Index(q.Search, t)], q.Search[strings.Index(q.Search, t)+len(t):]
	fit := func(r string) string {
		r = strings.TrimPrefix(r, lead)
		if trail != "" {
			r = strings.TrimRightFunc(r, unicode.IsSpace)
		}
		return r
	}
	buf := q.buffer()
	if offs := buf.FindAll(t, !q.Multiple, limitFor(q)); len(offs) > 0 {
		return atLineStart(q, t, spans(offs, len(t), fit))
	}
	sl := splitSearch(t)
	ms := lineMatches(q, sl, findLineBlocks(buf, sl.lines, buffer.Trim, limitFor(q)))
	for i := range ms {
		ms[i].Fit = chainFits(fit, ms[i].Fit)
	}
	return ms
}

// trimBlankLines removes whole blank lines at the start of s and all
// whitespace at its end, keeping the first line's indentation.
func trimBlankLines(s string) string {
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 || strings.TrimSpace(s[:i]) != "" {
			break
		}
		s = s[i+1:]
	}
	return strings.TrimRightFunc(s, unicode.IsSpace)
}

func chainFits(fits ...func(string) string) func(string) string {
	var fs []func(string) string
	for _, f := range fits {
		if f != nil {
			fs = append(fs, f)
		}
	}
	switch len(fs) {
	case 0:
		return nil
	case 1:
		return fs[0]
	}
	return func(r string) string {
		for _, f := range fs {
			r = f(r)
		}
		return r
	}
}

// foldFit maps the typographic characters the search had where the file
// has plain ones, and back where the file writes a plain character in one
// typographic form, in the replacement; where the file writes plain quotes
// as opening and closing ones, the replacement's quotes become those too.
func foldFit(search, matched string) func(string) string {
	m := map[rune]rune{}
	conflict := map[rune]bool{}
	targets := map[rune]map[rune]bool{}
	note := func(from, to rune) {
		if prev, ok := m[from]; ok && prev != to {
			conflict[from] = true
		}
		m[from] = to
		if targets[from] == nil {
			targets[from] = map[rune]bool{}
		}
		targets[from][to] = true
	}
	s, f := search, matched
	for s != "" && f != "" {
		rs, ns := utf8.DecodeRuneInString(s)
		rf, nf := utf8.DecodeRuneInString(f)
		switch {
		case rs == rf:
			if rs >= utf8.RuneSelf && buffer.FoldRune(rs) != "" {
				note(rs, rf) // the file itself has it: keep it in the replacement
			}
		case unicode.IsSpace(rs) || unicode.IsSpace(rf):
			s, f = strings.TrimLeftFunc(s, unicode.IsSpace), strings.TrimLeftFunc(f, unicode.IsSpace)
			continue
		case buffer.FoldRune(rs) == string(rf):
			note(rs, rf)
		case buffer.FoldRune(rf) == string(rs) && rs < utf8.RuneSelf:
			if !strings.ContainsRune(matched, rs) { // the file never writes it plain here
				note(rs, rf)
			}
		default:
			return nil // not aligned: leave the replacement alone
		}
		s, f = s[ns:], f[nf:]
	}
	smart := map[rune]bool{}
	for r := range conflict {
		delete(m, r)
		if (r == '"' || r == '\'') && curlyPair(targets[r]) {
			smart[r] = true // the file writes opening and closing quotes
		}
	}
	if len(m) == 0 && len(smart) == 0 {
		return nil
	}
	return func(r string) string {
		var b strings.Builder
		prev := ' '
		for _, c := range r {
			switch to, ok := m[c]; {
			case ok:
				b.WriteRune(to)
			case smart[c]:
				b.WriteRune(smartQuote(c, prev))
			default:
				b.WriteRune(c)
			}
			prev = c
		}
		return b.String()
	}
}

// curlyPair reports whether runes are typographic opening and closing
// quotes and nothing else.
func curlyPair(runes map[rune]bool) bool {
	for r := range runes {
		switch r {
		case '\u201C', '\u201D', '\u2018', '\u2019':
		default:
			return false
		}
	}
	return len(runes) > 1
}

// smartQuote writes a plain quote as an opening or closing typographic one,
// by what comes before it: an opening quote after space or an opening
// bracket, a closing one (or an apostrophe) after anything else.
func smartQuote(q, prev rune) rune {
	open := unicode.IsSpace(prev) || strings.ContainsRune("([{<\u2014-", prev)
	switch {
	case q == '"' && open:
		return '\u201C'
	case q == '"':
		return '\u201D'
	case open:
		return '\u2018'
	}
	return '\u2019'
}

// alignsNear reports whether a line within 100 lines of line is indented
// with tabs and then two spaces or more: lines aligned after their tabs.
func alignsNear(buf *buffer.Buffer, line int) bool {
	for i := max(line-100, 0); i < min(line+100, buf.LineCount()); i++ {
		l := buf.Line(i)
		if rest := strings.TrimLeft(l, "\t"); len(rest) < len(l) && strings.HasPrefix(rest, "  ") && !isBlank(rest) {
			return true
		}
	}
	return false
}

// unitNear returns a function that tells the indent unit of the lines of
// buf around line: a tab, or the spaces most of them step by. It reads the
// lines only when asked.
func unitNear(buf *buffer.Buffer, line int) func() string {
	return func() string {
		var indents []string
		for i := max(line-100, 0); i < min(line+100, buf.LineCount()); i++ {
			if l := buf.Line(i); !isBlank(l) {
				indents = append(indents, leadingSpace(l))
			}
		}
		return unitOf(indents, "    ")
	}
}
