package buffer

import (
	"hash/maphash"
	"strings"
	"unicode"
	"unicode/utf8"
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

var seed = maphash.MakeSeed()

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

// Hash returns the hash of Normalize(k, line), avoiding the allocation
// where the normalized text is a substring of line.
func Hash(k Kind, line string) uint64 {
	switch k {
	case Exact:
		return maphash.String(seed, line)
	case TrimRight:
		return maphash.String(seed, strings.TrimRightFunc(line, unicode.IsSpace))
	case Trim:
		return maphash.String(seed, strings.TrimSpace(line))
	case Collapse:
		return maphash.String(seed, collapse(strings.TrimSpace(line)))
	case Fold:
		if isASCII(line) {
			return Hash(Collapse, line)
		}
		return maphash.String(seed, Normalize(Fold, line))
	}
	panic("buffer: unknown kind")
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

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
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
