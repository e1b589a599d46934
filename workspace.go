package editkit

import (
	"context"
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

	"github.com/editkit/editkit/internal/store"
	"github.com/editkit/editkit/internal/txn"
)

// A Workspace is where an [Editor] reads and writes files. Names are paths
// relative to the workspace's root; an implementation refuses any name that
// leads outside it with [ErrOutsideRoot]. [OpenDir] gives one on a directory
// and [MemWorkspace] one in memory; embedders may supply their own, such as
// an editor's unsaved buffers. The Editor writes the files of one request
// together through the workspace; [DirWorkspace] and [MemWorkspace] check
// and swap each file in one step, while for any other workspace a file is
// compared with what was read just before it is written.
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

// Limits on names, checked before a name is resolved, so that a hostile
// one costs no more than its length.
const (
	maxPathLen = 4096 // bytes in a path, as PATH_MAX
	maxNameLen = 255  // bytes in one component, as NAME_MAX
)

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
	if len(name) > maxPathLen {
		return "", errorf(ErrInvalidRequest, clipName(name), "the path is %d bytes long; a path has at most %d", len(name), maxPathLen)
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
	p = filepath.ToSlash(p)
	for c := range strings.SplitSeq(p, "/") {
		if len(c) > maxNameLen {
			return "", errorf(ErrInvalidRequest, clipName(name), "a name in the path is %d bytes long; a file or directory name has at most %d", len(c), maxNameLen)
		}
	}
	return p, nil
}

// clipName shortens a very long path for a message.
func clipName(name string) string {
	if len(name) <= 80 {
		return name
	}
	return name[:40] + "…" + name[len(name)-20:]
}

func outsideRoot(name string) *Error {
	return errorf(ErrOutsideRoot, clipName(name), "the path leads outside the workspace").
		withHint("Use a path inside the workspace, relative to its root, such as \"src/main.go\"")
}

// controlChar returns the first control character of a new file's path, if
// any: such names are refused, since a newline or an escape in a name is
// far more often a mistake or an attack than a wish.
func controlChar(name string) (rune, bool) {
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return r, true
		}
	}
	return 0, false
}

// DirWorkspace is a [Workspace] on a directory of the file system, opened
// with [OpenDir]. It goes through [os.Root], so no name (with "..", an
// absolute path elsewhere, or a symbolic link) reaches outside the
// directory. A symbolic link that stays inside is followed, and writing
// through it replaces its target.
//
// Only regular files are read: a named pipe, a device or a socket is
// refused before it is opened for reading. A write replaces a file through
// a temporary file in its directory, synced, then swapped in — keeping its
// mode, set-user-ID and set-group-ID bits included, and its owner (a file
// whose owner cannot be kept is not written). On Linux the swap exchanges
// the two files in one step and then checks that the file displaced is the
// one that was read, so that a file someone changed meanwhile, even a
// program that takes no lock, is put back and the request fails with
// [ErrStale]; elsewhere a hard link keeps the displaced file for that check.
// Requests of editkit processes that share a state directory (see
// [DirOptions]) on the same file run one after another. A request's writes
// are announced in the state directory first, so that a request a crash
// interrupts is undone, its temporary files removed, when the workspace is
// next opened.
type DirWorkspace struct {
	root *os.Root
	dir  string // absolute path of the root as given
	real string // the same with symbolic links resolved
	tree *store.Tree
}

// DirOptions configure a [DirWorkspace]; the zero value gives the defaults.
type DirOptions struct {
	// StateDir holds the lock files that keep editkit processes off each
	// other's files and the records that let a request a crash interrupted
	// be undone. Processes exclude each other only when they share it. ""
	// means the "editkit" directory in the user's cache directory
	// (os.UserCacheDir), or in the temporary directory when there is none.
	// A state directory that cannot be created leaves the workspace
	// working without cross-process locks or crash recovery.
	StateDir string
}

// OpenDir returns a workspace rooted at dir, with the default options.
// Close it when done.
func OpenDir(dir string) (*DirWorkspace, error) { return DirOptions{}.Open(dir) }

// Open returns a workspace rooted at dir. Before returning it undoes the
// requests on this workspace that a crash interrupted (see
// [DirWorkspace.Recover]). Close it when done.
func (o DirOptions) Open(dir string) (*DirWorkspace, error) {
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
	state := o.StateDir
	if state == "" {
		state = defaultStateDir()
	}
	w := &DirWorkspace{root: root, dir: abs, real: real, tree: store.Open(root, real, state)}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	w.Recover(ctx) // what it cannot finish now, a later Recover or Open retries
	return w, nil
}

func defaultStateDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "editkit")
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("editkit-%d", os.Getuid()))
}

// Recover undoes the requests on this workspace that a crash interrupted:
// each file is put back as it was before the request, unless every file of
// the request had been written, in which case the request is left done.
// The temporary files those requests left are removed. It returns the
// files it put back; a request still running in a live process is left
// alone. Open calls it, so it is needed only to recover while a workspace
// stays open.
func (w *DirWorkspace) Recover(ctx context.Context) ([]string, error) {
	rep, err := w.tree.Recover(ctx)
	if len(rep.Left) > 0 {
		err = errors.Join(err, fmt.Errorf("editkit: recovery kept these files, which hold contents found nowhere else: %s", strings.Join(rep.Left, ", ")))
	}
	return rep.RolledBack, err
}

// Dir is the absolute path of the workspace's root.
func (w *DirWorkspace) Dir() string { return w.dir }

// Close releases the root directory.
func (w *DirWorkspace) Close() error { return w.root.Close() }

// ReadFile returns the contents of the named file. It refuses what is not
// a regular file.
func (w *DirWorkspace) ReadFile(name string) ([]byte, error) {
	p, err := w.resolve(name)
	if err != nil {
		return nil, err
	}
	b, _, err := w.tree.Read(p, 0)
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
// names points to, keeping its mode and owner; see [Workspace]. It waits
// for the editkit requests on the file to finish, and then writes whatever
// the file holds.
func (w *DirWorkspace) WriteFile(name string, data []byte, perm fs.FileMode) error {
	return w.blind(name, txn.Change{Data: data, Perm: perm})
}

// Remove deletes the named file.
func (w *DirWorkspace) Remove(name string) error {
	return w.blind(name, txn.Change{Delete: true})
}

func (w *DirWorkspace) blind(name string, c txn.Change) error {
	p, err := w.resolve(name)
	if err != nil {
		return err
	}
	unlock, err := lockFiles(context.Background(), w, []string{p})
	if err != nil {
		return err
	}
	defer unlock()
	_, err = w.root.Lstat(filepath.FromSlash(p))
	c.Name, c.Existed, c.Blind = p, err == nil, true
	if c.Delete && !c.Existed {
		return w.mapErr(name, err)
	}
	if r, bad := controlChar(p); bad && !c.Existed {
		return errorf(ErrInvalidRequest, name, "the new file's name has the control character %U", r)
	}
	return w.mapErr(name, unwrapTxn(w.tree.Commit([]txn.Change{c})))
}

// unwrapTxn gives the cause of a one-file commit's failure.
func unwrapTxn(err error) error {
	var te *txn.Error
	if errors.As(err, &te) {
		return te.Err
	}
	return err
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

// maxLinks is how many symbolic links a path may lead through.
const maxLinks = 40

// resolve turns name into a path inside the root with no symbolic links in
// it, following links that stay inside and refusing those that lead out.
// Missing components are kept as they are, so new files can be named. It
// walks down the directories one at a time, each opened once, so its cost
// is linear in the path's length.
func (w *DirWorkspace) resolve(name string) (string, error) {
	p, err := localName(name, w.relToRoot)
	if err != nil {
		return "", err
	}
	todo := strings.Split(p, "/")
	slices.Reverse(todo) // a stack: the next component last
	var done []string
	// dirs[i] is the directory done[:i] names, while every component so
	// far is an existing directory.
	dirs := []*os.Root{w.root}
	defer func() {
		for _, d := range dirs[1:] {
			d.Close()
		}
	}()
	trim := func() {
		for len(dirs) > len(done)+1 {
			dirs[len(dirs)-1].Close()
			dirs = dirs[:len(dirs)-1]
		}
	}
	for links := 0; len(todo) > 0; {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return "", outsideRoot(name)
			}
			done = done[:len(done)-1]
			trim()
			continue
		}
		if len(dirs) != len(done)+1 { // below a missing component or a file
			done = append(done, c)
			continue
		}
		top := dirs[len(dirs)-1]
		fi, err := top.Lstat(c)
		switch {
		case err != nil: // missing: the rest is taken as it is
			done = append(done, c)
		case fi.Mode()&fs.ModeSymlink != 0:
			if links++; links > maxLinks {
				return "", errorf(ErrInvalidRequest, clipName(name), "the path leads through more than %d symbolic links", maxLinks)
			}
			target, err := top.Readlink(c)
			if err != nil {
				return "", w.mapErr(name, err)
			}
			if filepath.IsAbs(target) {
				r, ok := w.relToRoot(filepath.Clean(target))
				if !ok {
					return "", outsideRoot(name)
				}
				done, target = nil, r
				trim()
			}
			if len(target) > maxPathLen {
				return "", outsideRoot(name)
			}
			more := strings.Split(filepath.ToSlash(target), "/")
			slices.Reverse(more)
			todo = append(todo, more...)
		case fi.IsDir():
			sub, err := top.OpenRoot(c)
			if err != nil {
				return "", w.mapErr(name, err)
			}
			dirs = append(dirs, sub)
			done = append(done, c)
		default:
			done = append(done, c)
		}
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

// The Editor's view of a DirWorkspace: the store below it.

func (w *DirWorkspace) canonical(name string) (string, error) { return w.resolve(name) }
func (w *DirWorkspace) id() string                            { return w.real }

func (w *DirWorkspace) read(name string, limit int64) ([]byte, fileMeta, error) {
	b, info, err := w.tree.Read(name, limit)
	return b, fileMeta{mode: info.Mode, writable: info.Writable, version: info.Version}, w.mapErr(name, err)
}

func (w *DirWorkspace) lock(ctx context.Context, names []string) (func(), error) {
	return w.tree.Lock(ctx, names)
}

func (w *DirWorkspace) commit(changes []txn.Change) error { return w.tree.Commit(changes) }

// readDir lists a directory of the workspace, named as canonical names it.
func (w *DirWorkspace) readDir(name string) ([]fs.DirEntry, error) {
	return fs.ReadDir(w.root.FS(), filepath.ToSlash(name))
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
	return m.put(n, data, perm)
}

// canPut says why data cannot be stored under n, if it cannot; m.mu is
// held.
func (m *MemWorkspace) canPut(n string) error {
	if m.isDir(n) {
		return &fs.PathError{Op: "write", Path: n, Err: errors.New("is a directory")}
	}
	for d := path.Dir(n); d != "."; d = path.Dir(d) {
		if _, ok := m.files[d]; ok {
			return &fs.PathError{Op: "write", Path: n, Err: fmt.Errorf("%s is a file, not a directory", d)}
		}
	}
	return nil
}

// put stores data under n; m.mu is held.
func (m *MemWorkspace) put(n string, data []byte, perm fs.FileMode) error {
	if err := m.canPut(n); err != nil {
		return err
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

// The Editor's view of a MemWorkspace: every change of a commit is checked
// and made under one lock, so a commit is atomic as a whole.

func (m *MemWorkspace) canonical(name string) (string, error) { return m.name(name) }
func (m *MemWorkspace) id() string                            { return fmt.Sprintf("mem:%p", m) }

func (m *MemWorkspace) read(name string, limit int64) ([]byte, fileMeta, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f, ok := m.files[name]
	if !ok {
		if m.isDir(name) {
			return nil, fileMeta{}, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: it is a directory", store.ErrNotRegular)}
		}
		return nil, fileMeta{}, m.missing("read", name)
	}
	if limit > 0 && int64(len(f.data)) > limit {
		return nil, fileMeta{}, &store.SizeError{Size: int64(len(f.data)), Limit: limit}
	}
	return slices.Clone(f.data), fileMeta{mode: f.mode, writable: f.mode&0o200 != 0}, nil
}

func (m *MemWorkspace) lock(context.Context, []string) (func(), error) { return func() {}, nil }

func (m *MemWorkspace) commit(changes []txn.Change) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, c := range changes {
		f, ok := m.files[c.Name]
		var cur []byte
		var err error = m.missing("read", c.Name)
		if ok {
			cur, err = f.data, nil
		}
		if err := txn.Check(cur, err, c); err != nil {
			return &txn.Error{Name: c.Name, Err: err}
		}
		if !c.Delete {
			if err := m.canPut(c.Name); err != nil {
				return &txn.Error{Name: c.Name, Err: err}
			}
		}
	}
	for _, c := range changes {
		if c.Delete {
			delete(m.files, c.Name)
		} else {
			m.put(c.Name, c.Data, c.Perm) // checked above
		}
	}
	return nil
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

// readDir lists a directory of the workspace: the files and directories
// its files' names hold under name.
func (m *MemWorkspace) readDir(name string) ([]fs.DirEntry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	prefix := strings.TrimSuffix(name, "/") + "/"
	if name == "." || name == "" {
		prefix = ""
	}
	seen := map[string]bool{}
	var out []fs.DirEntry
	for n := range m.files {
		rest, ok := strings.CutPrefix(n, prefix)
		if !ok || rest == "" {
			continue
		}
		first, _, sub := strings.Cut(rest, "/")
		if !seen[first] {
			seen[first] = true
			mode := fs.FileMode(0)
			if sub {
				mode = fs.ModeDir
			}
			out = append(out, fs.FileInfoToDirEntry(memInfo{name: first, mode: mode}))
		}
	}
	if len(out) == 0 {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}
