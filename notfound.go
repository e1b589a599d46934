package editkit

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/fuzzy"
)

// Limits on what a not-found message shows.
const (
	shownLines   = 12  // lines of the nearest region
	shownWidth   = 160 // characters of a line
	maxVoteLines = 200 // a search line occurring more often says nothing about where
	// minVoteRarity: lines rarer than this vote first (see buffer.Rarity).
	minVoteRarity = 4
)

// notFoundError says the search was not found, which replacers were tried,
// and where the nearest text is and how it differs.
func notFoundError(buf *buffer.Buffer, path, search, replace string, tried []string) *Error {
	e := &Error{Err: ErrNotFound, Path: path}
	var b strings.Builder
	fmt.Fprintf(&b, "the search text was not found (tried %s)", strings.Join(tried, ", "))
	if at := alreadyApplied(buf, search, replace); at != nil {
		fmt.Fprintf(&b, "; the replacement text is already at %s, so the edit looks applied already", at)
		e.Msg = b.String()
		e.Hint = "Check the file with view before sending the edit again"
		return e.at(*at)
	}
	sl := strings.Split(strings.TrimSuffix(search, "\n"), "\n")
	start, ok := nearestRegion(buf, sl)
	if !ok {
		if len(search) > buf.Len() {
			b.WriteString("; the search is longer than the whole file")
		} else {
			b.WriteString("; no line of the file resembles it")
		}
		e.Msg = b.String()
		e.Hint = "Read the file with view and copy the text to replace exactly"
		return e
	}
	end := min(start+len(sl), buf.LineCount()) - 1
	r := LineRange{start + 1, end + 1}
	same := 0
	for j := range sl {
		if start+j < buf.LineCount() && buf.Line(start+j) == sl[j] {
			same++
		}
	}
	fmt.Fprintf(&b, ". The nearest text is %s, where %d of the %s match exactly:\n", r, same, plural(len(sl), "search line"))
	writeRegion(&b, buf, sl, start)
	e.Msg = b.String()
	e.Hint = fmt.Sprintf("Copy the text from the file exactly (view %s) and send the edit again", r)
	return e.at(r)
}

// alreadyApplied finds the replacement in the file when it says enough
// (more than one line, or one substantial line) to be no coincidence.
func alreadyApplied(buf *buffer.Buffer, search, replace string) *LineRange {
	t := strings.TrimSpace(replace)
	if t == "" || strings.Contains(replace, search) || (!strings.Contains(t, "\n") && len(t) < 16) {
		return nil
	}
	offs := buf.FindAll(replace, true, 1)
	if len(offs) == 0 {
		return nil
	}
	r := matchRange(buf, Match{Start: offs[0], End: offs[0] + len(replace)})
	return &r
}

// nearestRegion finds the 0-based line where the lines most like the search
// start: where most search lines occur (ignoring indentation) at their
// place, or else where the longest search line has its most similar line.
func nearestRegion(buf *buffer.Buffer, sl []string) (int, bool) {
	votes := map[int]int{}
	seen := map[string][]int{} // occurrences of each distinct line
	vote := func(short bool) {
		for j, l := range sl {
			if trivial(l) || (buffer.Rarity(l) < minVoteRarity) != short {
				continue
			}
			t := strings.TrimSpace(l)
			occ, ok := seen[t]
			if !ok {
				occ = buf.Occurrences(buffer.Trim, l, maxVoteLines)
				seen[t] = occ
			}
			for _, line := range occ {
				votes[line-j]++
			}
		}
	}
	// Lines of short words, as "if err != nil {", are everywhere: they
	// vote only when no line more telling occurs.
	if vote(false); len(votes) == 0 {
		vote(true)
	}
	best, bestVotes := 0, 0
	for s, v := range votes {
		if v > bestVotes || v == bestVotes && s < best {
			best, bestVotes = s, v
		}
	}
	if bestVotes > 0 {
		return max(best, 0), true
	}
	// No line occurs as it is: find the line most like the longest one.
	j := 0
	for i, l := range sl {
		if len(strings.TrimSpace(l)) > len(strings.TrimSpace(sl[j])) {
			j = i
		}
	}
	want := strings.TrimSpace(sl[j])
	if len(want) < 4 {
		return 0, false
	}
	lines, texts := resemblingCandidates(buf, want)
	pat := fuzzy.NewPattern(want)
	bestLine, bestSim := -1, 0.5
	work := newBudget(context.Background(), DefaultFuzzyBudget/10) // a message is not worth more
	for i, n := range lines {
		line := strings.TrimSpace(texts[i])
		if !work.spend(fuzzy.Work(want, line, bestSim)) {
			break
		}
		if s := pat.Similarity(line, bestSim); s > bestSim || s == bestSim && s > 0.5 && n < bestLine {
			bestLine, bestSim = n, s
		}
	}
	if bestLine < 0 {
		return 0, false
	}
	return max(bestLine-j, 0), true
}

// Limits on the words that find lines resembling a search line.
const (
	maxWords     = 2   // the longest ones
	maxWordLines = 200 // a word on more lines says nothing about which one is meant
)

// resemblingCandidates returns the lines that may resemble want, in no
// particular order, with their texts: those that share one of its longest
// words of three or more letters — a line that shares none is not the one
// a model misremembered — or, when want has no such word that is not
// common, every line.
func resemblingCandidates(buf *buffer.Buffer, want string) ([]int, []string) {
	var ws []string
	for _, w := range words(want) {
		if len(w) >= 3 && wordRune(rune(w[0])) && !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	slices.SortStableFunc(ws, func(a, b string) int { return len(b) - len(a) })
	var lines []int
	var texts []string
	seen := map[int]bool{}
	usable := 0
	for _, w := range ws {
		if usable == maxWords {
			break
		}
		ls, ts, ok := buf.LinesWith(w, maxWordLines)
		if !ok {
			continue
		}
		usable++
		for i, l := range ls {
			if !seen[l] {
				seen[l] = true
				lines, texts = append(lines, l), append(texts, ts[i])
			}
		}
	}
	if usable > 0 {
		return lines, texts
	}
	for i := range buf.LineCount() {
		lines, texts = append(lines, i), append(texts, buf.Line(i))
	}
	return lines, texts
}

// writeRegion shows the file's lines from start next to the search's: equal
// lines plainly, others with the search's version under them, whitespace
// made visible when that is the whole difference.
func writeRegion(b *strings.Builder, buf *buffer.Buffer, sl []string, start int) {
	width := len(fmt.Sprint(start + len(sl)))
	for j, s := range sl {
		n := start + j
		if n >= buf.LineCount() {
			fmt.Fprintf(b, "  %*s  (end of file) search has: %s\n", width, "", clipLine(s))
			continue
		}
		if j == shownLines {
			fmt.Fprintf(b, "  … %d more lines\n", len(sl)-j)
			break
		}
		f := buf.Line(n)
		switch {
		case f == s:
			fmt.Fprintf(b, "  %*d  %s\n", width, n+1, clipLine(f))
		case buffer.Normalize(buffer.Collapse, f) == buffer.Normalize(buffer.Collapse, s):
			fmt.Fprintf(b, "  %*d≠ %s\n  %*s  search has: %s   (%s)\n", width, n+1, visible(f), width, "", visible(s), whitespaceDiff(f, s))
		default:
			fmt.Fprintf(b, "  %*d≠ %s\n  %*s  search has: %s\n", width, n+1, clipLine(f), width, "", clipLine(s))
		}
	}
}

func clipLine(s string) string {
	if r := []rune(s); len(r) > shownWidth {
		return string(r[:shownWidth]) + "…"
	}
	return s
}

// shown is a line as a message quotes it: trimmed, and clipped when long.
func shown(l string) string { return clipLine(strings.TrimSpace(l)) }

// visible shows tabs as "→" and spaces as "·".
func visible(s string) string {
	return clipLine(strings.NewReplacer("\t", "→", " ", "·").Replace(s))
}

// whitespaceDiff names how two lines that differ only in whitespace differ.
func whitespaceDiff(file, search string) string {
	lf, ls := leadingSpace(file), leadingSpace(search)
	switch {
	case lf != ls && strings.Contains(lf, "\t") != strings.Contains(ls, "\t"):
		return fmt.Sprintf("the file indents with %s, the search with %s", describeSpace(lf), describeSpace(ls))
	case lf != ls:
		return fmt.Sprintf("indentation differs: the file has %s, the search %s", describeSpace(lf), describeSpace(ls))
	case strings.TrimRight(file, " \t") != file || strings.TrimRight(search, " \t") != search:
		return "trailing whitespace differs"
	}
	return "spacing inside the line differs"
}

func describeSpace(ws string) string {
	tabs, spaces := strings.Count(ws, "\t"), strings.Count(ws, " ")
	switch {
	case tabs == 0 && spaces == 0:
		return "none"
	case spaces == 0:
		return plural(tabs, "tab")
	case tabs == 0:
		return plural(spaces, "space")
	}
	return plural(tabs, "tab") + " and " + plural(spaces, "space")
}

// ambiguousError names every place the search matched.
func ambiguousError(buf *buffer.Buffer, path, strategy string, ms []Match) *Error {
	rs := matchRanges(buf, ms)
	how := ""
	if strategy != "exact" {
		how = fmt.Sprintf(" (matched by %s)", strategy)
	}
	e := errorf(ErrAmbiguous, path, "the search text matches %d places%s: %s", len(ms), how, describeRanges(rs))
	e.Hint = fmt.Sprintf("Add lines around it that occur only at the place you mean, or set replaceAll (or expectedReplacements: %d) to replace every one", len(ms))
	if strategy == "block-anchor" || strategy == "context-aware" {
		e.Hint = "Quote the lines exactly, with enough around them to tell the places apart"
	}
	return e.at(rs...)
}

// countError says the search matched another number of places than expected.
func countError(buf *buffer.Buffer, path, strategy string, ms []Match, want int) *Error {
	rs := matchRanges(buf, ms)
	kind := ErrAmbiguous
	if len(ms) < want {
		kind = ErrNotFound
	}
	e := errorf(kind, path, "expectedReplacements is %d but the search text matches %s: %s", want, plural(len(ms), "place"), describeRanges(rs))
	if strategy != "exact" {
		e.Msg += fmt.Sprintf(" (matched by %s)", strategy)
	}
	e.Hint = fmt.Sprintf("Set expectedReplacements to %d if every one should change, or make the search match only the ones you mean", len(ms))
	return e.at(rs...)
}
