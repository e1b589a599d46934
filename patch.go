package editkit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/editkit/editkit/internal/diff"
	"github.com/editkit/editkit/internal/text"
)

// PatchRange is lines Start to End of a file, 1-based and inclusive; a nil
// End means to the end of the file.
type PatchRange struct {
	Start int  `json:"start" jsonschema:"First line (1-based)" jsonschema_description:"First line (1-based)" description:"First line (1-based)"`
	End   *int `json:"end,omitempty" jsonschema:"Last line (inclusive). Null or omitted means the end of the file" jsonschema_description:"Last line (inclusive). Null or omitted means the end of the file" description:"Last line (inclusive). Null or omitted means the end of the file"`
}

// StringPatch replaces the text of every range, which must be OldString
// exactly, with NewString. An empty OldString inserts NewString before
// line Start (Start = line count + 1 appends).
type StringPatch struct {
	OldString string       `json:"old_string" jsonschema:"The exact current text of each range: the lines with their line ends. Empty inserts before the range's start line" jsonschema_description:"The exact current text of each range: the lines with their line ends. Empty inserts before the range's start line" description:"The exact current text of each range: the lines with their line ends. Empty inserts before the range's start line"`
	NewString string       `json:"new_string" jsonschema:"The text to put in place of each range" jsonschema_description:"The text to put in place of each range" description:"The text to put in place of each range"`
	Ranges    []PatchRange `json:"ranges" jsonschema:"The line ranges that hold old_string" jsonschema_description:"The line ranges that hold old_string" description:"The line ranges that hold old_string"`

	rangeHash string // the older request shape's range_hash, in place of OldString
}

// FilePatches is the patches of one file.
type FilePatches struct {
	FilePath     string        `json:"file_path" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	Encoding     string        `json:"encoding,omitempty" jsonschema:"The file's encoding such as utf-8 or shift_jis or latin1. Omitted: utf-8 (utf-16 by its BOM; latin1 when the bytes are not utf-8)" jsonschema_description:"The file's encoding such as utf-8 or shift_jis or latin1. Omitted: utf-8 (utf-16 by its BOM; latin1 when the bytes are not utf-8)" description:"The file's encoding such as utf-8 or shift_jis or latin1. Omitted: utf-8 (utf-16 by its BOM; latin1 when the bytes are not utf-8)"`
	ExpectedHash string        `json:"expected_hash,omitempty" jsonschema:"SHA-256 (hex) the file must still have: the file_hash from get_text_file_contents" jsonschema_description:"SHA-256 (hex) the file must still have: the file_hash from get_text_file_contents" description:"SHA-256 (hex) the file must still have: the file_hash from get_text_file_contents"`
	Patches      []StringPatch `json:"patches" jsonschema:"The patches; their ranges may not overlap" jsonschema_description:"The patches; their ranges may not overlap" description:"The patches; their ranges may not overlap"`

	create bool // the older request shape creates a missing file given an empty hash
}

// PatchTextFileContentsRequest asks for string-checked patches of line
// ranges in one or more files.
type PatchTextFileContentsRequest struct {
	Files []FilePatches `json:"files" jsonschema:"The files to patch" jsonschema_description:"The files to patch" description:"The files to patch"`
	Force bool          `json:"force,omitempty" jsonschema:"Write even a file whose mode makes it read-only" jsonschema_description:"Write even a file whose mode makes it read-only" description:"Write even a file whose mode makes it read-only"`
}

func (r PatchTextFileContentsRequest) validate() error {
	if len(r.Files) == 0 {
		return errorf(ErrInvalidRequest, "", "files is empty").withHint("Send at least one file with its patches")
	}
	ranges := 0
	for _, f := range r.Files {
		for _, p := range f.Patches {
			ranges += len(p.Ranges)
		}
	}
	if err := tooMany("", "the ranges of all patches", ranges); err != nil {
		return err
	}
	var problems []string
	for i, f := range r.Files {
		where := fmt.Sprintf("files[%d]", i)
		if f.FilePath == "" {
			problems = append(problems, where+": file_path is required")
		}
		if len(f.Patches) == 0 {
			problems = append(problems, where+": patches is empty")
		}
		for j, p := range f.Patches {
			if len(p.Ranges) == 0 {
				problems = append(problems, fmt.Sprintf("%s.patches[%d]: ranges is empty", where, j))
			}
			for k, rg := range p.Ranges {
				at := fmt.Sprintf("%s.patches[%d].ranges[%d]", where, j, k)
				switch {
				case rg.Start < 1:
					problems = append(problems, fmt.Sprintf("%s: start must be at least 1 (got %d)", at, rg.Start))
				case rg.End != nil && *rg.End < rg.Start && p.OldString != "":
					problems = append(problems, fmt.Sprintf("%s: end %d is before start %d", at, *rg.End, rg.Start))
				}
			}
		}
	}
	if len(problems) > 0 {
		return errorf(ErrInvalidRequest, "", "%s", problemList(problems, "; "))
	}
	return nil
}

// PatchTextFileContentsResult says what happened to each file and patch.
type PatchTextFileContentsResult struct {
	Success bool              `json:"success"`
	Message string            `json:"message"`
	Files   []FilePatchResult `json:"files"`
	// RequestID identifies the write in the editor's journal: undo it
	// with the undo tool. Empty when nothing was written.
	RequestID string `json:"requestId,omitempty"`
}

// FilePatchResult is what happened to one file.
type FilePatchResult struct {
	FilePath string `json:"file_path"`
	Success  bool   `json:"success"`
	Message  string `json:"message,omitempty"`
	// FileHash is the SHA-256 of the file's bytes after the patches, to send
	// as expected_hash next time.
	FileHash string        `json:"file_hash,omitempty"`
	Encoding string        `json:"encoding,omitempty"`
	Patches  []PatchResult `json:"patches"`
	Diff     string        `json:"diff,omitempty"`
}

// PatchResult is what happened to one patch.
type PatchResult struct {
	Index   int    `json:"index"` // 0-based position in the file's patches
	Success bool   `json:"success"`
	Message string `json:"message,omitempty"`
}

// patchSpan is one range of one patch, checked against the file.
type patchSpan struct {
	patch, rng int // indices
	from, to   int // 0-based lines [from, to); from == to inserts
	text       string
}

// PatchTextFileContents applies string-checked patches to files: each
// range's text, its lines with their line ends, must be the patch's
// OldString exactly, and becomes NewString. Files are read and written in
// their Encoding (any name golang.org/x/text knows), every byte outside the
// patched ranges kept, line ends included. Everything is checked before
// anything is written — the hash, the ranges, their text, overlaps within a
// patch and between patches, the encoding — and all files are written, or
// none.
func (e *Editor) PatchTextFileContents(ctx context.Context, req PatchTextFileContentsRequest) (*PatchTextFileContentsResult, error) {
	res := &PatchTextFileContentsResult{Files: make([]FilePatchResult, len(req.Files))}
	for i, f := range req.Files {
		res.Files[i] = FilePatchResult{FilePath: f.FilePath, Patches: make([]PatchResult, len(f.Patches))}
		for j := range f.Patches {
			res.Files[i].Patches[j].Index = j
		}
	}
	if err := req.validate(); err != nil {
		res.Message = err.Error()
		return res, err
	}
	names := make([]string, len(req.Files))
	for i, f := range req.Files {
		names[i] = f.FilePath
	}
	r, err := e.begin(ctx, writeOpts{force: req.Force}, names...)
	if err != nil {
		res.Message = err.Error()
		return res, err
	}
	defer r.end()
	var first error
	failed := 0
	outs := make([][]byte, len(req.Files))
	files := make([]*file, len(req.Files))
	for i, fp := range req.Files {
		fr := &res.Files[i]
		f, out, err := e.patchFile(fp, fr)
		if err != nil {
			fr.Message = err.Error()
			failed++
			if first == nil {
				first = err
			}
			continue
		}
		files[i], outs[i] = f, out
	}
	if failed > 0 {
		res.Message = fmt.Sprintf("Nothing was written: %s of %d could not be patched; each says why.", plural(failed, "file"), len(req.Files))
		res.notWritten("another file could not be patched")
		return res, first
	}
	for i, f := range files {
		r.stage(f, outs[i])
	}
	if err := r.commit(); err != nil {
		res.Message = "Nothing was written: " + err.Error()
		res.notWritten("writing the files failed")
		return res, err
	}
	res.Success, res.RequestID = true, r.writtenID()
	res.Message = fmt.Sprintf("Patched %s.", plural(len(req.Files), "file"))
	return res, nil
}

// notWritten marks every file and patch not applied; files whose patches
// checked out say why they were not written.
func (res *PatchTextFileContentsResult) notWritten(why string) {
	for i := range res.Files {
		f := &res.Files[i]
		if f.Success {
			f.Message = "The patches check out, but nothing was written: " + why + "."
			f.FileHash, f.Diff = "", ""
		}
		f.Success = false
		for j := range f.Patches {
			if p := &f.Patches[j]; p.Success {
				p.Success, p.Message = false, "Checked, not applied."
			}
		}
	}
}

// patchFile checks and works out one file's patches, filling in its result.
func (e *Editor) patchFile(fp FilePatches, fr *FilePatchResult) (*file, []byte, error) {
	f, err := e.load(fp.FilePath, fp.Encoding)
	if err != nil {
		return nil, nil, err
	}
	if !f.exists && !fp.create {
		return nil, nil, notFound(f)
	}
	fr.Encoding = f.doc.Encoding().Name()
	for _, p := range fp.Patches {
		f.expect(p.NewString)
	}
	if fp.ExpectedHash != "" && !hashMatches(fp.ExpectedHash, f.doc) {
		return nil, nil, errorf(ErrStale, fp.FilePath, "the file's SHA-256 is %s, not the expected %s: it changed since it was read", sha256Hex(f.doc.Raw()), fp.ExpectedHash).
			withHint("Read it again with get_text_file_contents and make the patches against its current text")
	}
	edits, err := planPatches(f.doc, fp.FilePath, fp.Patches, fr)
	if err != nil {
		var pe *Error
		if errors.As(err, &pe) && f.doc.Fallback() {
			pe.Hint = "The file is not valid UTF-8 and was read as ISO-8859-1; if it is in another encoding (shift_jis, euc-jp, gbk, windows-1252, …) name it in encoding"
		}
		return nil, nil, err
	}
	out, err := f.doc.Apply(edits)
	if err != nil {
		return nil, nil, encodingError(fp.FilePath, err)
	}
	fr.Success, fr.FileHash, fr.Diff = true, sha256Hex(out), fileDiff(f, edits)
	fr.Message = fmt.Sprintf("Applied %s to %s.", plural(len(fp.Patches), "patch"), fp.FilePath) + fallbackNote(f.doc)
	return f, out, nil
}

// planPatches checks every range of patches against t and works out the
// edits, filling in each patch's result; or it returns every problem found.
func planPatches(t text.Lines, path string, patches []StringPatch, fr *FilePatchResult) ([]text.Edit, error) {
	n := t.LineCount()
	var spans []patchSpan
	var problems []string
	var kind error
	note := func(patch int, k error, msg string) {
		fr.Patches[patch].Message = joinMsg(fr.Patches[patch].Message, msg)
		problems = append(problems, msg)
		if kind == nil {
			kind = k
		}
	}
	for j, p := range patches {
		old, repl := dropBOM(normalizeEOL(p.OldString), normalizeEOL(p.NewString), t)
		for k, rg := range p.Ranges {
			sp, bad := checkRange(t, n, rg, old, repl, p.rangeHash)
			if bad != nil {
				note(j, bad.Err, fmt.Sprintf("patch %d range %d: %s", j+1, k+1, bad.Msg))
				continue
			}
			sp.patch, sp.rng = j, k
			spans = append(spans, sp)
		}
	}
	for _, c := range overlaps(spans) {
		note(c.patch, ErrConflict, c.msg)
	}
	if len(problems) > 0 {
		return nil, &Error{Err: kind, Path: path, Msg: problemList(problems, "\n")}
	}
	slices.SortStableFunc(spans, func(a, b patchSpan) int {
		if a.from != b.from {
			return a.from - b.from
		}
		return boolCmp(a.to > a.from, b.to > b.from) // inserts first, in patch order
	})
	les := make([]text.LineEdit, len(spans))
	for k, sp := range spans {
		les[k] = text.LineEdit{From: sp.from, To: sp.to, Text: sp.text}
	}
	for j := range fr.Patches {
		fr.Patches[j].Success = true
		fr.Patches[j].Message = fmt.Sprintf("Replaced %s.", plural(len(patches[j].Ranges), "range"))
	}
	return text.LineEdits(t, les), nil
}

// A StringPatcher applies string-checked patches to text, as
// patch_text_file_contents ([Editor.PatchTextFileContents]) does to a file,
// for text held elsewhere: each range's text, its lines with their line
// ends, must be its patch's OldString exactly, and becomes NewString. Every
// range is checked before anything changes — its text, overlaps within a
// patch and between patches — and every patch applies, or none. The text's
// line ends and final newline stay as they are outside the ranges. The zero
// value is ready to use.
type StringPatcher struct {
	// Path names the text in messages and diffs; "" means "content".
	Path string
}

// Apply applies patches to content and returns the new content and what
// happened to each patch.
func (sp StringPatcher) Apply(content string, patches []StringPatch) (string, *FilePatchResult, error) {
	path := sp.Path
	if path == "" {
		path = "content"
	}
	fr := &FilePatchResult{FilePath: path, Patches: make([]PatchResult, len(patches))}
	for j := range patches {
		fr.Patches[j].Index = j
	}
	fail := func(err error) (string, *FilePatchResult, error) {
		fr.Success, fr.Message = false, err.Error()
		return content, fr, err
	}
	req := PatchTextFileContentsRequest{Files: []FilePatches{{FilePath: path, Patches: patches}}}
	if err := req.validate(); err != nil {
		return fail(err)
	}
	body, write, err := bodyOf(content, path)
	if err != nil {
		return fail(err)
	}
	edits, err := planPatches(body, path, patches, fr)
	if err != nil {
		return fail(err)
	}
	out, err := write(edits)
	if err != nil {
		return fail(err)
	}
	fr.Success, fr.FileHash = true, sha256Hex([]byte(out))
	fr.Diff = diff.Unified("a/"+path, "b/"+path, body, edits)
	fr.Message = fmt.Sprintf("Applied %s.", plural(len(patches), "patch"))
	return out, fr, nil
}

// hashMatches reports whether want is the SHA-256 of the file's bytes or,
// as mcp-text-editor computes it, of its text in UTF-8 with "\n" line ends.
func hashMatches(want string, d *text.Doc) bool {
	want = strings.ToLower(strings.TrimSpace(want))
	body := sha256.Sum256([]byte(d.Body()))
	return want == sha256Hex(d.Raw()) || want == hex.EncodeToString(body[:])
}

// checkRange checks one range against the file and works out its edit, or
// says what is wrong, quoting the text the range holds.
func checkRange(d text.Lines, n int, rg PatchRange, old, repl, rangeHash string) (patchSpan, *Error) {
	s := rg.Start
	if rangeHash != "" {
		return checkRangeHash(d, n, rg, repl, rangeHash)
	}
	if old == "" {
		if s > n+1 {
			return patchSpan{}, errorf(ErrOutOfRange, "", "start %d is past the end: the file has %s; %d appends", s, plural(n, "line"), n+1)
		}
		return patchSpan{from: s - 1, to: s - 1, text: repl}, nil
	}
	e := n
	if rg.End != nil {
		e = *rg.End
	}
	if s > n || e > n {
		return patchSpan{}, errorf(ErrOutOfRange, "", "lines %d-%d are past the end: the file has %s", s, e, plural(n, "line"))
	}
	if have := d.Slice(d.LineStart(s-1), d.LineStart(e)); have != old {
		return patchSpan{}, errorf(ErrMismatch, "", "%s", mismatch(s, have, old))
	}
	return patchSpan{from: s - 1, to: e, text: repl}, nil
}

// mismatch says how the text of lines from first on differs from old, with
// the first line that differs and the text the range holds.
func mismatch(first int, have, old string) string {
	hl, ol := slices.Collect(strings.Lines(have)), slices.Collect(strings.Lines(old))
	i := 0
	for i < len(hl) && i < len(ol) && hl[i] == ol[i] {
		i++
	}
	var b strings.Builder
	r := LineRange{first, first + len(hl) - 1}
	verb := "do"
	if r.Start == r.End {
		verb = "does"
	}
	fmt.Fprintf(&b, "%s %s not hold old_string", r, verb)
	switch {
	case i < len(hl) && i < len(ol) && strings.TrimSuffix(hl[i], "\n") == strings.TrimSuffix(ol[i], "\n"):
		fmt.Fprintf(&b, "; line %d differs only in its line end (the file's last line has none, or old_string has one too few)", first+i)
	case i < len(hl) && i < len(ol):
		fmt.Fprintf(&b, "; line %d differs: the file has %q, old_string has %q", first+i, strings.TrimSuffix(hl[i], "\n"), strings.TrimSuffix(ol[i], "\n"))
	case i < len(ol):
		fmt.Fprintf(&b, "; old_string has %s more than the range", plural(len(ol)-i, "line"))
	default:
		fmt.Fprintf(&b, "; the range has %s more than old_string (line %d on)", plural(len(hl)-i, "line"), first+i)
	}
	b.WriteString(". The range holds:\n")
	for k, l := range hl {
		if k == shownLines {
			fmt.Fprintf(&b, "  … %d more lines\n", len(hl)-k)
			break
		}
		fmt.Fprintf(&b, "  %d  %s\n", first+k, clipLine(strings.TrimSuffix(l, "\n")))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

type conflict struct {
	patch int
	msg   string
}

// overlaps finds ranges that overlap within a patch or across patches, and
// inserts strictly inside a replaced range; adjacent ranges are fine.
func overlaps(spans []patchSpan) []conflict {
	s := slices.Clone(spans)
	slices.SortStableFunc(s, func(a, b patchSpan) int { return a.from - b.from })
	name := func(sp patchSpan) string {
		return fmt.Sprintf("patch %d range %d (%s)", sp.patch+1, sp.rng+1, spanLines(sp))
	}
	var out []conflict
	reach := -1 // the replaced range reaching furthest so far
	for k, sp := range s {
		if reach >= 0 && sp.from < s[reach].to && (sp.to > sp.from || sp.from > s[reach].from) {
			a, b := sp, s[reach]
			if a.patch < b.patch || a.patch == b.patch && a.rng < b.rng {
				a, b = b, a
			}
			out = append(out, conflict{a.patch, fmt.Sprintf("%s overlaps %s", name(a), name(b))})
		}
		if sp.to > sp.from && (reach < 0 || sp.to > s[reach].to) {
			reach = k
		}
	}
	return out
}

func spanLines(sp patchSpan) string {
	if sp.to == sp.from {
		return fmt.Sprintf("insert before line %d", sp.from+1)
	}
	return LineRange{sp.from + 1, sp.to}.String()
}

func joinMsg(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

// FileRanges names line ranges of one file to read.
type FileRanges struct {
	FilePath string       `json:"file_path" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	Ranges   []PatchRange `json:"ranges,omitempty" jsonschema:"The line ranges to read. Omitted: the whole file" jsonschema_description:"The line ranges to read. Omitted: the whole file" description:"The line ranges to read. Omitted: the whole file"`
}

// GetTextFileContentsRequest asks for line ranges of files, with the hashes
// patch_text_file_contents checks.
type GetTextFileContentsRequest struct {
	Files    []FileRanges `json:"files" jsonschema:"The files to read" jsonschema_description:"The files to read" description:"The files to read"`
	Encoding string       `json:"encoding,omitempty" jsonschema:"The files' encoding such as utf-8 or shift_jis or latin1. Omitted: utf-8 (utf-16 by its BOM; latin1 when the bytes are not utf-8)" jsonschema_description:"The files' encoding such as utf-8 or shift_jis or latin1. Omitted: utf-8 (utf-16 by its BOM; latin1 when the bytes are not utf-8)" description:"The files' encoding such as utf-8 or shift_jis or latin1. Omitted: utf-8 (utf-16 by its BOM; latin1 when the bytes are not utf-8)"`
	// Format is "text" (the default: each range's lines numbered as cat -n
	// numbers them, in Text, for a model to read) or "raw" (each range's
	// text as it is, in Content, for a program).
	Format string `json:"format,omitempty" jsonschema:"text (the default: each range as numbered lines as cat -n shows them) or raw (each range's text as it is in content as mcp-text-editor gives it)" jsonschema_description:"text (the default: each range as numbered lines as cat -n shows them) or raw (each range's text as it is in content as mcp-text-editor gives it)" description:"text (the default: each range as numbered lines as cat -n shows them) or raw (each range's text as it is in content as mcp-text-editor gives it)"`
}

func (r GetTextFileContentsRequest) validate() error {
	if len(r.Files) == 0 {
		return errorf(ErrInvalidRequest, "", "files is empty").withHint("Send at least one file_path")
	}
	if err := tooMany("", "files", len(r.Files)); err != nil {
		return err
	}
	if r.Format != "" && r.Format != "text" && r.Format != "raw" {
		return errorf(ErrInvalidRequest, "", "format %q is not text or raw", r.Format)
	}
	for i, f := range r.Files {
		if f.FilePath == "" {
			return errorf(ErrInvalidRequest, "", "files[%d]: file_path is required", i)
		}
		for k, rg := range f.Ranges {
			if rg.Start < 1 || rg.End != nil && *rg.End < rg.Start {
				return errorf(ErrInvalidRequest, f.FilePath, "files[%d].ranges[%d]: start must be at least 1 and end not before it", i, k)
			}
		}
	}
	return nil
}

// GetTextFileContentsResult is the ranges read, file by file.
type GetTextFileContentsResult struct {
	Success bool           `json:"success"`
	Message string         `json:"message"`
	Files   []FileContents `json:"files"`
}

// FileContents is what was read of one file.
type FileContents struct {
	FilePath string `json:"file_path"`
	// FileHash is the SHA-256 (hex) of the file's bytes: the expected_hash
	// of a later patch.
	FileHash  string          `json:"file_hash,omitempty"`
	Encoding  string          `json:"encoding,omitempty"`
	LineCount int             `json:"line_count"`
	Ranges    []RangeContents `json:"ranges"`
	Message   string          `json:"message,omitempty"` // why the file could not be read
}

// RangeContents is lines Start to End of a file: numbered in Text (format
// text) or as they are in Content (format raw), each line ending in "\n".
// The one not asked for is empty.
type RangeContents struct {
	Start   int    `json:"start"`
	End     int    `json:"end"`
	Text    string `json:"text,omitempty"`
	Content string `json:"content,omitempty"`
	// RangeHash is the SHA-256 (hex) of the range's text in UTF-8, as
	// Content has it.
	RangeHash string `json:"range_hash"`
}

// GetTextFileContents reads line ranges of files, in the named encoding, with
// the file's SHA-256 and each range's: numbered for a model to read, or
// raw for a program. An End past the end of the file is cut
// to the last line; a Start past it is an error for that file, as is a file
// that cannot be read. The other files are still read.
func (e *Editor) GetTextFileContents(ctx context.Context, req GetTextFileContentsRequest) (*GetTextFileContentsResult, error) {
	res := &GetTextFileContentsResult{Files: make([]FileContents, len(req.Files))}
	if err := req.validate(); err != nil {
		res.Message = err.Error()
		return res, err
	}
	var first error
	failed := 0
	for i, fr := range req.Files {
		fc := &res.Files[i]
		fc.FilePath = fr.FilePath
		if err := e.readRanges(fr, req.Encoding, req.Format == "raw", fc); err != nil {
			fc.Message = err.Error()
			failed++
			if first == nil {
				first = err
			}
		}
	}
	res.Success = failed == 0
	res.Message = fmt.Sprintf("Read %d of %s.", len(req.Files)-failed, plural(len(req.Files), "file"))
	if failed > 0 {
		res.Message += " The others say why they could not be read."
	}
	return res, first
}

func (e *Editor) readRanges(fr FileRanges, encoding string, raw bool, fc *FileContents) error {
	if e.Workspace == nil {
		return errorf(ErrInvalidRequest, "", "the editor has no workspace")
	}
	f, err := e.load(fr.FilePath, encoding)
	if err != nil {
		return err
	}
	if !f.exists {
		return notFound(f)
	}
	d := f.doc
	n := d.LineCount()
	fc.FileHash, fc.Encoding, fc.LineCount = sha256Hex(d.Raw()), d.Encoding().Name(), n
	fc.Message = strings.TrimSpace(fallbackNote(d))
	ranges := fr.Ranges
	if len(ranges) == 0 {
		ranges = []PatchRange{{Start: 1}}
	}
	fc.Ranges = make([]RangeContents, 0, len(ranges))
	for _, rg := range ranges {
		end := n
		if rg.End != nil {
			end = min(*rg.End, n)
		}
		if rg.Start > max(n, 1) {
			return errorf(ErrOutOfRange, fr.FilePath, "start %d is past the end: the file has %s", rg.Start, plural(n, "line"))
		}
		content := d.Slice(d.LineStart(min(rg.Start-1, n)), d.LineStart(end))
		sum := sha256.Sum256([]byte(content))
		rc := RangeContents{Start: rg.Start, End: end, RangeHash: hex.EncodeToString(sum[:])}
		if raw {
			rc.Content = content
		} else {
			var b strings.Builder
			for i := rg.Start; i <= end; i++ {
				writeNumbered(&b, i, d.Line(i-1))
			}
			rc.Text = b.String()
		}
		fc.Ranges = append(fc.Ranges, rc)
	}
	return nil
}

// fallbackNote says that a file was read as ISO-8859-1 because it is not
// UTF-8 and no encoding was named, or nothing.
func fallbackNote(d *text.Doc) string {
	if !d.Fallback() {
		return ""
	}
	return " It is not valid UTF-8 and was read as ISO-8859-1, which keeps every byte; name its encoding if it is another."
}

// checkRangeHash checks a range of the older request shape, whose current
// text is named by its SHA-256 (of the text in UTF-8 with "\n" line ends,
// as get_text_file_contents gives it), not quoted. An end before the start
// inserts before the start, and its hash is that of empty text.
func checkRangeHash(d text.Lines, n int, rg PatchRange, repl, want string) (patchSpan, *Error) {
	s, e := rg.Start, n
	if rg.End != nil {
		e = min(*rg.End, n)
	}
	want = strings.ToLower(strings.TrimSpace(want))
	if rg.End != nil && *rg.End < s {
		if s > n+1 {
			return patchSpan{}, errorf(ErrOutOfRange, "", "start %d is past the end: the file has %s; %d appends", s, plural(n, "line"), n+1)
		}
		if empty := sha256Hex(nil); want != empty {
			return patchSpan{}, errorf(ErrMismatch, "", "an insertion before line %d replaces no text, so its range_hash is that of empty text, %s, not %s", s, empty, want)
		}
		return patchSpan{from: s - 1, to: s - 1, text: repl}, nil
	}
	if s > n {
		return patchSpan{}, errorf(ErrOutOfRange, "", "start %d is past the end: the file has %s", s, plural(n, "line"))
	}
	have := d.Slice(d.LineStart(s-1), d.LineStart(e))
	if got := sha256Hex([]byte(have)); got != want {
		r := LineRange{s, e}
		return patchSpan{}, errorf(ErrMismatch, "", "the text of %s has SHA-256 %s, not the range_hash %s: it changed since it was read. The range holds:\n%s",
			r, got, want, quoteLines(s, have))
	}
	return patchSpan{from: s - 1, to: e, text: repl}, nil
}

// quoteLines shows lines of text numbered from first, the first few of
// them.
func quoteLines(first int, s string) string {
	var b strings.Builder
	for k, l := range slices.Collect(strings.Lines(s)) {
		if k == shownLines {
			fmt.Fprintf(&b, "  … more lines\n")
			break
		}
		fmt.Fprintf(&b, "  %d  %s\n", first+k, clipLine(strings.TrimSuffix(l, "\n")))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// legacyPatchRequest is the request shape tumf/mcp-text-editor's clients
// send to patch_text_file_contents: one file, the file's hash, and patches
// that name the text they replace by its hash.
type legacyPatchRequest struct {
	FilePath string        `json:"file_path"`
	FileHash string        `json:"file_hash"`
	Encoding string        `json:"encoding,omitempty"`
	Patches  []legacyPatch `json:"patches"`
	Force    bool          `json:"force,omitempty"`
}

type legacyPatch struct {
	Start     int    `json:"start"`
	End       *int   `json:"end"`
	Contents  string `json:"contents"`
	RangeHash string `json:"range_hash"`
}

func (l legacyPatchRequest) validate() error { return l.request().validate() }

// request is the same patches in the current shape. As the older tool
// did, new contents end with a newline, and a file that does not exist is
// created when file_hash is empty.
func (l legacyPatchRequest) request() PatchTextFileContentsRequest {
	fp := FilePatches{FilePath: l.FilePath, Encoding: l.Encoding, ExpectedHash: l.FileHash, create: l.FileHash == ""}
	for _, p := range l.Patches {
		contents := p.Contents
		if !strings.HasSuffix(contents, "\n") {
			contents += "\n"
		}
		fp.Patches = append(fp.Patches, StringPatch{NewString: contents, Ranges: []PatchRange{{Start: p.Start, End: p.End}}, rangeHash: p.RangeHash})
	}
	return PatchTextFileContentsRequest{Files: []FilePatches{fp}, Force: l.Force}
}

// legacyPatchSchema is the older shape's input schema, which requests in
// that shape are read against.
const legacyPatchSchema = `{
  "type": "object",
  "properties": {
    "file_path": {"type": "string"},
    "file_hash": {"type": "string"},
    "encoding": {"type": "string"},
    "force": {"type": "boolean"},
    "patches": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "properties": {
          "start": {"type": "integer", "minimum": 1},
          "end": {"type": ["integer", "null"], "minimum": 0},
          "contents": {"type": "string"},
          "range_hash": {"type": "string"}
        },
        "required": ["start", "contents", "range_hash"],
        "additionalProperties": false
      }
    }
  },
  "required": ["file_path", "file_hash", "patches"],
  "additionalProperties": false
}`
