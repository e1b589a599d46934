package editkit

import (
	"context"
	"errors"
	"strings"
)

// errBlockFailed marks a streamed block that would not apply; its result
// says why.
var errBlockFailed = errors.New("editkit: a block of the response would not apply")

// A ResponseApplier applies a model's response while it streams in. Feed
// each chunk as it arrives: every block (or file of a patch) whose end
// marker the chunk completes is checked against the files at once, as a
// dry run of the blocks so far, so an agent can show progress and stop a
// stream that has gone wrong. Nothing is written before Close, which
// applies the whole response as [Editor.ApplyEditResponse] does: the
// blocks' files in one commit, each patch whole or not at all.
//
// To cancel, stop feeding and do not call Close (nothing was written), or
// cancel the context given to Close. A ResponseApplier is for one response
// and one goroutine.
type ResponseApplier struct {
	// Editor applies the response. Required.
	Editor *Editor
	// Options are those of ApplyEditResponse; DryRun makes Close check
	// without writing.
	Options ApplyOptions

	parser StreamParser
	text   strings.Builder
	blocks []Block
}

// Feed takes the next chunk of the response and returns the results of
// the blocks it completed, checked as a dry run. The error is the first of
// those blocks that would fail; the stream may go on regardless.
func (a *ResponseApplier) Feed(ctx context.Context, chunk string) ([]BlockResult, error) {
	a.text.WriteString(chunk)
	a.parser.exists = a.Editor.isFile // read file names as Close will
	done := a.parser.Feed(chunk)
	if len(done) == 0 {
		return nil, nil
	}
	a.blocks = append(a.blocks, done...)
	opts := a.Options
	opts.DryRun = true
	res, _ := a.Editor.ApplyBlocks(ctx, a.blocks, opts)
	out := res.Results[len(res.Results)-len(done):]
	for _, r := range out {
		if r.Status == StatusFailed {
			return out, &Error{Err: errBlockFailed, Path: r.File, Msg: r.Message}
		}
	}
	if err := ctx.Err(); err != nil {
		return out, err
	}
	return out, nil
}

// Close ends the response and applies it whole; see
// [Editor.ApplyEditResponse].
func (a *ResponseApplier) Close(ctx context.Context) (*ApplyEditResponseResult, error) {
	a.parser.Close()
	return a.Editor.ApplyEditResponse(ctx, ApplyEditResponseRequest{
		Response: a.text.String(), DryRun: a.Options.DryRun, Exact: a.Options.Exact,
		NormalizeEnding: a.Options.NormalizeEnding, Force: a.Options.Force,
	})
}
