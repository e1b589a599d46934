package buffer

import (
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// A buffer made from a string answers "which lines equal this one?" by
// scanning its text for the line's stretch — the longest part of it that
// no way of comparing lines can change — rather than by computing every
// line's key: one scan costs less than a key per line, and a search whose
// lines are absent from the file, the common miss, never builds keys.
// Keys remain for what a scan cannot tell cheaply: lines without a
// stretch, stretches on too many lines, runs of many common lines.

// stretch returns the longest run of a line's normal form under Fold
// (norm) that every line with that normal form has as it is: no spaces,
// none of the characters typographic ones fold to, and no U+FFFD, which
// stands for any byte that is not UTF-8.
func stretch(norm string) string {
	best := ""
	for f := range strings.FieldsFuncSeq(norm, func(r rune) bool {
		return r == ' ' || r == '\'' || r == '"' || r == '-' || r == '.' || r == utf8.RuneError
	}) {
		if len(f) > len(best) {
			best = f
		}
	}
	return best
}

// Anchor returns the index of the line of lines (not empty) that a buffer
// finds most cheaply: the rarest by Rarity, the first of those.
func Anchor(lines []string) int {
	a, best := 0, 0
	for i, l := range lines {
		if n := Rarity(l); n > best {
			a, best = i, n
		}
	}
	return a
}

// Rarity is how rare a line is likely to be in a file, and so how cheaply
// a buffer finds it: the length of its stretch. Lines made of short words,
// as "if err != nil {", are common; 0 means a buffer cannot scan for it.
func Rarity(line string) int {
	return len(stretch(Normalize(Fold, line)))
}

// lineHits are the lines of a buffer equal to a line under Fold.
type lineHits struct {
	lines  []int
	starts []int // where each line starts in the text
	texts  []string
	ok     bool // the scan could tell
}

type scanCache struct {
	mu      sync.Mutex
	results map[string]*scanState // by normal form

	// What passes over the whole text tell, each made once when first
	// asked.
	asciiOnce, zeroOnce sync.Once
	nonASCII            bool // a byte outside ASCII
	zeroWidth           bool // a character that folding drops
}

// A scanState is a scan for a line's places, kept between lookups: a
// lookup that stopped once it had what it asked for leaves the rest of the
// text to the next one.
//
// A scan starts where its first lookup asks (a search for what follows a
// place needs no hits before it) and reaches back only when a later lookup
// asks for more: the text a line's lookups scan, together, is at most the
// text once.
type scanState struct {
	hits     lineHits
	lo       int // where the scan started, a line start
	off      int // where the scan goes on
	line     int // the number of the line at counted
	counted  int
	seen     int  // lines with the stretch so far
	complete bool // the text from lo on is scanned
}

func (c *scanCache) hasNonASCII(text string) bool {
	c.asciiOnce.Do(func() { c.nonASCII = !isASCII(text) })
	return c.nonASCII
}

func (c *scanCache) hasZeroWidth(text string) bool {
	c.zeroOnce.Do(func() { c.zeroWidth = zeroWidthIn(text) })
	return c.zeroWidth
}

// zeroWidthIn reports whether s has a zero-width character: U+200B..U+200D
// and U+2060, which start with 0xE2, or U+FEFF, with 0xEF. It looks only
// where those lead bytes are, which a vectorized byte search finds.
func zeroWidthIn(s string) bool {
	for i := 0; ; i++ {
		j := strings.IndexByte(s[i:], 0xE2)
		if j < 0 {
			break
		}
		i += j
		t := s[i+1:]
		if strings.HasPrefix(t, "\x80\x8b") || strings.HasPrefix(t, "\x80\x8c") ||
			strings.HasPrefix(t, "\x80\x8d") || strings.HasPrefix(t, "\x81\xa0") {
			return true
		}
	}
	return strings.Contains(s, "\uFEFF")
}

// maxScans bounds the scan results a buffer keeps.
const maxScans = 256

// maxHits is how many lines with a stretch a scan of text looks at before
// it leaves the question to the keys: about one line in three of code.
func maxHits(text string) int { return 256 + len(text)/64 }

// scannable returns the normal form of line under Fold and its stretch,
// or ok false when a scan cannot find the line: the buffer is not one
// string or has its keys (Keyed), the line has no stretch, or the text has zero-width characters,
// which folding drops from inside a stretch.
func (b *Buffer) scannable(line string) (norm, st string, ok bool) {
	if !b.whole || b.keyed.Load() {
		return "", "", false
	}
	norm = Normalize(Fold, line)
	st = stretch(norm)
	if st == "" || b.hasZeroWidth() {
		return "", "", false
	}
	return norm, st, true
}

// scanned returns the lines equal to line under Fold, from a scan of the
// text, or ok false when a scan cannot tell (see scannable), or the
// stretch is on more than maxHits lines.
func (b *Buffer) scanned(line string) lineHits {
	return b.lookup(line, Exact, 0, 0)
}

// lookup is scanned for a caller that wants the first limit lines from
// line from on equal to line under kind k (limit <= 0: all): the scan
// stops once it has them, however common the line's stretch is, and the
// next lookup of the line goes on from there.
func (b *Buffer) lookup(line string, k Kind, from, limit int) lineHits {
	norm, st, ok := b.scannable(line)
	if !ok {
		return lineHits{}
	}
	from = max(from, 0)
	at := 0
	if from > 0 {
		at = b.LineStart(from)
	}
	c := &b.scans
	c.mu.Lock()
	defer c.mu.Unlock()
	sc := c.results[norm]
	if sc == nil {
		if c.results == nil || len(c.results) >= maxScans {
			c.results = map[string]*scanState{}
		}
		sc = &scanState{hits: lineHits{ok: true}, lo: at, off: at, line: from, counted: at}
		c.results[norm] = sc
	}
	most := maxHits(b.src)
	if limit > 0 {
		most = len(b.src) // the scan stops when it has enough
	}
	if !sc.hits.ok || at < sc.lo && !b.scanBack(sc, norm, st, at, from, most) {
		return lineHits{}
	}
	first, _ := slices.BinarySearch(sc.hits.lines, from)
	found := 0
	if limit > 0 {
		for i := first; i < len(sc.hits.texts); i++ {
			if Equal(k, sc.hits.texts[i], line) {
				if found++; found >= limit {
					return sliceHits(sc.hits, first, i+1)
				}
			}
		}
	}
	if !sc.complete {
		b.scanOn(sc, norm, st, len(b.src), most, func(l string) bool {
			if limit > 0 && Equal(k, l, line) {
				found++
			}
			return limit <= 0 || found < limit
		})
		if !sc.hits.ok {
			return lineHits{}
		}
	}
	return sliceHits(sc.hits, first, len(sc.hits.lines))
}

// scanBack scans the text from at (the start of line from) to where sc
// started, and puts what it finds before sc's hits. It returns false, and
// fails sc, when the stretch is on more than most lines.
func (b *Buffer) scanBack(sc *scanState, norm, st string, at, from, most int) bool {
	back := &scanState{hits: lineHits{ok: true}, lo: at, off: at, line: from, counted: at, seen: sc.seen}
	b.scanOn(back, norm, st, sc.lo, most, func(string) bool { return true })
	if !back.hits.ok {
		sc.hits, sc.complete = lineHits{}, true
		return false
	}
	h := &sc.hits
	h.lines = append(back.hits.lines, h.lines...)
	h.starts = append(back.hits.starts, h.starts...)
	h.texts = append(back.hits.texts, h.texts...)
	sc.lo, sc.seen = at, back.seen
	return true
}

// sliceHits is hits i to j of h.
func sliceHits(h lineHits, i, j int) lineHits {
	return lineHits{lines: h.lines[i:j:j], starts: h.starts[i:j:j], texts: h.texts[i:j:j], ok: true}
}

// scanOn goes on with the scan of sc until more is false for a line found
// or the scan reaches end, a line start. A stretch on more than most lines
// fails the scan.
func (b *Buffer) scanOn(sc *scanState, norm, st string, end, most int, more func(l string) bool) {
	text := b.src[:end]
	want := key(norm)
	f := newFinder(st)
	for sc.off < len(text) {
		i := f.index(text[sc.off:])
		if i < 0 {
			break
		}
		if sc.seen++; sc.seen > most {
			sc.hits, sc.complete = lineHits{}, true
			return
		}
		start, end := lineAround(text, sc.off+i)
		sc.line += strings.Count(text[sc.counted:start], "\n")
		sc.counted = start
		sc.off = end + 1 // a line counts once however often it has st
		if l := text[start:end]; key(l) == want && Normalize(Fold, l) == norm {
			sc.hits.lines = append(sc.hits.lines, sc.line)
			sc.hits.starts = append(sc.hits.starts, start)
			sc.hits.texts = append(sc.hits.texts, l)
			if !more(l) {
				return
			}
		}
	}
	sc.complete = true
}

// linesWith calls yield with each line of text that contains sub: its
// number, where it starts and its text, until yield returns false. It
// returns false, having stopped, when more than limit lines contain sub.
func linesWith(text, sub string, limit int, yield func(line, start int, l string) bool) bool {
	line, counted, hits := 0, 0, 0
	f := newFinder(sub)
	for off := 0; off < len(text); {
		i := f.index(text[off:])
		if i < 0 {
			break
		}
		if hits++; hits > limit {
			return false
		}
		start, end := lineAround(text, off+i)
		line += strings.Count(text[counted:start], "\n")
		counted = start
		if !yield(line, start, text[start:end]) {
			break
		}
		off = end + 1 // a line counts once however often it has sub
	}
	return true
}

// lineAround returns where the line holding offset at starts and ends
// (before its line end).
func lineAround(text string, at int) (start, end int) {
	start = strings.LastIndexByte(text[:at], '\n') + 1
	end = strings.IndexByte(text[at:], '\n')
	if end < 0 {
		return start, len(text)
	}
	return start, at + end
}

// LinesWith returns the lines that contain sub, a text within one line, in
// order, and their texts; or ok false when more than limit lines do.
func (b *Buffer) LinesWith(sub string, limit int) (lines []int, texts []string, ok bool) {
	collect := func(base int) func(line, start int, l string) bool {
		return func(line, _ int, l string) bool {
			lines = append(lines, base+line)
			texts = append(texts, l)
			return true
		}
	}
	if b.whole {
		ok = linesWith(b.src, sub, limit, collect(0))
		return lines, texts, ok
	}
	grams := gramsOf(sub)
	b.index()
	for bi, bl := range b.blocks {
		if !bl.mayContain(grams) {
			continue
		}
		if !linesWith(bl.text, sub, limit-len(lines), collect(b.lineOff[bi])) {
			return nil, nil, false
		}
	}
	return lines, texts, true
}

// hasZeroWidth reports whether the text has a character that folding
// drops: a zero-width space, joiner or non-joiner, a word joiner or a
// byte order mark.
func (b *Buffer) hasZeroWidth() bool {
	return b.scans.hasZeroWidth(b.String())
}

// runAt reports whether the lines of text around the line that starts at
// off, which is lines[a], equal lines under kind k: it walks the text from
// there, so that a buffer that is one string needs no line index.
func runAt(k Kind, text string, off, a int, lines []string) bool {
	start := off
	for j := a - 1; j >= 0; j-- {
		if start == 0 {
			return false
		}
		prev := strings.LastIndexByte(text[:start-1], '\n') + 1
		if !Equal(k, text[prev:start-1], lines[j]) {
			return false
		}
		start = prev
	}
	next := off
	for j := a; j < len(lines); j++ {
		if next >= len(text) {
			return false // past the last line: a final line end starts none
		}
		end := strings.IndexByte(text[next:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += next
		}
		if !Equal(k, text[next:end], lines[j]) {
			return false
		}
		next = end + 1
	}
	return true
}

// LinesMayFoldTo returns, in order, the lines that may hold text, a
// folded text within one line, once they are folded (see FoldString):
// those that hold its stretch as it is, when it has one and the buffer has
// no zero-width character (folding neither makes nor breaks a stretch
// then); else those that hold text as it is and those folding changes.
// Each is one scan, where folding every line costs many.
func (b *Buffer) LinesMayFoldTo(text string) []int {
	if st := stretch(text); st != "" && !b.hasZeroWidth() {
		lines, _, _ := b.LinesWith(st, math.MaxInt)
		return lines
	}
	lines, _, _ := b.LinesWith(text, math.MaxInt)
	lines = append(lines, b.nonASCIILines()...)
	slices.Sort(lines)
	return slices.Compact(lines)
}

// nonASCIILines returns, in order, the lines that hold a byte that is not
// ASCII: the only lines folding changes.
func (b *Buffer) nonASCIILines() []int {
	var lines []int
	collect := func(base int, text string) {
		line, counted := 0, 0
		for off := 0; off < len(text); {
			i := indexNonASCII(text[off:])
			if i < 0 {
				break
			}
			start, end := lineAround(text, off+i)
			line += strings.Count(text[counted:start], "\n")
			counted = start
			lines = append(lines, base+line)
			off = end + 1
		}
	}
	if b.whole {
		collect(0, b.src)
		return lines
	}
	for bi, bl := range b.blocks {
		bl.asciiOnce.Do(func() { bl.nonASCII = !isASCII(bl.text) })
		if bl.nonASCII {
			collect(b.lineOff[bi], bl.text)
		}
	}
	return lines
}

// indexNonASCII is the offset of the first byte of s that is not ASCII,
// or -1: eight bytes at a time, as isASCII reads.
func indexNonASCII(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if load(s, i)&high != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i
		}
	}
	return -1
}
