package editkit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/editkit/editkit/internal/store"
	"github.com/editkit/editkit/internal/text"
	"github.com/editkit/editkit/internal/txn"
)

// DefaultMaxFileSize is the size limit of an [Editor] whose MaxFileSize is 0.
const DefaultMaxFileSize = 32 << 20

// binaryProbe is how much of a file is searched for a NUL byte to tell
// binary files from text.
const binaryProbe = 8 << 10

// An Editor applies edit requests to the files of a [Workspace]. Each
// operation is a method taking a JSON-tagged request and returning a result
// whose Message is written for a model; [Editor.Call] runs any of them from
// JSON by tool name. The zero value is not usable: set Workspace. An Editor
// is safe for concurrent use; requests that touch the same file run one
// after another.
type Editor struct {
	// Workspace holds the files. Required.
	Workspace Workspace
	// MaxFileSize is the largest file read, in bytes; larger files are
	// refused with ErrTooLarge. 0 means DefaultMaxFileSize.
	MaxFileSize int64
	// GitAdd stages the files ApplyBlocks writes with "git add" when
	// the workspace is a directory in a git work tree.
	GitAdd bool
	// Journal keeps what every write overwrites, for Undo; nil keeps an
	// in-memory journal with the default limits.
	Journal *Journal
	// TextEditorMaxChars is the text editor tool's max_characters (set on
	// the tool's definition, not by the model): the most characters of a
	// file its view shows, the rest cut with a note naming the view_range
	// to ask for next. 0 shows whole files, as Claude's tool does when its
	// definition sets no max_characters.
	TextEditorMaxChars int

	journalOnce sync.Once
	ownJournal  *Journal
}

// A file is one file of a request, as read.
type file struct {
	name     string // workspace path, as the request gave it
	key      string // the name that identifies it in the store
	exists   bool
	doc      *text.Doc // for a missing file, an empty document
	perm     fs.FileMode
	writable bool   // its mode lets this process write it
	version  string // identifies the file as read, for the store
}

// expect tells a file with no line break of its own which ending new
// lines take: that of the first of texts (as the request sent them) with a
// line break.
func (f *file) expect(texts ...string) {
	for _, t := range texts {
		if e := text.EOLOf(t); e != text.None {
			f.doc = f.doc.WithNewEOL(e)
			return
		}
	}
}

// A fileStore is how an Editor reads, locks and writes the files of its
// Workspace. DirWorkspace and MemWorkspace are their own; any other
// Workspace is adapted by genericStore.
type fileStore interface {
	// canonical is the name that identifies the named file.
	canonical(name string) (string, error)
	// id identifies the storage, for the locks of this process.
	id() string
	// read returns a regular file's bytes, at most limit of them.
	read(key string, limit int64) ([]byte, fileMeta, error)
	// lock keeps other processes off the files until unlock.
	lock(ctx context.Context, keys []string) (unlock func(), err error)
	// commit makes every change or none.
	commit(changes []txn.Change) error
}

type fileMeta struct {
	mode     fs.FileMode
	writable bool
	version  string
}

func (e *Editor) store() fileStore {
	if s, ok := e.Workspace.(fileStore); ok {
		return s
	}
	return genericStore{e.Workspace}
}

func (e *Editor) limit() int64 {
	if e.MaxFileSize <= 0 {
		return DefaultMaxFileSize
	}
	return e.MaxFileSize
}

// load reads and decodes the named file. A missing file is not an error: it
// comes back with exists false and an empty document in the named encoding,
// for operations that may create it.
func (e *Editor) load(name, encoding string) (*file, error) {
	if e.Workspace == nil {
		return nil, errorf(ErrInvalidRequest, "", "the editor has no workspace")
	}
	st := e.store()
	key, err := st.canonical(name)
	if err != nil {
		return nil, err
	}
	raw, meta, err := st.read(key, e.limit())
	if errors.Is(err, fs.ErrNotExist) {
		doc, derr := text.Decode(nil, encoding)
		if derr != nil {
			return nil, encodingError(name, derr)
		}
		return &file{name: name, key: key, doc: doc, perm: 0o644, writable: true}, nil
	}
	if err != nil {
		return nil, fsError(name, err)
	}
	if isBinary(raw, encoding) {
		return nil, errorf(ErrBinary, name, "this is a binary file (it contains NUL bytes), so it is not edited as text").
			withHint("Edit it with a tool made for its format")
	}
	doc, err := text.Decode(raw, encoding)
	if err != nil {
		return nil, encodingError(name, err)
	}
	return &file{name: name, key: key, exists: true, doc: doc, perm: meta.mode.Perm(), writable: meta.writable, version: meta.version}, nil
}

// isBinary: a NUL byte in the first 8 KiB, unless the text is UTF-16 (by
// its BOM or by name), where NUL bytes are half of every ASCII character.
func isBinary(raw []byte, encoding string) bool {
	if bytes.HasPrefix(raw, []byte{0xFF, 0xFE}) || bytes.HasPrefix(raw, []byte{0xFE, 0xFF}) {
		return false
	}
	if enc, err := text.LookupEncoding(encoding); err == nil && strings.HasPrefix(enc.Name(), "utf-16") {
		return false
	}
	return bytes.IndexByte(raw[:min(len(raw), binaryProbe)], 0) >= 0
}

func encodingError(name string, err error) *Error {
	e := errorf(ErrEncoding, name, "%v", err)
	if strings.Contains(err.Error(), "cannot be written in") {
		e.Hint = "Use only characters the file's encoding can hold, or escape them the way the file's language allows"
	}
	var te *text.Error
	if errors.As(err, &te) && te.Line > 0 {
		e.at(LineRange{te.Line, te.Line})
	}
	return e
}

// fsError describes a failed read or write of name.
func fsError(name string, err error) error {
	var e *Error
	var size *store.SizeError
	switch {
	case errors.As(err, &e):
		if e.Path == "" {
			e.Path = name
		}
		return e
	case errors.Is(err, fs.ErrNotExist):
		return errorf(ErrFileNotFound, name, "the file does not exist").
			withHint("Check the path; it is relative to the workspace root")
	case errors.As(err, &size):
		return errorf(ErrTooLarge, name, "the file is %d bytes, over the limit of %d", size.Size, size.Limit)
	case errors.Is(err, store.ErrNotRegular):
		msg := err.Error()
		if _, why, ok := strings.Cut(msg, "it is "); ok {
			msg = "this is " + why + ", not a regular file"
		}
		return errorf(ErrInvalidRequest, name, "%s", msg).withHint("Name a text file")
	case errors.Is(err, fs.ErrPermission):
		return &Error{Err: ErrPermission, Path: name, Msg: "permission denied: " + strings.TrimPrefix(unwrapPath(err).Error(), "permission denied: ")}
	}
	return &Error{Err: err, Path: name, Msg: err.Error()}
}

// unwrapPath drops the operation and path an *fs.PathError adds, which a
// message names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func notFound(f *file) *Error {
	return fsError(f.name, fs.ErrNotExist).(*Error)
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// editFile runs an operation on one file: it locks and reads the file,
// lets plan work out edits of its body, and writes the result atomically
// unless dryRun. It returns the diff of the edits, a note when the file
// was read as ISO-8859-1, and the requestId of the write; plan returning
// no edits means there is nothing to write.
func (e *Editor) editFile(ctx context.Context, path string, w writeOpts, plan func(*file) ([]text.Edit, error)) (diff, note, id string, err error) {
	r, err := e.begin(ctx, w, path)
	if err != nil {
		return "", "", "", err
	}
	defer r.end()
	f, err := e.load(path, "")
	if err != nil {
		return "", "", "", err
	}
	edits, err := plan(f)
	if err != nil || len(edits) == 0 {
		return "", "", "", err
	}
	out, err := f.doc.Apply(edits)
	if err != nil {
		return "", "", "", encodingError(path, err)
	}
	r.stage(f, out)
	if err := r.commit(); err != nil {
		return "", "", "", err
	}
	return fileDiff(f, edits), fallbackNote(f.doc), r.writtenID(), nil
}

// writtenID is the request's requestId when it wrote files, else "".
func (r *request) writtenID() string {
	if !r.written {
		return ""
	}
	return r.id
}

// writeOpts are what every writing request may say about its writes.
type writeOpts struct {
	dryRun bool // check everything, write nothing
	force  bool // write files whose mode makes them read-only
}

// A request is one operation's hold on its files: they are locked against
// other requests from the first read to the commit, and its writes are
// staged and committed together.
type request struct {
	ed      *Editor
	st      fileStore
	opts    writeOpts
	unlock  func()
	staged  []staged
	id      string // the requestId its writes are journaled under
	undoOf  string // the request an undo undoes
	written bool   // a commit wrote files
}

type staged struct {
	f *file
	c txn.Change
}

// begin locks the named files for a request. Call end when done.
func (e *Editor) begin(ctx context.Context, w writeOpts, names ...string) (*request, error) {
	if e.Workspace == nil {
		return nil, errorf(ErrInvalidRequest, "", "the editor has no workspace")
	}
	st := e.store()
	keys := make([]string, 0, len(names))
	for _, n := range names {
		k, err := st.canonical(n)
		if err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	unlock, err := lockFiles(ctx, st, keys)
	if err != nil {
		return nil, err
	}
	return &request{ed: e, st: st, opts: w, unlock: unlock, id: newRequestID()}, nil
}

// lockFiles takes this process's locks of the files, then the store's.
func lockFiles(ctx context.Context, st fileStore, keys []string) (func(), error) {
	ids := make([]string, len(keys))
	for i, k := range keys {
		ids[i] = st.id() + "\x00" + k
	}
	unlock, err := locks.lock(ctx, ids)
	if err != nil {
		return nil, err
	}
	unlockStore, err := st.lock(ctx, keys)
	if err != nil {
		unlock()
		return nil, err
	}
	return func() { unlockStore(); unlock() }, nil
}

func (r *request) end() { r.unlock() }

// stage records f's new contents for the commit.
func (r *request) stage(f *file, data []byte) {
	r.staged = append(r.staged, staged{f, txn.Change{Name: f.key, Existed: f.exists, Orig: f.doc.Raw(), Data: data, Perm: f.perm, Version: f.version}})
}

// stageDelete records f's removal for the commit.
func (r *request) stageDelete(f *file) {
	r.staged = append(r.staged, staged{f, txn.Change{Name: f.key, Existed: true, Orig: f.doc.Raw(), Delete: true, Perm: f.perm, Version: f.version}})
}

// commit writes every staged file, or none; for a dry run it only checks
// that they could be written. Either way the staged files are cleared.
func (r *request) commit() error {
	defer func() { r.staged = nil }()
	changes := make([]txn.Change, len(r.staged))
	for i, s := range r.staged {
		if err := r.check(s); err != nil {
			return err
		}
		changes[i] = s.c
	}
	if r.opts.dryRun || len(changes) == 0 {
		return nil
	}
	err := r.st.commit(changes)
	if err == nil {
		// Written: a request the journal cannot keep (too big for it, or
		// its directory unwritable) stays written, but has no requestId to
		// undo it by.
		if r.ed.journal().record(r.id, r.st.id(), r.staged, r.undoOf) != nil {
			r.id = ""
		}
		r.written = true
		return nil
	}
	var te *txn.Error
	if !errors.As(err, &te) {
		return err
	}
	name := te.Name
	for _, s := range r.staged {
		if s.c.Name == te.Name {
			name = s.f.name
		}
	}
	e := &Error{Err: kindOf(te.Err), Path: name, Msg: "writing the file failed: " + unwrapPath(te.Err).Error()}
	switch {
	case errors.Is(te.Err, txn.ErrStale):
		e.Err, e.Msg = ErrStale, te.Err.Error()
		e.Hint = "Read the file again and redo the edit on its current text"
	case e.Err == ErrPermission:
		e.Hint = "The file was left as it is"
	}
	if n := len(te.Restored); n > 0 {
		e.Msg += fmt.Sprintf("; the %s written before it restored, so no file changed", plural(n, "file"))
	}
	if len(te.Lost) > 0 {
		e.Msg += fmt.Sprintf("; restoring failed, so these files hold the new text: %v", errors.Join(te.Lost...))
	}
	return e
}

// check refuses a write the request may not make: to a read-only file
// unless forced, of more bytes than the editor reads, or of a new file
// whose name has a control character.
func (r *request) check(s staged) error {
	f := s.f
	switch {
	case f.exists && !f.writable && !r.opts.force:
		return errorf(ErrPermission, f.name, "the file is read-only (mode %04o)", f.perm).
			withHint("Leave it alone, or send force: true if it must change anyway")
	case int64(len(s.c.Data)) > r.ed.limit():
		return errorf(ErrTooLarge, f.name, "the result would be %d bytes, over the limit of %d", len(s.c.Data), r.ed.limit()).
			withHint("Send a smaller change")
	}
	if !f.exists {
		if c, bad := controlChar(f.key); bad {
			return errorf(ErrInvalidRequest, f.name, "the new file's name has the control character %U", c).
				withHint("Name the file with printable characters")
		}
	}
	return nil
}

// genericStore adapts a Workspace of the embedder's: its names are its
// own, only this process's locks apply, and a commit compares each file
// with what was read before writing it.
type genericStore struct{ ws Workspace }

func (g genericStore) canonical(name string) (string, error) {
	if strings.TrimSpace(name) == "" {
		return "", errorf(ErrInvalidRequest, "", "the path is empty").withHint("Send the file's path relative to the workspace root")
	}
	return name, nil
}

func (g genericStore) id() string {
	if v := reflect.ValueOf(g.ws); v.Kind() == reflect.Pointer {
		return fmt.Sprintf("%T@%x", g.ws, v.Pointer())
	}
	return fmt.Sprintf("%T", g.ws)
}

func (g genericStore) read(name string, limit int64) ([]byte, fileMeta, error) {
	fi, err := g.ws.Stat(name)
	if err != nil {
		return nil, fileMeta{}, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fileMeta{}, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: it is %s", store.ErrNotRegular, store.Kind(fi.Mode()))}
	}
	if fi.Size() > limit {
		return nil, fileMeta{}, &store.SizeError{Size: fi.Size(), Limit: limit}
	}
	b, err := g.ws.ReadFile(name)
	if err != nil {
		return nil, fileMeta{}, err
	}
	if int64(len(b)) > limit {
		return nil, fileMeta{}, &store.SizeError{Size: int64(len(b)), Limit: limit}
	}
	perm := fi.Mode().Perm()
	return b, fileMeta{mode: fi.Mode(), writable: perm == 0 || perm&0o200 != 0}, nil
}

func (g genericStore) lock(context.Context, []string) (func(), error) { return func() {}, nil }

func (g genericStore) commit(changes []txn.Change) error { return txn.Commit(g.ws, changes) }

// locks serializes requests on the same file across every Editor of the
// process.
var locks = &lockTable{held: map[string]*lockEntry{}}

type lockTable struct {
	mu   sync.Mutex
	held map[string]*lockEntry
}

type lockEntry struct {
	ch   chan struct{} // a token: whoever takes it holds the file
	refs int
}

// lock takes the locks for keys in a fixed order, so that two requests on
// overlapping files cannot deadlock; it gives up when ctx is done.
func (t *lockTable) lock(ctx context.Context, keys []string) (func(), error) {
	keys = slices.Compact(slices.Sorted(slices.Values(keys)))
	var held []string
	release := func() {
		for _, k := range held {
			t.release(k)
		}
	}
	for _, k := range keys {
		e := t.acquireEntry(k)
		select {
		case e.ch <- struct{}{}:
			held = append(held, k)
		case <-ctx.Done():
			t.dropEntry(k)
			release()
			return nil, ctx.Err()
		}
	}
	return release, nil
}

func (t *lockTable) acquireEntry(k string) *lockEntry {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := t.held[k]
	if e == nil {
		e = &lockEntry{ch: make(chan struct{}, 1)}
		t.held[k] = e
	}
	e.refs++
	return e
}

func (t *lockTable) dropEntry(k string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e := t.held[k]; e != nil {
		if e.refs--; e.refs == 0 {
			delete(t.held, k)
		}
	}
}

func (t *lockTable) release(k string) {
	t.mu.Lock()
	e := t.held[k]
	t.mu.Unlock()
	<-e.ch
	t.dropEntry(k)
}
