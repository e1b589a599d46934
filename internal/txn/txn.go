// Package txn is the currency of editkit's writes: a Change says what one
// file must become, given what was read of it, and Commit writes a set of
// changes to any storage all or nothing — each file replaced atomically, a
// file that changed since it was read never overwritten, and the files
// already written put back when a later one fails. Storage that can do
// better (internal/store checks a file at the moment it swaps it in, and
// survives a crash) commits the same Changes itself.
package txn

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
)

// A Change is what one file of a commit becomes.
type Change struct {
	Name    string      // the file, as the storage names it
	Existed bool        // the file existed when it was read
	Orig    []byte      // its bytes as read, when it existed
	Data    []byte      // its new bytes
	Delete  bool        // remove the file instead of writing Data
	Perm    fs.FileMode // permission bits of a new file
	// Blind replaces or removes whatever the file holds at the commit,
	// without checking it against Orig.
	Blind bool
	// Version identifies the file as it was read, for storage that can
	// tell cheaply that it changed (its inode, size and times); "" when
	// unknown.
	Version string
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

// Stale returns an ErrStale saying what happened to the file.
func Stale(why string) error {
	if why == "" {
		return ErrStale
	}
	return fmt.Errorf("%w: %s", ErrStale, why)
}

// FS is storage that can only read, write and remove whole files. WriteFile
// must replace a file atomically, keeping an existing file's permission
// bits.
type FS interface {
	ReadFile(name string) ([]byte, error)
	WriteFile(name string, data []byte, perm fs.FileMode) error
	Remove(name string) error
}

// Commit writes changes to fsys in order. Before each write it checks that
// the file still holds what was read; the check and the write are two
// steps, so a writer that slips between them is not seen — storage that
// can swap and check in one step commits changes itself. If a check or a
// write fails, the files already written are restored (created ones
// removed) and Commit returns an *Error.
func Commit(fsys FS, changes []Change) error {
	for i, c := range changes {
		err := check(fsys, c)
		if err == nil {
			if c.Delete {
				err = fsys.Remove(c.Name)
			} else {
				err = fsys.WriteFile(c.Name, c.Data, c.Perm)
			}
		}
		if err != nil {
			e := &Error{Name: c.Name, Err: err}
			rollback(fsys, changes[:i], e)
			return e
		}
	}
	return nil
}

// Check reports, for storage that reads and compares, whether the file
// named by c still holds what was read.
func Check(cur []byte, err error, c Change) error {
	if c.Blind {
		return nil
	}
	missing := errors.Is(err, fs.ErrNotExist)
	switch {
	case !c.Existed && err == nil:
		return Stale("it was created meanwhile")
	case !c.Existed && missing:
		return nil
	case missing:
		return Stale("it was deleted meanwhile")
	case err != nil:
		return err
	case !bytes.Equal(cur, c.Orig):
		return Stale("")
	}
	return nil
}

func check(fsys FS, c Change) error {
	cur, err := fsys.ReadFile(c.Name)
	return Check(cur, err, c)
}

// rollback puts back the changes done, newest first.
func rollback(fsys FS, done []Change, e *Error) {
	for i := len(done) - 1; i >= 0; i-- {
		c := done[i]
		var err error
		if c.Existed {
			err = fsys.WriteFile(c.Name, c.Orig, c.Perm)
		} else {
			err = fsys.Remove(c.Name)
		}
		if err != nil {
			e.Lost = append(e.Lost, fmt.Errorf("%s: %w", c.Name, err))
			continue
		}
		e.Restored = append(e.Restored, c.Name)
	}
}
