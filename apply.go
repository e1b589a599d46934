package editkit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/text"
)

// ApplyEditResponseRequest asks to apply the edit blocks of a model's
// response.
type ApplyEditResponseRequest struct {
	Response        string `json:"response" jsonschema:"The model's response: prose with edit blocks in the v3 or SEARCH/REPLACE format" jsonschema_description:"The model's response: prose with edit blocks in the v3 or SEARCH/REPLACE format" description:"The model's response: prose with edit blocks in the v3 or SEARCH/REPLACE format"`
	DryRun          bool   `json:"dryRun,omitempty" jsonschema:"Check every block without writing" jsonschema_description:"Check every block without writing" description:"Check every block without writing"`
	Force           bool   `json:"force,omitempty" jsonschema:"Write even a file whose mode makes it read-only" jsonschema_description:"Write even a file whose mode makes it read-only" description:"Write even a file whose mode makes it read-only"`
	Format          string `json:"format,omitempty" jsonschema:"auto (the default) or v3 or search-replace or patch" jsonschema_description:"auto (the default) or v3 or search-replace or patch" description:"auto (the default) or v3 or search-replace or patch"`
	Exact           bool   `json:"exact,omitempty" jsonschema:"Find each block's lines only exactly as written: no tolerance for indentation or whitespace or quotes or typos" jsonschema_description:"Find each block's lines only exactly as written: no tolerance for indentation or whitespace or quotes or typos" description:"Find each block's lines only exactly as written: no tolerance for indentation or whitespace or quotes or typos"`
	NormalizeEnding bool   `json:"normalizeEnding,omitempty" jsonschema:"End each written file with exactly one newline. By default a file keeps its own ending" jsonschema_description:"End each written file with exactly one newline. By default a file keeps its own ending" description:"End each written file with exactly one newline. By default a file keeps its own ending"`
	// Deprecated: tolerant matching is the default now; set Exact for
	// exact matching. The field is accepted and ignored.
	Fuzzy bool `json:"fuzzy,omitempty" jsonschema:"Deprecated and ignored: tolerant matching is the default; set exact for exact matching" jsonschema_description:"Deprecated and ignored: tolerant matching is the default; set exact for exact matching" description:"Deprecated and ignored: tolerant matching is the default; set exact for exact matching"`
	// Deprecated: files keep their own ending by default now; set
	// NormalizeEnding for the old behavior. The field is accepted and
	// ignored.
	KeepEnding bool `json:"keepEnding,omitempty" jsonschema:"Deprecated and ignored: files keep their own ending by default; set normalizeEnding to end them with one newline" jsonschema_description:"Deprecated and ignored: files keep their own ending by default; set normalizeEnding to end them with one newline" description:"Deprecated and ignored: files keep their own ending by default; set normalizeEnding to end them with one newline"`
}

func (r ApplyEditResponseRequest) validate() error {
	switch r.Format {
	case "", "auto", string(FormatV3), string(FormatSearchReplace), string(FormatPatch):
	default:
		return errorf(ErrInvalidRequest, "", "format %q is not one of auto, v3, search-replace, patch", r.Format)
	}
	if r.KeepEnding && r.NormalizeEnding {
		return errorf(ErrInvalidRequest, "", "keepEnding and normalizeEnding contradict each other").withHint("Leave keepEnding out: files keep their ending unless normalizeEnding is set")
	}
	return nil
}

// ApplyOptions tune [Editor.ApplyBlocks]; the zero value finds each block
// as the tools find text by default, keeps each file's ending, and writes.
type ApplyOptions struct {
	// DryRun checks every block and writes nothing.
	DryRun bool
	// Exact finds each block's lines only as they are written, whole lines
	// byte for byte.
	Exact bool
	// NormalizeEnding ends each written file with exactly one newline, as
	// the v3 format's first applier did.
	NormalizeEnding bool
	// Force writes files whose mode makes them read-only.
	Force bool
}

// ApplyEditResponseResult says what happened to each block.
type ApplyEditResponseResult struct {
	Success bool          `json:"success"`
	Message string        `json:"message"`
	Results []BlockResult `json:"results"`
	// FilesModified lists the files written (for a dry run, the files that
	// would be).
	FilesModified []string `json:"filesModified"`
	// Diffs maps each file in FilesModified to its unified diff.
	Diffs map[string]string `json:"diffs"`
	// ShellSuggestions are the file commands (git rm, git mv, mkdir -p,
	// rm -rf) the response gives in backquotes or shell code blocks, for a
	// person to run. They are never run.
	ShellSuggestions []string     `json:"shellSuggestions"`
	ParseIssues      []ParseIssue `json:"parseIssues"`
	// RequestID identifies the write in the editor's journal: undo it
	// with the undo tool. Empty when nothing was written.
	RequestID string `json:"requestId,omitempty"`
}

// BlockResult is what happened to one edit block.
type BlockResult struct {
	File   string `json:"file"`
	Status Status `json:"status"` // applied, failed, or skipped
	// Message says what was done, or why not, for a model.
	Message string `json:"message"`
	// Line is the line of the file where the block applied, or where the
	// text it was matched against is; 0 when there is none.
	Line int `json:"line,omitempty"`
	// Strategy is the replacer that found the block's lines: "exact", or a
	// tolerant one such as "line-trimmed".
	Strategy string `json:"strategy,omitempty"`
	// ResponseLine is the line of the response where the block starts.
	ResponseLine int `json:"responseLine"`
}

// The applier's messages begin with these texts, as the v3 parser's
// callers know them.
const (
	msgAnchorNotFound = "Anchor not found in file"
	msgAmbiguous      = "Edit location is ambiguous"
	msgOldMismatch    = "Old lines don't match content after anchor"
	msgNotFound       = "Content sequence not found in file"
	msgFileNotFound   = "File not found"
	msgBinary         = "Cannot edit binary file"
	msgPrevFailed     = "Previous edit to this file failed"
	msgFileExists     = "File already exists"
)

// ApplyEditResponse parses a model's response ([ParseResponse], or one
// format) and applies its blocks with [Editor.ApplyBlocks]. Malformed
// blocks are reported in ParseIssues and do not stop the others. Unlike
// the parser on its own, it reads a line of one word with no extension
// ("shtest") as a block's file name when the workspace has that file.
func (e *Editor) ApplyEditResponse(ctx context.Context, req ApplyEditResponseRequest) (*ApplyEditResponseResult, error) {
	if err := req.validate(); err != nil {
		return &ApplyEditResponseResult{Message: err.Error()}, err
	}
	var blocks []Block
	var issues []ParseIssue
	var patches []patchRegion
	switch f := Format(req.Format); f {
	case FormatV3, FormatSearchReplace:
		p := parseLines(req.Response, f, true, e.isFile)
		blocks, issues = p.blocks, p.issues
	default:
		// Patches go to apply_patch whole, with their headers, moves and
		// deletions; the parser hands out the other blocks.
		p := parseLines(req.Response, "", false, e.isFile)
		blocks, issues, patches = p.blocks, p.issues, p.patches
		if Format(req.Format) == FormatPatch {
			blocks = nil
		}
	}
	res, err := e.ApplyBlocks(ctx, blocks, ApplyOptions{DryRun: req.DryRun, Exact: req.Exact, NormalizeEnding: req.NormalizeEnding, Force: req.Force})
	if len(patches) > 0 {
		err = e.applyResponsePatches(ctx, req, patches, res, len(blocks) > 0, err)
	}
	edits := len(blocks) + len(patches)
	res.ParseIssues = append(res.ParseIssues, issues...)
	res.ShellSuggestions = ShellSuggestions(req.Response)
	if len(issues) > 0 {
		res.Success = false
		res.Message += fmt.Sprintf(" %s could not be parsed; parseIssues says why.", plural(len(issues), "block"))
		if err == nil {
			err = errorf(ErrInvalidRequest, "", "%s of the response could not be parsed: line %d: %s", plural(len(issues), "block"), issues[0].Line, issues[0].Message)
		}
	}
	switch {
	case edits == 0 && len(issues) == 0:
		res.Message = "The response has no edit blocks."
	case edits == 0:
		res.Message = fmt.Sprintf("Nothing was applied: %s of the response could not be parsed; parseIssues says why.", plural(len(issues), "edit block"))
	}
	return res, err
}

// isFile reports whether the workspace has a regular file called name.
func (e *Editor) isFile(name string) bool {
	if e.Workspace == nil {
		return false
	}
	if _, err := e.store().canonical(name); err != nil {
		return false // outside the root, or no name at all
	}
	fi, err := e.Workspace.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

// applyResponsePatches applies the patches of a response, each as one
// apply_patch transaction, adding a result per file of each to res. It
// returns the first error, err included.
func (e *Editor) applyResponsePatches(ctx context.Context, req ApplyEditResponseRequest, patches []patchRegion, res *ApplyEditResponseResult, hadBlocks bool, err error) error {
	var msgs []string
	if hadBlocks {
		msgs = append(msgs, res.Message)
	}
	for _, pr := range patches {
		pres, diffs, perr := e.applyPatch(ctx, ApplyPatchRequest{Input: pr.text, DryRun: req.DryRun, Force: req.Force})
		if res.RequestID == "" {
			res.RequestID = pres.RequestID // a response with several writes names its first
		}
		if err == nil {
			err = perr
		}
		msgs = append(msgs, pres.Message)
		if len(pres.Files) == 0 {
			res.Results = append(res.Results, BlockResult{Status: StatusFailed, Message: pres.Message, ResponseLine: pr.start})
		}
		for _, f := range pres.Files {
			br := BlockResult{File: f.Path, Status: f.Status, Message: f.Message, ResponseLine: pr.start}
			if len(f.Chunks) > 0 {
				br.Line, br.Strategy = f.Chunks[0].Line, f.Chunks[0].Strategy
			}
			res.Results = append(res.Results, br)
			if perr == nil {
				for _, name := range []string{f.Path, f.MoveTo} {
					if name != "" {
						res.FilesModified = append(res.FilesModified, name)
					}
				}
				if d := diffs[cmpOr(f.MoveTo, f.Path)]; d != "" {
					res.Diffs[cmpOr(f.MoveTo, f.Path)] = d
				}
			}
		}
	}
	res.Success = err == nil
	res.Message = strings.Join(msgs, "\n")
	return err
}

// fileRun is the state of one file while its blocks apply.
type fileRun struct {
	name    string
	f       *file
	err     error // the file could not be loaded
	buf     *buffer.Buffer
	comp    text.Composer
	failed  bool
	changed bool
}

// ApplyBlocks applies edit blocks in order, each to its file as the
// blocks before it left it. A block's anchor and old lines must occur in
// the file exactly once, as whole lines; a block with neither creates its
// file, which must be missing or empty. After a block fails, the later
// blocks of its file are skipped; other files go on. The files with applied
// blocks are written together, all or none, keeping their endings unless
// NormalizeEnding; when [Editor.GitAdd] is set and the workspace is a git
// work tree, they are staged. The error is nil only when every block
// applied.
func (e *Editor) ApplyBlocks(ctx context.Context, blocks []Block, opts ApplyOptions) (*ApplyEditResponseResult, error) {
	res := &ApplyEditResponseResult{Results: make([]BlockResult, len(blocks)), FilesModified: []string{}, Diffs: map[string]string{}, ShellSuggestions: []string{}, ParseIssues: []ParseIssue{}}
	var names, lockable []string
	runs := map[string]*fileRun{}
	for _, b := range blocks {
		if runs[b.Path] != nil {
			continue
		}
		fr := &fileRun{name: b.Path}
		runs[b.Path] = fr
		names = append(names, b.Path)
		if _, err := e.store().canonical(b.Path); err != nil {
			fr.err = err // a path outside the workspace fails its own blocks only
			continue
		}
		lockable = append(lockable, b.Path)
	}
	r, err := e.begin(ctx, writeOpts{dryRun: opts.DryRun, force: opts.Force}, lockable...)
	if err != nil {
		res.Message = err.Error()
		return res, err
	}
	defer r.end()
	var first error
	for i, b := range blocks {
		fr := runs[b.Path]
		br := &res.Results[i]
		br.File, br.ResponseLine = b.Path, b.Start
		if fr.f == nil && fr.err == nil {
			fr.f, fr.err = e.load(b.Path, "")
			if fr.err == nil {
				fr.buf = buffer.New(fr.f.doc.Body())
			}
		}
		err := e.applyBlock(ctx, fr, b, opts, br)
		if err != nil {
			br.Status, br.Message = StatusFailed, err.Error()
			if errors.Is(err, errSkipped) {
				br.Status = StatusSkipped
			} else {
				fr.failed = true
			}
			if first == nil {
				first = err
			}
			continue
		}
		br.Status = StatusApplied
	}
	unwritten := func(name string, err error) {
		for i := range res.Results {
			if (name == "" || res.Results[i].File == name) && res.Results[i].Status == StatusApplied {
				res.Results[i].Status, res.Results[i].Message = StatusFailed, "The file could not be written: "+err.Error()
			}
		}
		if first == nil {
			first = err
		}
	}
	for _, name := range names {
		fr := runs[name]
		if !fr.changed {
			continue
		}
		d, err := e.finishFile(r, fr, opts)
		if err != nil {
			unwritten(name, err)
			continue
		}
		res.FilesModified = append(res.FilesModified, name)
		res.Diffs[name] = d
	}
	// Every file with applied blocks is written in one commit: all or none.
	if err := r.commit(); err != nil {
		unwritten("", err)
		res.FilesModified, res.Diffs = []string{}, map[string]string{}
	}
	res.RequestID = r.writtenID()
	applied, failed, skipped := 0, 0, 0
	for _, br := range res.Results {
		switch br.Status {
		case StatusApplied:
			applied++
		case StatusFailed:
			failed++
		default:
			skipped++
		}
	}
	res.Success = first == nil
	verb := "Wrote"
	if opts.DryRun {
		verb = "Dry run, nothing written; would write"
	}
	res.Message = fmt.Sprintf("%d of %s applied (%d failed, %d skipped). %s %s.", applied, plural(len(blocks), "block"), failed, skipped, verb, plural(len(res.FilesModified), "file"))
	if !opts.DryRun && e.GitAdd && len(res.FilesModified) > 0 {
		res.Message += e.gitAdd(ctx, res.FilesModified)
	}
	return res, first
}

// errSkipped marks a block skipped because an earlier one on its file failed.
var errSkipped = errors.New(msgPrevFailed)

// applyBlock applies one block to its file's text, or says why not.
func (e *Editor) applyBlock(ctx context.Context, fr *fileRun, b Block, opts ApplyOptions, br *BlockResult) error {
	if fr.failed {
		return &Error{Err: errSkipped, Path: b.Path, Msg: msgPrevFailed, Hint: "Fix the earlier block for this file and send the later ones again"}
	}
	creating := len(b.Anchor) == 0 && len(b.Old) == 0
	switch {
	case errors.Is(fr.err, ErrBinary):
		return &Error{Err: ErrBinary, Path: b.Path, Msg: msgBinary, Hint: "Change it with a tool made for its format"}
	case fr.err != nil:
		return fr.err
	case !fr.f.exists && !fr.changed && !creating: // created by an earlier block: it exists now
		return &Error{Err: ErrFileNotFound, Path: b.Path, Msg: msgFileNotFound + ": " + b.Path,
			Hint: "Check the path; to create the file, leave the old side of the block empty"}
	}
	if creating {
		if fr.buf.Len() > 0 {
			return &Error{Err: ErrFileExists, Path: b.Path, Msg: msgFileExists,
				Hint: "A block with an empty old side creates a file; to change this one, quote the lines to replace"}
		}
		fr.edit(br, []text.LineEdit{{From: 0, To: 0, Text: joinLines(b.New)}}, 1)
		br.Message = fmt.Sprintf("Created %s with %s.", b.Path, plural(len(b.New), "line"))
		return nil
	}
	seq := append(append([]string{}, b.Anchor...), b.Old...)
	at := findSequence(fr.buf, seq)
	switch {
	case len(at) == 1:
		from := at[0] + len(b.Anchor)
		fr.edit(br, []text.LineEdit{{From: from, To: from + len(b.Old), Text: joinLines(b.New)}}, from+1)
		br.Message, br.Strategy = describeBlock(b, from+1)+".", "exact"
		return nil
	case len(at) > 1:
		lines := make([]LineRange, len(at))
		for i, l := range at {
			lines[i] = LineRange{l + 1, l + len(seq)}
		}
		br.Line = at[0] + 1
		return ambiguousBlock(b, lines)
	case opts.Exact:
		return explainMiss(fr.buf, b, br)
	}
	// Not there exactly: look for the lines as edit_block looks for text,
	// whole lines only, ignoring indentation, spacing and typography, a
	// typo in a middle line.
	p, err := planReplace(ctx, fr.buf, b.Path, joinLines(seq), joinLines(append(append([]string{}, b.Anchor...), b.New...)), ReplaceOptions{Chain: blockChain})
	var pe *Error
	switch {
	case err == nil:
	case errors.As(err, &pe) && pe.Err == ErrAmbiguous && len(pe.Lines) > 1:
		br.Line = pe.Lines[0].Start
		return ambiguousBlock(b, pe.Lines)
	case errors.Is(err, ErrNotFound) || errors.Is(err, ErrNoOp):
		return explainMiss(fr.buf, b, br)
	default:
		return err
	}
	fr.apply(p.edits)
	br.Line, br.Strategy = p.result.Lines[0].Start+len(b.Anchor), p.result.Strategy
	br.Message = describeBlock(b, br.Line) + " " + matchedBy(p.result.Strategy)
	return nil
}

// blockChain finds a block's lines when they are not in the file exactly:
// the replacers of the default chain that match whole lines.
var blockChain = DefaultChain().Without("exact", "escape-normalized", "trimmed-boundary", "multi-occurrence")

// matchedBy says how a tolerant replacer matched, for a message.
func matchedBy(strategy string) string {
	if note := tierNotes[strategy]; note != "" {
		return fmt.Sprintf("(matched by %s: %s).", strategy, note)
	}
	return fmt.Sprintf("(matched by %s).", strategy)
}

// ambiguousBlock says a block's lines occur at several places.
func ambiguousBlock(b Block, at []LineRange) *Error {
	starts := make([]int, len(at))
	for i, r := range at {
		starts[i] = r.Start - 1
	}
	hint := "Add anchor lines (unchanged lines at the start of both sections) that occur only at the place you mean"
	if b.Format == FormatSearchReplace {
		hint = "Quote more lines around the change, in both SEARCH and REPLACE, so that they occur only at the place you mean"
	}
	e := &Error{Err: ErrAmbiguous, Path: b.Path, Msg: fmt.Sprintf("%s (matches at %s)", msgAmbiguous, listLines(starts)), Hint: hint}
	return e.at(at...)
}

// findSequence returns the first lines (0-based) of every run of lines of
// buf equal to seq.
func findSequence(buf *buffer.Buffer, seq []string) []int {
	return findLineBlocks(buf, seq, buffer.Exact, 0)
}

// explainMiss says why a block's lines were not found, in the seed's terms,
// with the text the file has where it comes closest.
func explainMiss(buf *buffer.Buffer, b Block, br *BlockResult) *Error {
	e := &Error{Err: ErrNotFound, Path: b.Path, Msg: msgNotFound, Hint: "Copy the anchor and old lines from the file exactly"}
	if b.Format == FormatSearchReplace {
		// A SEARCH section is one piece of text: its lines that REPLACE
		// starts with too are not an anchor its writer meant.
		e.Hint = "Copy the SEARCH lines from the file exactly"
	}
	var anchors []int
	if len(b.Anchor) > 0 && b.Format != FormatSearchReplace {
		if anchors = findSequence(buf, b.Anchor); len(anchors) == 0 {
			e.Msg = msgAnchorNotFound
		}
	}
	if at := appliedAt(buf, b); at >= 0 {
		br.Line = at + 1
		e.Msg += fmt.Sprintf("; the block's new lines are already at line %d, so it looks applied already", at+1)
		e.Hint = "Check the file before sending the block again"
		return e
	}
	seq := append(append([]string{}, b.Anchor...), b.Old...)
	if len(anchors) > 0 {
		a := anchors[0]
		br.Line = a + 1
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s: the anchor is at %s, and the lines after it are not the old lines:\n", msgOldMismatch, listLines(anchors))
		writeRegion(&sb, buf, seq, a)
		e.Err, e.Msg = ErrMismatch, strings.TrimSuffix(sb.String(), "\n")
		e.Hint = "Quote the lines after the anchor as the file has them"
		return e
	}
	start, ok := nearestRegion(buf, seq)
	if !ok {
		e.Msg += fmt.Sprintf("; no line of the file (%s) resembles them", plural(buf.LineCount(), "line"))
		return e
	}
	br.Line = start + 1
	var sb strings.Builder
	fmt.Fprintf(&sb, ". The nearest text is at line %d:\n", start+1)
	writeRegion(&sb, buf, seq, start)
	e.Msg += strings.TrimSuffix(sb.String(), "\n")
	return e
}

// appliedAt returns the 0-based line where the file already has a block's
// anchor and new lines, or -1. They must say enough not to be there by
// chance.
func appliedAt(buf *buffer.Buffer, b Block) int {
	done := append(append([]string{}, b.Anchor...), b.New...)
	if len(b.New) == 0 || len(strings.TrimSpace(joinLines(done))) < 16 {
		return -1
	}
	if at := findSequence(buf, done); len(at) > 0 {
		return at[0]
	}
	return -1
}

// edit applies line edits of the file's current text, recording where.
func (fr *fileRun) edit(br *BlockResult, les []text.LineEdit, line int) {
	fr.apply(text.LineEdits(fr.buf, les))
	br.Line = line
}

// apply applies byte edits of the file's current text; edits that change
// nothing leave the file as it was.
func (fr *fileRun) apply(edits []text.Edit) {
	next := fr.buf
	for k := len(edits) - 1; k >= 0; k-- { // from the end: earlier offsets hold
		ed := edits[k]
		if ed.New == fr.buf.Slice(ed.Start, ed.End) {
			continue
		}
		fr.comp.Add(ed.Start, ed.End, ed.New, fr.buf.Slice)
		next = next.Replace(ed.Start, ed.End, ed.New)
		fr.changed = true
	}
	fr.buf = next
}

// finishFile stages the file for the request's commit, with exactly one
// final newline when NormalizeEnding asks for it; it returns the file's
// diff.
func (e *Editor) finishFile(r *request, fr *fileRun, opts ApplyOptions) (string, error) {
	if end := fr.buf.Len(); opts.NormalizeEnding && end > 0 {
		start := end // of the run of line ends the text ends with
		for start > 0 && fr.buf.Slice(start-1, start) == "\n" {
			start--
		}
		if end-start != 1 {
			fr.apply([]text.Edit{{Start: start, End: end, New: "\n"}})
		}
	}
	edits := fr.comp.Edits()
	out, err := fr.f.doc.Apply(edits)
	if err != nil {
		return "", encodingError(fr.name, err)
	}
	r.stage(fr.f, out)
	return fileDiff(fr.f, edits), nil
}

func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// listLines writes 0-based line numbers as "line 3", "lines 3 and 9",
// "lines 3, 9 and 12".
func listLines(ls []int) string {
	shown := ls[:min(len(ls), shownRanges)]
	parts := make([]string, len(shown))
	for i, l := range shown {
		parts[i] = fmt.Sprint(l + 1)
	}
	switch more := len(ls) - len(shown); {
	case more > 0:
		return "lines " + strings.Join(parts, ", ") + fmt.Sprintf(" and %d more", more)
	case len(parts) == 1:
		return "line " + parts[0]
	}
	return "lines " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// describeBlock says what a block did at a line, without a final period.
func describeBlock(b Block, line int) string {
	switch {
	case len(b.Old) == 0 && len(b.New) == 0:
		return fmt.Sprintf("The block changes nothing (its old and new lines are the same), at line %d", line)
	case len(b.Old) == 0:
		return fmt.Sprintf("Inserted %s after the anchor, at line %d", plural(len(b.New), "line"), line)
	case len(b.New) == 0:
		return fmt.Sprintf("Deleted %s at line %d", plural(len(b.Old), "line"), line)
	}
	return fmt.Sprintf("Replaced %s with %s at line %d", plural(len(b.Old), "line"), plural(len(b.New), "line"), line)
}

// gitAdd stages written files when the workspace is a git work tree, and
// says how it went.
func (e *Editor) gitAdd(ctx context.Context, files []string) string {
	dw, ok := e.Workspace.(*DirWorkspace)
	if !ok {
		return ""
	}
	if out, err := exec.CommandContext(ctx, "git", "-C", dw.Dir(), "rev-parse", "--is-inside-work-tree").Output(); err != nil || strings.TrimSpace(string(out)) != "true" {
		return ""
	}
	// Literal pathspecs: a file named ":(glob)**" or "*" is that file, not
	// every file of the repository.
	args := append([]string{"--literal-pathspecs", "-C", dw.Dir(), "add", "--"}, files...)
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Env = append(os.Environ(), "GIT_LITERAL_PATHSPECS=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Sprintf(" git add failed: %v: %s", err, strings.TrimSpace(string(out)))
	}
	return fmt.Sprintf(" Staged %s with git add.", plural(len(files), "file"))
}

var (
	backquotedCmd = lazyRegexp("`((?:git rm|git mv|mkdir -p|rm -rf)\\s[^`\\n]+)`")
	shellLineCmd  = lazyRegexp(`^\s*(?:\$\s+)?((?:git rm|git mv|mkdir -p|rm -rf)\s.+?)\s*$`)
	// shellLang holds the info strings of the code fences whose lines are
	// commands; an unlabelled fence counts.
	shellLang = map[string]bool{"": true, "bash": true, "sh": true, "shell": true, "console": true, "zsh": true}
)

// ShellSuggestions returns the file commands a response suggests — git rm,
// git mv, mkdir -p and rm -rf, in backquotes or on lines of a shell code
// block — in order, once each, for a person to review. editkit never runs
// them.
func ShellSuggestions(response string) []string {
	out := []string{}
	seen := map[string]bool{}
	add := func(cmd string) {
		if cmd = strings.TrimSpace(cmd); !seen[cmd] {
			seen[cmd] = true
			out = append(out, cmd)
		}
	}
	inFence, inShell := false, false
	for line := range strings.Lines(response) {
		t := strings.TrimSpace(line)
		if isFence(t) {
			lang := strings.ToLower(strings.TrimLeft(t, "`~"))
			inFence, inShell = !inFence, !inFence && shellLang[lang]
			continue
		}
		if inShell {
			if m := shellLineCmd().FindStringSubmatch(line); m != nil {
				add(m[1])
			}
			continue
		}
		for _, m := range backquotedCmd().FindAllStringSubmatch(line, -1) {
			add(m[1])
		}
	}
	return out
}
