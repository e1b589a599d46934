package corpus

import (
	"fmt"
	"strings"
)

// A SpeedCase is one search of the speed goal: a file, a search in it,
// and the text one strings.Index scan looks for to give the case its
// yardstick.
type SpeedCase struct {
	Name, Content, Search, ScanFor string
}

// SpeedCases are the cases of the speed goal on files of the first n
// lines of real code, for each n: an exact hit; the same block
// re-indented; the block with its line breaks and tabs written as \n and
// \t; a miss that runs every replacer, and one of a single line; a typo
// in a middle line; a search whose first line is "}" and whose last line
// the file lacks; and, once, a miss in a 1 MB file that is one line.
func SpeedCases(sizes ...int) ([]SpeedCase, error) {
	var cases []SpeedCase
	for _, n := range sizes {
		content, err := Lines(n)
		if err != nil {
			return nil, err
		}
		blk := UniqueBlock(content, 6)
		lines := strings.Split(strings.TrimSuffix(blk, "\n"), "\n")
		typo := append([]string(nil), lines...)
		typo[2] = Typo(typo[2])
		miss := "func neverDefined(x int) string {\n\treturn fmt.Sprint(x * 31337)\n}\n"
		brace := braceBlock(content, 6)
		reindented := "    " + strings.ReplaceAll(strings.TrimSuffix(blk, "\n"), "\n", "\n    ")
		for _, c := range []struct{ name, search string }{
			{"exact", blk},
			{"reindented", reindented},
			{"escaped", strings.NewReplacer("\n", `\n`, "\t", `\t`).Replace(strings.TrimSuffix(blk, "\n"))},
			{"miss", miss},
			{"line-miss", "\treturn neverDefined(31337)"},
			{"typo", strings.Join(typo, "\n")},
			{"brace-first-last-absent", brace},
		} {
			cases = append(cases, SpeedCase{fmt.Sprintf("%s/%d", c.name, n), content, c.search, c.search})
		}
	}
	oneLine := strings.Repeat("abcdefgh ", 1<<20/9) + "\n"
	cases = append(cases, SpeedCase{"one-line-1MB-miss", oneLine, "abcdefgh abcdefgX", "abcdefgh abcdefgX"})
	return cases, nil
}

// UniqueBlock returns a run of about k lines near the middle of s that
// occurs once, whose first and last lines say something.
func UniqueBlock(s string, k int) string {
	lines := strings.SplitAfter(s, "\n")
	for i := len(lines) / 2; i+k < len(lines); i++ {
		blk := strings.Join(lines[i:i+k], "")
		if strings.Count(s, blk) == 1 && len(strings.TrimSpace(lines[i])) > 10 && len(strings.TrimSpace(lines[i+k-1])) > 10 {
			return blk
		}
	}
	panic("corpus: no unique block")
}

// Typo changes the first lower-case letter of a line's text to the next
// one, the way a model misremembers a word.
func Typo(line string) string {
	i := strings.IndexFunc(line, func(r rune) bool { return r >= 'a' && r <= 'y' })
	if i < 0 {
		return line + "x"
	}
	return line[:i] + string(line[i]+1) + line[i+1:]
}

// braceBlock returns k lines of s whose first line is "}" and whose last
// line is replaced by one the file does not have.
func braceBlock(s string, k int) string {
	lines := strings.SplitAfter(s, "\n")
	for i := len(lines) / 2; i+k < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "}" || strings.TrimSpace(lines[i+1]) != "" {
			continue
		}
		blk := strings.Join(lines[i:i+k-1], "") + "\tneverSeen(31337)\n"
		if strings.Count(s, blk) == 0 {
			return blk
		}
	}
	panic("corpus: no block starts with }")
}
