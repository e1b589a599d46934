package store

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"

	"github.com/editkit/editkit/internal/txn"
)

// tempPrefix starts the name of every temporary file a commit makes, so
// that they are recognisable; the rest of the name does not depend on the
// file's own name, so that a long name cannot make it too long.
const tempPrefix = ".editkit-"

// A pending change is one file of a commit under way.
type pending struct {
	c         txn.Change
	dirName   string   // the directory holding the file, in the tree
	dir       *os.Root // the same, opened: every step works on this one directory
	dirf      *os.File // the same, for renameat2
	base      string   // the file's name in dir
	newTmp    string   // the new contents, before the swap
	oldTmp    string   // the displaced contents, after it
	ours      fileID   // identity of the file written to newTmp
	made      []string // directories created for it, outermost first
	written   bool     // newTmp holds the new contents
	swapped   bool     // the change is in place
	exchanged bool     // swapped by exchange or link: oldTmp holds the displaced file
	kept      string   // a displaced file left where it is, named in the tree
}

// Commit makes every change, or none. It returns a *txn.Error naming the
// file that failed and saying whether the files changed before it were put
// back; a file that does not hold what was read (Change.Orig), checked at
// the moment it is swapped, fails with txn.ErrStale and is left as it is.
func (t *Tree) Commit(changes []txn.Change) error {
	if len(changes) == 0 {
		return nil
	}
	id, err := newID()
	if err != nil {
		return &txn.Error{Name: changes[0].Name, Err: err}
	}
	ps := make([]*pending, len(changes))
	for k, c := range changes {
		d, b := split(c.Name)
		tmp := tempPrefix + id + "-" + strconv.Itoa(k)
		ps[k] = &pending{c: c, dirName: d, base: b, newTmp: tmp + ".new", oldTmp: tmp + ".old"}
	}
	defer closeAll(ps)
	rec := t.announce(id, ps)
	defer func() {
		if r := recover(); r != nil {
			rec.abandon() // as a crash would: the record stays for recovery
			panic(r)
		}
	}()
	for _, p := range ps {
		if err := t.prepare(p); err != nil {
			t.discard(ps, rec, false)
			return &txn.Error{Name: p.c.Name, Err: err}
		}
	}
	t.at("prepared")
	rec.phase(phaseSwap, len(ps) > 1)
	for k, p := range ps {
		if err := t.swap(p); err != nil {
			e := &txn.Error{Name: p.c.Name, Err: err}
			if p.swapped { // its own swap could not be undone
				e.Lost = append(e.Lost, fmt.Errorf("%s: it holds the new version", p.c.Name))
			}
			t.undo(ps[:k], e)
			if len(e.Lost) > 0 {
				rec.keep() // a later recovery tries again
			}
			t.discard(ps, rec, false)
			return e
		}
		t.at("swapped")
	}
	synced := map[string]bool{}
	for _, p := range ps {
		if !synced[p.dirName] {
			synced[p.dirName] = true
			syncDir(p.dirf)
		}
	}
	t.at("done")
	t.discard(ps, rec, true)
	return nil
}

func newID() (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// prepare opens the file's directory, creating it if needed, and writes the
// new contents to a temporary file there, synced, with the mode and owner
// the file has (or Perm, for a new file).
func (t *Tree) prepare(p *pending) error {
	var err error
	if p.made, err = t.mkdirs(p.dirName); err != nil {
		return err
	}
	if p.dir, err = t.root.OpenRoot(filepath.FromSlash(p.dirName)); err != nil {
		return err
	}
	if p.dirf, err = p.dir.Open("."); err != nil {
		return err
	}
	if p.c.Delete {
		return nil
	}
	mode := p.c.Perm.Perm()
	var cur fs.FileInfo
	if fi, err := p.dir.Lstat(p.base); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%w: it is %s", ErrNotRegular, Kind(fi.Mode()))
		}
		cur, mode = fi, fi.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)
	}
	f, err := p.dir.OpenFile(p.newTmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	p.written = true
	if _, err := f.Write(p.c.Data); err != nil {
		f.Close()
		return err
	}
	// The owner first: changing it clears the set-user-ID and set-group-ID
	// bits, which the mode then sets again.
	if cur != nil {
		if err := keepOwner(f, cur); err != nil {
			f.Close()
			return err
		}
	}
	if err := f.Chmod(mode); err != nil { // exact bits, whatever the umask
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if fi, err := f.Stat(); err == nil {
		p.ours = idOf(fi)
	}
	return f.Close()
}

// mkdirs creates the missing directories of dir and returns them,
// outermost first, so that a failed commit can remove them again.
func (t *Tree) mkdirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; d != "." && d != "/"; d, _ = split(d) {
		fi, err := t.root.Stat(filepath.FromSlash(d))
		if err == nil {
			if !fi.IsDir() {
				return nil, &fs.PathError{Op: "mkdir", Path: d, Err: syscall.ENOTDIR}
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		missing = append(missing, d)
	}
	slices.Reverse(missing)
	for i, d := range missing {
		if err := t.root.Mkdir(filepath.FromSlash(d), 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return missing[:i], err
		}
	}
	return missing, nil
}

// swap puts one change in place.
func (t *Tree) swap(p *pending) error {
	switch {
	case p.c.Delete:
		return t.swapDelete(p)
	case p.c.Existed:
		return t.swapReplace(p)
	}
	return t.swapCreate(p)
}

// swapReplace swaps the new file in for the existing one, then checks that
// the file it displaced is the one that was read; if not, someone wrote
// the file meanwhile, and their file goes back.
func (t *Tree) swapReplace(p *pending) error {
	// A file saved by renaming another over it, or rewritten to another
	// size or time, is seen here for the price of a stat, before this
	// commit's file is visible to anyone.
	if err := t.unchanged(p); err != nil {
		return err
	}
	err := errUnsupported
	if !t.noExchange {
		err = exchange(p.dirf, p.newTmp, p.base)
	}
	switch {
	case err == nil:
		// newTmp now holds the displaced file. If it is not the version
		// that was read, swap straight back: the fewer instructions this
		// commit's file is visible for, the less anyone reads it.
		if fi, lerr := p.dir.Lstat(p.newTmp); lerr == nil && !p.c.Blind && p.c.Version != "" && version(fi) != p.c.Version {
			if cur, lerr := p.dir.Lstat(p.base); lerr == nil && idOf(cur) == p.ours {
				if xerr := exchange(p.dirf, p.newTmp, p.base); xerr == nil {
					return txn.Stale("someone else wrote it while this edit was being made; their version was kept")
				}
			}
		}
		// Give the displaced file its own name.
		if err := p.dir.Rename(p.newTmp, p.oldTmp); err != nil {
			if xerr := exchange(p.dirf, p.newTmp, p.base); xerr != nil {
				return fmt.Errorf("%v; and putting the file back failed: %v", err, xerr)
			}
			return err
		}
		p.exchanged = true
	case errors.Is(err, fs.ErrNotExist):
		if !p.c.Blind {
			return txn.Stale("it was deleted meanwhile")
		}
		return t.swapCreate(p)
	case errors.Is(err, errUnsupported):
		if err := t.swapByLink(p); err != nil {
			return err
		}
	default:
		return err
	}
	p.swapped = true
	if p.c.Blind {
		return nil
	}
	same, err := holds(p.dir, p.oldTmp, p.c.Orig)
	if same {
		return nil
	}
	return t.refuse(p, err)
}

// refuse undoes a swap whose displaced file is not the one that was read
// (or could not be read back to tell), and says so.
func (t *Tree) refuse(p *pending, readErr error) error {
	err := txn.Stale("someone else wrote it while this edit was being made; their version was kept")
	if readErr != nil {
		err = fmt.Errorf("checking the file it replaced: %w", readErr)
	}
	if uerr := t.unswap(p); uerr != nil {
		return fmt.Errorf("%w; putting their version back failed: %v", err, uerr)
	}
	if p.kept != "" {
		return fmt.Errorf("%w; another save followed theirs, so their version was kept as %s", err, p.kept)
	}
	return err
}

// unchanged reports a file that is no longer the version that was read.
func (t *Tree) unchanged(p *pending) error {
	if p.c.Blind || p.c.Version == "" {
		return nil
	}
	fi, err := p.dir.Lstat(p.base)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return txn.Stale("it was deleted meanwhile")
	case err != nil:
		return err
	case version(fi) != p.c.Version:
		return txn.Stale("someone else wrote it while this edit was being made")
	}
	return nil
}

// swapByLink is swapReplace where there is no exchange: the file is kept
// under the old name by a hard link, and the new one renamed over it. A
// writer that renames its own file in between the two steps is not seen.
// Where there are no hard links either, the file is compared with what was
// read and copied aside first, which leaves a wider window.
func (t *Tree) swapByLink(p *pending) error {
	err := p.dir.Link(p.base, p.oldTmp)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !p.c.Blind {
			return txn.Stale("it was deleted meanwhile")
		}
		return t.swapCreate(p)
	case err != nil:
		cur, rerr := readAt(p.dir, p.base, int64(len(p.c.Orig))+1)
		if rerr != nil {
			return rerr
		}
		if !p.c.Blind && !bytes.Equal(cur, p.c.Orig) {
			return txn.Stale("")
		}
		if err := writeFile(p.dir, p.oldTmp, cur); err != nil {
			return err
		}
	}
	if err := p.dir.Rename(p.newTmp, p.base); err != nil {
		p.dir.Remove(p.oldTmp)
		return err
	}
	p.exchanged = true
	return nil
}

// swapCreate moves the new file into place only if the name is still free.
func (t *Tree) swapCreate(p *pending) error {
	err := renameNoReplace(p.dir, p.dirf, p.newTmp, p.base)
	if errors.Is(err, fs.ErrExist) {
		if !p.c.Blind {
			return txn.Stale("it was created meanwhile")
		}
		err = p.dir.Rename(p.newTmp, p.base)
	}
	if err != nil {
		return err
	}
	p.swapped = true
	return nil
}

// swapDelete moves the file aside, then checks it is the one that was
// read; if not, it goes back.
func (t *Tree) swapDelete(p *pending) error {
	if err := t.unchanged(p); err != nil {
		return err
	}
	if err := p.dir.Rename(p.base, p.oldTmp); err != nil {
		if errors.Is(err, fs.ErrNotExist) && !p.c.Blind {
			return txn.Stale("it was deleted meanwhile")
		}
		return err
	}
	p.swapped, p.exchanged = true, true
	if p.c.Blind {
		return nil
	}
	same, err := holds(p.dir, p.oldTmp, p.c.Orig)
	if same {
		return nil
	}
	return t.refuse(p, err)
}

// unswap undoes a change in place. The file this commit wrote is put back
// only while it is still there as written: a file someone wrote since is
// left alone, and supersedes the one this commit displaced.
func (t *Tree) unswap(p *pending) error {
	if !p.swapped {
		return nil
	}
	switch {
	case p.c.Delete:
		if err := renameNoReplace(p.dir, p.dirf, p.oldTmp, p.base); err != nil {
			return err
		}
	case !t.stillOurs(p):
		// Someone wrote the file after this commit swapped it in — perhaps
		// from this commit's version. The file it displaced is kept, not
		// put over theirs, and not deleted.
		if p.exchanged {
			p.kept = path.Join(p.dirName, p.oldTmp)
		}
	case p.exchanged:
		if err := p.dir.Rename(p.oldTmp, p.base); err != nil {
			return err
		}
	default:
		if err := p.dir.Remove(p.base); err != nil { // a file this commit created
			return err
		}
	}
	p.swapped, p.exchanged = false, false
	return nil
}

// stillOurs reports whether the file holds what this commit wrote, as the
// file it wrote.
func (t *Tree) stillOurs(p *pending) bool {
	fi, err := p.dir.Lstat(p.base)
	if err != nil || idOf(fi) != p.ours {
		return false
	}
	same, _ := holds(p.dir, p.base, p.c.Data)
	return same
}

// undo puts back the changes done, newest first, recording in e what was
// restored and what could not be.
func (t *Tree) undo(done []*pending, e *txn.Error) {
	for i := len(done) - 1; i >= 0; i-- {
		p := done[i]
		if err := t.unswap(p); err != nil {
			e.Lost = append(e.Lost, fmt.Errorf("%s: %w", p.c.Name, err))
			continue
		}
		if p.kept != "" {
			e.Lost = append(e.Lost, fmt.Errorf("%s: someone wrote it since, so it was left as they wrote it; the version before this request is %s", p.c.Name, p.kept))
			continue
		}
		e.Restored = append(e.Restored, p.c.Name)
	}
}

// discard removes what a commit leaves: its temporary files, the files
// its swaps displaced once it has succeeded (after a failure, one that
// could not be put back stays, for recovery), directories made for
// nothing, and the record.
func (t *Tree) discard(ps []*pending, rec *record, ok bool) {
	for _, p := range ps {
		if p.dir == nil {
			continue
		}
		if p.written {
			p.dir.Remove(p.newTmp)
		}
		if ok && p.exchanged {
			p.dir.Remove(p.oldTmp)
		}
		if !p.swapped {
			for i := len(p.made) - 1; i >= 0; i-- {
				if t.root.Remove(filepath.FromSlash(p.made[i])) != nil {
					break // not empty: something else lives there now
				}
			}
		}
	}
	rec.remove()
}

func closeAll(ps []*pending) {
	for _, p := range ps {
		if p.dirf != nil {
			p.dirf.Close()
		}
		if p.dir != nil {
			p.dir.Close()
		}
	}
}

// holds reports whether the file name in dir holds exactly want, reading
// it a piece at a time rather than all at once.
func holds(dir *os.Root, name string, want []byte) (bool, error) {
	f, err := dir.OpenFile(name, os.O_RDONLY|oNonblock, 0)
	if err != nil {
		return false, err
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	for {
		n, err := io.ReadFull(f, buf[:min(len(buf), len(want)+1)])
		if !bytes.Equal(buf[:n], want[:min(n, len(want))]) || n > len(want) {
			return false, nil
		}
		want = want[n:]
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return len(want) == 0, nil
		case err != nil:
			return false, err
		}
	}
}

// readAt reads at most limit bytes of a file in dir.
func readAt(dir *os.Root, name string, limit int64) ([]byte, error) {
	f, err := dir.OpenFile(name, os.O_RDONLY|oNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit))
}

func writeFile(dir *os.Root, name string, data []byte) error {
	f, err := dir.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		dir.Remove(name)
	}
	return err
}

// renameNoReplace renames from to to in one directory, failing with
// fs.ErrExist when to exists.
func renameNoReplace(dir *os.Root, dirf *os.File, from, to string) error {
	err := noReplace(dirf, from, to)
	if !errors.Is(err, errUnsupported) {
		return err
	}
	// A hard link is created only if its name is free.
	if err := dir.Link(from, to); err == nil {
		return dir.Remove(from)
	} else if errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, err := dir.Lstat(to); err == nil {
		return &fs.PathError{Op: "rename", Path: to, Err: fs.ErrExist}
	}
	return dir.Rename(from, to)
}

// syncDir makes the renames in a directory durable. Some systems cannot
// sync a directory; the renames have happened either way.
func syncDir(d *os.File) {
	if d != nil {
		d.Sync()
	}
}

// errUnsupported: the system or the file system cannot do the operation.
var errUnsupported = errors.New("not supported here")
