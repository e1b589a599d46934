package editkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/editkit/editkit/internal/text"
	"github.com/editkit/editkit/internal/txn"
)

// A Journal keeps what an [Editor] overwrites, request by request, so that
// [Editor.Undo] can put any change back. Every write of an Editor goes
// through its journal; an Editor without one keeps an in-memory journal of
// its own. With Dir set, the journal is kept in files under Dir, so that
// undo works across processes (the CLI keeps one per workspace root); keep
// Dir outside the workspace. The zero value is an in-memory journal with
// the default limits. A Journal is safe for concurrent use; one with a Dir
// may be shared by processes.
type Journal struct {
	// Dir is the directory the journal is kept in; "" keeps it in memory.
	Dir string
	// MaxEntries is how many requests it keeps, the oldest dropped first;
	// 0 means DefaultJournalEntries.
	MaxEntries int
	// MaxBytes bounds the file contents it keeps; 0 means
	// DefaultJournalBytes. A request larger than that is not kept.
	MaxBytes int64

	mu      sync.Mutex
	entries []*journalEntry // in memory, oldest first
}

// The limits of a Journal whose MaxEntries or MaxBytes is 0.
const (
	DefaultJournalEntries = 1000
	DefaultJournalBytes   = 256 << 20
)

// A journalEntry is one request's writes.
type journalEntry struct {
	ID        string        `json:"id"`
	Time      time.Time     `json:"time"`
	Workspace string        `json:"workspace"`
	Files     []journalFile `json:"files"`
	UndoOf    string        `json:"undoOf,omitempty"` // the request this one undid
	Undone    bool          `json:"undone,omitempty"`
}

// A journalFile is one file a request wrote: what it was and what editkit
// made it.
type journalFile struct {
	Name          string `json:"name"` // as the workspace's store names it
	Path          string `json:"path"` // as the request named it
	Existed       bool   `json:"existed"`
	Before        []byte `json:"before"`
	Perm          uint32 `json:"perm"`
	Deleted       bool   `json:"deleted"`       // the request removed it
	AfterSHA256   string `json:"afterSha256"`   // of what the request wrote
	AfterExisting bool   `json:"afterExisting"` // the file exists after the request
}

func (e *journalEntry) size() int64 {
	var n int64
	for _, f := range e.Files {
		n += int64(len(f.Before))
	}
	return n
}

func (j *Journal) maxEntries() int {
	if j.MaxEntries <= 0 {
		return DefaultJournalEntries
	}
	return j.MaxEntries
}

func (j *Journal) maxBytes() int64 {
	if j.MaxBytes <= 0 {
		return DefaultJournalBytes
	}
	return j.MaxBytes
}

// newRequestID returns a request's identifier: its time, then randomness,
// so that identifiers sort by time.
func newRequestID() string {
	var b [4]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102T150405.000000") + "-" + hex.EncodeToString(b[:])
}

// record keeps a committed request's changes.
func (j *Journal) record(id, workspace string, staged []staged, undoOf string) error {
	e := &journalEntry{ID: id, Time: time.Now().UTC(), Workspace: workspace, UndoOf: undoOf}
	for _, s := range staged {
		f := journalFile{Name: s.c.Name, Path: s.f.name, Existed: s.c.Existed, Perm: uint32(s.c.Perm), Deleted: s.c.Delete, AfterExisting: !s.c.Delete}
		if s.c.Existed {
			f.Before = s.c.Orig
		}
		if !s.c.Delete {
			f.AfterSHA256 = sha256Hex(s.c.Data)
		}
		e.Files = append(e.Files, f)
	}
	if e.size() > j.maxBytes() {
		return fmt.Errorf("the request's files, %d bytes, are more than the journal keeps (%d)", e.size(), j.maxBytes())
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if undoOf != "" {
		if err := j.markUndone(undoOf); err != nil {
			return err
		}
	}
	if j.Dir == "" {
		j.entries = append(j.entries, e)
		j.evict()
		return nil
	}
	return j.write(e)
}

// evict drops the oldest in-memory entries over the limits.
func (j *Journal) evict() {
	var total int64
	keep := len(j.entries)
	for i := len(j.entries) - 1; i >= 0; i-- {
		total += j.entries[i].size()
		if len(j.entries)-i > j.maxEntries() || total > j.maxBytes() {
			break
		}
		keep = len(j.entries) - i
	}
	j.entries = slices.Delete(j.entries, 0, len(j.entries)-keep)
}

// write keeps an entry as a file of Dir, written atomically, and drops the
// oldest files over the limits.
func (j *Journal) write(e *journalEntry) error {
	if err := os.MkdirAll(j.Dir, 0o700); err != nil {
		return err
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	tmp := filepath.Join(j.Dir, e.ID+".tmp")
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(j.Dir, e.ID+".json")); err != nil {
		return err
	}
	names, err := j.names()
	if err != nil {
		return err
	}
	var total int64
	for i := len(names) - 1; i >= 0; i-- {
		fi, err := os.Stat(filepath.Join(j.Dir, names[i]))
		if err != nil {
			continue
		}
		total += fi.Size()
		if len(names)-i > j.maxEntries() || total > 2*j.maxBytes() { // JSON writes bytes as base64
			os.Remove(filepath.Join(j.Dir, names[i]))
		}
	}
	return nil
}

// names lists the entry files of Dir, oldest first.
func (j *Journal) names() ([]string, error) {
	des, err := os.ReadDir(j.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, d := range des {
		if strings.HasSuffix(d.Name(), ".json") {
			names = append(names, d.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}

// load returns the entries, oldest first. The caller holds j.mu.
func (j *Journal) load() ([]*journalEntry, error) {
	if j.Dir == "" {
		return j.entries, nil
	}
	names, err := j.names()
	if err != nil {
		return nil, err
	}
	var out []*journalEntry
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(j.Dir, n))
		if err != nil {
			continue // dropped meanwhile by another process
		}
		var e journalEntry
		if json.Unmarshal(b, &e) == nil {
			out = append(out, &e)
		}
	}
	return out, nil
}

// markUndone notes that the request id was undone. The caller holds j.mu.
func (j *Journal) markUndone(id string) error {
	es, err := j.load()
	if err != nil {
		return err
	}
	for _, e := range es {
		if e.ID == id {
			e.Undone = true
			if j.Dir != "" {
				return j.write(e)
			}
		}
	}
	return nil
}

// find returns the entry to undo: the request id, or the last change of
// path that is neither undone nor an undo itself, or the last request of
// the workspace.
func (j *Journal) find(workspace, id, name string) (*journalEntry, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	es, err := j.load()
	if err != nil {
		return nil, err
	}
	for i := len(es) - 1; i >= 0; i-- {
		e := es[i]
		if e.Workspace != workspace {
			continue
		}
		switch {
		case id != "":
			if e.ID == id {
				return e, nil
			}
		case e.Undone || e.UndoOf != "":
		case name == "":
			return e, nil
		default:
			for _, f := range e.Files {
				if f.Name == name {
					return e, nil
				}
			}
		}
	}
	return nil, nil
}

// journal is the editor's journal: its own, or one it keeps in memory.
func (e *Editor) journal() *Journal {
	if e.Journal != nil {
		return e.Journal
	}
	e.journalOnce.Do(func() { e.ownJournal = &Journal{} })
	return e.ownJournal
}

// UndoRequest asks to undo a change editkit made.
type UndoRequest struct {
	Path    string `json:"path,omitempty" jsonschema:"Undo the last change to this file" jsonschema_description:"Undo the last change to this file" description:"Undo the last change to this file"`
	Request string `json:"request,omitempty" jsonschema:"Undo every file of the request with this requestId (an undo's requestId redoes)" jsonschema_description:"Undo every file of the request with this requestId (an undo's requestId redoes)" description:"Undo every file of the request with this requestId (an undo's requestId redoes)"`
	DryRun  bool   `json:"dryRun,omitempty" jsonschema:"Check that the undo can be done without doing it" jsonschema_description:"Check that the undo can be done without doing it" description:"Check that the undo can be done without doing it"`
}

func (r UndoRequest) validate() error { return nil }

// UndoResult says what an undo put back.
type UndoResult struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
	// Undone is the requestId of the request undone.
	Undone string `json:"undone,omitempty"`
	// Files are the files put back.
	Files []string `json:"files"`
	// RequestID identifies the undo itself: undo it to redo.
	RequestID string `json:"requestId,omitempty"`
	Diff      string `json:"diff,omitempty"`
}

// Undo puts back what one request of this editor (or of another sharing
// its Journal) wrote: the request named, or the last change to the file
// named, or else the last request. Every file of the request is put back
// in one commit — created files removed, deleted ones restored — and only
// if each is still what editkit wrote; a file changed since is refused
// ([ErrStale], naming it) and nothing is written. The undo is journaled
// like any change: undoing it (by its requestId) redoes. Undo by path
// walks back through a file's changes, skipping those already undone.
func (e *Editor) Undo(ctx context.Context, req UndoRequest) (*UndoResult, error) {
	res := &UndoResult{Files: []string{}}
	fail := func(err error) (*UndoResult, error) {
		res.Message = err.Error()
		return res, err
	}
	if e.Workspace == nil {
		return fail(errorf(ErrInvalidRequest, "", "the editor has no workspace"))
	}
	st := e.store()
	name := ""
	if req.Path != "" {
		k, err := st.canonical(req.Path)
		if err != nil {
			return fail(err)
		}
		name = k
	}
	entry, err := e.journal().find(st.id(), req.Request, name)
	if err != nil {
		return fail(err)
	}
	if entry == nil {
		what := "no change by editkit is recorded"
		switch {
		case req.Request != "":
			what = fmt.Sprintf("no request %q is recorded (the journal keeps the last %d)", req.Request, e.journal().maxEntries())
		case req.Path != "":
			what = fmt.Sprintf("no change to %s by editkit is recorded that is not undone already", req.Path)
		}
		return fail(errorf(ErrNotFound, req.Path, "%s", what).withHint("Only changes editkit made through this journal can be undone"))
	}
	var paths []string
	for _, f := range entry.Files {
		paths = append(paths, f.Path)
	}
	r, err := e.begin(ctx, writeOpts{dryRun: req.DryRun}, paths...)
	if err != nil {
		return fail(err)
	}
	defer r.end()
	r.undoOf = entry.ID
	var diffs []string
	for _, jf := range entry.Files {
		f, err := e.load(jf.Path, "")
		if err != nil {
			return fail(err)
		}
		if err := stillWritten(f, jf, entry); err != nil {
			return fail(err)
		}
		switch {
		case !jf.Existed:
			r.stageDelete(f)
		default:
			r.stageRaw(f, jf.Before, os.FileMode(jf.Perm))
		}
		res.Files = append(res.Files, jf.Path)
		diffs = append(diffs, undoDiff(f, jf))
	}
	if err := r.commit(); err != nil {
		return fail(err)
	}
	res.Success, res.Undone, res.RequestID, res.Diff = true, entry.ID, r.id, strings.Join(diffs, "")
	verb := "Undid"
	if req.DryRun {
		verb, res.RequestID = "Dry run, nothing written; would undo", ""
	}
	res.Message = fmt.Sprintf("%s request %s: put back %s.", verb, entry.ID, strings.Join(res.Files, ", "))
	if !req.DryRun {
		res.Message += fmt.Sprintf(" Undo request %s to redo it.", r.id)
	}
	return res, nil
}

// stillWritten checks that a file is what the request wrote.
func stillWritten(f *file, jf journalFile, entry *journalEntry) error {
	exists := f != nil && f.exists
	switch {
	case !jf.AfterExisting && exists:
		return errorf(ErrStale, jf.Path, "request %s deleted this file, and it exists again", entry.ID).
			withHint("Undo is refused so as not to overwrite it; remove it first if the undo should happen")
	case jf.AfterExisting && !exists:
		return errorf(ErrStale, jf.Path, "request %s wrote this file, and it has been removed since", entry.ID).
			withHint("Undo is refused; restore the file, or leave it as it is")
	case exists && sha256Hex(f.doc.Raw()) != jf.AfterSHA256:
		return errorf(ErrStale, jf.Path, "the file changed after request %s wrote it (at %s)", entry.ID, entry.Time.Format(time.RFC3339)).
			withHint("Undo is refused so as not to lose that change; edit the file instead")
	}
	return nil
}

// undoDiff is the diff of putting a file back as it was.
func undoDiff(f *file, jf journalFile) string {
	if !jf.Existed {
		return deletionDiff(f, []text.Edit{{Start: 0, End: len(f.doc.Body())}})
	}
	before, err := text.Decode(jf.Before, f.doc.Encoding().Name())
	if err != nil {
		return ""
	}
	return fileDiff(f, []text.Edit{{Start: 0, End: len(f.doc.Body()), New: before.Body()}})
}

// stageRaw records data as f's new bytes, exactly as given.
func (r *request) stageRaw(f *file, data []byte, perm os.FileMode) {
	c := txn.Change{Name: f.key, Existed: f.exists, Data: data, Perm: perm, Version: f.version}
	if f.exists {
		c.Orig = f.doc.Raw()
	}
	r.staged = append(r.staged, staged{f, c})
}

// JournalDir returns where a program that runs once per request, as the
// CLI, keeps the journal of the workspace at root, so that undo works
// across its runs: the user's cache directory, then editkit/journal and a
// hash of the root's absolute path. The journals of the 64 roots written
// last are kept: for a root that has none yet, JournalDir removes the
// oldest beyond them, so that runs on ever new roots (a test's, a
// sandbox's) do not fill the disk.
func JournalDir(root string) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = filepath.Join(os.TempDir(), fmt.Sprintf("editkit-%d", os.Getuid()))
	}
	dir := filepath.Join(base, "editkit", "journal", sha256Hex([]byte(abs))[:16])
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		pruneJournals(filepath.Dir(dir), journalRoots-1)
	}
	return dir, nil
}

// journalRoots is how many roots' journals JournalDir keeps.
const journalRoots = 64

// pruneJournals removes the journals in dir (the directories JournalDir
// names) beyond the keep written last. Nothing else in dir is touched.
func pruneJournals(dir string, keep int) {
	des, err := os.ReadDir(dir)
	if err != nil || len(des) <= keep {
		return
	}
	type journal struct {
		name string
		mod  time.Time
	}
	var js []journal
	for _, d := range des {
		if _, err := hex.DecodeString(d.Name()); err != nil || len(d.Name()) != 16 || !d.IsDir() {
			continue
		}
		if fi, err := d.Info(); err == nil {
			js = append(js, journal{d.Name(), fi.ModTime()})
		}
	}
	slices.SortFunc(js, func(a, b journal) int { return b.mod.Compare(a.mod) })
	for _, j := range js[min(keep, len(js)):] {
		os.RemoveAll(filepath.Join(dir, j.name))
	}
}
