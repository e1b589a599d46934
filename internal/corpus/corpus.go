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

// A File is one source file of the corpus.
type File struct {
	Path string // relative to GOROOT/src
	Text string
}

var (
	once  sync.Once
	files []File
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

// Files returns the .go files under GOROOT/src, excluding testdata, in a
// fixed order.
func Files() ([]File, error) {
	once.Do(func() {
		src := filepath.Join(GoRoot(), "src")
		err = filepath.WalkDir(src, func(p string, d fs.DirEntry, werr error) error {
			if werr != nil {
				return werr
			}
			if d.IsDir() {
				if d.Name() == "testdata" || d.Name() == "vendor" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".go") {
				return nil
			}
			b, rerr := os.ReadFile(p)
			if rerr != nil || bytes.IndexByte(b, 0) >= 0 || bytes.IndexByte(b, '\r') >= 0 {
				return nil
			}
			rel, _ := filepath.Rel(src, p)
			files = append(files, File{Path: filepath.ToSlash(rel), Text: string(b)})
			return nil
		})
		slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	})
	return files, err
}

// Lines returns the first n lines of the corpus files concatenated in
// order, each ending in "\n": realistic code of any size.
func Lines(n int) (string, error) {
	fs, err := Files()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for count := 0; count < n; {
		for _, f := range fs {
			for _, l := range strings.SplitAfter(f.Text, "\n") {
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
