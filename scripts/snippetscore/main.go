// Command snippetscore scores edit_file cases (from scripts/snippetcases)
// in process: it merges each case's snippet into its file with
// editkit.MergeSnippet, as the CLI's edit_file does, and writes one
// verdict line per case — "repo id right|wrong|refused", sorted — then a
// summary per kind. A must-refuse case (neg-…) is right when refused and
// wrong when merged. It reads the verdicts the replay harness's run gives
// (a misformatted merge is wrong here), in seconds where the harness,
// starting the CLI for each case, takes minutes: a rule can be measured
// case for case before the harness confirms it.
//
//	go run ./scripts/snippetscore -out verdicts.txt cases/*.jsonl
//	go run ./scripts/snippetscore -base verdicts.txt cases/*.jsonl
//
// With -base, it prints the cases whose verdict changed since, as
// "repo id before -> after", instead of every verdict.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/editkit/editkit"
)

func main() {
	out := flag.String("out", "", "write the verdicts to this file (default: standard output)")
	base := flag.String("base", "", "verdicts to compare with: print the cases whose verdict changed")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: snippetscore [-out file] [-base file] cases.jsonl...")
		os.Exit(2)
	}
	var cases []scored
	for _, f := range flag.Args() {
		cs, err := read(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		cases = append(cases, cs...)
	}
	lines := score(cases)
	w := io.Writer(os.Stdout)
	switch {
	case *out != "":
		if err := os.WriteFile(*out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case *base == "":
		fmt.Fprintln(w, strings.Join(lines, "\n"))
	}
	if *base != "" {
		b, err := os.ReadFile(*base)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, l := range changed(strings.Split(strings.TrimSpace(string(b)), "\n"), lines) {
			fmt.Fprintln(w, l)
		}
	}
	fmt.Fprint(w, summary(lines))
}

// A scored case is one edit_file case of a corpus.
type scored struct {
	repo, id, kind, before, after, snippet string
}

// read reads a corpus's edit_file cases; its repository is the file's
// name.
func read(path string) ([]scored, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	repo := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	var out []scored
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		var c struct {
			ID, Kind, Tool, Before, After string
			Request                       json.RawMessage
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if c.Tool != "edit_file" {
			continue
		}
		var req struct {
			CodeEdit *string `json:"code_edit"`
		}
		if err := json.Unmarshal(c.Request, &req); err != nil || req.CodeEdit == nil {
			return nil, fmt.Errorf("%s: case %s has no code_edit", path, c.ID)
		}
		out = append(out, scored{repo, c.ID, c.Kind, c.Before, c.After, *req.CodeEdit})
	}
	return out, sc.Err()
}

// score merges every case, on every CPU, and returns the verdict lines,
// sorted.
func score(cases []scored) []string {
	lines := make([]string, len(cases))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for n := range next {
				lines[n] = verdict(cases[n])
			}
		})
	}
	for n := range cases {
		next <- n
	}
	close(next)
	wg.Wait()
	slices.Sort(lines)
	return lines
}

// verdict merges one case and says how it went.
func verdict(c scored) string {
	got, _, err := editkit.MergeSnippet(c.before, c.snippet)
	v := "right"
	switch {
	case strings.HasPrefix(c.kind, "neg-"):
		if err == nil {
			v = "wrong"
		}
	case err != nil:
		v = "refused"
	case got != c.after:
		v = "wrong"
	}
	return c.repo + " " + c.id + " " + v
}

var kindRE = regexp.MustCompile(`-[0-9]+$`)

// summary counts the verdicts per kind.
func summary(lines []string) string {
	counts := map[string]map[string]int{}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 3 {
			continue
		}
		k := kindRE.ReplaceAllString(f[1], "")
		if counts[k] == nil {
			counts[k] = map[string]int{}
		}
		counts[k][f[2]]++
	}
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		c := counts[k]
		n := c["right"] + c["wrong"] + c["refused"]
		fmt.Fprintf(&b, "%-24s %6d right %6d (%5.1f%%) wrong %4d refused %5d\n", k, n, c["right"], 100*float64(c["right"])/float64(n), c["wrong"], c["refused"])
	}
	return b.String()
}

// changed lists the cases whose verdict differs between two sets of
// verdict lines, as "repo id before -> after".
func changed(before, after []string) []string {
	was := map[string]string{}
	for _, l := range before {
		if f := strings.Fields(l); len(f) == 3 {
			was[f[0]+" "+f[1]] = f[2]
		}
	}
	var out []string
	for _, l := range after {
		f := strings.Fields(l)
		if len(f) != 3 {
			continue
		}
		if v, ok := was[f[0]+" "+f[1]]; ok && v != f[2] {
			out = append(out, f[0]+" "+f[1]+" "+v+" -> "+f[2])
		}
	}
	return out
}
