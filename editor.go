package editkit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

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
	// GitAdd stages the files ApplyEditBlocks writes with "git add" when
	// the workspace is a directory in a git work tree.
	GitAdd bool
}

// A file is one file of a request, as read.
type file struct {
	name   string // workspace path
	exists bool
	doc    *text.Doc // for a missing file, an empty document
	perm   fs.FileMode
}

// load reads and decodes the named file. A missing file is not an error: it
// comes back with exists false and an empty document in the named encoding,
// for operations that may create it.
func (e *Editor) load(name, encoding string) (*file, error) {
	ws := e.Workspace
	fi, err := ws.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		doc, derr := text.Decode(nil, encoding)
		if derr != nil {
			return nil, encodingError(name, derr)
		}
		return &file{name: name, doc: doc, perm: 0o644}, nil
	}
	if err != nil {
		return nil, fsError(name, err)
	}
	if fi.IsDir() {
		return nil, errorf(ErrInvalidRequest, name, "this is a directory, not a file").withHint("Name a file")
	}
	limit := e.MaxFileSize
	if limit <= 0 {
		limit = DefaultMaxFileSize
	}
	if fi.Size() > limit {
		return nil, tooLarge(name, fi.Size(), limit)
	}
	raw, err := ws.ReadFile(name)
	if err != nil {
		return nil, fsError(name, err)
	}
	if int64(len(raw)) > limit {
		return nil, tooLarge(name, int64(len(raw)), limit)
	}
	if isBinary(raw, encoding) {
		return nil, errorf(ErrBinary, name, "this is a binary file (it contains NUL bytes), so it is not edited as text").
			withHint("Edit it with a tool made for its format")
	}
	doc, err := text.Decode(raw, encoding)
	if err != nil {
		return nil, encodingError(name, err)
	}
	return &file{name: name, exists: true, doc: doc, perm: fi.Mode().Perm()}, nil
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

func tooLarge(name string, size, limit int64) *Error {
	return errorf(ErrTooLarge, name, "the file is %d bytes, over the limit of %d", size, limit)
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
	switch {
	case errors.As(err, &e):
		if e.Path == "" {
			e.Path = name
		}
		return e
	case errors.Is(err, fs.ErrNotExist):
		return errorf(ErrFileNotFound, name, "the file does not exist").
			withHint("Check the path; it is relative to the workspace root")
	}
	return &Error{Err: err, Path: name, Msg: err.Error()}
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
// unless dryRun. It returns the diff of the edits, and a note when the file
// was read as ISO-8859-1; plan returning no edits means there is nothing to
// write.
func (e *Editor) editFile(ctx context.Context, path string, dryRun bool, plan func(*file) ([]text.Edit, error)) (diff, note string, err error) {
	r, err := e.begin(ctx, path)
	if err != nil {
		return "", "", err
	}
	defer r.end()
	f, err := e.load(path, "")
	if err != nil {
		return "", "", err
	}
	edits, err := plan(f)
	if err != nil || len(edits) == 0 {
		return "", "", err
	}
	out, err := f.doc.Apply(edits)
	if err != nil {
		return "", "", encodingError(path, err)
	}
	diff, note = fileDiff(f, edits), fallbackNote(f.doc)
	if dryRun {
		return diff, note, nil
	}
	r.stage(f, out)
	return diff, note, r.commit()
}

// A request is one operation's hold on its files: they are locked against
// other requests of this process from the first read to the commit.
type request struct {
	ed     *Editor
	unlock func()
	tx     *txn.Tx
}

// begin locks the named files for a request. Call end when done.
func (e *Editor) begin(ctx context.Context, names ...string) (*request, error) {
	if e.Workspace == nil {
		return nil, errorf(ErrInvalidRequest, "", "the editor has no workspace")
	}
	keys := make([]string, 0, len(names))
	for _, n := range names {
		k, err := lockKey(e.Workspace, n)
		if err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	unlock, err := locks.lock(ctx, keys)
	if err != nil {
		return nil, err
	}
	return &request{ed: e, unlock: unlock, tx: txn.New(e.Workspace)}, nil
}

func (r *request) end() { r.unlock() }

// stage records f's new contents for the commit.
func (r *request) stage(f *file, data []byte) {
	r.tx.Stage(f.name, f.exists, f.doc.Raw(), data, f.perm)
}

// commit writes every staged file, or none.
func (r *request) commit() error {
	err := r.tx.Commit()
	var te *txn.Error
	if !errors.As(err, &te) {
		return err
	}
	e := &Error{Err: te.Err, Path: te.Name, Msg: "writing the file failed: " + te.Err.Error()}
	if errors.Is(te.Err, txn.ErrStale) {
		e.Err, e.Msg = ErrStale, te.Err.Error()
		e.Hint = "Read the file again and redo the edit on its current text"
	}
	if n := len(te.Restored); n > 0 {
		e.Msg += fmt.Sprintf("; the %s written before it restored, so no file changed", plural(n, "file"))
	}
	if len(te.Lost) > 0 {
		e.Msg += fmt.Sprintf("; restoring failed, so these files hold the new text: %v", errors.Join(te.Lost...))
	}
	return e
}

// lockKey names the file a path leads to, for serializing requests.
func lockKey(ws Workspace, name string) (string, error) {
	if k, ok := ws.(interface{ lockKey(string) (string, error) }); ok {
		return k.lockKey(name)
	}
	if m, ok := ws.(*MemWorkspace); ok {
		n, err := m.name(name)
		return fmt.Sprintf("%p:%s", m, n), err
	}
	return fmt.Sprintf("%p:%s", ws, name), nil
}

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
