package editkit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/editkit/editkit/internal/atomicfile"
)

// A Workspace is where an [Editor] reads and writes files. Names are paths
// relative to the workspace's root; an implementation refuses any name that
// leads outside it with [ErrOutsideRoot]. [OpenDir] gives one on a directory
// and [MemWorkspace] one in memory; embedders may supply their own, such as
// an editor's unsaved buffers.
type Workspace interface {
	// ReadFile returns the contents of the named file.
	ReadFile(name string) ([]byte, error)
	// Stat describes the named file.
	Stat(name string) (fs.FileInfo, error)
	// WriteFile replaces the named file with data atomically: a reader sees
	// the old contents or the new, never a mix. An existing file keeps its
	// permission bits; a new one is created with perm, along with any
	// missing parent directories.
	WriteFile(name string, data []byte, perm fs.FileMode) error
	// Remove deletes the named file.
	Remove(name string) error
}

// localName turns a caller's path into a clean slash-separated path inside
// the root. rel converts an absolute path to one relative to the root,
// reporting false when it lies outside.
func localName(name string, rel func(abs string) (string, bool)) (string, error) {
	if strings.TrimSpace(name) == "" {
		return "", errorf(ErrInvalidRequest, "", "the path is empty").withHint("Send the file's path relative to the workspace root")
	}
	if strings.ContainsRune(name, 0) {
		return "", errorf(ErrOutsideRoot, fmt.Sprintf("%q", name), "the path contains a NUL byte")
	}
	p := name
	if filepath.IsAbs(p) {
		r, ok := rel(filepath.Clean(p))
		if !ok {
			return "", outsideRoot(name)
		}
		p = r
	}
	p = filepath.Clean(p)
	if !filepath.IsLocal(p) {
		return "", outsideRoot(name)
	}
	return filepath.ToSlash(p), nil
}

func outsideRoot(name string) *Error {
	return errorf(ErrOutsideRoot, name, "the path leads outside the workspace").
		withHint("Use a path inside the workspace, relative to its root, such as \"src/main.go\"")
}

// DirWorkspace is a [Workspace] on a directory of the file system, opened
// with [OpenDir]. It goes through [os.Root], so no name (with "..", an
// absolute path elsewhere, or a symbolic link) reaches outside the
// directory. A symbolic link that stays inside is followed, and writing
// through it replaces its target. Writes are atomic: a temporary file in
// the same directory, synced, then renamed over the original.
type DirWorkspace struct {
	root *os.Root
	dir  string // absolute path of the root as given
	real string // the same with symbolic links resolved
}

// OpenDir returns a workspace rooted at dir. Close it when done.
func OpenDir(dir string) (*DirWorkspace, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		real = abs
	}
	return &DirWorkspace{root: root, dir: abs, real: real}, nil
}

// Dir is the absolute path of the workspace's root.
func (w *DirWorkspace) Dir() string { return w.dir }

// Close releases the root directory.
func (w *DirWorkspace) Close() error { return w.root.Close() }

// ReadFile returns the contents of the named file.
func (w *DirWorkspace) ReadFile(name string) ([]byte, error) {
	p, err := w.resolve(name)
	if err != nil {
		return nil, err
	}
	b, err := w.root.ReadFile(filepath.FromSlash(p))
	return b, w.mapErr(name, err)
}

// Stat describes the named file, following symbolic links.
func (w *DirWorkspace) Stat(name string) (fs.FileInfo, error) {
	p, err := w.resolve(name)
	if err != nil {
		return nil, err
	}
	fi, err := w.root.Stat(filepath.FromSlash(p))
	return fi, w.mapErr(name, err)
}

// WriteFile atomically replaces the named file, or the file a symbolic link
// names points to, keeping its permission bits; see [Workspace].
func (w *DirWorkspace) WriteFile(name string, data []byte, perm fs.FileMode) error {
	p, err := w.resolve(name)
	if err != nil {
		return err
	}
	return w.mapErr(name, atomicfile.Write(w.root, p, data, perm))
}

// Remove deletes the named file.
func (w *DirWorkspace) Remove(name string) error {
	p, err := w.resolve(name)
	if err != nil {
		return err
	}
	return w.mapErr(name, w.root.Remove(filepath.FromSlash(p)))
}

// lockKey names the file itself, whichever path leads to it.
func (w *DirWorkspace) lockKey(name string) (string, error) {
	p, err := w.resolve(name)
	if err != nil {
		return "", err
	}
	return filepath.Join(w.real, filepath.FromSlash(p)), nil
}

func (w *DirWorkspace) relToRoot(abs string) (string, bool) {
	for _, base := range []string{w.dir, w.real} {
		if r, err := filepath.Rel(base, abs); err == nil && filepath.IsLocal(r) {
			return r, true
		}
		if abs == base {
			return ".", true
		}
	}
	return "", false
}

// resolve turns name into a path inside the root with no symbolic links in
// it, following links that stay inside and refusing those that lead out.
// Missing components are kept as they are, so new files can be named.
func (w *DirWorkspace) resolve(name string) (string, error) {
	p, err := localName(name, w.relToRoot)
	if err != nil {
		return "", err
	}
	todo := strings.Split(p, "/")
	var done []string
	for links := 0; len(todo) > 0; {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return "", outsideRoot(name)
			}
			done = done[:len(done)-1]
			continue
		}
		cur := path.Join(append(slices.Clone(done), c)...)
		fi, err := w.root.Lstat(filepath.FromSlash(cur))
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			done = append(done, c) // a plain component, or one that does not exist yet
			continue
		}
		if links++; links > 40 {
			return "", errorf(ErrInvalidRequest, "", "too many symbolic links in %q", name)
		}
		target, err := w.root.Readlink(filepath.FromSlash(cur))
		if err != nil {
			return "", w.mapErr(name, err)
		}
		if filepath.IsAbs(target) {
			r, ok := w.relToRoot(filepath.Clean(target))
			if !ok {
				return "", outsideRoot(name)
			}
			done, target = nil, r
		}
		todo = append(strings.Split(filepath.ToSlash(target), "/"), todo...)
	}
	if len(done) == 0 {
		return ".", nil
	}
	return path.Join(done...), nil
}

// mapErr reports os.Root's refusal of a path that escapes (its error value
// is not exported) as ErrOutsideRoot.
func (w *DirWorkspace) mapErr(name string, err error) error {
	if err != nil && strings.Contains(err.Error(), "path escapes from parent") {
		return outsideRoot(name)
	}
	return err
}

// MemWorkspace is a [Workspace] held in memory, for tests and for embedders
// with their own storage. Its zero value is an empty workspace ready to use;
// it is safe for concurrent use. Absolute paths are outside it.
type MemWorkspace struct {
	mu    sync.Mutex
	files map[string]*memFile
}

type memFile struct {
	data    []byte
	mode    fs.FileMode
	modTime time.Time
}

func (m *MemWorkspace) name(name string) (string, error) {
	return localName(name, func(string) (string, bool) { return "", false })
}

// ReadFile returns a copy of the named file's contents.
func (m *MemWorkspace) ReadFile(name string) ([]byte, error) {
	n, err := m.name(name)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	f, ok := m.files[n]
	if !ok {
		return nil, m.missing("read", n)
	}
	return slices.Clone(f.data), nil
}

// Stat describes the named file or directory.
func (m *MemWorkspace) Stat(name string) (fs.FileInfo, error) {
	n, err := m.name(name)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if f, ok := m.files[n]; ok {
		return memInfo{name: path.Base(n), size: int64(len(f.data)), mode: f.mode, modTime: f.modTime}, nil
	}
	if m.isDir(n) {
		return memInfo{name: path.Base(n), mode: fs.ModeDir | 0o755}, nil
	}
	return nil, m.missing("stat", n)
}

// WriteFile stores a copy of data under name; see [Workspace].
func (m *MemWorkspace) WriteFile(name string, data []byte, perm fs.FileMode) error {
	n, err := m.name(name)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.isDir(n) {
		return &fs.PathError{Op: "write", Path: n, Err: errors.New("is a directory")}
	}
	for d := path.Dir(n); d != "."; d = path.Dir(d) {
		if _, ok := m.files[d]; ok {
			return &fs.PathError{Op: "write", Path: n, Err: fmt.Errorf("%s is a file, not a directory", d)}
		}
	}
	if m.files == nil {
		m.files = make(map[string]*memFile)
	}
	mode := perm.Perm()
	if f, ok := m.files[n]; ok {
		mode = f.mode
	}
	m.files[n] = &memFile{data: slices.Clone(data), mode: mode, modTime: time.Now()}
	return nil
}

// Remove deletes the named file.
func (m *MemWorkspace) Remove(name string) error {
	n, err := m.name(name)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.files[n]; !ok {
		return m.missing("remove", n)
	}
	delete(m.files, n)
	return nil
}

// Names lists the files in the workspace, sorted.
func (m *MemWorkspace) Names() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	names := make([]string, 0, len(m.files))
	for n := range m.files {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func (m *MemWorkspace) isDir(n string) bool {
	if n == "." {
		return true
	}
	for f := range m.files {
		if strings.HasPrefix(f, n+"/") {
			return true
		}
	}
	return false
}

func (m *MemWorkspace) missing(op, n string) error {
	return &fs.PathError{Op: op, Path: n, Err: fs.ErrNotExist}
}

type memInfo struct {
	name    string
	size    int64
	mode    fs.FileMode
	modTime time.Time
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return i.mode }
func (i memInfo) ModTime() time.Time { return i.modTime }
func (i memInfo) IsDir() bool        { return i.mode.IsDir() }
func (i memInfo) Sys() any           { return nil }
