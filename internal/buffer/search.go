package buffer

import (
	"strings"
)

// FindLines returns the first line of every run of lines equal to lines
// under kind k, overlapping runs included, in order, at most limit of them
// (limit <= 0: all). It is linear in the number of lines however
// repetitive they are: Knuth-Morris-Pratt over the lines' keys, with only
// the runs whose keys match compared under k.
func (b *Buffer) FindLines(k Kind, lines []string, limit int) []int {
	if len(lines) == 0 {
		return nil
	}
	if starts, ok := b.findByScan(k, lines, limit); ok {
		return starts
	}
	pattern := make([]uint64, len(lines))
	for i, l := range lines {
		pattern[i] = key(l)
	}
	fail := make([]int, len(pattern))
	for i, q := 1, 0; i < len(pattern); i++ {
		for q > 0 && pattern[q] != pattern[i] {
			q = fail[q-1]
		}
		if pattern[q] == pattern[i] {
			q++
		}
		fail[i] = q
	}
	b.index()
	need := b.blocksFor(pattern)
	var out []int
	q := 0
	for bi, bl := range b.blocks {
		if need != nil && !need[bi] {
			q = 0 // no occurrence touches this block
			continue
		}
		base := b.lineOff[bi]
		for j, h := range bl.lineKeys() {
			for q > 0 && pattern[q] != h {
				q = fail[q-1]
			}
			if pattern[q] == h {
				q++
			}
			if q < len(pattern) {
				continue
			}
			q = fail[q-1]
			if start := base + j - len(pattern) + 1; b.linesEqual(k, start, lines) {
				if out = append(out, start); limit > 0 && len(out) >= limit {
					return out
				}
			}
		}
	}
	return out
}

// findByScan is FindLines from a scan for the line of lines with the
// longest stretch, when a scan can tell where that line is.
func (b *Buffer) findByScan(k Kind, lines []string, limit int) ([]int, bool) {
	a := Anchor(lines)
	hits := b.scanned(lines[a])
	if !hits.ok || len(hits.lines)*len(lines) > 64+len(b.src)/4 {
		return nil, false // a run of common lines: KMP over the keys is linear
	}
	var out []int
	for i, x := range hits.lines {
		s := x - a
		if s < 0 || !runAt(k, b.src, hits.starts[i], a, lines) {
			continue
		}
		if out = append(out, s); limit > 0 && len(out) >= limit {
			break
		}
	}
	return out, true
}

// Occurrences returns the lines equal to line under kind k, in order, at
// most limit of them (limit <= 0: all).
func (b *Buffer) Occurrences(k Kind, line string, limit int) []int {
	return b.OccurrencesFrom(k, line, 0, limit)
}

// OccurrencesFrom is Occurrences of the lines from line from on. It costs
// a scan of the text from that line, not of the whole text.
func (b *Buffer) OccurrencesFrom(k Kind, line string, from, limit int) []int {
	if hits := b.lookup(line, k, from, limit); hits.ok {
		var out []int
		for i, x := range hits.lines {
			if !Equal(k, hits.texts[i], line) {
				continue
			}
			if out = append(out, x); limit > 0 && len(out) >= limit {
				break
			}
		}
		return out
	}
	h := key(line)
	b.index()
	var out []int
	for bi, bl := range b.blocks {
		if b.lineOff[bi+1] <= from {
			continue
		}
		keys := bl.lineKeys()
		if !bl.keySet.has(h) {
			continue
		}
		for j, kj := range keys {
			if kj == h && b.lineOff[bi]+j >= from && Equal(k, bl.line(j), line) {
				if out = append(out, b.lineOff[bi]+j); limit > 0 && len(out) >= limit {
					return out
				}
			}
		}
	}
	return out
}

// linesEqual reports whether the lines from line from on equal lines under
// kind k.
func (b *Buffer) linesEqual(k Kind, from int, lines []string) bool {
	for i, l := range lines {
		if !Equal(k, b.Line(from+i), l) {
			return false
		}
	}
	return true
}

// blocksFor marks the blocks an occurrence of pattern may touch, or
// returns nil when every block must be searched. An occurrence starting in
// block s ends by the line len(pattern)-1 past the end of s, so the blocks
// from s to that line must between them hold every pattern key.
func (b *Buffer) blocksFor(pattern []uint64) []bool {
	if len(b.blocks) < 3 {
		return nil
	}
	for _, bl := range b.blocks {
		bl.lineKeys()
	}
	need := make([]bool, len(b.blocks))
	for s := range b.blocks {
		e, _ := b.blockOfLine(min(b.lineOff[s+1]+len(pattern)-2, b.LineCount()-1))
		if e-s > 8 {
			return nil // blocks too small to be worth filtering
		}
		all := true
		for _, h := range pattern {
			found := false
			for i := s; i <= e && !found; i++ {
				found = b.blocks[i].keySet.has(h)
			}
			if !found {
				all = false
				break
			}
		}
		if all {
			for i := s; i <= e; i++ {
				need[i] = true
			}
		}
	}
	return need
}

// FindAll returns the offset of every occurrence of sub, in order. With
// overlapping, occurrences may overlap and at most limit are returned
// (limit <= 0: all); without, they are the leftmost non-overlapping ones,
// as strings.Count counts them, all of them.
func (b *Buffer) FindAll(sub string, overlapping bool, limit int) []int {
	if sub == "" || len(sub) > b.Len() {
		return nil
	}
	if !overlapping {
		limit = 0
	}
	if b.whole {
		// The text is one string already: a scan beats hashing every line
		// for a single search.
		out := scan(nil, b.src, sub, 0, overlapping, limit)
		if limit > 0 && len(out) > limit {
			out = out[:limit]
		}
		return out
	}
	var out []int
	switch strings.Count(sub, "\n") {
	case 0:
		// Blocks end at line ends, so a one-line occurrence lies in one block.
		grams := gramsOf(sub)
		for bi, bl := range b.blocks {
			if !bl.mayContain(grams) {
				continue
			}
			if out = scan(out, bl.text, sub, b.byteOff[bi], overlapping, limit); limit > 0 && len(out) >= limit {
				return out[:limit]
			}
		}
		return out
	case 1:
		out = b.findTwoLines(sub, overlapping, limit)
	default:
		out = b.findManyLines(sub, limit)
	}
	if !overlapping {
		out = nonOverlapping(out, len(sub))
	}
	return out
}

// scan appends the offsets of sub in text, shifted by base.
func scan(out []int, text, sub string, base int, overlapping bool, limit int) []int {
	step := len(sub)
	if overlapping {
		step = 1
	}
	for off := 0; off+len(sub) <= len(text); {
		i := Index(text[off:], sub)
		if i < 0 {
			break
		}
		out = append(out, base+off+i)
		if limit > 0 && len(out) >= limit {
			break
		}
		off += i + step
	}
	return out
}

// findTwoLines finds sub = P "\n" Q: in each block, and across each seam
// between blocks, where P ends a block's last line and Q starts the next
// block's first line.
func (b *Buffer) findTwoLines(sub string, overlapping bool, limit int) []int {
	p, q, _ := strings.Cut(sub, "\n")
	grams := gramsOf(sub)
	var out []int
	for bi, bl := range b.blocks {
		if bl.mayContain(grams) {
			out = scan(out, bl.text, sub, b.byteOff[bi], true, 0)
		}
		if bi+1 < len(b.blocks) && q != "" { // with q empty the block's own scan found it
			last := bl.line(bl.lines() - 1)
			next := b.blocks[bi+1].text
			if strings.HasSuffix(last, p) && strings.HasPrefix(next, q) {
				out = append(out, b.byteOff[bi+1]-1-len(p))
			}
		}
		if overlapping && limit > 0 && len(out) >= limit {
			return out[:limit]
		}
	}
	return out
}

// findManyLines finds sub = P "\n" M1 "\n" … "\n" Mk "\n" Q, k >= 1: the
// lines M1…Mk are looked up by their hashes, then P and Q checked around
// them.
func (b *Buffer) findManyLines(sub string, limit int) []int {
	parts := strings.Split(sub, "\n")
	p, mid, q := parts[0], parts[1:len(parts)-1], parts[len(parts)-1]
	var out []int
	for _, m := range b.FindLines(Exact, mid, 0) {
		first, last := m-1, m+len(mid)
		if first < 0 || !strings.HasSuffix(b.Line(first), p) {
			continue
		}
		if q != "" && (last >= b.LineCount() || !strings.HasPrefix(b.Line(last), q)) {
			continue
		}
		if q == "" && b.LineStart(last) == b.LineStart(last-1)+len(b.Line(last-1)) {
			continue // sub ends with a newline the last line does not have
		}
		out = append(out, b.LineStart(first)+len(b.Line(first))-len(p))
		if limit > 0 && len(out) >= limit {
			break
		}
	}
	return out
}

// nonOverlapping keeps the leftmost occurrences that do not overlap.
func nonOverlapping(offs []int, n int) []int {
	out := offs[:0]
	next := 0
	for _, o := range offs {
		if o >= next {
			out = append(out, o)
			next = o + n
		}
	}
	return out
}
