package editkit

import (
	"context"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/text"
)

// EditFileRequest asks for a lazy snippet to be merged into a file, in the
// shape Cursor's and Morph's edit_file tools take.
type EditFileRequest struct {
	Path     string `json:"path" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	CodeEdit string `json:"code_edit" jsonschema:"The new text of the parts that change with a marker line such as '// ... existing code ...' for each stretch of the file left as it is" jsonschema_description:"The new text of the parts that change with a marker line such as '// ... existing code ...' for each stretch of the file left as it is" description:"The new text of the parts that change with a marker line such as '// ... existing code ...' for each stretch of the file left as it is"`
	// Instruction is what the edit does, in a sentence. Fast-apply models
	// read it; the merge is deterministic and does not, but the field is
	// taken so that requests written for those tools work unchanged.
	Instruction string `json:"instruction,omitempty" jsonschema:"One sentence saying what the edit does" jsonschema_description:"One sentence saying what the edit does" description:"One sentence saying what the edit does"`
	DryRun      bool   `json:"dryRun,omitempty" jsonschema:"Show the diff without writing the file" jsonschema_description:"Show the diff without writing the file" description:"Show the diff without writing the file"`
	Force       bool   `json:"force,omitempty" jsonschema:"Write even a file whose mode makes it read-only" jsonschema_description:"Write even a file whose mode makes it read-only" description:"Write even a file whose mode makes it read-only"`
}

func (r EditFileRequest) validate() error {
	switch {
	case r.Path == "":
		return errorf(ErrInvalidRequest, "", "path is required").withHint("Send the file's path relative to the workspace root")
	case isBlank(r.CodeEdit):
		return errorf(ErrInvalidRequest, r.Path, "code_edit is empty").
			withHint("Send the new text of the lines that change, with a marker such as \"// ... existing code ...\" where the file stays as it is")
	}
	return nil
}

// EditFileResult says what EditFile did.
type EditFileResult struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
	// Segments are the snippet's segments and where each went.
	Segments []SegmentResult `json:"segments,omitempty"`
	// Lines is where each segment's text is in the new file.
	Lines []LineRange `json:"lines,omitempty"`
	Diff  string      `json:"diff,omitempty"`
	// RequestID identifies the write in the editor's journal.
	RequestID string `json:"requestId,omitempty"`
}

// EditFile merges a lazy snippet into a file as [MergeSnippet] does, and
// writes it atomically unless DryRun. A snippet without markers creates a
// missing or empty file. It refuses what MergeSnippet refuses, and a
// snippet with markers for a file that does not exist (ErrFileNotFound).
func (e *Editor) EditFile(ctx context.Context, req EditFileRequest) (*EditFileResult, error) {
	res := &EditFileResult{}
	fail := func(err error) (*EditFileResult, error) {
		res.Success, res.Message = false, err.Error()
		return res, err
	}
	if err := req.validate(); err != nil {
		return fail(err)
	}
	var merged *MergeResult
	d, note, id, err := e.editFile(ctx, req.Path, writeOpts{dryRun: req.DryRun, force: req.Force}, func(f *file) ([]text.Edit, error) {
		if !f.exists {
			f.expect(req.CodeEdit)
		}
		edits, r, err := planSnippet(ctx, buffer.New(f.doc.Body()), req.Path, req.CodeEdit, f.exists)
		merged = r
		return edits, err
	})
	if err != nil {
		return fail(err)
	}
	res.Success, res.Diff, res.RequestID = true, d, id
	res.Message, res.Segments, res.Lines = merged.Message+note, merged.Segments, merged.Lines
	if req.DryRun {
		res.Message = "Dry run, nothing written: " + res.Message
	}
	return res, nil
}
