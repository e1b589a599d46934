package editkit

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/editkit/editkit/internal/diff"
	"github.com/editkit/editkit/internal/text"
)

// ViewRequest asks for lines of a file with their numbers.
type ViewRequest struct {
	Path      string `json:"path" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	StartLine int    `json:"startLine,omitempty" jsonschema:"First line to show (1-based). Default 1" jsonschema_description:"First line to show (1-based). Default 1" description:"First line to show (1-based). Default 1"`
	EndLine   int    `json:"endLine,omitempty" jsonschema:"Last line to show (inclusive). Default the last line of the file" jsonschema_description:"Last line to show (inclusive). Default the last line of the file" description:"Last line to show (inclusive). Default the last line of the file"`
	// Format is "text" (the default: the lines numbered as cat -n does,
	// in Text) or "json" (each line in Lines).
	Format string `json:"format,omitempty" jsonschema:"text (the default: numbered lines as cat -n shows them) or json (a list of numbered lines for programs)" jsonschema_description:"text (the default: numbered lines as cat -n shows them) or json (a list of numbered lines for programs)" description:"text (the default: numbered lines as cat -n shows them) or json (a list of numbered lines for programs)"`
	// MaxChars caps the characters of the lines shown; 0 means
	// DefaultViewChars. The lines after the cap are left out, and the
	// message says which to ask for next.
	MaxChars int `json:"maxChars,omitempty" jsonschema:"Most characters of lines to show. Default 50000; the message says which lines to ask for next" jsonschema_description:"Most characters of lines to show. Default 50000; the message says which lines to ask for next" description:"Most characters of lines to show. Default 50000; the message says which lines to ask for next"`
}

// DefaultViewChars is how many characters of lines View shows when the
// request gives no MaxChars: about 12,000 tokens.
const DefaultViewChars = 50_000

func (r ViewRequest) validate() error {
	switch {
	case r.Format != "" && r.Format != "text" && r.Format != "json":
		return errorf(ErrInvalidRequest, r.Path, "format must be text or json (got %q)", r.Format)
	case r.MaxChars < 0:
		return errorf(ErrInvalidRequest, r.Path, "maxChars must be positive (got %d)", r.MaxChars)
	case r.Path == "":
		return errorf(ErrInvalidRequest, "", "path is required").withHint("Send the file's path relative to the workspace root")
	case r.StartLine < 0 || r.EndLine < 0:
		return errorf(ErrInvalidRequest, r.Path, "startLine and endLine must be positive (got %d and %d)", r.StartLine, r.EndLine)
	case r.EndLine > 0 && r.EndLine < r.StartLine:
		return errorf(ErrInvalidRequest, r.Path, "endLine %d is before startLine %d", r.EndLine, r.StartLine)
	}
	return nil
}

// ViewResult is a numbered excerpt of a file and what is known about its
// bytes, so a caller can pick line numbers and check for changes.
type ViewResult struct {
	Success   bool   `json:"success"`
	Message   string `json:"message"`
	Path      string `json:"path"`
	LineCount int    `json:"lineCount"`
	StartLine int    `json:"startLine"`
	EndLine   int    `json:"endLine"`
	// Text is the lines numbered as cat -n shows them (format text).
	Text string `json:"text,omitempty"`
	// Lines are the lines one by one (format json).
	Lines []Line `json:"lines,omitempty"`
	// Encoding is the name of the encoding the file was read in.
	Encoding string `json:"encoding"`
	// LineEnding is "LF", "CRLF", "CR", "mixed", or "none".
	LineEnding   string `json:"lineEnding"`
	BOM          bool   `json:"bom"`
	FinalNewline bool   `json:"finalNewline"`
	// SHA256 is the hex SHA-256 of the file's bytes.
	SHA256 string `json:"sha256"`
}

// Line is one numbered line of a file, without its line end.
type Line struct {
	N    int    `json:"n"`
	Text string `json:"text"`
}

// View returns lines StartLine through EndLine of a file (all of it by
// default) with their numbers — as numbered text, or one by one — and the
// file's encoding, line ending, BOM, final newline and SHA-256. An EndLine
// past the end is cut to the last line; lines past MaxChars are left out,
// and the message names the next line to ask for; a StartLine past the end
// is ErrOutOfRange.
func (e *Editor) View(ctx context.Context, req ViewRequest) (*ViewResult, error) {
	res := &ViewResult{Path: req.Path}
	if err := req.validate(); err != nil {
		return res.fail(err)
	}
	if e.Workspace == nil {
		return res.fail(errorf(ErrInvalidRequest, "", "the editor has no workspace"))
	}
	f, err := e.load(req.Path, "")
	if err != nil {
		return res.fail(err)
	}
	if !f.exists {
		return res.fail(notFound(f))
	}
	d := f.doc
	n := d.LineCount()
	start, end := max(req.StartLine, 1), req.EndLine
	if end == 0 || end > n {
		end = n
	}
	if start > max(n, 1) {
		return res.fail(errorf(ErrOutOfRange, req.Path, "startLine %d is past the end: the file has %s", start, plural(n, "line")).
			withHint("Ask for lines 1-%d", n))
	}
	*res = ViewResult{
		Success: true, Path: req.Path, LineCount: n, StartLine: start, EndLine: end,
		Encoding: d.Encoding().Name(), LineEnding: d.LineEnding(), BOM: d.BOM(), FinalNewline: d.FinalNewline(),
		SHA256: sha256Hex(d.Raw()),
	}
	limit := req.MaxChars
	if limit == 0 {
		limit = DefaultViewChars
	}
	var b strings.Builder
	chars := 0
	for i := start; i <= end; i++ {
		l := d.Line(i - 1)
		if chars += utf8.RuneCountInString(l) + 1; chars > limit && i > start {
			res.EndLine = i - 1
			break
		}
		if req.Format == "json" {
			res.Lines = append(res.Lines, Line{N: i, Text: l})
		} else {
			writeNumbered(&b, i, l)
		}
	}
	res.Text = b.String()
	switch {
	case n == 0:
		res.Message = fmt.Sprintf("%s is empty.", req.Path)
	case res.EndLine < end:
		res.Message = fmt.Sprintf("Lines %d-%d of %d in %s; the rest is cut at %d characters: ask for lines %d-%d next (startLine %d).",
			start, res.EndLine, n, req.Path, limit, res.EndLine+1, end, res.EndLine+1)
	default:
		res.Message = fmt.Sprintf("Lines %d-%d of %d in %s.", start, end, n, req.Path)
	}
	res.Message += fallbackNote(d)
	return res, nil
}

// writeNumbered writes line n as cat -n shows it: its number right-aligned
// in six columns, a tab, the line and "\n".
func writeNumbered(b *strings.Builder, n int, line string) {
	fmt.Fprintf(b, "%6d\t%s\n", n, line)
}

func (r *ViewResult) fail(err error) (*ViewResult, error) {
	r.Success, r.Message = false, err.Error()
	return r, err
}

// WriteFromLineRequest asks to put content in place of a range of lines.
type WriteFromLineRequest struct {
	Path      string `json:"path" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	StartLine int    `json:"startLine" jsonschema:"First line to replace (1-based). The line count plus 1 appends to the file" jsonschema_description:"First line to replace (1-based). The line count plus 1 appends to the file" description:"First line to replace (1-based). The line count plus 1 appends to the file"`
	EndLine   *int   `json:"endLine,omitempty" jsonschema:"Last line to replace (inclusive). Omit it to replace to the end of the file; startLine minus 1 inserts before startLine without replacing" jsonschema_description:"Last line to replace (inclusive). Omit it to replace to the end of the file; startLine minus 1 inserts before startLine without replacing" description:"Last line to replace (inclusive). Omit it to replace to the end of the file; startLine minus 1 inserts before startLine without replacing"`
	Content   string `json:"content" jsonschema:"The new lines. Empty deletes the range. A final newline ends the last line and adds no empty line" jsonschema_description:"The new lines. Empty deletes the range. A final newline ends the last line and adds no empty line" description:"The new lines. Empty deletes the range. A final newline ends the last line and adds no empty line"`
	DryRun    bool   `json:"dryRun,omitempty" jsonschema:"Show the diff without writing the file" jsonschema_description:"Show the diff without writing the file" description:"Show the diff without writing the file"`
	Force     bool   `json:"force,omitempty" jsonschema:"Write even a file whose mode makes it read-only" jsonschema_description:"Write even a file whose mode makes it read-only" description:"Write even a file whose mode makes it read-only"`
}

func (r WriteFromLineRequest) validate() error {
	switch {
	case r.Path == "":
		return errorf(ErrInvalidRequest, "", "path is required").withHint("Send the file's path relative to the workspace root")
	case r.StartLine < 1:
		return errorf(ErrInvalidRequest, r.Path, "startLine must be at least 1 (got %d)", r.StartLine).withHint("Lines are numbered from 1; view shows the numbers")
	case r.EndLine != nil && *r.EndLine < r.StartLine-1:
		return errorf(ErrInvalidRequest, r.Path, "endLine %d is before startLine %d", *r.EndLine, r.StartLine).
			withHint("Set endLine to the last line to replace, or to startLine minus 1 (%d) to insert without replacing", r.StartLine-1)
	case !utf8.ValidString(r.Content):
		return errorf(ErrInvalidRequest, r.Path, "content is not valid UTF-8")
	}
	return nil
}

// WriteFromLineResult says what WriteFromLine did.
type WriteFromLineResult struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
	// LinesReplaced is how many lines of the file were replaced or deleted.
	LinesReplaced int `json:"linesReplaced"`
	// NewLineCount is how many lines the content has.
	NewLineCount int    `json:"newLineCount"`
	Diff         string `json:"diff,omitempty"`
	// RequestID identifies the write in the editor's journal: undo it
	// with the undo tool. Empty when nothing was written.
	RequestID string `json:"requestId,omitempty"`
}

// planLines works out the edit write_from_line makes to t.
func planLines(t text.Lines, req WriteFromLineRequest) (text.Edit, *WriteFromLineResult, error) {
	n := t.LineCount()
	s := req.StartLine
	if s > n+1 {
		return text.Edit{}, nil, errorf(ErrOutOfRange, req.Path, "startLine %d is past the end: the file has %s", s, plural(n, "line")).
			withHint("Use a startLine from 1 to %d; %d appends", n+1, n+1)
	}
	e := n
	if req.EndLine != nil {
		e = *req.EndLine
	}
	if e > n {
		return text.Edit{}, nil, errorf(ErrOutOfRange, req.Path, "endLine %d is past the end: the file has %s", e, plural(n, "line")).
			withHint("Use an endLine up to %d, or leave it out to replace to the end", n)
	}
	content := normalizeEOL(req.Content)
	edits := text.LineEdits(t, []text.LineEdit{{From: s - 1, To: max(e, s-1), Text: content}})
	edit := edits[0]
	res := &WriteFromLineResult{LinesReplaced: max(e-s+1, 0), NewLineCount: lineCount(content)}
	if edit.New == t.Slice(edit.Start, edit.End) {
		return text.Edit{}, nil, errorf(ErrNoOp, req.Path, "the lines already hold this content").withHint("Nothing was changed")
	}
	total := n - res.LinesReplaced + res.NewLineCount
	switch {
	case n == 0:
		res.Message = fmt.Sprintf("Wrote %s to the empty %s.", plural(res.NewLineCount, "line"), req.Path)
	case res.LinesReplaced > 0 && res.NewLineCount > 0:
		res.Message = fmt.Sprintf("Replaced %s of %s (%s) with %s; it now has %s.",
			LineRange{s, e}, req.Path, plural(res.LinesReplaced, "line"), plural(res.NewLineCount, "line"), plural(total, "line"))
	case res.LinesReplaced > 0:
		res.Message = fmt.Sprintf("Deleted %s of %s; it now has %s.", LineRange{s, e}, req.Path, plural(total, "line"))
	case s == n+1:
		res.Message = fmt.Sprintf("Appended %s to %s after line %d; it now has %s.", plural(res.NewLineCount, "line"), req.Path, n, plural(total, "line"))
	default:
		res.Message = fmt.Sprintf("Inserted %s before line %d of %s; it now has %s.", plural(res.NewLineCount, "line"), s, req.Path, plural(total, "line"))
	}
	return edit, res, nil
}

// A LineRangeWriter replaces, inserts and deletes whole lines of a text by
// their 1-based numbers, as write_from_line ([Editor.WriteFromLine]) does to
// a file, for text held elsewhere, such as an editor's buffer. The text's
// line ends, and the presence or absence of a final newline, stay as they
// are; new lines take the ending of the lines around them. A final newline
// in the new lines ends their last line; it adds no empty line. Line
// numbers outside the text are an [ErrOutOfRange] naming its line count.
// The zero value is ready to use.
type LineRangeWriter struct {
	// Path names the text in messages and diffs; "" means "content".
	Path string
}

// Replace puts lines in place of lines first through last, inclusive;
// last -1 means through the end of the text.
func (w LineRangeWriter) Replace(content string, first, last int, lines string) (string, *WriteFromLineResult, error) {
	req := WriteFromLineRequest{StartLine: first, Content: lines}
	if last != -1 {
		req.EndLine = &last
	}
	return w.write(content, req)
}

// Insert puts lines before line before; the line count plus 1 appends.
func (w LineRangeWriter) Insert(content string, before int, lines string) (string, *WriteFromLineResult, error) {
	end := before - 1
	return w.write(content, WriteFromLineRequest{StartLine: before, EndLine: &end, Content: lines})
}

// Delete removes lines first through last, inclusive.
func (w LineRangeWriter) Delete(content string, first, last int) (string, *WriteFromLineResult, error) {
	return w.write(content, WriteFromLineRequest{StartLine: first, EndLine: &last})
}

func (w LineRangeWriter) write(content string, req WriteFromLineRequest) (string, *WriteFromLineResult, error) {
	req.Path = w.Path
	if req.Path == "" {
		req.Path = "content"
	}
	fail := func(err error) (string, *WriteFromLineResult, error) {
		return content, &WriteFromLineResult{Message: err.Error()}, err
	}
	if err := req.validate(); err != nil {
		return fail(err)
	}
	body, write, err := bodyOf(content, req.Path)
	if err != nil {
		return fail(err)
	}
	edit, res, err := planLines(body, req)
	if err != nil {
		return fail(err)
	}
	out, err := write([]text.Edit{edit})
	if err != nil {
		return fail(err)
	}
	res.Success = true
	res.Diff = diff.Unified("a/"+req.Path, "b/"+req.Path, body, []text.Edit{edit})
	return out, res, nil
}

// WriteFromLine replaces lines StartLine to EndLine of a file with Content,
// as a [LineRangeWriter] does to text:
// it keeps the lines before and after, and writes the file atomically
// unless DryRun. Without EndLine it replaces to the end of the file; with
// EndLine = StartLine-1 it inserts; StartLine = line count + 1 appends;
// empty Content deletes. The file's encoding, BOM, line ends and final
// newline are kept. Line numbers outside the file are ErrOutOfRange, naming
// its line count.
func (e *Editor) WriteFromLine(ctx context.Context, req WriteFromLineRequest) (*WriteFromLineResult, error) {
	res := &WriteFromLineResult{}
	fail := func(err error) (*WriteFromLineResult, error) {
		res.Success, res.Message = false, err.Error()
		return res, err
	}
	if err := req.validate(); err != nil {
		return fail(err)
	}
	d, note, id, err := e.editFile(ctx, req.Path, writeOpts{dryRun: req.DryRun, force: req.Force}, func(f *file) ([]text.Edit, error) {
		if !f.exists {
			return nil, notFound(f)
		}
		f.expect(req.Content)
		edit, planned, err := planLines(f.doc, req)
		if err != nil {
			return nil, err
		}
		res = planned
		return []text.Edit{edit}, nil
	})
	if err != nil {
		return fail(err)
	}
	res.Success, res.Diff, res.RequestID = true, d, id
	res.Message += note
	if req.DryRun {
		res.Message = "Dry run, nothing written: " + res.Message
	}
	return res, nil
}
