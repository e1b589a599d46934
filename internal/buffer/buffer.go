// Package buffer holds the text that editkit's replacers search: immutable,
// split into blocks of lines, with one key per line — the hash of the line
// as the loosest way of comparing lines sees it — computed on first use.
// Lines equal under any [Kind] have equal keys, so one pass over the text
// serves every kind: a search looks its lines' keys up and compares only
// the lines whose keys match. An edit returns a new Buffer that shares
// every block it did not touch, keys included, so a batch of edits costs
// what the edits touch, not the file's size times the number of edits.
//
// A buffer made from a string keeps it whole and splits it into blocks only
// when something first asks for lines, so a single exact search costs a
// scan of the string and nothing more.
package buffer

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// blockBytes is about the size a block is cut to, at a line end: a few
// hundred lines of code.
const blockBytes = 8 << 10

// countedLookups is how many LineOf calls a whole buffer answers by
// counting newlines before it builds its line index.
const countedLookups = 8

// A Buffer is text addressed by byte offsets and by 0-based lines. Its
// methods are safe for concurrent use.
type Buffer struct {
	src     string // the text, when the buffer was made by New
	whole   bool   // made by New: src is the text, blocks come on demand
	built   sync.Once
	lookups atomic.Int32

	blocks  []*block
	lineOff []int // first line of each block, then the line count
	byteOff []int // first byte of each block, then the length

	strOnce sync.Once
	str     string

	scans scanCache
	keyed atomic.Bool // every line's key is computed: look lines up by key, not by scans
}

type block struct {
	text  string // whole lines; only the buffer's last line may lack "\n"
	nLine int

	startOnce sync.Once
	starts    []int32 // offset of each line in text, then len(text)

	keyOnce sync.Once
	keys    []uint64 // each line's key
	keySet  lineSet  // which keys the block has, roughly

	asciiOnce sync.Once
	nonASCII  bool

	gramOnce  sync.Once
	grams     *gramSet
	gramAsked atomic.Int32 // searches before the filter is worth building
}

func (b *block) lines() int { return b.nLine }

// newBlock makes a block of text, whole lines, counting them with one
// vectorized pass; where each starts is worked out on first use.
func newBlock(text string) *block {
	n := strings.Count(text, "\n")
	if text != "" && text[len(text)-1] != '\n' {
		n++
	}
	return &block{text: text, nLine: n}
}

// lineStarts returns the offset of each line in the block, then its length.
func (b *block) lineStarts() []int32 {
	b.startOnce.Do(func() {
		starts := make([]int32, 0, b.nLine+1)
		for off := 0; off < len(b.text); {
			starts = append(starts, int32(off))
			i := strings.IndexByte(b.text[off:], '\n')
			if i < 0 {
				break
			}
			off += i + 1
		}
		b.starts = append(starts, int32(len(b.text)))
	})
	return b.starts
}

// lineSet is a Bloom filter of a block's line keys.
type lineSet [32]uint64 // 2,048 bits, two per line: under 5% false hits

func (s *lineSet) add(h uint64) {
	s[h>>59&31] |= 1 << (h & 63)
	s[h>>27&31] |= 1 << (h >> 32 & 63)
}

func (s *lineSet) has(h uint64) bool {
	return s[h>>59&31]&(1<<(h&63)) != 0 && s[h>>27&31]&(1<<(h>>32&63)) != 0
}

// gramSet is a Bloom filter of the three-byte sequences of a block's text:
// a search skips every block that lacks one of its own.
type gramSet [gramWords]uint64

const (
	gramBits  = 1 << 14 // per block of about 10 KB: about a quarter of the bits set
	gramWords = gramBits / 64
)

func gramHash(a, b, c byte) uint32 {
	return (uint32(a)<<16 | uint32(b)<<8 | uint32(c)) * 2654435761 >> (32 - 14)
}

func (b *block) gramSet() *gramSet {
	b.gramOnce.Do(func() {
		g := new(gramSet)
		t := b.text
		for i := 0; i+2 < len(t); i++ {
			h := gramHash(t[i], t[i+1], t[i+2])
			g[h/64] |= 1 << (h % 64)
		}
		b.grams = g
	})
	return b.grams
}

// mayContain reports whether the block may hold text with these grams. A
// block builds its filter on its second search: one that an edit has just
// made is scanned once faster than the filter is built.
func (b *block) mayContain(grams []uint32) bool {
	if b.gramAsked.Add(1) < 2 {
		return true
	}
	g := b.gramSet()
	for _, h := range grams {
		if g[h/64]&(1<<(h%64)) == 0 {
			return false
		}
	}
	return true
}

// gramsOf returns the distinct gram hashes of s, at most 32 of them.
func gramsOf(s string) []uint32 {
	var out []uint32
	for i := 0; i+2 < len(s) && len(out) < 32; i++ {
		h := gramHash(s[i], s[i+1], s[i+2])
		if !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

func (b *block) line(j int) string {
	st := b.lineStarts()
	return strings.TrimSuffix(b.text[st[j]:st[j+1]], "\n")
}

// lineKeys returns the key of every line of the block.
func (b *block) lineKeys() []uint64 {
	b.keyOnce.Do(func() {
		keys := make([]uint64, b.lines())
		for j := range keys {
			keys[j] = key(b.line(j))
			b.keySet.add(keys[j])
		}
		b.keys = keys
	})
	return b.keys
}

// Keyed computes every line's key now, so that the searches that follow
// look lines up by their keys rather than scan the text: worth it for a
// caller about to search for many texts, as a patch of many hunks.
func (b *Buffer) Keyed() *Buffer {
	b.index()
	for _, bl := range b.blocks {
		bl.lineKeys()
	}
	b.keyed.Store(true)
	return b
}

// New returns a buffer holding s.
func New(s string) *Buffer {
	return &Buffer{src: s, whole: true}
}

// index builds the blocks of a buffer made by New.
func (b *Buffer) index() {
	b.built.Do(func() {
		if b.whole {
			b.setBlocks(splitBlocks(b.src))
		}
	})
}

// splitBlocks cuts s into blocks of about blockBytes, each ending at a
// line end; a short remainder joins the block before, so that blocks stay
// big enough for a search to skip most of them.
func splitBlocks(s string) []*block {
	var blocks []*block
	for begin := 0; begin < len(s); {
		end := len(s)
		if len(s)-begin > blockBytes+blockBytes/4 {
			if i := strings.IndexByte(s[begin+blockBytes:], '\n'); i >= 0 {
				end = begin + blockBytes + i + 1
			}
		}
		blocks = append(blocks, newBlock(s[begin:end]))
		begin = end
	}
	return blocks
}

// build makes an edited buffer from blocks.
func build(before, mid, after []*block) *Buffer {
	b := &Buffer{}
	blocks := make([]*block, 0, len(before)+len(mid)+len(after))
	b.setBlocks(append(append(append(blocks, before...), mid...), after...))
	return b
}

func (b *Buffer) setBlocks(blocks []*block) {
	b.blocks = blocks
	b.lineOff = make([]int, len(blocks)+1)
	b.byteOff = make([]int, len(blocks)+1)
	for i, bl := range blocks {
		b.lineOff[i+1] = b.lineOff[i] + bl.lines()
		b.byteOff[i+1] = b.byteOff[i] + len(bl.text)
	}
}

// Len is the length of the text in bytes.
func (b *Buffer) Len() int {
	if b.whole {
		return len(b.src)
	}
	return b.byteOff[len(b.blocks)]
}

// LineCount is the number of lines; a final newline does not start one.
func (b *Buffer) LineCount() int {
	b.index()
	return b.lineOff[len(b.blocks)]
}

// blockOfLine returns the block holding line i and i's index in it.
func (b *Buffer) blockOfLine(i int) (int, int) {
	bi := sort.Search(len(b.blocks), func(k int) bool { return b.lineOff[k+1] > i })
	return bi, i - b.lineOff[bi]
}

// LineStart is the byte offset of line i; LineStart(LineCount()) is Len().
func (b *Buffer) LineStart(i int) int {
	if i >= b.LineCount() {
		return b.Len()
	}
	bi, j := b.blockOfLine(i)
	return b.byteOff[bi] + int(b.blocks[bi].lineStarts()[j])
}

// LineOf is the line holding byte offset off; LineOf(Len()) is LineCount().
func (b *Buffer) LineOf(off int) int {
	if b.whole && b.lookups.Add(1) <= countedLookups {
		// A few lookups, as after one search, cost less than an index.
		n := strings.Count(b.src[:min(off, len(b.src))], "\n")
		if off >= len(b.src) && len(b.src) > 0 && b.src[len(b.src)-1] != '\n' {
			n++ // the end of an unterminated last line: LineCount
		}
		return n
	}
	b.index()
	if off >= b.Len() {
		return b.LineCount()
	}
	bi := sort.Search(len(b.blocks), func(k int) bool { return b.byteOff[k+1] > off })
	rel := int32(off - b.byteOff[bi])
	st := b.blocks[bi].lineStarts()
	j := sort.Search(len(st)-1, func(k int) bool { return st[k+1] > rel })
	return b.lineOff[bi] + j
}

// LineStartOf is the offset where the line holding off starts. It looks
// back from off, so it costs the length of that line, not an index.
func (b *Buffer) LineStartOf(off int) int {
	if b.whole {
		return strings.LastIndexByte(b.src[:off], '\n') + 1
	}
	return b.LineStart(b.LineOf(off))
}

// Line is the text of line i without its line end.
func (b *Buffer) Line(i int) string {
	b.index()
	bi, j := b.blockOfLine(i)
	return b.blocks[bi].line(j)
}

// Slice is the text [start, end).
func (b *Buffer) Slice(start, end int) string {
	if start >= end {
		return ""
	}
	if b.whole {
		return b.src[start:end]
	}
	bi := sort.Search(len(b.blocks), func(k int) bool { return b.byteOff[k+1] > start })
	if end <= b.byteOff[bi+1] {
		return b.blocks[bi].text[start-b.byteOff[bi] : end-b.byteOff[bi]]
	}
	var sb strings.Builder
	sb.Grow(end - start)
	for ; bi < len(b.blocks) && b.byteOff[bi] < end; bi++ {
		t := b.blocks[bi].text
		lo, hi := max(start-b.byteOff[bi], 0), min(end-b.byteOff[bi], len(t))
		sb.WriteString(t[lo:hi])
	}
	return sb.String()
}

// String is the whole text. An edited buffer builds it once and keeps it.
func (b *Buffer) String() string {
	if b.whole {
		return b.src
	}
	b.strOnce.Do(func() {
		if len(b.blocks) == 1 {
			b.str = b.blocks[0].text
			return
		}
		b.str = b.Slice(0, b.Len())
	})
	return b.str
}

// Replace returns a new buffer with [start, end) replaced by s. Blocks the
// edit does not touch are shared with b, keys included.
func (b *Buffer) Replace(start, end int, s string) *Buffer {
	b.index()
	n := b.LineCount()
	l0 := b.LineOf(start)
	if l0 == n && n > 0 && start == b.Len() && !strings.HasSuffix(b.blocks[len(b.blocks)-1].text, "\n") {
		l0 = n - 1 // appending to an unterminated last line changes that line
	}
	l1 := b.LineOf(end)
	if l1 < n && b.LineStart(l1) != end {
		l1++ // end is inside line l1: it belongs to the rewritten region
	}
	l1 = max(l1, l0)
	text := b.Slice(b.LineStart(l0), start) + s + b.Slice(end, b.LineStart(l1))
	if l1 < n && text != "" && !strings.HasSuffix(text, "\n") {
		text += b.Slice(b.LineStart(l1), b.LineStart(l1+1)) // the new text runs into the next line
		l1++
	}
	if len(b.blocks) == 0 {
		return build(nil, splitBlocks(text), nil)
	}
	// Rebuild the blocks holding lines [l0, l1) from their whole text.
	b0, _ := b.blockOfLine(min(l0, n-1))
	b1 := b0
	if l1 > l0 {
		b1, _ = b.blockOfLine(l1 - 1)
	}
	head := b.Slice(b.byteOff[b0], b.LineStart(l0))
	tail := b.Slice(b.LineStart(l1), b.byteOff[b1+1])
	return build(b.blocks[:b0], splitBlocks(head+text+tail), b.blocks[b1+1:])
}

// HasTab reports whether the text has a tab.
func (b *Buffer) HasTab() bool {
	if b.whole {
		return strings.IndexByte(b.src, '\t') >= 0
	}
	for _, bl := range b.blocks {
		if strings.IndexByte(bl.text, '\t') >= 0 {
			return true
		}
	}
	return false
}

// HasNonASCII reports whether the text has a byte outside ASCII.
func (b *Buffer) HasNonASCII() bool {
	if b.whole {
		return b.scans.hasNonASCII(b.src)
	}
	for _, bl := range b.blocks {
		bl.asciiOnce.Do(func() { bl.nonASCII = !isASCII(bl.text) })
		if bl.nonASCII {
			return true
		}
	}
	return false
}
