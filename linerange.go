package editkit

import (
	"context"
	"fmt"
)

// ViewRequest asks for lines of a file with their numbers.
type ViewRequest struct {
	Path      string `json:"path" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	StartLine int    `json:"startLine,omitempty" jsonschema:"First line to show (1-based). Default 1" jsonschema_description:"First line to show (1-based). Default 1" description:"First line to show (1-based). Default 1"`
	EndLine   int    `json:"endLine,omitempty" jsonschema:"Last line to show (inclusive). Default the last line of the file" jsonschema_description:"Last line to show (inclusive). Default the last line of the file" description:"Last line to show (inclusive). Default the last line of the file"`
}

func (r ViewRequest) validate() error {
	switch {
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
	Lines     []Line `json:"lines"`
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
// default) with their numbers, and the file's encoding, line ending, BOM,
// final newline and SHA-256. An EndLine past the end is cut to the last
// line; a StartLine past the end is ErrOutOfRange.
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
		Lines:    make([]Line, 0, max(end-start+1, 0)),
		Encoding: d.Encoding().Name(), LineEnding: d.LineEnding(), BOM: d.BOM(), FinalNewline: d.FinalNewline(),
		SHA256: sha256Hex(d.Raw()),
	}
	for i := start; i <= end; i++ {
		res.Lines = append(res.Lines, Line{N: i, Text: d.Line(i - 1)})
	}
	switch {
	case n == 0:
		res.Message = fmt.Sprintf("%s is empty", req.Path)
	default:
		res.Message = fmt.Sprintf("lines %d-%d of %d in %s", start, end, n, req.Path)
	}
	if d.Fallback() {
		res.Message += "; the file is not valid UTF-8 and was read as ISO-8859-1 (name its encoding if it is another)"
	}
	return res, nil
}

func (r *ViewResult) fail(err error) (*ViewResult, error) {
	r.Success, r.Message = false, err.Error()
	return r, err
}
