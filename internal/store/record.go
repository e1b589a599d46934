package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// A commit record announces a commit before its first temporary file
// exists: a header line whose last character is the phase, then the files
// as JSON. The phase is one byte at a fixed offset, so that it changes with
// one write, in place, while the commit's process holds the record locked.
const (
	recordHeader = "editkit-commit 1 " // then the phase and "\n"
	phasePrepare = 'p'                 // temporary files are being written; no file has changed
	phaseSwap    = 's'                 // files are being swapped in
)

type record struct {
	f    *os.File
	path string
	kept bool
}

type recordData struct {
	Root  string       `json:"root"`
	Files []recordFile `json:"files"`
}

// recordFile is one file of a commit: its name in the tree, the names of
// its temporary files in the same directory, and what it held and will
// hold (as checksums).
type recordFile struct {
	Name    string `json:"name"`
	New     string `json:"new"`
	Old     string `json:"old"`
	Existed bool   `json:"existed,omitempty"`
	Delete  bool   `json:"delete,omitempty"`
	Blind   bool   `json:"blind,omitempty"`
	Orig    string `json:"orig"`
	Data    string `json:"data"`
}

// checksum names contents for recovery: their length and CRC-32C, which
// costs a fraction of reading them.
func checksum(b []byte) string {
	return fmt.Sprintf("%d:%08x", len(b), crc32.Checksum(b, castagnoli()))
}

// castagnoli is the CRC-32C table, made by the first commit: a run that
// only reads does not pay for it.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

func (t *Tree) recordDir() string {
	sum := sha256.Sum256([]byte(t.real))
	return filepath.Join(t.state, "commits", hex.EncodeToString(sum[:8]))
}

// announce writes the record of a commit, locked for as long as the
// commit runs. Without a state directory there is no record: the commit
// still runs, but a crash in it cannot be recovered.
func (t *Tree) announce(id string, ps []*pending) *record {
	if t.state == "" {
		return nil
	}
	d := recordData{Root: t.real}
	for _, p := range ps {
		d.Files = append(d.Files, recordFile{
			Name: p.c.Name, New: p.newTmp, Old: p.oldTmp,
			Existed: p.c.Existed, Delete: p.c.Delete, Blind: p.c.Blind,
			Orig: checksum(p.c.Orig), Data: checksum(p.c.Data),
		})
	}
	body, err := json.Marshal(d)
	if err != nil {
		return nil
	}
	// The record is written under another name and renamed into place once
	// locked and complete, so that a recovery never reads half of one.
	p := filepath.Join(t.recordDir(), id+".rec")
	f, err := createRecord(p + ".tmp")
	if err != nil {
		return nil
	}
	var b bytes.Buffer
	b.WriteString(recordHeader)
	b.WriteByte(phasePrepare)
	b.WriteByte('\n')
	b.Write(body)
	b.WriteByte('\n')
	ok, _ := tryLock(f)
	if _, err := f.Write(b.Bytes()); err != nil || !ok {
		f.Close()
		os.Remove(p + ".tmp")
		return nil
	}
	if len(ps) > 1 {
		f.Sync()
	}
	if err := os.Rename(p+".tmp", p); err != nil {
		f.Close()
		os.Remove(p + ".tmp")
		return nil
	}
	return &record{f: f, path: p}
}

// phase records that the commit has reached phase ph; with sync, durably.
func (r *record) phase(ph byte, sync bool) {
	if r == nil {
		return
	}
	r.f.WriteAt([]byte{ph}, int64(len(recordHeader)))
	if sync {
		r.f.Sync()
	}
}

// keep leaves the record for a later recovery.
func (r *record) keep() {
	if r != nil {
		r.kept = true
	}
}

// abandon leaves the record, unlocked, for a recovery.
func (r *record) abandon() {
	if r != nil {
		r.f.Close()
	}
}

// remove removes the record of a commit that finished, and the tree's
// directory of records when no other is left in it: a program run once per
// request on ever new trees (a test's, a sandbox's) would otherwise leave
// a directory per tree in the state directory.
func (r *record) remove() {
	if r == nil {
		return
	}
	if !r.kept {
		os.Remove(r.path)
		os.Remove(filepath.Dir(r.path)) // fails while it holds other records
	}
	r.f.Close()
}

// createRecord creates the file p, and its directory as needed. Another
// process's remove may take the directory away between the two: then it
// is made again.
func createRecord(p string) (*os.File, error) {
	for range 3 {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if !errors.Is(err, fs.ErrNotExist) {
			return f, err
		}
	}
	return nil, fs.ErrNotExist
}

// A Report says what Recover did.
type Report struct {
	RolledBack    []string // files put back as they were before an interrupted commit
	RolledForward []string // files of a commit that had finished swapping, left new
	Removed       int      // temporary files removed
	// Left are temporary files kept because they hold contents found
	// nowhere else; names in the tree.
	Left []string
}

// Recover finishes the commits of this tree that a crash interrupted: a
// commit that had swapped in all its files, each displacing the file it
// read, is left done; any other is undone, every file put back as it was.
// Their temporary files are removed. Commits still running in a live
// process are left alone.
func (t *Tree) Recover(ctx context.Context) (Report, error) {
	var rep Report
	if t.state == "" {
		return rep, nil
	}
	dir := t.recordDir()
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return rep, nil
	}
	if err != nil {
		return rep, err
	}
	var errs []error
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".rec.tmp") {
			t.dropUnborn(filepath.Join(dir, e.Name()))
			continue
		}
		if !strings.HasSuffix(e.Name(), ".rec") {
			continue
		}
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		if err := t.recoverOne(ctx, filepath.Join(dir, e.Name()), &rep); err != nil {
			errs = append(errs, err)
		}
	}
	os.Remove(dir) // once no record is left in it (see remove)
	return rep, errors.Join(errs...)
}

// dropUnborn removes a record that was being written when its process
// died: its commit had made no temporary file yet.
func (t *Tree) dropUnborn(p string) {
	f, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		return
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !lockSupported && time.Since(fi.ModTime()) < time.Minute {
		return
	}
	if ok, _ := tryLock(f); ok {
		os.Remove(p)
	}
}

func (t *Tree) recoverOne(ctx context.Context, p string, rep *Report) error {
	f, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		return nil // finished meanwhile
	}
	defer f.Close()
	if ok, err := tryLock(f); err != nil || !ok {
		return err // a live process is committing it
	}
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if cur, err := os.Stat(p); err != nil || !os.SameFile(fi, cur) {
		return nil // its commit finished as it was opened
	}
	if !lockSupported && time.Since(fi.ModTime()) < time.Minute {
		return nil // without locks, only age tells a dead commit from a live one
	}
	raw, err := io.ReadAll(io.LimitReader(f, 16<<20))
	if err != nil {
		return err
	}
	head, body, _ := bytes.Cut(raw, []byte("\n"))
	var d recordData
	if len(head) != len(recordHeader)+1 || !bytes.HasPrefix(head, []byte(recordHeader)) || json.Unmarshal(body, &d) != nil {
		return fmt.Errorf("commit record %s is not readable; it was left alone", p)
	}
	if d.Root != t.real {
		return nil // another tree whose name hashes alike
	}
	names := make([]string, len(d.Files))
	for i, rf := range d.Files {
		names[i] = rf.Name
	}
	unlock, err := t.Lock(ctx, names)
	if err != nil {
		return err
	}
	defer unlock()
	if head[len(head)-1] == phaseSwap {
		t.settle(d.Files, rep)
	} else {
		// Nothing was swapped in: every temporary file is this commit's new
		// contents, written whole or in part.
		for _, rf := range d.Files {
			t.removeIf(temp(rf, rf.New), "", rep)
		}
	}
	if len(rep.Left) == 0 {
		return os.Remove(p)
	}
	return nil
}

func temp(rf recordFile, name string) string {
	return path.Join(path.Dir(rf.Name), name)
}

// settle finishes a commit that was swapping files in: forward when every
// file is in place and displaced exactly the file that was read, else back.
func (t *Tree) settle(files []recordFile, rep *Report) {
	for _, rf := range files {
		// A crash between an exchange and the rename after it leaves the
		// displaced file under the new file's name.
		if s, ok := t.sum(temp(rf, rf.New)); ok && s != rf.Data {
			if _, ok := t.sum(temp(rf, rf.Old)); !ok {
				t.root.Rename(filepath.FromSlash(temp(rf, rf.New)), filepath.FromSlash(temp(rf, rf.Old)))
			}
		}
	}
	applied := make([]bool, len(files))
	forward := true
	for i, rf := range files {
		cur, curOK := t.sum(rf.Name)
		old, oldOK := t.sum(temp(rf, rf.Old))
		if rf.Delete {
			applied[i] = !curOK && oldOK
		} else {
			applied[i] = curOK && cur == rf.Data
		}
		clean := !oldOK || rf.Blind || old == rf.Orig
		forward = forward && applied[i] && clean
	}
	for i, rf := range files {
		oldName := temp(rf, rf.Old)
		switch {
		case forward:
			t.removeIf(oldName, "", rep)
			rep.RolledForward = append(rep.RolledForward, rf.Name)
		case applied[i]:
			if err := t.putBack(rf); err != nil {
				rep.Left = append(rep.Left, oldName)
				continue
			}
			rep.RolledBack = append(rep.RolledBack, rf.Name)
		default:
			if old, ok := t.sum(oldName); ok {
				if cur, _ := t.sum(rf.Name); cur == old {
					t.removeIf(oldName, old, rep) // a second name of the file as it is
				} else {
					rep.Left = append(rep.Left, oldName)
				}
			}
		}
		t.removeIf(temp(rf, rf.New), rf.Data, rep)
	}
}

// putBack undoes one file of an interrupted commit.
func (t *Tree) putBack(rf recordFile) error {
	dir, base := split(rf.Name)
	d, err := t.root.OpenRoot(filepath.FromSlash(dir))
	if err != nil {
		return err
	}
	defer d.Close()
	df, err := d.Open(".")
	if err != nil {
		return err
	}
	defer df.Close()
	switch {
	case rf.Delete:
		return renameNoReplace(d, df, rf.Old, base)
	case rf.Existed:
		return d.Rename(rf.Old, base)
	}
	return d.Remove(base)
}

// removeIf removes a file when its checksum is want ("" for any).
func (t *Tree) removeIf(name, want string, rep *Report) {
	s, ok := t.sum(name)
	if !ok || want != "" && s != want {
		return
	}
	if t.root.Remove(filepath.FromSlash(name)) == nil {
		rep.Removed++
	}
}

// sum is the checksum of a file, and whether it exists.
func (t *Tree) sum(name string) (string, bool) {
	f, err := t.root.OpenFile(filepath.FromSlash(name), os.O_RDONLY|oNonblock, 0)
	if err != nil {
		return "", false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	h := crc32.New(castagnoli())
	n, err := io.Copy(h, f)
	if err != nil {
		return "", false
	}
	return fmt.Sprintf("%d:%08x", n, h.Sum32()), true
}
