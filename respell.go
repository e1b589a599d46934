package editkit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// respell keeps a tolerantly matched search's damage out of the file. The
// search differs from the file's text it matched (matched) by what the
// tolerant replacer forgave — spacing, quotes, a typo — and a replacement
// written from that search carries the same differences. So each line of
// the replacement that stands for a line of the search is merged three
// ways, word by word, with the search as the base: what the replacement
// changed in the search's line is applied to the file's line, and the rest
// of the file's line, its spelling and spacing, is kept. New lines of the
// replacement get the words the search misspelled the same way everywhere
// spelled as the file does.
func respell(search, matched, replace string) string {
	s := strings.Split(strings.TrimSuffix(search, "\n"), "\n")
	f := strings.Split(strings.TrimSuffix(matched, "\n"), "\n")
	sf := matchedLines(s, f) // search line -> file line
	subst, clash := map[string]string{}, map[string]bool{}
	fileWords := map[string]bool{}
	for _, l := range f {
		for _, w := range words(l) {
			fileWords[w] = true
		}
	}
	for k, j := range sf {
		if j < 0 {
			continue
		}
		sw, fw := words(s[k]), words(f[j])
		if len(sw) != len(fw) {
			continue
		}
		for i := range sw {
			if sw[i] == fw[i] || fileWords[sw[i]] || utf8.RuneCountInString(sw[i]) < minRespelled {
				continue
			}
			if prev, ok := subst[sw[i]]; ok && prev != fw[i] {
				clash[sw[i]] = true
			}
			subst[sw[i]] = fw[i]
		}
	}
	lines := strings.Split(replace, "\n")
	rs := alignLines(lines, s) // replacement line -> search line
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if k := rs[i]; k >= 0 && sf[k] >= 0 {
			// Indentation and trailing space are the replacement's: the
			// fit already re-indented it, and a Markdown line break it
			// adds or the trailing space it drops is what it asks for.
			lines[i] = leadingSpace(l) + merge3(strings.TrimSpace(s[k]), strings.TrimSpace(f[sf[k]]), strings.TrimSpace(l)) + trailingSpace(l)
			continue
		}
		lines[i] = replaceWords(l, func(w string) string {
			if to, ok := subst[w]; ok && !clash[w] {
				return to
			}
			return w
		})
	}
	return strings.Join(lines, "\n")
}

// minRespelled is the fewest characters a word of the search must have
// for new lines to have it respelled: a typo of one or two characters (a
// letter for a letter in "\C-r") is no word the model misspelled, and the
// same letters stand for other things in its new lines ("-x}").
const minRespelled = 3

// matchedLines pairs the search's lines with the file's lines a line
// replacer matched them to. The line tiers compare line i with line i, and
// the one that ignores blank lines compares the others in order; only when
// neither fits (a fuzzy match of another length) are lines paired by
// likeness, which could pair a line with a look-alike neighbour.
func matchedLines(s, f []string) []int {
	if len(s) == len(f) {
		at := make([]int, len(s))
		for i := range at {
			at[i] = i
		}
		return at
	}
	var si, fi []int
	for i, l := range s {
		if !isBlank(l) {
			si = append(si, i)
		}
	}
	for i, l := range f {
		if !isBlank(l) {
			fi = append(fi, i)
		}
	}
	if len(si) != len(fi) {
		return alignLines(s, f)
	}
	at := make([]int, len(s))
	for i := range at {
		at[i] = -1
	}
	for k, i := range si {
		at[i] = fi[k]
	}
	return at
}

// trailingSpace is the run of spaces and tabs that ends l.
func trailingSpace(l string) string {
	return l[len(strings.TrimRight(l, " \t")):]
}

// merge3 applies to file what turned base into edit, token by token
// (words, single characters, runs of spaces): where the edit kept base's
// tokens, file's own stand; where it changed them, its change does.
func merge3(base, file, edit string) string {
	if edit == base {
		return file
	}
	b, f, e := tokens(base), tokens(file), tokens(edit)
	bf, be := lcs(b, f), lcs(b, e)
	var out strings.Builder
	fi, ei := 0, 0 // the next tokens of file and edit not yet written
	write := func(ts []string) {
		for _, t := range ts {
			out.WriteString(t)
		}
	}
	for k := 0; k <= len(b); k++ {
		// A token of base kept by both sides is stable: between two of
		// them, each side's stretch is either base's or changed.
		if k < len(b) && (bf[k] < 0 || be[k] < 0) {
			continue
		}
		fEnd, eEnd := len(f), len(e)
		if k < len(b) {
			fEnd, eEnd = bf[k], be[k]
		}
		if fEnd < fi || eEnd < ei {
			continue // crossing alignments: not stable after all
		}
		bs := b[prevStable(bf, be, k)+1 : k]
		fs, es := f[fi:fEnd], e[ei:eEnd]
		switch {
		case equalLines(es, bs):
			write(fs) // the edit left this stretch alone: the file's spelling
		case len(bs) == len(fs):
			// Both changed it: the file respelled base's tokens one for one,
			// and the edit kept some of them among its own.
			kept := slices.Clone(es)
			for i, j := range lcs(bs, es) {
				if j >= 0 {
					kept[j] = fs[i]
				}
			}
			write(kept)
		default:
			write(es)
		}
		if k < len(b) {
			out.WriteString(f[fEnd])
		}
		fi, ei = fEnd+1, eEnd+1
	}
	return out.String()
}

// prevStable is the last index before k of a base token both sides keep,
// or -1.
func prevStable(bf, be []int, k int) int {
	for j := k - 1; j >= 0; j-- {
		if bf[j] >= 0 && be[j] >= 0 {
			return j
		}
	}
	return -1
}

// tokens splits a line into words, single other characters and runs of
// spaces, so that joining them gives the line back.
func tokens(l string) []string {
	var out []string
	for len(l) > 0 {
		r, n := utf8.DecodeRuneInString(l)
		j := n
		switch {
		case r == ' ' || r == '\t':
			for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
				j++
			}
		case wordRune(r):
			for j < len(l) {
				c, m := utf8.DecodeRuneInString(l[j:])
				if !wordRune(c) {
					break
				}
				j += m
			}
		}
		out = append(out, l[:j])
		l = l[j:]
	}
	return out
}

// lcs pairs equal tokens of a and b in order, as many as can be: at[i] is
// the token of b that a[i] pairs with, or -1.
func lcs(a, b []string) []int {
	at := make([]int, len(a))
	for i := range at {
		at[i] = -1
	}
	if len(a)*len(b) > 1_000_000 {
		return at
	}
	w := len(b) + 1
	best := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			switch {
			case a[i] == b[j]:
				best[i*w+j] = best[(i+1)*w+j+1] + 1
			default:
				best[i*w+j] = max(best[(i+1)*w+j], best[i*w+j+1])
			}
		}
	}
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			at[i] = j
			i, j = i+1, j+1
		case best[(i+1)*w+j] >= best[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	return at
}

// words splits a line into its words: runs of letters, digits and "_", and
// single other characters; spaces separate them.
func words(l string) []string {
	var out []string
	for i := 0; i < len(l); {
		r, n := utf8.DecodeRuneInString(l[i:])
		switch {
		case unicode.IsSpace(r):
			i += n
		case wordRune(r):
			j := i + n
			for j < len(l) {
				c, m := utf8.DecodeRuneInString(l[j:])
				if !wordRune(c) {
					break
				}
				j += m
			}
			out = append(out, l[i:j])
			i = j
		default:
			out = append(out, l[i:i+n])
			i += n
		}
	}
	return out
}

func wordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// isWord reports whether w, one of words' words, is a run of letters,
// digits and "_", not a mark.
func isWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return wordRune(r)
}

// replaceWords rewrites each word of l (as words splits it) with f,
// keeping everything between words.
func replaceWords(l string, f func(string) string) string {
	var b strings.Builder
	rest := l
	for _, w := range words(l) {
		i := strings.Index(rest, w)
		b.WriteString(rest[:i])
		b.WriteString(f(w))
		rest = rest[i+len(w):]
	}
	b.WriteString(rest)
	return b.String()
}
