// Package store keeps the files of a directory tree the way editkit must:
//
//   - Read refuses what is not a regular file (a named pipe, a device, a
//     socket) before reading a byte of it, and stops at a size limit.
//   - Lock keeps editkit processes off each other's files, from the read to
//     the last rename, with advisory locks kept outside the tree.
//   - Commit replaces a set of files all or nothing. Each file is written
//     to a temporary file beside it and swapped in atomically; on Linux the
//     swap is renameat2(RENAME_EXCHANGE), so the file it displaces can be
//     checked, after the fact and with no window, to be what was read — a
//     writer that takes no lock loses nothing: its file is swapped back.
//   - Every commit is announced by a record in the state directory before
//     its first temporary file exists, so a commit a crash interrupted is
//     rolled back (or, when it had finished swapping, forward) and its
//     temporary files removed when the tree is next opened.
//
// Every name the package takes is a clean, slash-separated path inside the
// tree with no symbolic link in it.
package store

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// A Tree is a directory tree whose files are read and committed.
type Tree struct {
	root  *os.Root
	real  string // the root's absolute path with links resolved: it names locks and records
	state string // holds locks and commit records; "" when there is no usable one

	// hook, when set, is called at named points of a commit, so that tests
	// can widen the windows a crash may hit.
	hook func(point string)
	// noExchange makes commits swap files as systems without renameat2
	// do; tests set it.
	noExchange bool
}

// Open returns the tree of root, whose absolute path with links resolved is
// real. stateDir is where locks and commit records are kept ("" uses no
// cross-process locks and no records); it is created if missing. A state
// directory that cannot be used is not an error: the tree works without,
// as a tree with stateDir "" does.
func Open(root *os.Root, real, stateDir string) *Tree {
	t := &Tree{root: root, real: real}
	if stateDir != "" && os.MkdirAll(stateDir, 0o700) == nil {
		t.state = stateDir
	}
	return t
}

// SetHook sets a function called at named points of every commit: after
// the temporary files are written ("prepared"), after each file is swapped
// in ("swapped"), and before the records are removed ("done"). Tests use it.
func (t *Tree) SetHook(f func(point string)) { t.hook = f }

func (t *Tree) at(point string) {
	if t.hook != nil {
		t.hook(point)
	}
}

// ErrNotRegular: the name is a named pipe, device, socket or directory.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge: the file is larger than the limit the reader gave.
var ErrTooLarge = errors.New("file too large")

// A SizeError reports a file over the read limit.
type SizeError struct {
	Size  int64 // the file's size, or at least this much
	Limit int64
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("the file is %d bytes, over the limit of %d", e.Size, e.Limit)
}

// Is makes a SizeError match ErrTooLarge.
func (e *SizeError) Is(target error) bool { return target == ErrTooLarge }

// Info is what Read learns of a file besides its bytes.
type Info struct {
	Mode fs.FileMode
	// Writable reports that the file's permission bits let this process's
	// user write it (for the superuser: that some write bit is set).
	Writable bool
	// Version identifies the file as read — its inode, size and times — for
	// txn.Change.Version.
	Version string
}

// Read returns the bytes of the named file, at most limit of them (limit <=
// 0: no limit). A name that is not a regular file is refused before it is
// read, so that a named pipe cannot block and a device cannot be read
// without end.
func (t *Tree) Read(name string, limit int64) ([]byte, Info, error) {
	// Stat first: a socket cannot even be opened, and a device should not
	// be. The file is checked again once open, in case it was swapped.
	if fi, err := t.root.Stat(filepath.FromSlash(name)); err != nil {
		return nil, Info{}, err
	} else if !fi.Mode().IsRegular() {
		return nil, Info{}, notRegular(name, fi)
	}
	f, err := t.root.OpenFile(filepath.FromSlash(name), os.O_RDONLY|oNonblock, 0)
	if err != nil {
		return nil, Info{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, Info{}, err
	}
	if !fi.Mode().IsRegular() {
		return nil, Info{}, notRegular(name, fi)
	}
	info := Info{Mode: fi.Mode(), Writable: writable(fi), Version: version(fi)}
	size := fi.Size()
	if limit > 0 && size > limit {
		return nil, info, &SizeError{Size: size, Limit: limit}
	}
	want := size + 1
	r := io.Reader(f)
	if limit > 0 {
		r = io.LimitReader(f, limit+1) // the file may grow while it is read
		want = min(want, limit+1)
	}
	data := make([]byte, 0, want)
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, info, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
	if limit > 0 && int64(len(data)) > limit {
		return nil, info, &SizeError{Size: int64(len(data)), Limit: limit}
	}
	return data, info, nil
}

func notRegular(name string, fi fs.FileInfo) error {
	return &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, Kind(fi.Mode()))}
}

// Kind names what a file mode is, for messages: "a named pipe", "a
// directory", …
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}

// split returns the directory and the base name of name.
func split(name string) (dir, base string) {
	return path.Dir(name), path.Base(name)
}
