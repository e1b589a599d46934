// Package history walks a repository's history for the case generators
// of the replay harness: each file a commit modified, before and after,
// and the cases written in the harness's JSON lines.
package history

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
)

// A Case is one case in the replay harness's format: the file before, the
// tool request, and the file after it (or Refuse).
type Case struct {
	ID      string          `json:"id"`
	Kind    string          `json:"kind"`
	File    string          `json:"file"`
	Before  string          `json:"before"`
	After   string          `json:"after,omitempty"`
	Refuse  bool            `json:"refuse,omitempty"`
	Tool    string          `json:"tool"`
	Request json.RawMessage `json:"request"`
}

// A Repo is a git directory read with the git command.
type Repo struct{ Dir string }

// Git runs git on the repository and returns its output.
func (r Repo) Git(args ...string) (string, error) {
	c := exec.Command("git", append([]string{"--git-dir", r.Dir}, args...)...)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, errb.String())
	}
	return out.String(), nil
}

// Modified calls fn for each file that each of the newest n commits (merges
// aside) modified, with the file before and after the commit; files over
// 200 KB, binary files and unchanged ones are left out.
func (r Repo) Modified(n int, fn func(commit, path, before, after string)) error {
	log, err := r.Git("log", "--no-merges", "--format=%H", "-n", fmt.Sprint(n))
	if err != nil {
		return err
	}
	for _, c := range strings.Fields(log) {
		files, err := r.Git("diff-tree", "--no-commit-id", "--name-status", "-r", "--no-renames", c+"^", c)
		if err != nil {
			continue // a root commit
		}
		for _, l := range strings.Split(strings.TrimSpace(files), "\n") {
			status, path, ok := strings.Cut(l, "\t")
			if !ok || status != "M" {
				continue
			}
			before, err1 := r.Git("show", c+"^:"+path)
			after, err2 := r.Git("show", c+":"+path)
			if err1 != nil || err2 != nil || len(before) > 200_000 || strings.ContainsRune(before+after, 0) || before == after {
				continue
			}
			fn(c, path, before, after)
		}
	}
	return nil
}

// Write writes cases to the named file in JSON lines.
func Write(name string, cases []Case) error {
	var b bytes.Buffer
	for _, c := range cases {
		line, err := json.Marshal(c)
		if err != nil {
			return err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return os.WriteFile(name, b.Bytes(), 0o644)
}

// Cases collects the cases of one run, at most Max of each kind.
type Cases struct {
	Max   int
	Count map[string]int
	List  []Case
}

// Add adds a case of the given kind unless Max of that kind are in: the
// file before, the tool and its request, and the file after (empty for a
// case the tool must refuse).
func (c *Cases) Add(kind, id, file, before, after, tool string, request any) {
	if c.Count[kind] >= c.Max {
		return
	}
	req, err := json.Marshal(request)
	if err != nil {
		return
	}
	c.Count[kind]++
	cs := Case{ID: fmt.Sprintf("%s-%d", kind, c.Count[kind]), Kind: kind, File: file, Before: before, Tool: tool, Request: req}
	if after == "" {
		cs.Refuse = true
	} else {
		cs.After = after
	}
	c.List = append(c.List, cs)
}

// Main is a generator's command: it reads the flags -git, -n, -max, -seed
// and -out, gives each file the newest commits modified to the function
// newGen returns (given the repository, a random source seeded from -seed
// and stream, and the cases to add to), writes the cases, and prints how
// many of each kind it made.
func Main(stream uint64, newGen func(repo Repo, rng *rand.Rand, cases *Cases) func(commit, path, before, after string)) {
	gitDir := flag.String("git", "", "the repository's git directory")
	commits := flag.Int("n", 400, "commits to read, newest first")
	perKind := flag.Int("max", 150, "cases per kind")
	seed := flag.Uint64("seed", 1, "seed for the random choices")
	out := flag.String("out", "", "the JSON lines file to write")
	flag.Parse()
	if *gitDir == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	repo := Repo{Dir: *gitDir}
	cases := &Cases{Max: *perKind, Count: map[string]int{}}
	if err := repo.Modified(*commits, newGen(repo, rand.New(rand.NewPCG(*seed, stream)), cases)); err != nil {
		log.Fatal(err)
	}
	if err := Write(*out, cases.List); err != nil {
		log.Fatal(err)
	}
	for k, n := range cases.Count {
		fmt.Printf("%-22s %d\n", k, n)
	}
}
