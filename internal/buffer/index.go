package buffer

import "strings"

// Index is strings.Index, faster on text: it looks for the search's
// rarest byte, as source code and prose go, rather than its first, which
// in code is often a tab or a space that every line has. Where that byte
// turns out common in s too, it hands over to strings.Index, so it stays
// linear.
func Index(s, sub string) int {
	f := newFinder(sub)
	return f.index(s)
}

// A finder looks for one text again and again, as Index does, and
// remembers when the rare byte turned out common, so that later searches
// go straight to strings.Index.
type finder struct {
	sub string
	k   int  // the offset of the rarest byte in sub
	std bool // use strings.Index
}

func newFinder(sub string) finder {
	if len(sub) < 2 {
		return finder{sub: sub, std: true}
	}
	return finder{sub: sub, k: rarest(sub)}
}

func (f *finder) index(s string) int {
	n := len(f.sub)
	if f.std || n > len(s) {
		return strings.Index(s, f.sub)
	}
	k, c := f.k, f.sub[f.k]
	end := len(s) - (n - 1 - k) // c at end or later leaves no room for sub
	fails := 0
	for i := k; i < end; {
		j := strings.IndexByte(s[i:end], c)
		if j < 0 {
			return -1
		}
		p := i + j - k
		if s[p:p+n] == f.sub {
			return p
		}
		i += j + 1
		// Every start before i-k is ruled out; when false hits come more
		// often than one per 32 bytes, scanning for c does not pay.
		if fails++; fails > 8 && fails > i>>5 {
			f.std = true
			if r := strings.Index(s[i-k:], f.sub); r >= 0 {
				return i - k + r
			}
			return -1
		}
	}
	return -1
}

// rarest returns the offset of the rarest byte among the first 256 of sub.
func rarest(sub string) int {
	best := 0
	for i := 1; i < len(sub) && i < 256; i++ {
		if byteRank[sub[i]] > byteRank[sub[best]] {
			best = i
		}
	}
	return best
}

// byteRank ranks bytes from common to rare in source code and prose, as
// counted in the Go distribution's sources and in Python, JavaScript, C,
// Rust and Markdown projects: the listed ones by their place, every other
// byte rarer than all of them.
var byteRank = func() [256]uint8 {
	const common = " etrani\nso\tlcdu,0fpm.xh()/g_\"b=:{}Ev-S1Ty*A2CkRIw`OPN43LD;6FM8'[]B5UV>9G7H\\|zjq&<#W!Y+XK%Q@ZJ?$^~\r"
	var r [256]uint8
	for i := range r {
		r[i] = 255
	}
	for i := range len(common) {
		r[common[i]] = uint8(i)
	}
	return r
}()
