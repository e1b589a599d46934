// Command snippetcases turns a repository's history into edit_file cases
// for the replay harness (../shared/tools/replay run): for each file a
// commit changed, the file before the commit, a lazy snippet of the change
// — windows of the new file around the changed lines, the unchanged
// stretches between them replaced by a marker line in the file's comment
// syntax — and the file after it, in the harness's JSON lines.
//
//	go run ./scripts/snippetcases -git /path/to/repo.git -n 400 -max 150 -out cases.jsonl
//
// Kinds: snippet (three lines of context around each change),
// snippet-placed (the same, each side's context grown, up to 12 lines,
// until it holds a line the old file has once, as the tool's description
// asks of a model), snippet-styled (the same, its markers worded as models word them and
// sometimes fenced), snippet-open-ends (the same without its first and
// last markers, as a model that leaves them out writes it), snippet-tight
// (one line), snippet-dedented (the whole snippet without the indentation
// its lines share, as a model writes a method out of its class),
// snippet-blocks (each change widened to the top-level blocks it
// touches, as a model writes the functions it changed whole, markers right
// next to them), snippet-whole (the new file, no markers), and must-refuse kinds
// neg-snippet-ambiguous (a segment whose lines occur twice in the file),
// neg-snippet-foreign (another file's snippet) and neg-snippet-swallow (two
// windows far apart without the marker between them). In every kind a
// deletion's window reaches, on each side, past the lines the deletion
// could slide over (see slide) to a line that says something, so that the
// snippet shows which lines went.
package main

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"path"
	"regexp"
	"strings"

	"github.com/editkit/editkit/scripts/internal/history"
)

func main() {
	history.Main(17, func(repo history.Repo, rng *rand.Rand, cases *history.Cases) func(commit, path, before, after string) {
		g := &gen{repo: repo, rng: rng, cases: cases, last: map[string]snippetOf{}}
		return g.file
	})
}

// snippetOf is a snippet made for a file, kept to try it on another file.
type snippetOf struct {
	path, snippet string
	context       []string // its lines that are the file's, unchanged
}

type gen struct {
	repo  history.Repo
	rng   *rand.Rand
	cases *history.Cases
	last  map[string]snippetOf // by extension
}

var hunkRE = regexp.MustCompile(`(?m)^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// file makes the cases of one file a commit changed.
func (g *gen) file(commit, p, before, after string) {
	if strings.Contains(before+after, "\r") || !strings.HasSuffix(after, "\n") || !strings.HasSuffix(before, "\n") {
		return
	}
	diff, err := g.repo.Git("diff", "-U0", "--no-color", "--no-ext-diff", commit+"^", commit, "--", p)
	if err != nil {
		return
	}
	// changed: [start, end) ranges of the new file's lines a hunk covers
	// (empty for a deletion, at the line after it); slides: for a
	// deletion, how many lines above and below it the deleted lines could
	// slide by, as a diff may place them (see slide).
	newLines := strings.Split(strings.TrimSuffix(after, "\n"), "\n")
	oldLines := strings.Split(strings.TrimSuffix(before, "\n"), "\n")
	count := func(c string) int { // a hunk's count, 1 when left out
		if c == "" {
			return 1
		}
		return atoi(c)
	}
	var changed, slides [][2]int
	for _, m := range hunkRE.FindAllStringSubmatch(diff, -1) {
		oldStart, oldCount, start, n := atoi(m[1]), count(m[2]), atoi(m[3]), count(m[4])
		if n == 0 {
			at := start // after line start (1-based) = at 0-based start
			lo := min(max(oldStart-1, 0), len(oldLines))
			changed = append(changed, [2]int{at, at})
			slides = append(slides, slide(newLines, at, oldLines[lo:min(lo+oldCount, len(oldLines))]))
			continue
		}
		changed = append(changed, [2]int{start - 1, start - 1 + n})
		slides = append(slides, [2]int{})
	}
	if len(changed) == 0 {
		return
	}
	marker := markerFor(p)
	if marker == "" {
		return
	}
	flat := strings.ReplaceAll(p, "/", "__")
	id := commit[:10] + ":" + flat
	snip, ctx := snippet(newLines, changed, slides, 3, marker, nil)
	g.add("snippet", id, flat, before, after, snip)
	placed, _ := snippet(newLines, changed, slides, 3, marker, onceLines(before))
	g.add("snippet-placed", id, flat, before, after, placed)
	g.add("snippet-styled", id, flat, before, after, styled(snip, marker, id))
	g.add("snippet-open-ends", id, flat, before, after, openEnds(snip, marker))
	tight, _ := snippet(newLines, changed, slides, 1, marker, nil)
	g.add("snippet-tight", id, flat, before, after, tight)
	if wide := blocks(newLines, changed, slides, p); wide != nil {
		whole, _ := snippet(newLines, wide, nil, 0, marker, nil)
		g.add("snippet-blocks", id, flat, before, after, whole)
	}
	if d := dedent(snip, marker); d != snip {
		g.add("snippet-dedented", id, flat, before, after, d)
	}
	if len(newLines) <= 400 {
		g.add("snippet-whole", id, flat, before, after, after)
	}
	g.negatives(id, flat, before, p, snip, ctx, newLines, changed, marker)
}

// slide returns how many lines above and below a deletion of the lines
// deleted, at new line at, read as well as the deleted lines' own: those
// above it that end the deleted lines as they end, and those below it that
// start them, blank lines aside (a blank line next to a marker stands for
// the file's). A diff places the deletion at one of those places; context
// that does not reach past them does not show which lines went.
func slide(lines []string, at int, deleted []string) [2]int {
	in := func(i, n int) bool { return i >= 0 && i < n }
	var out [2]int
	for side, dir := range []int{-1, 1} {
		// The new line and the deleted line compared next, from the
		// deletion outwards.
		i, d := at-1, len(deleted)-1
		if dir > 0 {
			i, d = at, 0
		}
		for in(d, len(deleted)) {
			for in(i, len(lines)) && isBlankLine(lines[i]) {
				i += dir
			}
			for in(d, len(deleted)) && isBlankLine(deleted[d]) {
				d += dir
			}
			if !in(i, len(lines)) || !in(d, len(deleted)) || lines[i] != deleted[d] {
				break
			}
			out[side] = (i-at)*dir + max(dir, 0) // the lines from the deletion to i
			i, d = i+dir, d+dir
		}
	}
	return out
}

// isBlankLine reports a line of spaces or nothing.
func isBlankLine(l string) bool { return strings.TrimSpace(l) == "" }

// markerFor is the marker line in the comment syntax of the file's
// language, or "" for a kind of file no marker suits.
func markerFor(p string) string {
	switch path.Ext(p) {
	case ".go", ".js", ".ts", ".jsx", ".tsx", ".c", ".h", ".cc", ".cpp", ".rs", ".java", ".swift", ".kt", ".cs", ".scss", ".css":
		return "// ... existing code ..."
	case ".py", ".sh", ".rb", ".toml", ".yaml", ".yml", ".cmake", ".pl", ".r":
		return "# ... existing code ..."
	case ".md", ".html", ".xml":
		return "<!-- ... existing code ... -->"
	}
	return ""
}

// snippet writes the windows of lines around the changed ranges, context
// lines each side, with a marker for every stretch between and around them
// (for a deletion, out to a line that says something each side). It returns
// the snippet and its context lines. With once (the old file's lines that
// occur in it once), each side's context grows, up to maxContext lines,
// until it holds one of them: the line the tool's description asks a model
// to show so that the change has one place.
func snippet(lines []string, changed, slides [][2]int, context int, marker string, once map[string]bool) (string, []string) {
	placed := func(lo, hi int) bool {
		if once == nil {
			return true
		}
		for _, l := range lines[lo:hi] {
			if once[strings.TrimSpace(l)] {
				return true
			}
		}
		return false
	}
	var windows [][2]int
	for n, c := range changed {
		w := [2]int{max(c[0]-context, 0), min(c[1]+context, len(lines))}
		if c[0] == c[1] {
			// A deletion shows a line that says something on each side of
			// it, past the lines it could slide over: a blank line next to
			// a marker stands for the file's, and closing brackets ("}",
			// "end") end the deleted block as they end the one above it,
			// so they do not show where it was.
			top, bot := c[0], c[1]
			if n < len(slides) {
				top, bot = c[0]-slides[n][0], c[1]+slides[n][1]
			}
			for w[0] > 0 && (w[0] >= top || !saysUnchanged(lines, w[0], top)) {
				w[0]--
			}
			for w[1] < len(lines) && (w[1] <= bot || !saysUnchanged(lines, bot, w[1])) {
				w[1]++
			}
		}
		for w[0] > 0 && c[0]-w[0] < maxContext && !placed(w[0], c[0]) {
			w[0]--
		}
		for w[1] < len(lines) && w[1]-c[1] < maxContext && !placed(c[1], w[1]) {
			w[1]++
		}
		if n := len(windows); n > 0 && w[0] <= windows[n-1][1]+1 {
			windows[n-1][1] = max(windows[n-1][1], w[1])
			continue
		}
		windows = append(windows, w)
	}
	var b strings.Builder
	var ctx []string
	isChanged := func(i int) bool {
		for _, c := range changed {
			if i >= c[0] && i < c[1] {
				return true
			}
		}
		return false
	}
	prev := 0
	for _, w := range windows {
		if w[0] > prev {
			b.WriteString(indentOf(lines, w[0]) + marker + "\n")
		}
		for i := w[0]; i < w[1]; i++ {
			b.WriteString(lines[i] + "\n")
			if !isChanged(i) {
				ctx = append(ctx, lines[i])
			}
		}
		prev = w[1]
	}
	if prev < len(lines) {
		b.WriteString(indentOf(lines, prev) + marker + "\n")
	}
	return b.String(), ctx
}

// blocks widens each changed range of a code file to the top-level blocks
// it touches, as a model writes the functions it changed whole: from the
// last line at the margin at or above the change (a function's first
// line; its doc comment stays out) down to the closing line at the margin
// below it, or to the line before the next one at the margin that says
// something (Python's next "def"). A deletion's window holds the lines on
// both sides of it, out to one that says something; a change with
// no unchanged line that says something in its window (a comment at the
// margin, a new function) gets three lines more each side. nil for other
// files, and when a window runs over maxBlock lines.
func blocks(lines []string, changed, slides [][2]int, p string) [][2]int {
	switch path.Ext(p) {
	case ".go", ".js", ".ts", ".jsx", ".tsx", ".c", ".h", ".cc", ".cpp", ".rs", ".java", ".swift", ".kt", ".cs", ".py", ".rb", ".pl", ".r":
	default:
		return nil
	}
	atMargin := func(i int) bool { return lines[i] != "" && lines[i][0] != ' ' && lines[i][0] != '\t' }
	var wide [][2]int
	for n, c := range changed {
		lo := min(c[0], len(lines)-1)
		if c[0] == c[1] && lo > 0 {
			// A deletion: the line above it that says something, past
			// those it could slide over, shows where, so a closing bracket
			// there widens it to that block.
			lo = max(c[0]-1-slides[n][0], 0)
			for lo > 0 && !saysUnchanged(lines, lo, lo+1) {
				lo--
			}
		}
		for lo > 0 && !atMargin(lo) {
			lo--
		}
		shown := c[1] // the change, and for a deletion the line below it
		if c[0] == c[1] {
			shown = min(shown+slides[n][1], len(lines))
			// The first line below it that says something: a blank line
			// next to a marker stands for the file's, and a closing
			// bracket ends any block, so neither shows where it was.
			for shown < len(lines) && !saysUnchanged(lines, shown, shown+1) {
				shown++
			}
			shown = min(shown+1, len(lines))
		}
		hi := max(shown, lo+1)
		for hi < len(lines) && !atMargin(hi) {
			hi++
		}
		if hi < len(lines) && len(strings.Trim(lines[hi], "}]);, \t")) == 0 || hi < len(lines) && lines[hi] == "end" {
			hi++ // its closing line
		}
		for hi > max(lo+1, shown) && isBlankLine(lines[hi-1]) {
			hi--
		}
		if !saysUnchanged(lines, lo, max(lo, min(c[0], hi))) && !saysUnchanged(lines, min(c[1], hi), hi) {
			// Nothing of the file around it (a comment at the margin
			// changed, a new function): a model shows a few lines of it.
			lo, hi = max(lo-3, 0), min(hi+3, len(lines))
		}
		if hi-lo > maxBlock {
			return nil
		}
		wide = append(wide, [2]int{lo, hi})
	}
	return wide
}

// saysUnchanged reports whether lines [from, to), unchanged lines, hold
// one that says something.
func saysUnchanged(lines []string, from, to int) bool {
	for _, l := range lines[from:to] {
		if len(strings.TrimSpace(l)) >= 4 {
			return true
		}
	}
	return false
}

// maxBlock bounds the lines of a block snippet-blocks writes whole.
const maxBlock = 80

// maxContext bounds the context snippet-placed grows to on each side.
const maxContext = 12

// onceLines are the lines of text that occur in it once and say
// something (four characters or more, trimmed).
func onceLines(text string) map[string]bool {
	n := map[string]int{}
	for _, l := range strings.Split(text, "\n") {
		n[strings.TrimSpace(l)]++
	}
	once := map[string]bool{}
	for l, c := range n {
		if c == 1 && len(l) >= 4 {
			once[l] = true
		}
	}
	return once
}

// markerWords are ways models word a marker line, besides "... existing
// code ...".
var markerWords = []string{
	"... existing code ...", "...existing code...", "... rest of the code unchanged ...", "...",
	"… existing code …", "[...]", "... keep existing code ...", "... other code ...",
	"existing code", "Rest of the file unchanged", "rest of the code remains the same", "... existing methods ...",
}

// styled is the snippet as a model writes it in its own words: each marker
// worded one of the ways of markerWords, and one snippet in three wrapped
// in a code fence. The choices follow from id alone, so that the other
// kinds' cases do not change with them.
func styled(snip, marker, id string) string {
	h := fnv.New64a()
	h.Write([]byte(id))
	rng := rand.New(rand.NewPCG(h.Sum64(), 1))
	lines := strings.Split(strings.TrimSuffix(snip, "\n"), "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) == marker {
			words := markerWords[rng.IntN(len(markerWords))]
			lines[i] = strings.Replace(l, "... existing code ...", words, 1)
		}
	}
	out := strings.Join(lines, "\n") + "\n"
	if rng.IntN(3) == 0 {
		out = "```\n" + out + "```\n"
	}
	return out
}

// openEnds is the snippet without its first and last lines when they
// are markers, as a model writes it that leaves them out: "" when it has
// neither, or no other marker.
func openEnds(snip, marker string) string {
	lines := strings.Split(strings.TrimSuffix(snip, "\n"), "\n")
	isMarker := func(l string) bool { return strings.TrimSpace(l) == marker }
	if len(lines) < 3 || !isMarker(lines[0]) && !isMarker(lines[len(lines)-1]) {
		return ""
	}
	if isMarker(lines[0]) {
		lines = lines[1:]
	}
	if isMarker(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n") + "\n"
}

// indentOf is the indentation of the first non-blank line from i on.
func indentOf(lines []string, i int) string {
	for ; i < len(lines); i++ {
		if t := strings.TrimLeft(lines[i], " \t"); t != "" {
			return lines[i][:len(lines[i])-len(t)]
		}
	}
	return ""
}

// dedent removes the indentation the snippet's lines share.
func dedent(s, marker string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	common := ""
	first := true
	for _, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if t == "" {
			continue
		}
		w := l[:len(l)-len(t)]
		if first {
			common, first = w, false
			continue
		}
		for !strings.HasPrefix(w, common) {
			common = common[:len(common)-1]
		}
	}
	if common == "" {
		return s
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, common)
	}
	return strings.Join(lines, "\n") + "\n"
}

func (g *gen) add(kind, id, p, before, after, snip string) {
	if snip != "" {
		g.cases.Add(kind, id, p, before, after, "edit_file", map[string]string{"path": p, "code_edit": snip})
	}
}

// negatives makes the must-refuse cases of a file.
func (g *gen) negatives(id, flat, before, p, snip string, ctx, newLines []string, changed [][2]int, marker string) {
	old := strings.Split(strings.TrimSuffix(before, "\n"), "\n")
	// Two lines that occur twice, one after the other: a segment of them,
	// with a line between, fits both places.
	seen := map[string]int{}
	for i := 0; i+1 < len(old); i++ {
		a, b := old[i], old[i+1]
		if len(strings.TrimSpace(a)) < 8 || len(strings.TrimSpace(b)) < 8 {
			continue
		}
		k := a + "\n" + b
		if j, ok := seen[k]; ok && j+1 < i {
			s := fmt.Sprintf("%s\n%s\n%sinserted()\n%s\n%s\n", marker, a, indentOf(old, i+1), b, marker)
			g.add("neg-snippet-ambiguous", id, flat, before, "", s)
			break
		}
		seen[k] = i
	}
	// Another file's snippet, when this file does not have its context.
	ext := path.Ext(p)
	if o, ok := g.last[ext]; ok && o.path != p && !hasRun(old, o.context) {
		g.add("neg-snippet-foreign", id, flat, before, "", o.snippet)
	}
	g.last[ext] = snippetOf{path: p, snippet: snip, context: ctx}
	// Two windows far apart, joined without the marker between them.
	if len(changed) == 1 && len(newLines) > 120 {
		c := changed[0]
		far := c[1] + 60
		if far+4 < len(newLines) {
			var b strings.Builder
			b.WriteString(marker + "\n")
			for i := max(c[0]-3, 0); i < c[1]+3; i++ {
				b.WriteString(newLines[i] + "\n")
			}
			for i := far; i < far+4; i++ {
				b.WriteString(newLines[i] + "\n")
			}
			b.WriteString(marker + "\n")
			g.add("neg-snippet-swallow", id, flat, before, "", b.String())
		}
	}
}

// hasRun reports whether lines has half or more of the context lines
// that say something: a snippet with that context is then a fair edit of
// the file, not a foreign one.
func hasRun(lines, ctx []string) bool {
	have := map[string]bool{}
	for _, l := range lines {
		have[strings.TrimSpace(l)] = true
	}
	found, says := 0, 0
	for _, c := range ctx {
		if t := strings.TrimSpace(c); len(t) >= 4 {
			says++
			if have[t] {
				found++
			}
		}
	}
	return found*2 >= says
}

func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}
