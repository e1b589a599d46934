package editkit

import (
	"context"
	"fmt"
	"strings"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/diff"
	"github.com/editkit/editkit/internal/text"
)

// Edit is one search-and-replace of a batch.
type Edit struct {
	Search               string `json:"search" jsonschema:"The exact text to find in the file as the earlier edits left it" jsonschema_description:"The exact text to find in the file as the earlier edits left it" description:"The exact text to find in the file as the earlier edits left it"`
	Replace              string `json:"replace" jsonschema:"The text to put in its place" jsonschema_description:"The text to put in its place" description:"The text to put in its place"`
	Label                string `json:"label,omitempty" jsonschema:"A name for this edit to find it in the results" jsonschema_description:"A name for this edit to find it in the results" description:"A name for this edit to find it in the results"`
	ExpectedReplacements *int   `json:"expectedReplacements,omitempty" jsonschema:"How many places the search must match; all of them are replaced. Default 1" jsonschema_description:"How many places the search must match; all of them are replaced. Default 1" description:"How many places the search must match; all of them are replaced. Default 1"`
}

// BatchEditBlocksRequest asks for many search-and-replace edits of one file,
// applied in order, each to the text the previous ones left.
type BatchEditBlocksRequest struct {
	Path           string  `json:"path" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	Edits          []Edit  `json:"edits" jsonschema:"The edits in the order to apply them" jsonschema_description:"The edits in the order to apply them" description:"The edits in the order to apply them"`
	StopOnError    bool    `json:"stopOnError,omitempty" jsonschema:"Stop at the first edit that fails. The edits before it are still written" jsonschema_description:"Stop at the first edit that fails. The edits before it are still written" description:"Stop at the first edit that fails. The edits before it are still written"`
	Exact          bool    `json:"exact,omitempty" jsonschema:"Find each search only exactly as written: no tolerance for indentation or whitespace or quotes or typos" jsonschema_description:"Find each search only exactly as written: no tolerance for indentation or whitespace or quotes or typos" description:"Find each search only exactly as written: no tolerance for indentation or whitespace or quotes or typos"`
	DryRun         bool    `json:"dryRun,omitempty" jsonschema:"Report what would happen without writing the file" jsonschema_description:"Report what would happen without writing the file" description:"Report what would happen without writing the file"`
	Force          bool    `json:"force,omitempty" jsonschema:"Write even a file whose mode makes it read-only" jsonschema_description:"Write even a file whose mode makes it read-only" description:"Write even a file whose mode makes it read-only"`
	FuzzyThreshold float64 `json:"fuzzyThreshold,omitempty" jsonschema:"Least similarity (0 to 1) of a fuzzy match. Default 0.7" jsonschema_description:"Least similarity (0 to 1) of a fuzzy match. Default 0.7" description:"Least similarity (0 to 1) of a fuzzy match. Default 0.7"`
}

func (r BatchEditBlocksRequest) validate() error {
	if r.Path == "" {
		return errorf(ErrInvalidRequest, "", "path is required").withHint("Send the file's path relative to the workspace root")
	}
	return validEdits(r.Path, r.Edits, r.FuzzyThreshold)
}

// BatchEditBlocksResult says what happened to each edit of a batch.
type BatchEditBlocksResult struct {
	// Success reports that every edit was applied (and, unless a dry run,
	// written).
	Success         bool         `json:"success"`
	Message         string       `json:"message"`
	TotalEdits      int          `json:"totalEdits"`
	SuccessfulEdits int          `json:"successfulEdits"`
	FailedEdits     int          `json:"failedEdits"`
	Results         []EditResult `json:"results"`
	// FinalDiff is the diff of the whole batch against the file as read.
	FinalDiff string `json:"finalDiff,omitempty"`
	// RequestID identifies the write in the editor's journal: undo it
	// with the undo tool. Empty when nothing was written.
	RequestID string `json:"requestId,omitempty"`
}

// EditResult is what happened to one edit of a batch.
type EditResult struct {
	Index    int    `json:"index"` // 0-based position in the request
	Label    string `json:"label,omitempty"`
	Success  bool   `json:"success"`
	Message  string `json:"message"`
	Diff     string `json:"diff,omitempty"`     // against the text the earlier edits left
	Strategy string `json:"strategy,omitempty"` // the replacer that found the text
	Line     int    `json:"line,omitempty"`     // where the new text starts, 1-based
}

// A BatchEditor applies a batch of search-and-replace edits to one text, in
// order, each to the text the edits before it left; each search is found
// as [Replace] finds it. An edit that fails is recorded and skipped, or
// ends the batch with StopOnError; the edits before it stay applied. The
// zero value uses the default chain and threshold and goes on past a
// failed edit.
//
// It is what batch_edit_blocks ([Editor.BatchEditBlocks]) does to a file,
// for text held elsewhere, such as an editor's buffer.
type BatchEditor struct {
	// Path names the text in messages and diffs; "" means "content".
	Path string
	// Chain is the replacers each search goes through, in order; nil
	// means DefaultChain().
	Chain Chain
	// Exact finds each search only as it is written, byte for byte.
	Exact bool
	// FuzzyThreshold is the least similarity, 0 to 1, a fuzzy match needs;
	// 0 means DefaultThreshold.
	FuzzyThreshold float64
	// FuzzyBudget bounds the fuzzy replacers' work on each search; 0 means
	// DefaultFuzzyBudget.
	FuzzyBudget int64
	// StopOnError ends the batch at the first edit that fails.
	StopOnError bool
}

// Apply applies edits to content, as the type's documentation says, and
// returns the new content — line ends, encoding of line breaks and final
// newline as content has them — and what happened to each edit. The error
// is nil only when every edit applied; it is the first failure otherwise.
// Apply stops, with ctx's error, when ctx is done.
func (b BatchEditor) Apply(ctx context.Context, content string, edits []Edit) (string, *BatchEditBlocksResult, error) {
	path := b.path()
	fail := func(err error) (string, *BatchEditBlocksResult, error) {
		return content, &BatchEditBlocksResult{TotalEdits: len(edits), Message: err.Error()}, err
	}
	if err := validEdits(path, edits, b.FuzzyThreshold); err != nil {
		return fail(err)
	}
	body, write, err := bodyOf(content, path)
	if err != nil {
		return fail(err)
	}
	run, err := b.run(ctx, body, edits)
	if err != nil {
		return fail(err)
	}
	out, err := write(run.changes)
	if err != nil {
		return fail(err)
	}
	run.res.FinalDiff = diff.Unified("a/"+path, "b/"+path, body, run.changes)
	return out, run.res, run.summary(path, inMemory)
}

func (b BatchEditor) path() string {
	if b.Path == "" {
		return "content"
	}
	return b.Path
}

func validEdits(path string, edits []Edit, threshold float64) error {
	switch {
	case len(edits) == 0:
		return errorf(ErrInvalidRequest, path, "edits is empty").withHint("Send at least one edit with search and replace")
	case len(edits) > maxItems:
		return tooMany(path, "edits", len(edits))
	case threshold < 0 || threshold > 1:
		return errorf(ErrInvalidRequest, path, "fuzzyThreshold must be between 0 and 1 (got %g)", threshold)
	}
	return nil
}

// batchRun is the outcome of running a batch's edits on a buffer.
type batchRun struct {
	res     *BatchEditBlocksResult
	changes []text.Edit // of the original text, for writing and the final diff
	first   *Error      // the first failure
}

// run applies edits in order to buf. The buffer is persistent: each edit
// costs what it touches, and the text before it stays available for its
// diff.
func (b BatchEditor) run(ctx context.Context, buf *buffer.Buffer, edits []Edit) (*batchRun, error) {
	path := b.path()
	r := &batchRun{res: &BatchEditBlocksResult{TotalEdits: len(edits), Results: make([]EditResult, 0, len(edits))}}
	var comp text.Composer
	for i, ed := range edits {
		if i%64 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		res := EditResult{Index: i, Label: ed.Label}
		p, err := b.plan(ctx, buf, ed)
		if err != nil {
			e := asError(err, i+1, path)
			if r.first == nil {
				r.first = e
			}
			res.Message = err.Error()
			r.res.Results = append(r.res.Results, res)
			r.res.FailedEdits++
			if b.StopOnError {
				break
			}
			continue
		}
		res.Success, res.Message, res.Strategy = true, p.result.Message, p.result.Strategy
		res.Diff = diff.Unified("a/"+path, "b/"+path, buf, p.edits)
		if len(p.result.Lines) > 0 {
			res.Line = p.result.Lines[0].Start
		}
		next := buf
		for j := len(p.edits) - 1; j >= 0; j-- { // from the end: earlier offsets hold
			e := p.edits[j]
			comp.Add(e.Start, e.End, e.New, buf.Slice)
			next = next.Replace(e.Start, e.End, e.New)
		}
		buf = next
		r.res.Results = append(r.res.Results, res)
		r.res.SuccessfulEdits++
	}
	r.changes = comp.Edits()
	return r, nil
}

func (b BatchEditor) plan(ctx context.Context, buf *buffer.Buffer, ed Edit) (*plan, error) {
	opts := ReplaceOptions{FuzzyThreshold: b.FuzzyThreshold, FuzzyBudget: b.FuzzyBudget, Chain: b.Chain, Exact: b.Exact}
	if ed.ExpectedReplacements != nil {
		if *ed.ExpectedReplacements < 1 {
			return nil, errorf(ErrInvalidRequest, b.path(), "expectedReplacements must be at least 1 (got %d)", *ed.ExpectedReplacements)
		}
		opts.ExpectedReplacements = *ed.ExpectedReplacements
	}
	return planReplace(ctx, buf, b.path(), ed.Search, ed.Replace, opts)
}

// What became of the file a batch edited, for its message.
const (
	inMemory = iota // BatchReplace: there is no file
	written
	dryRun
)

// summary fills in the batch's message and success, and returns the error
// to report: nil when every edit succeeded.
func (b *batchRun) summary(path string, fate int) error {
	res := b.res
	res.Success = res.FailedEdits == 0
	var m strings.Builder
	switch {
	case res.SuccessfulEdits == 0 && fate != inMemory:
		fmt.Fprintf(&m, "No edit applied, so %s was not written", path)
	case fate == dryRun:
		fmt.Fprintf(&m, "Dry run, nothing written: %d of %d edits would apply to %s", res.SuccessfulEdits, res.TotalEdits, path)
	case fate == written:
		fmt.Fprintf(&m, "Applied %d of %d edits to %s and wrote it", res.SuccessfulEdits, res.TotalEdits, path)
	default:
		fmt.Fprintf(&m, "Applied %d of %d edits", res.SuccessfulEdits, res.TotalEdits)
	}
	if res.FailedEdits > 0 {
		var failed []string
		for _, r := range res.Results {
			if !r.Success {
				failed = append(failed, fmt.Sprint(r.Index))
			}
		}
		fmt.Fprintf(&m, "; %s failed (index %s), and each failed result says why", plural(res.FailedEdits, "edit"), strings.Join(failed, ", "))
		if skipped := res.TotalEdits - len(res.Results); skipped > 0 {
			fmt.Fprintf(&m, "; stopped there, %s not tried", plural(skipped, "edit"))
		}
	}
	res.Message = m.String() + "."
	if res.Success {
		return nil
	}
	e := *b.first
	e.Msg = fmt.Sprintf("%s of %d failed; the first, edit %d: %s", plural(res.FailedEdits, "edit"), res.TotalEdits, e.Op, e.Msg)
	return &e
}

// BatchEditBlocks applies many search-and-replace edits to one file, as a
// [BatchEditor] does to text: read once, edits in order (each to the text
// the previous ones left, each found as [Replace] finds it), one atomic
// write at the end when any edit applied and it is not a dry run. An edit that fails is recorded with a message as
// full as EditBlock's and skipped; StopOnError stops at it and still writes
// the edits before it. The error is nil only when every edit applied and
// the file was written.
func (e *Editor) BatchEditBlocks(ctx context.Context, req BatchEditBlocksRequest) (*BatchEditBlocksResult, error) {
	res := &BatchEditBlocksResult{TotalEdits: len(req.Edits)}
	fail := func(err error) (*BatchEditBlocksResult, error) {
		res.Success, res.Message = false, err.Error()
		return res, err
	}
	if err := req.validate(); err != nil {
		return fail(err)
	}
	var b *batchRun
	be := BatchEditor{Path: req.Path, Exact: req.Exact, FuzzyThreshold: req.FuzzyThreshold, StopOnError: req.StopOnError}
	d, note, id, err := e.editFile(ctx, req.Path, writeOpts{dryRun: req.DryRun, force: req.Force}, func(f *file) ([]text.Edit, error) {
		if !f.exists && req.Edits[0].Search != "" {
			return nil, notFound(f)
		}
		for _, ed := range req.Edits {
			f.expect(ed.Replace)
		}
		var err error
		if b, err = be.run(ctx, buffer.New(f.doc.Body()), req.Edits); err != nil {
			return nil, err
		}
		return b.changes, nil
	})
	if err != nil {
		if b != nil {
			res = b.res // the edits applied, though the file could not be written
		}
		return fail(err)
	}
	res = b.res
	res.FinalDiff, res.RequestID = d, id
	fate := written
	if req.DryRun {
		fate = dryRun
	}
	err = b.summary(req.Path, fate)
	res.Message += note
	return res, err
}
