package editkit_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/editkit/editkit/internal/corpus"
	"github.com/editkit/editkit/internal/fuzzy"
)

// TestAccuracy measures Replace on real code: blocks of 3-12 lines taken
// from the Go distribution's own sources (read at test time, never copied
// here), damaged the way models damage them, each with the result that was
// meant. Every class must give the meant result byte for byte in at least
// 99% of cases, and no must-refuse case may be applied. Run with -v for the
// table that BENCHMARKS.md shows; EDITKIT_ACCURACY_CASES and
// EDITKIT_ACCURACY_SEED take a bigger or another sample.
func TestAccuracy(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the Go distribution's sources")
	}
	paths, err := corpus.Paths()
	if err != nil || len(paths) == 0 {
		t.Skipf("no Go sources: %v", err)
	}
	perClass, seed := 300, uint64(20261121)
	if v, err := strconv.Atoi(os.Getenv("EDITKIT_ACCURACY_CASES")); err == nil {
		perClass = v // more cases, for measuring
	}
	if v, err := strconv.ParseUint(os.Getenv("EDITKIT_ACCURACY_SEED"), 10, 64); err == nil {
		seed = v // another sample
	}
	g := &caseGen{rng: rand.New(rand.NewPCG(seed, 7)), paths: paths}
	var rows []accuracyRow
	for _, class := range accuracyClasses {
		row := accuracyRow{class: class.name, refuse: class.refuse, nearDup: class.nearDup, mayRefuse: class.mayRefuse}
		for tries := 0; row.total() < perClass && tries < perClass*50; tries++ {
			c, ok := class.make(g)
			if !ok {
				continue
			}
			row.add(t, c)
		}
		rows = append(rows, row)
	}
	var b strings.Builder
	b.WriteString("| class | cases | right | misformatted | wrong place | refused |\n|---|---:|---:|---:|---:|---:|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d |\n", r.class, r.total(), r.right, r.misformatted, r.wrongPlace, r.refused)
	}
	t.Log("\n" + b.String())
	for _, r := range rows {
		switch {
		case r.total() < perClass/2 && !r.nearDup, r.total() < perClass/10:
			t.Errorf("%s: only %d cases could be built", r.class, r.total())
		case r.refuse && r.total()-r.refused > 0:
			t.Errorf("%s: %d of %d must-refuse cases were applied", r.class, r.total()-r.refused, r.total())
		case (r.nearDup || r.mayRefuse) && r.misformatted+r.wrongPlace > 0:
			t.Errorf("%s: %d of %d applied where or as they should not be", r.class, r.misformatted+r.wrongPlace, r.total())
		case !r.refuse && !r.nearDup && !r.mayRefuse && float64(r.right) < 0.99*float64(r.total()):
			t.Errorf("%s: %d of %d right, below 99%%", r.class, r.right, r.total())
		}
	}
}

// An accuracyCase is one edit and the result that was meant.
type accuracyCase struct {
	file, search, replace string
	want                  string // the meant result; "" for a must-refuse case
	blockStart, blockEnd  int    // the replaced bytes of file
	lines                 []int  // for ambiguity: lines the error must name
	desc                  string
}

type accuracyRow struct {
	class                                    string
	refuse, nearDup, mayRefuse               bool
	right, misformatted, wrongPlace, refused int
}

func (r *accuracyRow) total() int { return r.right + r.misformatted + r.wrongPlace + r.refused }

func (r *accuracyRow) add(t *testing.T, c accuracyCase) {
	out, _, err := editkit.Replace(c.file, c.search, c.replace, editkit.ReplaceOptions{})
	switch {
	case err != nil:
		if out != c.file {
			t.Errorf("%s: %s: the content changed despite the error %v", r.class, c.desc, err)
		}
		r.refused++
		if len(c.lines) > 0 {
			var e *editkit.Error
			if !errors.Is(err, editkit.ErrAmbiguous) || !errors.As(err, &e) || !namesLines(e, c.lines) {
				t.Errorf("%s: %s: error %v does not name lines %v as ambiguous", r.class, c.desc, err, c.lines)
			}
		} else if !r.refuse && testing.Verbose() {
			t.Logf("%s refused: %s: %v", r.class, c.desc, err)
		}
	case r.refuse:
		r.wrongPlace++
		t.Logf("%s: %s was applied:\nsearch %q", r.class, c.desc, c.search)
	case out == c.want:
		r.right++
	case strings.HasPrefix(out, c.file[:c.blockStart]) && strings.HasSuffix(out, c.file[c.blockEnd:]):
		r.misformatted++
		t.Logf("%s misformatted: %s\nsearch  %q\nreplace %q\ngot     %q\nwant    %q", r.class, c.desc,
			c.search, c.replace, out[c.blockStart:len(out)-len(c.file)+c.blockEnd], c.want[c.blockStart:len(c.want)-len(c.file)+c.blockEnd])
	default:
		r.wrongPlace++
		t.Logf("%s WRONG PLACE: %s\nsearch %q", r.class, c.desc, c.search)
	}
}

func namesLines(e *editkit.Error, lines []int) bool {
	for _, l := range lines {
		if !slices.ContainsFunc(e.Lines, func(r editkit.LineRange) bool { return r.Start <= l && l <= r.End }) {
			return false
		}
	}
	return true
}

type accuracyClass struct {
	name      string
	refuse    bool // every case must be refused
	nearDup   bool // refusing is as right as the meant result; no wrong place
	mayRefuse bool // refusing is as right as the meant result; nothing misformatted or misplaced
	make      func(g *caseGen) (accuracyCase, bool)
}

var accuracyClasses = []accuracyClass{
	{name: "exact", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool { return true })
	}},
	{name: "re-indented (+4 spaces)", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			b.search, b.replace = prefixLines(b.search, "    "), prefixLines(b.replace, "    ")
			return true
		})
	}},
	{name: "dedented", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			ind := commonIndent(b.search)
			if ind == "" {
				return false
			}
			b.search, b.replace = unprefixLines(b.search, ind), unprefixLines(b.replace, ind)
			return true
		})
	}},
	{name: "tabs written as spaces", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			if !strings.Contains(b.search, "\n\t") && !strings.HasPrefix(b.search, "\t") {
				return false
			}
			b.search, b.replace = tabsToSpaces(b.search), tabsToSpaces(b.replace)
			return true
		})
	}},
	{name: "trailing whitespace stripped", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			// The file has trailing whitespace the model did not copy.
			lines := strings.Split(b.file[b.start:b.end], "\n")
			n := 0
			// Not on the last line: there a search that stops before the
			// whitespace is exact, and the whitespace is rightly kept.
			for i := range lines[:len(lines)-1] {
				if strings.TrimSpace(lines[i]) != "" && g.rng.IntN(2) == 0 {
					lines[i] += []string{" ", "  ", "\t"}[g.rng.IntN(3)]
					n++
				}
			}
			if n == 0 {
				return false
			}
			trailing := strings.Join(lines, "\n")
			b.file = b.file[:b.start] + trailing + b.file[b.end:]
			b.end = b.start + len(trailing)
			return true
		})
	}},
	{name: "CRLF file, LF search", make: func(g *caseGen) (accuracyCase, bool) {
		c, ok := g.damaged(func(b *block) bool { return true })
		if !ok {
			return c, false
		}
		crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
		c.blockStart = len(crlf(c.file[:c.blockStart]))
		c.blockEnd = len(crlf(c.file[:c.blockEnd]))
		c.file, c.want = crlf(c.file), crlf(c.want)
		return c, true
	}},
	{name: "over-escaped (\\n, \\t, \\\")", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			b.search, b.replace = escapeText(b.search), escapeText(b.replace)
			return true
		})
	}},
	{name: "copied from view with line numbers", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			b.search = numberLines(b.search, strings.Count(b.file[:b.start], "\n")+1)
			return true
		})
	}},
	{name: "line numbers of an older view (3 off)", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			b.search = numberLines(b.search, strings.Count(b.file[:b.start], "\n")+4)
			return true
		})
	}},
	{name: "curly quotes in the search", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			if !strings.ContainsAny(b.search, `"'`) {
				return false
			}
			b.search = curlyQuotes(b.search)
			return true
		})
	}},
	// The search, one indented line, copied without its indentation; the
	// replacement, several lines, written the same way (the exact tier
	// finds the line after its indentation).
	{name: "one line dedented, several lines for it", make: func(g *caseGen) (accuracyCase, bool) {
		return g.oneLineDedented()
	}},
	// A nested block written flat: the replacement must come out nested as
	// the file is.
	{name: "nested block flattened", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			if len(slices.Compact(slices.Sorted(slices.Values(indents(b.search))))) < 2 {
				return false
			}
			b.search, b.replace = flatten(b.search), flatten(b.replace)
			return true
		})
	}},
	// The inner lines of a block a level deeper than the file has them:
	// the replacement must come out as deep as the file's lines are.
	{name: "inner lines a level off", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			ind := commonIndent(b.search)
			if !strings.Contains(b.search, "\n"+ind+"\t") {
				return false
			}
			deeper := func(s string) string {
				lines := strings.Split(s, "\n")
				for i, l := range lines {
					if strings.HasPrefix(l, ind+"\t") {
						lines[i] = "\t" + l
					}
				}
				return strings.Join(lines, "\n")
			}
			b.search, b.replace = deeper(b.search), deeper(b.replace)
			return true
		})
	}},
	// A blank line of the block left out of the search, and so out of the
	// replacement: the file's blank line must stay.
	{name: "a blank line dropped", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			i := strings.Index(strings.TrimRight(b.search, "\n"), "\n\n")
			if i < 0 || !strings.HasPrefix(b.replace, b.search[:i]+"\n\n") {
				return false // the edit is before the blank line: where it went in the replacement is unclear
			}
			b.search = b.search[:i] + b.search[i+1:]
			b.replace = strings.Replace(b.replace, b.search[:i]+"\n\n", b.search[:i]+"\n", 1)
			return true
		})
	}},
	// A blank line the block does not have, added to the search and the
	// replacement: it must not reach the file.
	{name: "a blank line added", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			lines := strings.Split(b.search, "\n")
			if len(lines) < 3 {
				return false
			}
			k := 1 + g.rng.IntN(len(lines)-1)
			if strings.TrimSpace(lines[k-1]) == "" || strings.TrimSpace(lines[k]) == "" {
				return false
			}
			head := strings.Join(lines[:k], "\n") + "\n"
			if !strings.HasPrefix(b.replace, head) {
				return false // the edit is in the first lines: the blank line's place in the replacement is unclear
			}
			b.search = head + "\n" + strings.Join(lines[k:], "\n")
			b.replace = head + "\n" + b.replace[len(head):]
			return true
		})
	}},
	// Escaped as a model over-escapes, line breaks and tabs only: the
	// code's own backslashes stay, so \n in a string cannot be told from
	// a line break. Either the meant result or a refusal.
	{name: "escaped, the code's own backslashes left", mayRefuse: true, make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			if !strings.Contains(b.search, "\n") || !strings.Contains(b.file[b.start:b.end]+b.replace, `\`) {
				return false
			}
			esc := strings.NewReplacer("\n", `\n`, "\t", `\t`)
			b.search, b.replace = esc.Replace(b.search), esc.Replace(b.replace)
			return !strings.Contains(b.search, `\\`)
		})
	}},
	// Damage the model carries into its replacement, which must not reach
	// the file: a misremembered word, collapsed alignment, curly quotes.
	{name: "typo in both search and replacement", mayRefuse: true, make: func(g *caseGen) (accuracyCase, bool) {
		return g.typoBoth()
	}},
	{name: "alignment spaces collapsed in both", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			collapse := regexp.MustCompile(`(\S)[ ]{2,}`)
			if !collapse.MatchString(b.search) {
				return false
			}
			b.search, b.replace = collapse.ReplaceAllString(b.search, "$1 "), collapse.ReplaceAllString(b.replace, "$1 ")
			return true
		})
	}},
	{name: "curly quotes in both search and replacement", make: func(g *caseGen) (accuracyCase, bool) {
		return g.damaged(func(b *block) bool {
			if !strings.ContainsAny(b.search, `"'`) {
				return false
			}
			b.search, b.replace = curlyQuotes(b.search), curlyQuotes(b.replace)
			return true
		})
	}},
	{name: "typo in a middle line", make: func(g *caseGen) (accuracyCase, bool) {
		return g.typoCase(false)
	}},
	{name: "typo, with a near-duplicate block elsewhere", nearDup: true, make: func(g *caseGen) (accuracyCase, bool) {
		return g.typoCase(true)
	}},
	{name: "must refuse: a line that occurs twice, without context", refuse: true, make: (*caseGen).twiceLine},
	{name: "must refuse: real first and last lines, foreign middle", refuse: true, make: (*caseGen).foreignMiddle},
	{name: "must refuse: a block from another file", refuse: true, make: (*caseGen).foreignBlock},
}

// typoCase changes 1-3 letters of a middle line of a block: a line between
// the first and last that have something in them. nearDup chooses the cases
// where another block of the file is about as close to the damaged search.
func (g *caseGen) typoCase(nearDup bool) (accuracyCase, bool) {
	var text string
	c, ok := g.damaged(func(b *block) bool {
		text = b.search
		// A middle line: between the first and last lines that have
		// something in them.
		lines := strings.Split(b.search, "\n")
		first, last := -1, -1
		for i, l := range lines {
			if strings.TrimSpace(l) != "" {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		var mids []int
		for i := first + 1; i < last; i++ {
			if len(strings.TrimSpace(lines[i])) >= 20 {
				mids = append(mids, i)
			}
		}
		if len(mids) == 0 {
			return false
		}
		i := mids[g.rng.IntN(len(mids))]
		lines[i] = typo(g.rng, lines[i], 1+g.rng.IntN(3))
		b.search = strings.Join(lines, "\n")
		return true
	})
	if !ok || nearDuplicate(c.file, c.blockStart, c.search, text) != nearDup {
		return accuracyCase{}, false
	}
	return c, true
}

// oneLineDedented builds a case whose search is one indented line written
// without its indentation, and whose replacement is that line and a new one
// after it, also without indentation.
func (g *caseGen) oneLineDedented() (accuracyCase, bool) {
	s := g.file()
	lines := strings.SplitAfter(s, "\n")
	i := g.rng.IntN(len(lines))
	line := strings.TrimSuffix(lines[i], "\n")
	ind := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	text := strings.TrimSpace(line)
	if ind == "" || len(text) < 12 || occurrences(s, text) != 1 {
		return accuracyCase{}, false
	}
	start := len(strings.Join(lines[:i], "")) + len(ind)
	end := start + len(text)
	want := s[:start] + text + " // edited\n" + ind + "editkitProbe(1)" + s[end:]
	return accuracyCase{
		file: s, search: text, replace: text + " // edited\neditkitProbe(1)",
		want: want, blockStart: start - len(ind), blockEnd: end, desc: fmt.Sprintf("%q", line),
	}, true
}

func indents(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l[:len(l)-len(strings.TrimLeft(l, " \t"))])
		}
	}
	return out
}

// flatten removes every line's indentation.
func flatten(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, " \t")
	}
	return strings.Join(lines, "\n")
}

// typoBoth misspells one word of a middle line of the search, and the same
// word wherever the replacement has it, as a model that misremembers a
// name writes it: the file's spelling must be kept.
func (g *caseGen) typoBoth() (accuracyCase, bool) {
	return g.damaged(func(b *block) bool {
		lines := strings.Split(b.search, "\n")
		if len(lines) < 3 {
			return false
		}
		i := 1 + g.rng.IntN(len(lines)-2)
		word := regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]{5,}`)
		ws := word.FindAllString(lines[i], -1)
		if len(ws) == 0 {
			return false
		}
		w := ws[g.rng.IntN(len(ws))]
		bad := w[:len(w)-2] + w[len(w)-1:] + w[len(w)-2:len(w)-1] // the last two letters swapped
		if bad == w || strings.Contains(b.file, bad) || strings.Count(b.file[b.start:b.end], w) != 1 {
			return false
		}
		lines[i] = strings.Replace(lines[i], w, bad, 1)
		b.search = strings.Join(lines, "\n")
		b.replace = strings.ReplaceAll(b.replace, w, bad)
		return true
	})
}

type caseGen struct {
	rng   *rand.Rand
	paths []string
}

// A block is a unique run of lines of a file, and the edit meant for it.
type block struct {
	file            string
	start, end      int // byte span of the block, without its last line end
	search, replace string
}

// file picks a source file of a useful size.
func (g *caseGen) file() string {
	for {
		s := corpus.Read(g.paths[g.rng.IntN(len(g.paths))])
		if n := strings.Count(s, "\n"); n >= 30 && n <= 4000 {
			return s
		}
	}
}

// pick chooses a run of 3-12 lines of s that occurs once and has at least
// two lines with something in them.
func (g *caseGen) pick(s string) (start, end int, ok bool) {
	lines := strings.SplitAfter(s, "\n")
	k := 3 + g.rng.IntN(10)
	if len(lines) < k+2 {
		return 0, 0, false
	}
	i := g.rng.IntN(len(lines) - k)
	start = len(strings.Join(lines[:i], ""))
	text := strings.TrimSuffix(strings.Join(lines[i:i+k], ""), "\n")
	solid := 0
	for _, l := range lines[i : i+k] {
		if len(strings.TrimSpace(l)) >= 4 {
			solid++
		}
	}
	if solid < 2 || occurrences(s, text) != 1 {
		return 0, 0, false
	}
	return start, start + len(text), true
}

// edit is the change meant for a block: a line gains a comment and a new
// line follows it at its indentation.
func (g *caseGen) edit(text string) string {
	lines := strings.Split(text, "\n")
	var solid []int
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			solid = append(solid, i)
		}
	}
	i := solid[g.rng.IntN(len(solid))]
	ind := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " \t"))]
	lines[i] += " // edited"
	return strings.Join(slices.Insert(lines, i+1, ind+"editkitProbe(1)"), "\n")
}

// damaged builds a case from a fresh block with damage applied to it.
func (g *caseGen) damaged(damage func(*block) bool) (accuracyCase, bool) {
	s := g.file()
	start, end, ok := g.pick(s)
	if !ok {
		return accuracyCase{}, false
	}
	text := s[start:end]
	replace := g.edit(text)
	b := &block{file: s, start: start, end: end, search: text, replace: replace}
	if !damage(b) {
		return accuracyCase{}, false
	}
	if b.search != text && strings.Contains(b.file, b.search) {
		// The damage turned the search into text the file has elsewhere:
		// a different, valid request, not a damaged one.
		return accuracyCase{}, false
	}
	return accuracyCase{
		file: b.file, search: b.search, replace: b.replace,
		want:       b.file[:b.start] + replace + b.file[b.end:],
		blockStart: b.start, blockEnd: b.end,
		desc: fmt.Sprintf("%q", text),
	}, true
}

func (g *caseGen) twiceLine() (accuracyCase, bool) {
	s := g.file()
	lines := strings.Split(s, "\n")
	count := map[string][]int{}
	for i, l := range lines {
		if len(strings.TrimSpace(l)) >= 20 {
			count[l] = append(count[l], i+1)
		}
	}
	var twice []string
	for l, at := range count {
		if len(at) == 2 {
			twice = append(twice, l)
		}
	}
	if len(twice) == 0 {
		return accuracyCase{}, false
	}
	slices.Sort(twice)
	l := twice[g.rng.IntN(len(twice))]
	return accuracyCase{file: s, search: l, replace: l + " // edited", lines: count[l], desc: fmt.Sprintf("line %q at %v", l, count[l])}, true
}

func (g *caseGen) foreignMiddle() (accuracyCase, bool) {
	s := g.file()
	start, end, ok := g.pick(s)
	if !ok {
		return accuracyCase{}, false
	}
	lines := strings.Split(s[start:end], "\n")
	if len(lines) < 4 || len(strings.TrimSpace(lines[0])) < 8 || len(strings.TrimSpace(lines[len(lines)-1])) < 8 {
		return accuracyCase{}, false // the first and last lines must be real lines
	}
	other := g.file()
	os, oe, ok := g.pick(other)
	if !ok {
		return accuracyCase{}, false
	}
	mid := strings.Split(other[os:oe], "\n")
	if len(mid) < len(lines)-2 {
		return accuracyCase{}, false
	}
	mid = mid[:len(lines)-2]
	foreign := false
	for i, l := range mid {
		if len(strings.TrimSpace(l)) >= 8 && strings.TrimSpace(l) != strings.TrimSpace(lines[i+1]) {
			foreign = true
		}
	}
	if !foreign {
		return accuracyCase{}, false // the middle must say something the real one does not
	}
	search := strings.Join(append(append([]string{lines[0]}, mid...), lines[len(lines)-1]), "\n")
	return accuracyCase{file: s, search: search, replace: "replaced()", desc: fmt.Sprintf("%q", search)}, true
}

func (g *caseGen) foreignBlock() (accuracyCase, bool) {
	s := g.file()
	other := g.file()
	os, oe, ok := g.pick(other)
	if !ok {
		return accuracyCase{}, false
	}
	search := other[os:oe]
	for _, l := range strings.Split(search, "\n") {
		if len(strings.TrimSpace(l)) >= 12 && strings.Contains(s, strings.TrimSpace(l)) {
			return accuracyCase{}, false // not foreign: the file has this line too
		}
	}
	return accuracyCase{file: s, search: search, replace: "replaced()", desc: fmt.Sprintf("%q", search)}, true
}

// occurrences counts text in s, overlapping ones included.
func occurrences(s, text string) int {
	n := 0
	for off := 0; ; n++ {
		i := strings.Index(s[off:], text)
		if i < 0 {
			return n
		}
		off += i + 1
	}
}

// nearDuplicate reports whether some other run of as many lines in file is
// about as close to search as the intended block is: within two more
// character edits, comparing lines without their indentation. A typo there
// leaves no way to tell the blocks apart, and refusing is right.
func nearDuplicate(file string, start int, search, intended string) bool {
	norm := func(s string) string {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimSpace(l)
		}
		return strings.Join(lines, "\n")
	}
	want := norm(search)
	d1 := fuzzy.Distance(want, norm(intended), -1)
	lines := strings.Split(file, "\n")
	k := strings.Count(strings.TrimSpace(intended), "\n") + 1
	self := strings.Count(file[:start], "\n")
	have := map[string]bool{}
	for _, l := range strings.Split(want, "\n") {
		have[l] = true
	}
	for i := 0; i+k <= len(lines); i++ {
		if i >= self-1 && i <= self+1 {
			continue
		}
		shared := 0
		for _, l := range lines[i : i+k] {
			if have[strings.TrimSpace(l)] {
				shared++
			}
		}
		if 2*shared < k {
			continue // too unlike to be near
		}
		if fuzzy.Distance(want, norm(strings.Join(lines[i:i+k], "\n")), d1+2) <= d1+2 {
			return true
		}
	}
	return false
}

func prefixLines(s, p string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			lines[i] = p + l
		}
	}
	return strings.Join(lines, "\n")
}

func commonIndent(s string) string {
	ind := ""
	first := true
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		w := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			ind, first = w, false
			continue
		}
		for !strings.HasPrefix(w, ind) {
			ind = ind[:len(ind)-1]
		}
	}
	return ind
}

func unprefixLines(s, p string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, p)
	}
	return strings.Join(lines, "\n")
}

func tabsToSpaces(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		t := strings.TrimLeft(l, "\t")
		lines[i] = strings.Repeat("    ", len(l)-len(t)) + t
	}
	return strings.Join(lines, "\n")
}

func escapeText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\t", `\t`, `"`, `\"`).Replace(s)
}

func curlyQuotes(s string) string {
	var b strings.Builder
	open := true
	for _, r := range s {
		switch r {
		case '"':
			if open {
				b.WriteRune('\u201C')
			} else {
				b.WriteRune('\u201D')
			}
			open = !open
		case '\'':
			b.WriteRune('\u2019')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// typo changes n ASCII letters of the line to the next letter.
func typo(rng *rand.Rand, line string, n int) string {
	b := []byte(line)
	var letters []int
	for i, c := range b {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			letters = append(letters, i)
		}
	}
	for range min(n, len(letters)) {
		i := letters[rng.IntN(len(letters))]
		switch c := b[i]; c {
		case 'z':
			b[i] = 'a'
		case 'Z':
			b[i] = 'A'
		default:
			b[i] = c + 1
		}
	}
	return string(b)
}

// numberLines numbers the lines of s from n on, as view shows them.
func numberLines(s string, n int) string {
	body, final := strings.CutSuffix(s, "\n")
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		lines[i] = fmt.Sprintf("%6d\t%s", n+i, l)
	}
	if final {
		return strings.Join(lines, "\n") + "\n"
	}
	return strings.Join(lines, "\n")
}
