package editkit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/editkit/editkit/internal/text"
)

// TextEditorRequest is a call of Claude's text editor tool
// (str_replace_based_edit_tool), exactly as the model sends it.
type TextEditorRequest struct {
	Command string `json:"command" jsonschema:"view or create or str_replace or insert or undo_edit" jsonschema_description:"view or create or str_replace or insert or undo_edit" description:"view or create or str_replace or insert or undo_edit"`
	Path    string `json:"path" jsonschema:"The file or directory: absolute inside the workspace or relative to its root" jsonschema_description:"The file or directory: absolute inside the workspace or relative to its root" description:"The file or directory: absolute inside the workspace or relative to its root"`
	// FileText is create's content.
	FileText *string `json:"file_text,omitempty" jsonschema:"create: the file's content" jsonschema_description:"create: the file's content" description:"create: the file's content"`
	// OldStr and NewStr are str_replace's text and its replacement;
	// insert takes NewStr as its text when InsertText is absent.
	OldStr *string `json:"old_str,omitempty" jsonschema:"str_replace: the text to replace (it must occur once)" jsonschema_description:"str_replace: the text to replace (it must occur once)" description:"str_replace: the text to replace (it must occur once)"`
	NewStr *string `json:"new_str,omitempty" jsonschema:"str_replace: the replacement; insert: the text to insert when insert_text is absent" jsonschema_description:"str_replace: the replacement; insert: the text to insert when insert_text is absent" description:"str_replace: the replacement; insert: the text to insert when insert_text is absent"`
	// InsertLine is the line insert puts its text after; 0 is the top.
	InsertLine *int    `json:"insert_line,omitempty" jsonschema:"insert: the line to insert after (0 for the top)" jsonschema_description:"insert: the line to insert after (0 for the top)" description:"insert: the line to insert after (0 for the top)"`
	InsertText *string `json:"insert_text,omitempty" jsonschema:"insert: the text to insert" jsonschema_description:"insert: the text to insert" description:"insert: the text to insert"`
	// ViewRange is view's [start, end], 1-based; end -1 reads to the end.
	ViewRange []int `json:"view_range,omitempty" jsonschema:"view: the first and last line to show with -1 for the end" jsonschema_description:"view: the first and last line to show with -1 for the end" description:"view: the first and last line to show with -1 for the end"`
}

func (r TextEditorRequest) validate() error {
	need := func(field string, ok bool) error {
		if ok {
			return nil
		}
		return errorf(ErrInvalidRequest, r.Path, "the %s command needs %s", r.Command, field).
			withHint("Send %s with the command", field)
	}
	switch r.Command {
	case "view":
		if r.ViewRange != nil && len(r.ViewRange) != 2 {
			return errorf(ErrInvalidRequest, r.Path, "view_range has %d numbers; it is [start, end]", len(r.ViewRange))
		}
		return nil
	case "create":
		return need("file_text", r.FileText != nil)
	case "str_replace":
		if err := need("old_str", r.OldStr != nil); err != nil {
			return err
		}
		return need("new_str", r.NewStr != nil)
	case "insert":
		if err := need("insert_line", r.InsertLine != nil); err != nil {
			return err
		}
		return need("insert_text (or new_str)", r.InsertText != nil || r.NewStr != nil)
	case "undo_edit":
		return nil
	}
	return errorf(ErrInvalidRequest, r.Path, "unknown command %q", r.Command).
		withHint("The commands are view, create, str_replace, insert and undo_edit")
}

// TextEditorResult is what the text editor tool answers. Message is the
// text to send back to Claude as the tool_result's content; when the
// error is not nil, the tool_result has is_error set.
type TextEditorResult struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
	// RequestID identifies a write in the editor's journal.
	RequestID string `json:"requestId,omitempty"`
	Diff      string `json:"diff,omitempty"`
}

// The wording Claude's own text editor tool answers with, which the model
// is trained on; editkit's details follow it.
const (
	msgNoMatch       = "No match found for replacement. Please check your text and try again."
	msgManyMatches   = "Found %d matches for replacement text. Please provide more context to make a unique match."
	msgEditedSnippet = "The file %s has been edited. Here's the result of running `cat -n` on a snippet of %s:\n%s\nReview the changes and make sure they are as expected. Edit the file again if necessary."
)

// snippetLines is how many lines around an edit its snippet shows.
const snippetLines = 4

// TextEditor serves Claude's text editor tool (str_replace_based_edit_tool,
// text_editor_20250728): view a file (numbered lines, view_range with -1
// for the end; cut at the Editor's TextEditorMaxChars, the tool's
// max_characters, when it is set) or a directory (two levels deep, hidden
// entries left out);
// create a file, overwriting one that exists (undo_edit brings it back);
// str_replace, found as edit_block finds text — tolerant, exactly one
// place; insert after a line (0 is the top; insert_text, or new_str as
// models also send); undo_edit, the file's last change from the journal.
// An absolute path is accepted inside the workspace. Messages start with
// the wording Claude's own tool uses, then give editkit's details; a
// failure leaves the file unchanged and returns an error.
func (e *Editor) TextEditor(ctx context.Context, req TextEditorRequest) (*TextEditorResult, error) {
	res := &TextEditorResult{}
	fail := func(err error) (*TextEditorResult, error) {
		res.Message = err.Error()
		return res, err
	}
	if err := req.validate(); err != nil {
		return fail(err)
	}
	switch req.Command {
	case "view":
		return e.textView(ctx, req)
	case "create":
		// Like Claude's own tool, create overwrites: the journal keeps
		// what was there, for undo_edit.
		content := normalizeEOL(*req.FileText)
		d, _, id, err := e.editFile(ctx, req.Path, writeOpts{}, func(f *file) ([]text.Edit, error) {
			f.expect(*req.FileText)
			return []text.Edit{{Start: 0, End: len(f.doc.Body()), New: content}}, nil
		})
		if err != nil {
			return fail(err)
		}
		res.Success, res.RequestID, res.Diff = true, id, d
		res.Message = fmt.Sprintf("File created successfully at: %s", req.Path)
		return res, nil
	case "str_replace":
		r, err := e.EditBlock(ctx, EditBlockRequest{Path: req.Path, Search: *req.OldStr, Replace: *req.NewStr})
		if err != nil {
			var pe *Error
			if errors.Is(err, ErrAmbiguous) && errors.As(err, &pe) {
				c := *pe
				c.Hint = "Include more lines around old_str, so that it occurs once"
				err = &c // this tool has no replace-all for the usual hint to offer
			}
			res.Message = claudeWording(err) + err.Error()
			return res, err
		}
		res.Success, res.RequestID, res.Diff = true, r.RequestID, r.Diff
		res.Message = e.editedMessage(req.Path, r.Lines)
		return res, nil
	case "insert":
		text := req.NewStr
		if req.InsertText != nil {
			text = req.InsertText
		}
		body := *text
		if body != "" && !strings.HasSuffix(body, "\n") {
			body += "\n"
		}
		at := *req.InsertLine
		if v, err := e.View(ctx, ViewRequest{Path: req.Path, StartLine: 1, EndLine: 1}); err != nil {
			return fail(err)
		} else if at > v.LineCount {
			return fail(errorf(ErrOutOfRange, req.Path, "insert_line %d is past the end: the file has %s", at, plural(v.LineCount, "line")).
				withHint("Use an insert_line from 0 (the top) to %d (the end)", v.LineCount))
		}
		r, err := e.WriteFromLine(ctx, WriteFromLineRequest{Path: req.Path, StartLine: at + 1, EndLine: &at, Content: body})
		if err != nil {
			return fail(err)
		}
		res.Success, res.RequestID, res.Diff = true, r.RequestID, r.Diff
		res.Message = e.editedMessage(req.Path, []LineRange{{at + 1, at + max(lineCount(body), 1)}})
		return res, nil
	}
	u, err := e.Undo(ctx, UndoRequest{Path: req.Path})
	if err != nil {
		return fail(err)
	}
	res.Success, res.RequestID, res.Diff = true, u.RequestID, u.Diff
	res.Message = fmt.Sprintf("Last edit to %s undone successfully. %s", req.Path, u.Message)
	return res, nil
}

// claudeWording is the sentence Claude's own tool answers a failed
// str_replace with, to put before editkit's account of it; "" for other
// failures.
func claudeWording(err error) string {
	var e *Error
	switch {
	case errors.Is(err, ErrNotFound):
		return msgNoMatch + " "
	case errors.Is(err, ErrAmbiguous) && errors.As(err, &e):
		return fmt.Sprintf(msgManyMatches, max(len(e.Lines), 2)) + " "
	}
	return ""
}

// editedMessage is the message of a successful edit: Claude's wording and
// the edited lines with a few around them, numbered as cat -n numbers them.
func (e *Editor) editedMessage(name string, lines []LineRange) string {
	f, err := e.load(name, "")
	if err != nil || !f.exists || len(lines) == 0 {
		return fmt.Sprintf("The file %s has been edited.", name)
	}
	n := f.doc.LineCount()
	from := max(lines[0].Start-snippetLines, 1)
	to := min(lines[len(lines)-1].End+snippetLines, n)
	return fmt.Sprintf(msgEditedSnippet, name, name, catN(f, from, to))
}

// catN numbers lines from to to as cat -n does.
func catN(f *file, from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		fmt.Fprintf(&b, "%6d\t%s\n", i, f.doc.Line(i-1))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// textView is the view command: a file's numbered lines, or a directory's
// entries two levels deep.
func (e *Editor) textView(ctx context.Context, req TextEditorRequest) (*TextEditorResult, error) {
	res := &TextEditorResult{}
	if entries, ok, err := e.listDir(req.Path); ok {
		if err != nil {
			res.Message = err.Error()
			return res, err
		}
		if req.ViewRange != nil {
			err := errorf(ErrInvalidRequest, req.Path, "view_range does not apply to a directory")
			res.Message = err.Error()
			return res, err
		}
		res.Success = true
		res.Message = fmt.Sprintf("Here's the files and directories up to 2 levels deep in %s, excluding hidden items:\n%s", req.Path, strings.Join(entries, "\n"))
		return res, nil
	}
	v := ViewRequest{Path: req.Path, Format: "json", MaxChars: math.MaxInt}
	if e.TextEditorMaxChars > 0 {
		v.MaxChars = e.TextEditorMaxChars
	}
	if r := req.ViewRange; r != nil {
		v.StartLine = r[0]
		if r[1] != -1 {
			if r[1] < r[0] {
				err := errorf(ErrOutOfRange, req.Path, "view_range [%d, %d] ends before it starts", r[0], r[1])
				res.Message = err.Error()
				return res, err
			}
			v.EndLine = r[1]
		}
		if r[0] < 1 {
			err := errorf(ErrOutOfRange, req.Path, "view_range starts at %d; lines are numbered from 1", r[0])
			res.Message = err.Error()
			return res, err
		}
	}
	vr, err := e.View(ctx, v)
	if err != nil {
		res.Message = err.Error()
		return res, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Here's the result of running `cat -n` on %s:\n", req.Path)
	for _, l := range vr.Lines {
		fmt.Fprintf(&b, "%6d\t%s\n", l.N, l.Text)
	}
	want := vr.LineCount // the last line asked for
	if v.EndLine != 0 {
		want = min(v.EndLine, vr.LineCount)
	}
	if vr.EndLine < want {
		fmt.Fprintf(&b, "[Lines %d-%d of %d are shown: the rest is cut at %d characters. View lines %d-%d next with view_range [%d, %d].]\n",
			vr.StartLine, vr.EndLine, vr.LineCount, v.MaxChars, vr.EndLine+1, want, vr.EndLine+1, want)
	}
	res.Success, res.Message = true, strings.TrimSuffix(b.String(), "\n")
	return res, nil
}

// A dirLister is a workspace that can list a directory.
type dirLister interface {
	readDir(name string) ([]fs.DirEntry, error)
}

// listDir lists the directory name two levels deep, hidden entries left
// out, each as the request would name it; ok false when name is not a
// directory.
func (e *Editor) listDir(name string) (entries []string, ok bool, err error) {
	l, can := e.Workspace.(dirLister)
	if !can {
		return nil, false, nil
	}
	st := e.store()
	key, err := st.canonical(name)
	if err != nil {
		return nil, false, nil // the file view says what is wrong with the name
	}
	top, err := l.readDir(key)
	if err != nil {
		return nil, false, nil
	}
	show := func(rel string) string { return path.Join(strings.TrimSuffix(name, "/"), rel) }
	entries = append(entries, strings.TrimSuffix(name, "/"))
	for _, d := range top {
		if strings.HasPrefix(d.Name(), ".") {
			continue
		}
		entries = append(entries, show(d.Name()))
		if !d.IsDir() {
			continue
		}
		sub, err := l.readDir(path.Join(key, d.Name()))
		if err != nil {
			continue
		}
		for _, s := range sub {
			if !strings.HasPrefix(s.Name(), ".") {
				entries = append(entries, show(path.Join(d.Name(), s.Name())))
			}
		}
	}
	slices.Sort(entries[1:])
	return entries, true, nil
}
