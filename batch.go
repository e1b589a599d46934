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
	Path           string      `json:"path" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	Edits          []Edit `json:"edits" jsonschema:"The edits in the order to apply them" jsonschema_description:"The edits in the order to apply them" description:"The edits in the order to apply them"`
	StopOnError    bool        `json:"stopOnError,omitempty" jsonschema:"Stop at the first edit that fails. The edits before it are still written" jsonschema_description:"Stop at the first edit that fails. The edits before it are still written" description:"Stop at the first edit that fails. The edits before it are still written"`
	DryRun         bool        `json:"dryRun,omitempty" jsonschema:"Report what would happen without writing the file" jsonschema_description:"Report what would happen without writing the file" description:"Report what would happen without writing the file"`
	Force          bool        `json:"force,omitempty" jsonschema:"Write even a file whose mode makes it read-only" jsonschema_description:"Write even a file whose mode makes it read-only" description:"Write even a file whose mode makes it read-only"`
	FuzzyThreshold float64     `json:"fuzzyThreshold,omitempty" jsonschema:"Least similarity (0 to 1) of a fuzzy match. Default 0.7" jsonschema_description:"Least similarity (0 to 1) of a fuzzy match. Default 0.7" description:"Least similarity (0 to 1) of a fuzzy match. Default 0.7"`
}

func (r BatchEditBlocksRequest) validate() error {
	switch {
	case r.Path == "":
		return errorf(ErrInvalidRequest, "", "path is required").withHint("Send the file's path relative to the workspace root")
	case len(r.Edits) == 0:
		return errorf(ErrInvalidRequest, r.Path, "edits is empty").withHint("Send at least one edit with search and replace")
	case len(r.Edits) > maxItems:
		return tooMany(r.Path, "edits", len(r.Edits))
	case r.FuzzyThreshold < 0 || r.FuzzyThreshold > 1:
		return errorf(ErrInvalidRequest, r.Path, "fuzzyThreshold must be between 0 and 1 (got %g)", r.FuzzyThreshold)
	}
	return nil
}

// BatchEditBlocksResult says what happened to each edit of a batch.
type BatchEditBlocksResult struct {
	// Success reports that every edit was applied (and, unless a dry run,
	// written).
	Success         bool              `json:"success"`
	Message         string            `json:"message"`
	TotalEdits      int               `json:"totalEdits"`
	SuccessfulEdits int               `json:"successfulEdits"`
	FailedEdits     int               `json:"failedEdits"`
	Results         []EditResult `json:"results"`
	// FinalDiff is the diff of the whole batch against the file as read.
	FinalDiff string `json:"finalDiff,omitempty"`
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

// batch is the outcome of running a batch's edits on a buffer.
type batch struct {
	res     *BatchEditBlocksResult
	changes []text.Edit // of the original text, for writing and the final diff
	first   *Error      // the first failure
}

// runBatch applies edits in order to buf, each to the text the previous
// ones left, skipping (or, with stopOnError, stopping at) the ones that
// fail. The buffer is persistent: each edit costs what it touches, and the
// text before it stays available for its diff.
func runBatch(ctx context.Context, buf *buffer.Buffer, req BatchEditBlocksRequest, chain Chain) (*batch, error) {
	b := &batch{res: &BatchEditBlocksResult{TotalEdits: len(req.Edits), Results: make([]EditResult, 0, len(req.Edits))}}
	var comp text.Composer
	for i, ed := range req.Edits {
		if i%64 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		r := EditResult{Index: i, Label: ed.Label}
		p, err := planEdit(ctx, buf, req, ed, chain)
		if err != nil {
			e := asError(err, i+1, req.Path)
			if b.first == nil {
				b.first = e
			}
			r.Message = err.Error()
			b.res.Results = append(b.res.Results, r)
			b.res.FailedEdits++
			if req.StopOnError {
				break
			}
			continue
		}
		r.Success, r.Message, r.Strategy = true, p.result.Message, p.result.Strategy
		r.Diff = diff.Unified("a/"+req.Path, "b/"+req.Path, buf, p.edits)
		if len(p.result.Lines) > 0 {
			r.Line = p.result.Lines[0].Start
		}
		next := buf
		for j := len(p.edits) - 1; j >= 0; j-- { // from the end: earlier offsets hold
			e := p.edits[j]
			comp.Add(e.Start, e.End, e.New, buf.Slice)
			next = next.Replace(e.Start, e.End, e.New)
		}
		buf = next
		b.res.Results = append(b.res.Results, r)
		b.res.SuccessfulEdits++
	}
	b.changes = comp.Edits()
	return b, nil
}

func planEdit(ctx context.Context, buf *buffer.Buffer, req BatchEditBlocksRequest, ed Edit, chain Chain) (*plan, error) {
	opts := ReplaceOptions{FuzzyThreshold: req.FuzzyThreshold, Chain: chain}
	if ed.ExpectedReplacements != nil {
		if *ed.ExpectedReplacements < 1 {
			return nil, errorf(ErrInvalidRequest, req.Path, "expectedReplacements must be at least 1 (got %d)", *ed.ExpectedReplacements)
		}
		opts.ExpectedReplacements = *ed.ExpectedReplacements
	}
	return planReplace(ctx, buf, req.Path, ed.Search, ed.Replace, opts)
}

// What became of the file a batch edited, for its message.
const (
	inMemory = iota // BatchReplace: there is no file
	written
	dryRun
)

// summary fills in the batch's message and success, and returns the error
// to report: nil when every edit succeeded.
func (b *batch) summary(path string, fate int) error {
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

// BatchReplace applies the edits of req to content, as
// [Editor.BatchEditBlocks] does to a file (req.Path only labels messages,
// req.DryRun is ignored), and returns the new content. Edits apply in
// order, each to the text the previous ones left; one that fails is
// recorded and skipped, or ends the batch with StopOnError, and the others
// still apply. The error is nil only when every edit applied.
func BatchReplace(content string, req BatchEditBlocksRequest) (string, *BatchEditBlocksResult, error) {
	if req.Path == "" {
		req.Path = "content"
	}
	if err := req.validate(); err != nil {
		return content, &BatchEditBlocksResult{Message: err.Error()}, err
	}
	body, write, err := bodyOf(content, req.Path)
	if err != nil {
		return content, &BatchEditBlocksResult{Message: err.Error()}, err
	}
	b, err := runBatch(context.Background(), body, req, nil)
	if err != nil {
		return content, &BatchEditBlocksResult{Message: err.Error()}, err
	}
	out, err := write(b.changes)
	if err != nil {
		return content, &BatchEditBlocksResult{Message: err.Error()}, err
	}
	b.res.FinalDiff = diff.Unified("a/"+req.Path, "b/"+req.Path, body, b.changes)
	return out, b.res, b.summary(req.Path, inMemory)
}

// BatchEditBlocks applies many search-and-replace edits to one file: read
// once, edits in order (each to the text the previous ones left, each found
// as [Replace] finds it), one atomic write at the end when any edit applied
// and it is not a dry run. An edit that fails is recorded with a message as
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
	var b *batch
	d, note, err := e.editFile(ctx, req.Path, writeOpts{dryRun: req.DryRun, force: req.Force}, func(f *file) ([]text.Edit, error) {
		if !f.exists && req.Edits[0].Search != "" {
			return nil, notFound(f)
		}
		for _, ed := range req.Edits {
			f.expect(ed.Replace)
		}
		var err error
		if b, err = runBatch(ctx, buffer.New(f.doc.Body()), req, nil); err != nil {
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
	res.FinalDiff = d
	fate := written
	if req.DryRun {
		fate = dryRun
	}
	err = b.summary(req.Path, fate)
	res.Message += note
	return res, err
}
