// Package corpus provides real source text for editkit's tests and
// benchmarks: the Go distribution's own sources, read at test time from
// $(go env GOROOT)/src and never copied into the repository.
package corpus

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

var (
	once  sync.Once
	src   string
	paths []string
	err   error
)

// GoRoot is the Go distribution's root directory.
func GoRoot() string {
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		if s := strings.TrimSpace(string(out)); s != "" {
			return s
		}
	}
	return runtime.GOROOT()
}

// Paths lists the .go files under GOROOT/src, relative to it, outside
// testdata and vendor directories, sorted.
func Paths() ([]string, error) {
	once.Do(func() {
		src = filepath.Join(GoRoot(), "src")
		err = filepath.WalkDir(src, func(p string, d fs.DirEntry, werr error) error {
			if werr != nil {
				return werr
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".go") {
				rel, _ := filepath.Rel(src, p)
				paths = append(paths, filepath.ToSlash(rel))
			}
			return nil
		})
		slices.Sort(paths)
	})
	return paths, err
}

// Read returns a corpus file's text, or "" for one that is not plain text
// with LF line ends.
func Read(path string) string {
	b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(path)))
	if err != nil || bytes.IndexByte(b, 0) >= 0 || bytes.IndexByte(b, '\r') >= 0 {
		return ""
	}
	return string(b)
}

// Lines returns the first n lines of the corpus files concatenated in
// order, each ending in "\n": realistic code of any size.
func Lines(n int) (string, error) {
	ps, err := Paths()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for count := 0; count < n; {
		for _, p := range ps {
			for _, l := range strings.SplitAfter(Read(p), "\n") {
				if l == "" {
					continue
				}
				if !strings.HasSuffix(l, "\n") {
					l += "\n"
				}
				b.WriteString(l)
				if count++; count == n {
					return b.String(), nil
				}
			}
		}
	}
	return b.String(), nil
}
