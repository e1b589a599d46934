package editkit

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/diff"
	"github.com/editkit/editkit/internal/text"
)

// ReplaceOptions tune [Replace]. The zero value replaces the one location
// the default chain finds.
type ReplaceOptions struct {
	// ReplaceAll replaces every location the deciding replacer finds
	// (leftmost first, not overlapping). Fuzzy replacers never take part.
	ReplaceAll bool
	// ExpectedReplacements is how many locations must be found and
	// replaced; 0 means 1. More than 1 works like ReplaceAll with a count.
	ExpectedReplacements int
	// FuzzyThreshold is the least similarity, 0 to 1, a fuzzy match needs;
	// 0 means DefaultThreshold.
	FuzzyThreshold float64
	// StartLine, when not 0, is the 1-based line where the caller believes
	// the text starts. When a replacer finds several locations, the one
	// clearly nearest to it is taken; otherwise it changes nothing.
	StartLine int
	// Chain is the replacers tried in order; nil means DefaultChain().
	Chain Chain
	// Exact finds the search only as it is written, byte for byte: it
	// replaces Chain with the exact replacer alone.
	Exact bool
	// FuzzyBudget bounds the work the fuzzy replacers spend on the search,
	// in steps of comparing characters; 0 means DefaultFuzzyBudget. A
	// search that spends it is refused (ErrNotFound, saying so) rather
	// than decided by a laxer replacer.
	FuzzyBudget int64
}

// A ReplaceResult says what [Replace] did.
type ReplaceResult struct {
	// Strategy is the name of the replacer that found the text.
	Strategy string `json:"strategy"`
	// Exact reports that the text replaced is the search text byte for byte.
	Exact bool `json:"exact"`
	// Replacements is the number of locations replaced.
	Replacements int `json:"replacements"`
	// Lines is where each replacement's new text is in the result (for a
	// deletion, the line the deleted text was on).
	Lines []LineRange `json:"lines"`
	// Message says it for a model: where, how it matched, what differed.
	Message string `json:"message"`
}

// Replace replaces search with replace in content and returns the new
// content. The search is found by the chain of replacers in opts — by
// default exact first, then ever more tolerant ones, each refusing rather
// than guessing — and replace is fitted to what was found (re-indented in
// the content's indent characters, unescaped, …). Line ends in search and
// replace may be "\n" or "\r\n"; content keeps its own.
//
// It refuses, with an [*Error] and content unchanged: an empty search in
// non-empty content ([ErrInvalidRequest]), a search equal to the
// replacement ([ErrNoOp]), a replacement that elides code with a
// placeholder such as "// ... rest unchanged" the search does not have
// ([ErrInvalidRequest]), a search found in several places the options do
// not ask to replace ([ErrAmbiguous], naming every place), and a search
// not found ([ErrNotFound], naming the nearest text and what differs).
func Replace(content, search, replace string, opts ReplaceOptions) (string, *ReplaceResult, error) {
	fail := func(err error) (string, *ReplaceResult, error) {
		return content, &ReplaceResult{Message: err.Error()}, err
	}
	body, write, err := bodyOf(content, "")
	if err != nil {
		return fail(err)
	}
	p, err := planReplace(context.Background(), body, "", search, replace, opts)
	if err != nil {
		return fail(err)
	}
	out, err := write(p.edits)
	if err != nil {
		return fail(err)
	}
	return out, &p.result, nil
}

// bodyOf returns the body of content — its text with "\n" line ends — and
// a function that writes edits of the body back in content's own form.
// Content that is UTF-8 with LF line ends and no byte order mark is its
// own body.
func bodyOf(content, path string) (*buffer.Buffer, func([]text.Edit) (string, error), error) {
	if !strings.Contains(content, "\r") && utf8.ValidString(content) && !strings.HasPrefix(content, text.BOM) {
		return buffer.New(content), func(edits []text.Edit) (string, error) { return splice(content, edits), nil }, nil
	}
	// Decode only reads its input, so the string's bytes can be lent to it.
	doc, err := text.Decode(unsafe.Slice(unsafe.StringData(content), len(content)), "utf-8")
	if err != nil {
		return nil, nil, encodingError(path, err)
	}
	return buffer.New(doc.Body()), func(edits []text.Edit) (string, error) {
		out, err := doc.Apply(edits)
		if err != nil {
			return "", encodingError(path, err)
		}
		return string(out), nil
	}, nil
}

// splice applies sorted, non-overlapping edits to s.
func splice(s string, edits []text.Edit) string {
	n := len(s)
	for _, e := range edits {
		n += len(e.New) - (e.End - e.Start)
	}
	var b strings.Builder
	b.Grow(n)
	prev := 0
	for _, e := range edits {
		b.WriteString(s[prev:e.Start])
		b.WriteString(e.New)
		prev = e.End
	}
	b.WriteString(s[prev:])
	return b.String()
}

// A plan is a replacement worked out on a buffer, not yet applied.
type plan struct {
	edits  []text.Edit // in the buffer's offsets, sorted
	result ReplaceResult
}

// dropBOM returns old and new text without the byte order mark old starts
// with when t, the text it is looked for in, has text and does not start
// with one: copied from a raw read of the file, the old text carries the
// file's BOM, which the decoded text keeps apart. (The new text's goes
// too: the file keeps its own; see text.Doc.KeepBOM.) An empty file's
// text, a new file's, is the request's as sent.
func dropBOM(old, new string, t text.Lines) (string, string) {
	if s, ok := strings.CutPrefix(old, text.BOM); ok && t.Len() > 0 && t.Slice(0, min(len(text.BOM), t.Len())) != text.BOM {
		return s, strings.TrimPrefix(new, text.BOM)
	}
	return old, new
}

// normalizeEOL writes every line break as "\n".
func normalizeEOL(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// planReplace finds search in buf and works out the edits that replace it.
// path only labels errors and messages. The search stops when ctx ends.
func planReplace(ctx context.Context, buf *buffer.Buffer, path, search, replace string, opts ReplaceOptions) (*plan, error) {
	if !utf8.ValidString(search) || !utf8.ValidString(replace) {
		return nil, errorf(ErrInvalidRequest, path, "the search or replacement text is not valid UTF-8")
	}
	search, replace = normalizeEOL(search), normalizeEOL(replace)
	differed := search != replace
	search, replace = dropBOM(search, replace, buf)
	if opts.ExpectedReplacements < 0 {
		return nil, errorf(ErrInvalidRequest, path, "expectedReplacements must be at least 1 (got %d)", opts.ExpectedReplacements)
	}
	if opts.FuzzyThreshold < 0 || opts.FuzzyThreshold > 1 {
		return nil, errorf(ErrInvalidRequest, path, "fuzzyThreshold must be between 0 and 1 (got %g)", opts.FuzzyThreshold)
	}
	if search == "" {
		if replace == "" {
			return nil, errorf(ErrNoOp, path, "the search and replacement texts are both empty").withHint("Send the text to replace and the text to put in its place")
		}
		if buf.Len() > 0 {
			return nil, errorf(ErrInvalidRequest, path, "the search text is empty but the file is not").
				withHint("Send the exact text to replace; an empty search only creates a new or empty file")
		}
		return &plan{
			edits:  []text.Edit{{Start: 0, End: 0, New: replace}},
			result: ReplaceResult{Strategy: "exact", Exact: true, Replacements: 1, Lines: []LineRange{{1, max(1, lineCount(replace))}}},
		}, nil
	}
	if search == replace {
		if differed {
			return nil, errorf(ErrNoOp, path, "the search and replacement differ only by the byte order mark (U+FEFF) the search starts with: it is the file's encoding, not its text, and it stays").
				withHint("Send the text the file should have instead")
		}
		return nil, errorf(ErrNoOp, path, "the search and replacement texts are identical").withHint("Send the text the file should have instead")
	}
	want := max(opts.ExpectedReplacements, 1)
	chain := opts.Chain
	switch {
	case opts.Exact:
		chain = Chain{exact{}, multiOccurrence{}}
	case chain == nil:
		chain = DefaultChain()
	}
	q := &Query{Search: search, Threshold: opts.FuzzyThreshold, Multiple: opts.ReplaceAll || want > 1, buf: buf,
		work: newBudget(ctx, opts.FuzzyBudget), replace: replace}
	strategy, matches := chain.find(q)
	if err := q.work.err; err != nil {
		return nil, stoppedError(path, err)
	}
	if len(matches) == 0 {
		// Not there as a whole: maybe it quotes the ends of a stretch and
		// elides the middle, as its replacement does.
		if p, ok, err := planElided(ctx, buf, path, search, replace, opts, chain); ok {
			return p, err
		}
		return nil, notFoundError(buf, path, search, replace, chain.names())
	}
	matches = sortedMatches(matches)
	switch {
	case !q.Multiple && len(matches) > 1:
		m, ok := nearest(buf, matches, opts.StartLine)
		if !ok {
			return nil, ambiguousError(buf, path, strategy, matches)
		}
		matches = []Match{m}
	case q.Multiple:
		matches = disjoint(matches)
		if want > 1 && len(matches) != want {
			return nil, countError(buf, path, strategy, matches, want)
		}
	}
	code := codeDots(buf)
	for _, m := range matches {
		if ph := placeholder(search, buf.Slice(m.Start, m.End), replace, code); ph != "" {
			hint := "Send the complete replacement text, or a smaller search that covers only what changes"
			if ph == "..." || ph == "…" {
				// Python's Ellipsis and R's "..." argument are code on a line
				// of their own: a tool that writes lines as sent takes them.
				hint += `; if "..." is code here (Python's Ellipsis, R's ... argument), write the lines with write_from_line, which writes them as sent`
			}
			return nil, errorf(ErrInvalidRequest, path, "the replacement has the placeholder line %q where the text it replaces has none, so the code it stands for would be deleted", ph).
				withHint("%s", hint)
		}
	}
	edits := make([]text.Edit, 0, len(matches))
	changed := false
	for _, m := range matches {
		r := replace
		if m.Fit != nil {
			r = m.Fit(replace)
		}
		if respelled[strategy] && r != "" {
			r = respell(search, buf.Slice(m.Start, m.End), r)
		}
		if r != buf.Slice(m.Start, m.End) {
			changed = true
		}
		edits = append(edits, text.Edit{Start: m.Start, End: m.End, New: r})
	}
	takeLineEnds(buf, edits)
	if !changed {
		return nil, errorf(ErrNoOp, path, "the file already has the replacement text at %s", describeRanges(matchRanges(buf, matches))).
			withHint("The edit is applied already; nothing was changed")
	}
	p := &plan{edits: edits}
	p.result = ReplaceResult{
		Strategy:     strategy,
		Exact:        allExact(buf, matches, search),
		Replacements: len(edits),
		Lines:        newRanges(buf, edits),
	}
	p.result.Message = replacedMessage(buf, path, search, p.result, matches, replace == "")
	return p, nil
}

// respelled are the replacers that compare whole lines while forgiving
// differences within them: their replacements get the file's spelling back
// (respell).
var respelled = map[string]bool{
	"trailing-whitespace": true, "line-trimmed": true, "indentation-flexible": true, "whitespace-normalized": true,
	"unicode-normalized": true, "blank-lines-ignored": true, "block-anchor": true, "context-aware": true,
}

// stoppedError says why a search stopped before it could decide.
func stoppedError(path string, why error) *Error {
	var e *Error
	if errors.As(why, &e) { // a replacer refused what it found
		if e.Path == "" {
			e.Path = path
		}
		return e
	}
	if why != errTooCostly {
		return &Error{Err: why, Path: path, Msg: "the search was stopped: " + why.Error()}
	}
	return errorf(ErrNotFound, path, "the search text is not in the file exactly, and the fuzzy search spent its budget without telling where it is (many long lines are alike)").
		withHint("Copy the lines from the file exactly, with a first and last line that occur once")
}

// sortedMatches orders matches by position and drops duplicates.
func sortedMatches(ms []Match) []Match {
	out := make([]Match, len(ms))
	copy(out, ms)
	for i := 1; i < len(out); i++ { // insertion sort: replacers mostly return them in order
		for j := i; j > 0 && (out[j].Start < out[j-1].Start || out[j].Start == out[j-1].Start && out[j].End < out[j-1].End); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	n := 0
	for i, m := range out {
		if i > 0 && m.Start == out[n-1].Start && m.End == out[n-1].End {
			continue
		}
		out[n] = m
		n++
	}
	return out[:n]
}

// disjoint keeps the leftmost matches that do not overlap.
func disjoint(ms []Match) []Match {
	var out []Match
	end := -1
	for _, m := range ms {
		if m.Start >= end || m.Start == m.End && m.Start > end {
			out = append(out, m)
			end = m.End
		}
	}
	return out
}

// nearest picks, of several matches, the one clearly nearest to the 1-based
// line hint: within 3 lines of it, with every other at least 4 lines
// farther.
func nearest(buf *buffer.Buffer, ms []Match, hint int) (Match, bool) {
	if hint <= 0 {
		return Match{}, false
	}
	dist := func(m Match) int {
		r := matchRange(buf, m)
		switch {
		case hint < r.Start:
			return r.Start - hint
		case hint > r.End:
			return hint - r.End
		}
		return 0
	}
	best := -1
	for i, m := range ms {
		if best < 0 || dist(m) < dist(ms[best]) {
			best = i
		}
	}
	if dist(ms[best]) > 3 {
		return Match{}, false
	}
	for i, m := range ms {
		if i != best && dist(m) < dist(ms[best])+4 {
			return Match{}, false
		}
	}
	return ms[best], true
}

// takeLineEnds widens each deletion of whole lines in sorted, disjoint
// edits to take a line end with it, so no empty line is left behind: the
// one after the lines, or for the file's last line the one before them.
// A line end another edit touches is left to that edit.
func takeLineEnds(buf *buffer.Buffer, edits []text.Edit) {
	for i := range edits {
		e := &edits[i]
		if e.New != "" || e.Start == e.End {
			continue
		}
		startsLine := e.Start == 0 || buf.Slice(e.Start-1, e.Start) == "\n"
		endsLine := e.End == buf.Len() || buf.Slice(e.End, e.End+1) == "\n"
		if !startsLine || !endsLine || strings.HasSuffix(buf.Slice(e.Start, e.End), "\n") {
			continue
		}
		prevEnd, nextStart := 0, buf.Len()
		if i > 0 {
			prevEnd = edits[i-1].End
		}
		if i+1 < len(edits) {
			nextStart = edits[i+1].Start
		}
		switch {
		case e.End < buf.Len():
			if e.End < nextStart {
				e.End++
			}
		case e.Start > prevEnd:
			e.Start--
		}
	}
}

func allExact(buf *buffer.Buffer, ms []Match, search string) bool {
	for _, m := range ms {
		if buf.Slice(m.Start, m.End) != search {
			return false
		}
	}
	return true
}

// matchRange is the 1-based lines a match covers in buf.
func matchRange(buf *buffer.Buffer, m Match) LineRange {
	end := m.End
	if end > m.Start {
		end--
	}
	start := buf.LineOf(m.Start)
	// The end's line counted from the start's, not from the file's top.
	return LineRange{start + 1, start + strings.Count(buf.Slice(m.Start, end), "\n") + 1}
}

func matchRanges(buf *buffer.Buffer, ms []Match) []LineRange {
	r := make([]LineRange, len(ms))
	for i, m := range ms {
		r[i] = matchRange(buf, m)
	}
	return r
}

// newRanges is where each edit's new text sits once the edits are applied.
func newRanges(buf *buffer.Buffer, edits []text.Edit) []LineRange {
	out := make([]LineRange, len(edits))
	delta := 0
	for i, e := range edits {
		start := buf.LineOf(e.Start) + 1 + delta
		n := strings.Count(strings.TrimSuffix(e.New, "\n"), "\n")
		out[i] = LineRange{start, start + n}
		delta += strings.Count(e.New, "\n") - strings.Count(buf.Slice(e.Start, e.End), "\n")
	}
	return out
}

func lineCount(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
}

// describeRanges lists ranges for a sentence: "lines 3-5, line 9 and lines 12-14".
func describeRanges(rs []LineRange) string {
	shown := rs[:min(len(rs), shownRanges)]
	parts := make([]string, len(shown))
	for i, r := range shown {
		parts[i] = r.String()
	}
	if more := len(rs) - len(shown); more > 0 {
		return strings.Join(parts, ", ") + fmt.Sprintf(" and %d more", more)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// shownRanges is how many line ranges a message names before it counts
// the rest: a search found 100,000 times is not answered with 100,000
// ranges (the [Error]'s Lines has them all).
const shownRanges = 10

// placeholderLine matches a comment that starts with words that say code
// is left out, such as "// rest of the code unchanged" or "/* existing
// code */". A comment with an ellipsis is one when elisionLine says so: one
// that starts with "..." and goes on in prose ("// ...but these should
// fail") is a real comment.
var placeholderLine = lazyRegexp(`(?i)^\s*(//+|#+|--|;+|/\*+|\*|<!--|%|')\s*(` +
	`(rest|remainder) of (the )?(code|file|function|method|class|implementation|body|module|component|logic|content|script|tests?|loop|block|section)` +
	`|existing (code|implementation|content|methods|functions|logic|tests|imports)` +
	`|(code|implementation|content|lines|methods|functions|imports) +(omitted|unchanged|elided|remains?|stays?)` +
	`|(remains?|stays?|left|kept) (unchanged|as is|the same)` +
	`|unchanged (code|lines|content|part|section)|omitted for brevity|same as (before|above|original))`)

// placeholder returns a line of replace that stands for elided code when
// replace has more such lines than the search or the text it replaces
// (whose own such lines are real comments), or "". Lines that code
// reports (see codeDots) are the text's own.
func placeholder(search, matched, replace string, code func(lines []string, i int) bool) string {
	count := func(s string) (n int, lines map[string]bool) {
		lines = map[string]bool{}
		all := strings.Split(s, "\n")
		for i, l := range all {
			if (placeholderLine().MatchString(l) || elisionLine(l)) && !code(all, i) {
				n++
				lines[strings.TrimSpace(l)] = true
			}
		}
		return n, lines
	}
	nr, rl := count(replace)
	if nr == 0 {
		return ""
	}
	ns, sl := count(search)
	nm, ml := count(matched)
	if nr <= max(ns, nm) {
		return ""
	}
	for l := range rl {
		if !sl[l] && !ml[l] {
			return l
		}
	}
	return ""
}

// tierNotes says what a tolerant match found different, for messages.
var tierNotes = map[string]string{
	"line-numbered":         "the search's lines carried their line numbers, as view shows them, which were left out (send the text after the number alone)",
	"trailing-whitespace":   "trailing whitespace differed",
	"line-trimmed":          "indentation differed, and the replacement was re-indented to the file's",
	"indentation-flexible":  "the block's indentation differed, and the replacement was re-indented to the file's",
	"whitespace-normalized": "spacing differed, and the replacement was re-indented to the file's",
	"unicode-normalized":    "quotes, dashes or spaces differed (typographic versus plain)",
	"escape-normalized":     "the search was escaped (\\n, \\t, \\\" written out), and both it and the replacement were unescaped",
	"trimmed-boundary":      "the search had blank lines or spaces around it that the file does not, and they were dropped",
	"blank-lines-ignored":   "the search had more or fewer blank lines between its lines than the file, and the replacement was given the file's",
	"block-anchor":          "a fuzzy match: the first and last lines are equal and the lines between alike",
	"context-aware":         "a fuzzy match anchored on the lines that are equal, the others alike",
}

func replacedMessage(buf *buffer.Buffer, path, search string, r ReplaceResult, ms []Match, deleted bool) string {
	var b strings.Builder
	where := describeRanges(matchRanges(buf, ms))
	verb := "Replaced"
	if deleted {
		verb = "Deleted"
	}
	if r.Replacements == 1 {
		fmt.Fprintf(&b, "%s %s", verb, where)
	} else {
		fmt.Fprintf(&b, "%s %d occurrences: %s", verb, r.Replacements, where)
	}
	if path != "" {
		fmt.Fprintf(&b, " in %s", path)
	}
	if r.Exact {
		b.WriteString(" (exact match).")
		return b.String()
	}
	fmt.Fprintf(&b, " (matched by %s", r.Strategy)
	if note := tierNotes[r.Strategy]; note != "" {
		b.WriteString(": " + note)
	}
	b.WriteString(").")
	if r.Strategy == "block-anchor" || r.Strategy == "context-aware" {
		b.WriteString(fuzzyDifferences(buf, search, ms[0]))
	}
	return b.String()
}

// fuzzyDifferences tells which lines of a fuzzy match differ from the
// search, so the model knows what it replaced that it did not quote.
func fuzzyDifferences(buf *buffer.Buffer, search string, m Match) string {
	sl := strings.Split(strings.TrimSuffix(search, "\n"), "\n")
	first := buf.LineOf(m.Start)
	fl := strings.Split(strings.TrimSuffix(buf.Slice(m.Start, m.End), "\n"), "\n")
	_, pairs := alikeness(sl, fl, pairFloor, newBudget(context.Background(), DefaultFuzzyBudget/10))
	inFile := map[string]int{}
	for i, l := range fl {
		inFile[l] = first + i + 1
	}
	var b strings.Builder
	shown := 0
	for _, p := range pairs {
		if strings.TrimSpace(p[0]) == strings.TrimSpace(p[1]) {
			continue
		}
		if shown++; shown > 3 {
			b.WriteString(" …")
			break
		}
		fmt.Fprintf(&b, " Line %d of the file is %q where the search has %q.", inFile[p[1]], strings.TrimSpace(p[1]), strings.TrimSpace(p[0]))
	}
	return b.String()
}

// EditBlockRequest asks to replace one piece of text in a file.
type EditBlockRequest struct {
	Path                 string  `json:"path" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	Search               string  `json:"search" jsonschema:"The exact text to find: whole lines copied from the file with enough context to occur once. Empty creates a new file" jsonschema_description:"The exact text to find: whole lines copied from the file with enough context to occur once. Empty creates a new file" description:"The exact text to find: whole lines copied from the file with enough context to occur once. Empty creates a new file"`
	Replace              string  `json:"replace" jsonschema:"The text to put in its place. Write it out in full: no placeholders like '// ... rest unchanged'" jsonschema_description:"The text to put in its place. Write it out in full: no placeholders like '// ... rest unchanged'" description:"The text to put in its place. Write it out in full: no placeholders like '// ... rest unchanged'"`
	ExpectedReplacements *int    `json:"expectedReplacements,omitempty" jsonschema:"How many places the search must match; all of them are replaced. Default 1" jsonschema_description:"How many places the search must match; all of them are replaced. Default 1" description:"How many places the search must match; all of them are replaced. Default 1"`
	ReplaceAll           bool    `json:"replaceAll,omitempty" jsonschema:"Replace every place the search matches" jsonschema_description:"Replace every place the search matches" description:"Replace every place the search matches"`
	FuzzyThreshold       float64 `json:"fuzzyThreshold,omitempty" jsonschema:"Least similarity (0 to 1) of a fuzzy match. Default 0.7" jsonschema_description:"Least similarity (0 to 1) of a fuzzy match. Default 0.7" description:"Least similarity (0 to 1) of a fuzzy match. Default 0.7"`
	Exact                bool    `json:"exact,omitempty" jsonschema:"Find the search only exactly as written: no tolerance for indentation or whitespace or quotes or typos" jsonschema_description:"Find the search only exactly as written: no tolerance for indentation or whitespace or quotes or typos" description:"Find the search only exactly as written: no tolerance for indentation or whitespace or quotes or typos"`
	StartLine            int     `json:"startLine,omitempty" jsonschema:"Line where you expect the text to start; picks the nearest of several matches" jsonschema_description:"Line where you expect the text to start; picks the nearest of several matches" description:"Line where you expect the text to start; picks the nearest of several matches"`
	DryRun               bool    `json:"dryRun,omitempty" jsonschema:"Show the diff without writing the file" jsonschema_description:"Show the diff without writing the file" description:"Show the diff without writing the file"`
	Force                bool    `json:"force,omitempty" jsonschema:"Write even a file whose mode makes it read-only" jsonschema_description:"Write even a file whose mode makes it read-only" description:"Write even a file whose mode makes it read-only"`
}

func (r EditBlockRequest) validate() error {
	switch {
	case r.Path == "":
		return errorf(ErrInvalidRequest, "", "path is required").withHint("Send the file's path relative to the workspace root")
	case r.ExpectedReplacements != nil && *r.ExpectedReplacements < 1:
		return errorf(ErrInvalidRequest, r.Path, "expectedReplacements must be at least 1 (got %d)", *r.ExpectedReplacements).
			withHint("Leave it out to replace one place, or set replaceAll")
	case r.FuzzyThreshold < 0 || r.FuzzyThreshold > 1:
		return errorf(ErrInvalidRequest, r.Path, "fuzzyThreshold must be between 0 and 1 (got %g)", r.FuzzyThreshold)
	case r.StartLine < 0:
		return errorf(ErrInvalidRequest, r.Path, "startLine must be positive (got %d)", r.StartLine)
	}
	return nil
}

func (r EditBlockRequest) options() ReplaceOptions {
	o := ReplaceOptions{ReplaceAll: r.ReplaceAll, FuzzyThreshold: r.FuzzyThreshold, StartLine: r.StartLine, Exact: r.Exact}
	if r.ExpectedReplacements != nil {
		o.ExpectedReplacements = *r.ExpectedReplacements
	}
	return o
}

// EditBlockResult says what Block did.
type EditBlockResult struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
	// Strategy is the replacer that found the text, such as "exact" or
	// "line-trimmed".
	Strategy     string      `json:"strategy,omitempty"`
	Exact        bool        `json:"exact"`
	Replacements int         `json:"replacements"`
	Lines        []LineRange `json:"lines,omitempty"`
	Diff         string      `json:"diff,omitempty"`
	// RequestID identifies the write in the editor's journal: undo it
	// with the undo tool. Empty when nothing was written.
	RequestID string `json:"requestId,omitempty"`
}

// Block replaces Search with Replace in a file, as [Replace] does on a
// string, and writes the file atomically unless DryRun. An empty Search
// creates a missing or empty file. It refuses what Replace refuses, and a
// missing file (ErrFileNotFound) unless Search is empty.
func (e *Editor) EditBlock(ctx context.Context, req EditBlockRequest) (*EditBlockResult, error) {
	res := &EditBlockResult{}
	fail := func(err error) (*EditBlockResult, error) {
		res.Success, res.Message = false, err.Error()
		return res, err
	}
	if err := req.validate(); err != nil {
		return fail(err)
	}
	var p *plan
	created := false
	d, note, id, err := e.editFile(ctx, req.Path, writeOpts{dryRun: req.DryRun, force: req.Force}, func(f *file) ([]text.Edit, error) {
		if !f.exists && req.Search != "" {
			return nil, notFound(f)
		}
		created = !f.exists
		f.expect(req.Replace)
		var err error
		p, err = planReplace(ctx, buffer.New(f.doc.Body()), req.Path, req.Search, req.Replace, req.options())
		if err != nil {
			return nil, err
		}
		return p.edits, nil
	})
	if err != nil {
		return fail(err)
	}
	res.Success, res.Diff, res.Message, res.RequestID = true, d, p.result.Message, id
	res.Strategy, res.Exact, res.Replacements, res.Lines = p.result.Strategy, p.result.Exact, p.result.Replacements, p.result.Lines
	if created {
		res.Message = fmt.Sprintf("Created %s with %s.", req.Path, plural(lineCount(req.Replace), "line"))
	}
	res.Message += note
	if req.DryRun {
		res.Message = "Dry run, nothing written: " + res.Message
	}
	return res, nil
}

// fileDiff is the unified diff of edits to f, "a/" and "b/" before its
// name, from /dev/null for a new file.
func fileDiff(f *file, edits []text.Edit) string {
	from := "a/" + f.name
	if !f.exists {
		from = "/dev/null"
	}
	return diff.Unified(from, "b/"+f.name, f.doc, f.doc.KeepBOM(edits)) // as Apply writes them
}

// lazyRegexp compiles a pattern on first use, so that a program that never
// needs it, as a CLI run of another tool, does not pay for it at start.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
