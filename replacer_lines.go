package editkit

import (
	"strings"
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
	return spans(q.buffer().FindAll(q.Search, !q.Multiple, limitFor(q)), len(q.Search), nil)
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
	return spans(q.buffer().FindAll(q.Search, false, 0), len(q.Search), nil)
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
	}
	return lineMatches(q, sl, starts)
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
	pattern := make([]uint64, len(lines))
	norm := make([]string, len(lines))
	for i, l := range lines {
		norm[i] = buffer.Normalize(k, l)
		pattern[i] = buffer.Hash(k, l)
	}
	var out []int
	for _, s := range buf.FindLines(k, pattern, limit) {
		ok := true
		for i := range lines {
			if buffer.Normalize(k, buf.Line(s+i)) != norm[i] {
				ok = false // a hash collision
				break
			}
		}
		if ok {
			out = append(out, s)
		}
	}
	return out
}

// lineMatches turns blocks of whole lines into matches: from the start of
// the first line to the end of the last, including its line end when the
// search had one, with the replacement re-indented to the block.
func lineMatches(q *Query, sl *searchLines, starts []int) []Match {
	buf := q.buffer()
	ms := make([]Match, 0, len(starts))
	for _, s := range starts {
		file := fileLines(buf, s, len(sl.lines))
		ms = append(ms, Match{
			Start: buf.LineStart(s),
			End:   blockEnd(buf, s+len(sl.lines)-1, sl.endsNL),
			Fit:   reindentFit(pairLines(sl.lines, file)),
		})
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
	return ms
}

// foldedSpans finds folded, a one-line text, inside lines once they are
// folded, and maps each occurrence back to the line's own bytes.
func foldedSpans(buf *buffer.Buffer, folded string, limit int) [][2]int {
	var out [][2]int
	for i := range buf.LineCount() {
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
// replacement is unescaped the same way.
type escapeNormalized struct{ builtinTier }

func (escapeNormalized) Name() string { return "escape-normalized" }

func (escapeNormalized) Find(q *Query) []Match {
	if !strings.Contains(q.Search, `\`) {
		return nil
	}
	u := unescape(q.Search)
	buf := q.buffer()
	if u == q.Search || u == "" || len(buf.FindAll(q.Search, true, 1)) > 0 {
		return nil
	}
	searchNL := strings.Contains(q.Search, "\n")
	fit := func(r string) string {
		if strings.Contains(r, "\n") && !searchNL {
			return r // the replacement has real line breaks: it was not escaped
		}
		return unescape(r)
	}
	return spans(buf.FindAll(u, !q.Multiple, limitFor(q)), len(u), fit)
}

// unescape undoes the escaping of a string literal: \n, \t, \r, \", \',
// \` and \\, and a backslash before a line break. Other backslashes stay.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		switch n := s[i+1]; n {
		case 'n', '\n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '"', '\'', '`', '\\':
			b.WriteByte(n)
		default:
			b.WriteByte(c)
			continue
		}
		i++
	}
	return b.String()
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
		return spans(offs, len(t), fit)
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
