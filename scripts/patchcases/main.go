// Command patchcases turns a repository's history into apply_patch cases
// for the replay harness (../shared/tools/replay run): for each file a
// commit changed, the file before the commit, a patch of the change, and
// the file after it, in the harness's JSON lines.
//
//	go run ./scripts/patchcases -git /path/to/repo.git -n 400 -max 150 -out cases.jsonl
//
// Kinds: udiff (git's own diff), udiff-numbers (its @@ line numbers wrong,
// or left out, as models write them), v4a (the same hunks as a V4A patch),
// v4a-damaged (in a heredoc, no *** End Patch, blank context lines without
// their space, CRLF line ends), and must-refuse kinds neg-patch-ambiguous
// (a hunk whose lines occur twice, with nothing to tell which) and
// neg-patch-foreign (real first and last context lines around a line the
// file does not have).
package main

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"

	"github.com/editkit/editkit/scripts/internal/history"
)

func main() {
	history.Main(11, func(repo history.Repo, rng *rand.Rand, cases *history.Cases) func(commit, path, before, after string) {
		g := &gen{repo: repo, rng: rng, cases: cases}
		return g.file
	})
}

type gen struct {
	repo  history.Repo
	rng   *rand.Rand
	cases *history.Cases
}

// file makes the cases of one file a commit changed.
func (g *gen) file(commit, path, before, after string) {
	diff, err := g.repo.Git("diff", "-U3", "--no-color", "--no-ext-diff", commit+"^", commit, "--", path)
	if err != nil || !strings.Contains(diff, "\n@@") {
		return
	}
	// The harness writes the file in its workspace's root: the patch names
	// it there.
	flat := strings.ReplaceAll(path, "/", "__")
	diff = strings.NewReplacer("a/"+path, "a/"+flat, "b/"+path, "b/"+flat).Replace(diff)
	path = flat
	id := commit[:10] + ":" + path
	g.add("udiff", id, path, before, after, diff)
	g.add("udiff-numbers", id, path, before, after, g.damageNumbers(diff))
	// V4A cannot say that a last line lacks its line end.
	if strings.HasSuffix(before, "\n") && strings.HasSuffix(after, "\n") {
		v4a := toV4A(path, diff, before)
		g.add("v4a", id, path, before, after, v4a)
		g.add("v4a-damaged", id, path, before, after, g.damageV4A(v4a))
	}
	g.negatives(id, path, before)
}

func (g *gen) add(kind, id, path, before, after, patch string) {
	if patch != "" {
		g.cases.Add(kind, id, path, before, after, "apply_patch", map[string]string{"input": patch})
	}
}

var hunkHead = regexp.MustCompile(`(?m)^@@ -\d+(,\d+)? \+\d+(,\d+)? @@`)

// damageNumbers shifts every hunk's line numbers by one amount, makes them
// up, or leaves them out.
func (g *gen) damageNumbers(diff string) string {
	switch g.rng.IntN(3) {
	case 0:
		shift := 5 + g.rng.IntN(200)
		return hunkHead.ReplaceAllStringFunc(diff, func(h string) string {
			var a, b, c, d int
			fmt.Sscanf(strings.ReplaceAll(strings.ReplaceAll(h, ",", " "), "+", ""), "@@ -%d %d %d %d", &a, &b, &c, &d)
			return fmt.Sprintf("@@ -%d,%d +%d,%d @@", a+shift, b, c+shift, d)
		})
	case 1:
		return hunkHead.ReplaceAllStringFunc(diff, func(string) string {
			return fmt.Sprintf("@@ -%d,%d +%d,%d @@", 1+g.rng.IntN(500), 1+g.rng.IntN(9), 1+g.rng.IntN(500), 1+g.rng.IntN(9))
		})
	}
	return hunkHead.ReplaceAllString(diff, "@@")
}

var hunkNumbers = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@ ?(.*)$`)

// toV4A writes a file's unified diff as a V4A patch, as a model following
// codex's instructions would: "@@" before each hunk, with a header when
// the hunk's lines occur more than once after the hunk before — git's
// section heading (the enclosing function's line) when it is a line of the
// file there, or else the nearest line above the hunk that occurs nowhere
// between the hunk before and it.
func toV4A(path, diff, before string) string {
	lines := strings.Split(before, "\n")
	var b strings.Builder
	b.WriteString("*** Begin Patch\n*** Update File: " + path + "\n")
	var hunk []string
	header, start, prevEnd := "", 0, 0 // prevEnd: the 0-based line after the hunk before
	flush := func() {
		if hunk == nil {
			return
		}
		var old []string
		for _, l := range hunk {
			if l[0] != '+' {
				old = append(old, strings.TrimRight(l[1:], "\r\n"))
			}
		}
		if occurrences(lines, old, prevEnd) < 2 {
			header = ""
		} else if header == "" || !lineIn(lines, header, prevEnd, start) {
			header = nearestUnique(lines, prevEnd, start)
		}
		b.WriteString(strings.TrimSpace("@@ "+header) + "\n")
		for _, l := range hunk {
			b.WriteString(l)
		}
		prevEnd = start + len(old)
		hunk = nil
	}
	in := false
	for _, l := range strings.SplitAfter(diff, "\n") {
		switch m := hunkNumbers.FindStringSubmatch(strings.TrimRight(l, "\r\n")); {
		case m != nil:
			flush()
			start, header, in = atoi(m[1])-1, strings.TrimSpace(m[3]), true
			hunk = []string{}
		case !in || l == "" || strings.HasPrefix(l, `\`):
		default:
			hunk = append(hunk, l)
		}
	}
	flush()
	b.WriteString("*** End Patch\n")
	return b.String()
}

// occurrences counts the places from line from on where lines has the run
// old.
func occurrences(lines, old []string, from int) int {
	n := 0
	for i := max(from, 0); i+len(old) <= len(lines); i++ {
		match := true
		for j, o := range old {
			if lines[i+j] != o {
				match = false
				break
			}
		}
		if match {
			n++
		}
	}
	return n
}

// nearestUnique returns the nearest line above line start, back to line
// from, that says something and does not occur again between from and
// start; "" when there is none.
func nearestUnique(lines []string, from, start int) string {
	for i := min(start, len(lines)) - 1; i >= max(from, 0); i-- {
		t := strings.TrimSpace(lines[i])
		if len(t) < 4 {
			continue
		}
		if !lineIn(lines, t, from, i) && !lineIn(lines, t, i+1, start) {
			return t
		}
	}
	return ""
}

// lineIn reports whether lines[from:to] has a line equal to want, ignoring
// the spaces around it.
func lineIn(lines []string, want string, from, to int) bool {
	for i := max(from, 0); i < min(to, len(lines)); i++ {
		if strings.TrimSpace(lines[i]) == want {
			return true
		}
	}
	return false
}

func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}

// damageV4A does to a V4A patch what models do: a heredoc around it, no
// *** End Patch, blank context lines without their space, CRLF.
func (g *gen) damageV4A(p string) string {
	p = strings.ReplaceAll(p, "\n \n", "\n\n")
	p = strings.TrimSuffix(p, "*** End Patch\n")
	if g.rng.IntN(2) == 0 {
		p = "apply_patch <<'EOF'\n" + p + "EOF\n"
	}
	if g.rng.IntN(3) == 0 {
		p = strings.ReplaceAll(p, "\n", "\r\n")
	}
	return p
}

// negatives makes the must-refuse cases of a file: a hunk whose two lines
// occur twice, and one whose middle line the file does not have.
func (g *gen) negatives(id, path, before string) {
	lines := strings.Split(strings.TrimSuffix(before, "\n"), "\n")
	seen := map[string]int{}
	for i := 0; i+1 < len(lines); i++ {
		a, b := lines[i], lines[i+1]
		if len(strings.TrimSpace(a)) < 8 || len(strings.TrimSpace(b)) < 8 {
			continue
		}
		k := a + "\n" + b
		if j, ok := seen[k]; ok && j+1 < i {
			patch := fmt.Sprintf("*** Begin Patch\n*** Update File: %s\n@@\n %s\n-%s\n+%s // changed\n*** End Patch\n", path, a, b, b)
			g.add("neg-patch-ambiguous", id, path, before, "", patch)
			break
		}
		seen[k] = i
	}
	for tries := 0; tries < 20 && len(lines) > 6; tries++ {
		i := g.rng.IntN(len(lines) - 3)
		first, last := lines[i], lines[i+2]
		if len(strings.TrimSpace(first)) < 8 || len(strings.TrimSpace(last)) < 8 || strings.Count(before, first) > 1 {
			continue
		}
		patch := fmt.Sprintf("*** Begin Patch\n*** Update File: %s\n@@\n %s\n-    neverInThisFile(31337)\n+    inserted()\n %s\n*** End Patch\n", path, first, last)
		g.add("neg-patch-foreign", id, path, before, "", patch)
		break
	}
}
