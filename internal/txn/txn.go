// Package txn commits the file writes of one request together: each file is
// replaced atomically, a file that changed since it was read is never
// overwritten, and when a later write fails the files already written are
// put back.
package txn

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
)

// FS is the storage a transaction writes to. WriteFile must replace a file
// atomically, keeping an existing file's permission bits.
type FS interface {
	ReadFile(name string) ([]byte, error)
	WriteFile(name string, data []byte, perm fs.FileMode) error
	Remove(name string) error
}

// A Tx is a set of staged writes to one FS.
type Tx struct {
	fsys  FS
	files []staged
}

type staged struct {
	name    string
	existed bool
	orig    []byte // the bytes read, when existed
	data    []byte
	perm    fs.FileMode
}

// New returns an empty transaction on fsys.
func New(fsys FS) *Tx { return &Tx{fsys: fsys} }

// Stage records that name, read as orig (existed false for a file that did
// not exist), is to become data. A new file is created with perm.
func (t *Tx) Stage(name string, existed bool, orig, data []byte, perm fs.FileMode) {
	t.files = append(t.files, staged{name: name, existed: existed, orig: orig, data: data, perm: perm})
}

// ErrStale reports a file that changed on disk since it was read.
var ErrStale = errors.New("the file changed on disk since it was read")

// An Error says which file could not be written and whether the files
// written before it were put back.
type Error struct {
	Name     string
	Err      error    // wraps ErrStale, or the write's error
	Restored []string // files written, then put back as they were
	Lost     []error  // files that could not be put back
}

// Error names the file, the cause, and what was restored.
func (e *Error) Error() string {
	msg := fmt.Sprintf("%s: %v", e.Name, e.Err)
	if len(e.Restored) > 0 {
		msg += fmt.Sprintf("; the %d file(s) written before it were restored", len(e.Restored))
	}
	if len(e.Lost) > 0 {
		msg += fmt.Sprintf("; restoring failed: %v", errors.Join(e.Lost...))
	}
	return msg
}

// Unwrap returns the cause: ErrStale or the write's error.
func (e *Error) Unwrap() error { return e.Err }

// Commit writes the staged files in order. Before each write it checks that
// the file still holds what was read. If a check or a write fails, the files
// already written are restored (created ones removed) and Commit returns an
// *Error; no file is left half-written.
func (t *Tx) Commit() error {
	for i, f := range t.files {
		err := t.check(f)
		if err == nil {
			err = t.fsys.WriteFile(f.name, f.data, f.perm)
		}
		if err != nil {
			e := &Error{Name: f.name, Err: err}
			t.rollback(i, e)
			return e
		}
	}
	return nil
}

func (t *Tx) check(f staged) error {
	cur, err := t.fsys.ReadFile(f.name)
	missing := errors.Is(err, fs.ErrNotExist)
	switch {
	case !f.existed && err == nil:
		return fmt.Errorf("%w: it was created meanwhile", ErrStale)
	case !f.existed && missing:
		return nil
	case missing:
		return fmt.Errorf("%w: it was deleted meanwhile", ErrStale)
	case err != nil:
		return err
	case !bytes.Equal(cur, f.orig):
		return ErrStale
	}
	return nil
}

// rollback puts back the first n files, newest first.
func (t *Tx) rollback(n int, e *Error) {
	for i := n - 1; i >= 0; i-- {
		f := t.files[i]
		var err error
		if f.existed {
			err = t.fsys.WriteFile(f.name, f.orig, f.perm)
		} else {
			err = t.fsys.Remove(f.name)
		}
		if err != nil {
			e.Lost = append(e.Lost, fmt.Errorf("%s: %w", f.name, err))
			continue
		}
		e.Restored = append(e.Restored, f.name)
	}
}
