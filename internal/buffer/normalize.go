package buffer

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Kind is a way of comparing lines: two lines are equal under a kind when
// their normalized texts are equal.
type Kind int

// The kinds, from strict to lax.
const (
	Exact     Kind = iota // the line as it is
	TrimRight             // trailing whitespace removed
	Trim                  // leading and trailing whitespace removed
	Collapse              // trimmed, and every run of inner whitespace one space
	Fold                  // Collapse after folding typographic characters to ASCII
	numKinds
)

// Normalize returns line as kind k compares it.
func Normalize(k Kind, line string) string {
	switch k {
	case TrimRight:
		return strings.TrimRightFunc(line, unicode.IsSpace)
	case Trim:
		return strings.TrimSpace(line)
	case Collapse:
		return collapse(strings.TrimSpace(line))
	case Fold:
		return collapse(strings.TrimSpace(FoldString(line)))
	}
	return line
}

// Equal reports whether lines a and b are equal under kind k.
func Equal(k Kind, a, b string) bool {
	switch k {
	case Exact:
		return a == b
	case TrimRight:
		return strings.TrimRightFunc(a, unicode.IsSpace) == strings.TrimRightFunc(b, unicode.IsSpace)
	case Trim:
		return strings.TrimSpace(a) == strings.TrimSpace(b)
	}
	return Normalize(k, a) == Normalize(k, b)
}

// asciiSpace are the ASCII bytes unicode.IsSpace accepts.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// key is the hash of Normalize(Fold, line). Fold is the loosest kind, so
// lines equal under any kind have equal keys. Most lines of code are ASCII
// with single spaces between words: their normal form is the line trimmed,
// which key checks and hashes in one pass, eight bytes at a time.
func key(line string) uint64 {
	i, j := 0, len(line)
	for i < j && asciiSpace[line[i]] {
		i++
	}
	for j > i && asciiSpace[line[j-1]] {
		j--
	}
	s := line[i:j]
	if len(s) < 8 {
		for k := 0; k < len(s); k++ {
			// s does not end with a space, so a space has a byte after it.
			if c := s[k]; c >= utf8.RuneSelf || c < ' ' || c == ' ' && s[k+1] == ' ' {
				return slowKey(s)
			}
		}
		return hashString(s)
	}
	h := start(len(s))
	carry := uint64(0) // the last byte of the word before was a space
	k := 0
	for ; k+8 <= len(s); k += 8 {
		w := load(s, k)
		sp, ok := plainWord(w)
		if !ok || carry&sp != 0 {
			return slowKey(s)
		}
		carry = sp >> 56 // the last byte's space bit, where the first byte's is
		h = mix(h, w)
	}
	if k < len(s) {
		// The last eight bytes, overlapping the word before: they hold
		// the join between the two.
		w := load(s, len(s)-8)
		if _, ok := plainWord(w); !ok {
			return slowKey(s)
		}
		h = mix(h, w)
	}
	return finish(h)
}

// slowKey is key for a trimmed line with runs of spaces, control
// characters or characters outside ASCII.
func slowKey(s string) uint64 {
	if !isASCII(s) {
		return hashString(Normalize(Fold, s))
	}
	var scratch [256]byte
	out := scratch[:0]
	space := false
	for k := 0; k < len(s); k++ {
		if c := s[k]; asciiSpace[c] {
			space = true
		} else {
			if space {
				out = append(out, ' ')
				space = false
			}
			out = append(out, c)
		}
	}
	return hashString(unsafe.String(unsafe.SliceData(out), len(out)))
}

const (
	ones    = 0x0101010101010101
	low7    = 0x7f7f7f7f7f7f7f7f
	high    = 0x8080808080808080
	spaces  = 0x2020202020202020
	mulHash = 0x9e3779b97f4a7c15
)

// plainWord reports whether the eight bytes of w are ASCII, none below a
// space and no two neighbours spaces, and returns the high bit of each
// byte that is a space.
func plainWord(w uint64) (spaceBits uint64, ok bool) {
	if w&high != 0 || (w-spaces)&^w&high != 0 {
		return 0, false // outside ASCII, or a control character
	}
	y := w ^ spaces
	sp := ^((y&low7 + low7) | y | low7) // exactly the bytes that are spaces
	return sp, sp&(sp>>8) == 0
}

// load reads the eight bytes of s from i, the first lowest.
func load(s string, i int) uint64 {
	_ = s[i+7]
	return binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s[i:]), 8))
}

// seed makes keys differ from one process to the next, so that no input
// can be built to make many lines' keys collide.
var seed = rand.Uint64()

func start(n int) uint64 { return seed ^ uint64(n)*mulHash }

func mix(h, w uint64) uint64 {
	hi, lo := bits.Mul64(h^w, mulHash)
	return hi ^ lo
}

func finish(h uint64) uint64 {
	hi, lo := bits.Mul64(h, mulHash^0xff51afd7ed558ccd)
	return hi ^ lo
}

// hashString is the hash key gives a line that is its own normal form.
func hashString(s string) uint64 {
	h := start(len(s))
	if len(s) < 8 {
		w := uint64(0)
		for k := len(s) - 1; k >= 0; k-- {
			w = w<<8 | uint64(s[k])
		}
		return finish(mix(h, w))
	}
	k := 0
	for ; k+8 <= len(s); k += 8 {
		h = mix(h, load(s, k))
	}
	if k < len(s) {
		h = mix(h, load(s, len(s)-8))
	}
	return finish(h)
}

// collapse writes every run of whitespace in s as one space. It returns s
// itself when there is nothing to change.
func collapse(s string) string {
	// Most lines have single spaces only: tell so with quick searches.
	if !strings.Contains(s, "  ") && strings.IndexAny(s, "\t\n\v\f\r") < 0 && isASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	prevSpace := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			if !prevSpace {
				b.WriteByte(' ')
			}
			prevSpace = true
			continue
		}
		prevSpace = false
		b.WriteRune(r)
	}
	return b.String()
}

// isASCII reports whether s is ASCII, 32 bytes at a time.
func isASCII(s string) bool {
	i := 0
	for ; i+32 <= len(s); i += 32 {
		if (load(s, i)|load(s, i+8)|load(s, i+16)|load(s, i+24))&high != 0 {
			return false
		}
	}
	for ; i+8 <= len(s); i += 8 {
		if load(s, i)&high != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// FoldRune maps a typographic character to the ASCII text a model tends to
// write for it, or returns "" when r is not one.
func FoldRune(r rune) string {
	switch r {
	case '\u2018', '\u2019', '\u201A', '\u201B', '\u2032', '\u00B4': // ‘ ’ ‚ ‛ ′ ´
		return "'"
	case '\u201C', '\u201D', '\u201E', '\u201F', '\u2033', '\u00AB', '\u00BB': // “ ” „ ‟ ″ « »
		return `"`
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212': // ‐ ‑ ‒ – — ― −
		return "-"
	case '\u2026': // …
		return "..."
	case '\u00A0', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006',
		'\u2007', '\u2008', '\u2009', '\u200A', '\u202F', '\u205F', '\u3000': // no-break and other spaces
		return " "
	case '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF': // zero-width characters
		return "\x00"
	}
	return ""
}

// FoldString folds every typographic character of s; zero-width ones are
// dropped.
func FoldString(s string) string {
	if isASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch f := FoldRune(r); f {
		case "":
			b.WriteRune(r)
		case "\x00":
		default:
			b.WriteString(f)
		}
	}
	return b.String()
}
