package editkit

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/patchfmt"
	"github.com/editkit/editkit/internal/text"
)

// ApplyPatchRequest asks to apply a patch: a V4A patch ("*** Begin
// Patch") or a unified diff in Input, or the operations of an OpenAI
// apply_patch call.
type ApplyPatchRequest struct {
	Input      string           `json:"input,omitempty" jsonschema:"The patch: a V4A patch from *** Begin Patch to *** End Patch or a unified diff with --- and +++ headers and @@ hunks" jsonschema_description:"The patch: a V4A patch from *** Begin Patch to *** End Patch or a unified diff with --- and +++ headers and @@ hunks" description:"The patch: a V4A patch from *** Begin Patch to *** End Patch or a unified diff with --- and +++ headers and @@ hunks"`
	Operations []PatchOperation `json:"operations,omitempty" jsonschema:"Instead of input: the operations of an apply_patch call" jsonschema_description:"Instead of input: the operations of an apply_patch call" description:"Instead of input: the operations of an apply_patch call"`
	DryRun     bool             `json:"dryRun,omitempty" jsonschema:"Check the whole patch without writing" jsonschema_description:"Check the whole patch without writing" description:"Check the whole patch without writing"`
	Force      bool             `json:"force,omitempty" jsonschema:"Write even a file whose mode makes it read-only" jsonschema_description:"Write even a file whose mode makes it read-only" description:"Write even a file whose mode makes it read-only"`
}

// A PatchOperation is one operation of an OpenAI apply_patch call.
type PatchOperation struct {
	Type string `json:"type" jsonschema:"create_file or update_file or delete_file" jsonschema_description:"create_file or update_file or delete_file" description:"create_file or update_file or delete_file"`
	Path string `json:"path" jsonschema:"The file relative to the workspace root" jsonschema_description:"The file relative to the workspace root" description:"The file relative to the workspace root"`
	// Diff is the V4A text of the file's change: for update_file its hunks
	// ("@@" headers and lines starting with space or minus or plus), for
	// create_file its lines each starting with "+".
	Diff string `json:"diff,omitempty" jsonschema:"The V4A diff: hunks for update_file or lines starting with + for create_file" jsonschema_description:"The V4A diff: hunks for update_file or lines starting with + for create_file" description:"The V4A diff: hunks for update_file or lines starting with + for create_file"`
}

func (r ApplyPatchRequest) validate() error {
	switch {
	case r.Input == "" && len(r.Operations) == 0:
		return errorf(ErrInvalidRequest, "", "the request has neither input nor operations").
			withHint("Send the patch text in input")
	case r.Input != "" && len(r.Operations) > 0:
		return errorf(ErrInvalidRequest, "", "the request has both input and operations").
			withHint("Send one of them")
	}
	for i, op := range r.Operations {
		switch op.Type {
		case "create_file", "update_file", "delete_file":
		default:
			return errorf(ErrInvalidRequest, "", "operation %d: type %q is not one of create_file, update_file, delete_file", i+1, op.Type)
		}
		if strings.TrimSpace(op.Path) == "" {
			return errorf(ErrInvalidRequest, "", "operation %d: the path is empty", i+1)
		}
	}
	return nil
}

// ApplyPatchResult says what a patch did to each file.
type ApplyPatchResult struct {
	Success bool `json:"success"`
	// Message starts with codex's own summary ("Success. Updated the
	// following files:" and a line "A path", "M path" or "D path" for each)
	// and then says how hunks that were not exact copies matched; on
	// failure it says what failed and that nothing was written.
	Message string            `json:"message"`
	Files   []PatchFileResult `json:"files"`
	// Diff is the unified diff of every file written (or, for a dry run,
	// that would be).
	Diff string `json:"diff"`
	// RequestID identifies the write in the editor's journal: undo it
	// with the undo tool. Empty when nothing was written.
	RequestID string `json:"requestId,omitempty"`
}

// PatchFileResult is what happened to one file of a patch.
type PatchFileResult struct {
	Path   string `json:"path"`
	MoveTo string `json:"moveTo,omitempty"`
	// Action is add, update, delete or move.
	Action string `json:"action"`
	// Status is applied (or planned, for a dry run), failed, or notApplied:
	// the file was fine but another one failed, and a patch is written
	// whole or not at all.
	Status  Status        `json:"status"`
	Message string        `json:"message,omitempty"`
	Chunks  []ChunkResult `json:"chunks,omitempty"`
}

// ChunkResult says where one hunk of a patch applied.
type ChunkResult struct {
	// Line is the line of the file (as it was) where the hunk's old lines
	// start, or where its lines were inserted.
	Line int `json:"line"`
	// Strategy is how its old lines were found: exact, or a tolerant line
	// tier such as line-trimmed; "header" or "end of file" for a hunk that
	// only adds lines.
	Strategy string `json:"strategy"`
}

// ApplyPatch applies a V4A patch or a unified diff (or the operations of
// an apply_patch call) as one transaction: every file is created,
// updated, moved or deleted, or none is. Each hunk's old lines (context
// and removed) are found by their content, as whole lines, with the line
// tiers of the default chain (exact, trailing-whitespace, line-trimmed,
// whitespace-normalized, unicode-normalized), in file order after the
// hunk before; line numbers in "@@" headers are hints only. Where a
// hunk's old lines are in several places, a V4A "@@" header (or git's
// section line) picks the first after it when the next is past the end of
// the block the header line opens and no copy of the header comes between
// them; the hunk's line number picks the place clearly nearest it; alike
// hunks as many as the places take them in turn; and the hunks after it
// pick the one place after which each of them still has a place. It
// refuses, writing nothing: a hunk whose old lines are not in the file
// ([ErrNotFound], with the nearest text), or are in several places that
// nothing tells apart ([ErrAmbiguous], naming them); a hunk that only adds
// lines without a header or "*** End of File" to place it; a file added
// or moved onto one that exists ([ErrFileExists]); a file updated or
// deleted that does not ([ErrFileNotFound]); a path outside the
// workspace; a patch it cannot read ([ErrInvalidRequest], naming the
// line). Files keep their line endings, encoding, byte order mark and
// final newline, unless a unified diff's "\ No newline at end of file"
// says otherwise.
func (e *Editor) ApplyPatch(ctx context.Context, req ApplyPatchRequest) (*ApplyPatchResult, error) {
	res, _, err := e.applyPatch(ctx, req)
	return res, err
}

// applyPatch is ApplyPatch, also returning each written file's diff.
func (e *Editor) applyPatch(ctx context.Context, req ApplyPatchRequest) (*ApplyPatchResult, map[string]string, error) {
	res := &ApplyPatchResult{Files: []PatchFileResult{}}
	fileDiffs := map[string]string{}
	fail := func(err error) (*ApplyPatchResult, map[string]string, error) {
		res.Message = err.Error()
		return res, nil, err
	}
	if err := req.validate(); err != nil {
		return fail(err)
	}
	files, err := req.files()
	if err != nil {
		return fail(err)
	}
	if err := checkPatchPaths(files); err != nil {
		return fail(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Path)
		if f.MoveTo != "" {
			names = append(names, f.MoveTo)
		}
	}
	r, err := e.begin(ctx, writeOpts{dryRun: req.DryRun, force: req.Force}, names...)
	if err != nil {
		return fail(err)
	}
	defer r.end()
	var diffs []string
	var first error
	for _, pf := range files {
		fr := PatchFileResult{Path: pf.Path, MoveTo: pf.MoveTo, Action: patchAction(pf)}
		d, err := e.planPatchFile(ctx, r, pf, &fr)
		if err != nil {
			fr.Status, fr.Message = StatusFailed, err.Error()
			if first == nil {
				first = err
			}
		} else {
			fr.Status = StatusPlanned
			diffs = append(diffs, d)
			fileDiffs[cmpOr(pf.MoveTo, pf.Path)] = d
		}
		res.Files = append(res.Files, fr)
	}
	if first == nil {
		first = r.commit()
	}
	if first != nil {
		r.staged = nil
		for i := range res.Files {
			if res.Files[i].Status == StatusPlanned {
				res.Files[i].Status, res.Files[i].Message = StatusNotApplied, "Not written: a patch is written whole or not at all, and another file failed."
			}
		}
		res.Message = "Nothing was written: " + first.Error()
		if n := countStatus(res.Files, StatusFailed); n > 1 {
			res.Message += fmt.Sprintf(" (%d files failed; files says why for each)", n)
		}
		return res, nil, first
	}
	res.Success, res.Diff, res.RequestID = true, strings.Join(diffs, ""), r.writtenID()
	if !req.DryRun {
		for i := range res.Files {
			res.Files[i].Status = StatusApplied
		}
	}
	res.Message = patchSummary(res.Files, req.DryRun)
	return res, fileDiffs, nil
}

// cmpOr is the first of its arguments that is not empty.
func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// files reads the request's patch.
func (r ApplyPatchRequest) files() ([]patchfmt.File, error) {
	if r.Input != "" {
		files, err := patchfmt.Parse(r.Input)
		if err != nil {
			return nil, patchSyntaxError(err)
		}
		return files, nil
	}
	var files []patchfmt.File
	for i, op := range r.Operations {
		switch op.Type {
		case "delete_file":
			files = append(files, patchfmt.File{Op: patchfmt.Delete, Path: op.Path})
			continue
		}
		header := "*** Update File: "
		if op.Type == "create_file" {
			header = "*** Add File: "
		}
		fs, err := patchfmt.ParseV4A("*** Begin Patch\n" + header + op.Path + "\n" + strings.TrimSuffix(op.Diff, "\n") + "\n*** End Patch\n")
		if err != nil {
			var se *patchfmt.SyntaxError
			if errors.As(err, &se) {
				return nil, errorf(ErrInvalidRequest, op.Path, "operation %d: the diff cannot be read: line %d: %s", i+1, max(se.Line-2, 1), se.Msg).
					withHint("Send the V4A lines of the change: hunks after @@ for update_file, lines starting with + for create_file")
			}
			return nil, err
		}
		files = append(files, fs...)
	}
	return files, nil
}

func patchSyntaxError(err error) error {
	var se *patchfmt.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	return errorf(ErrInvalidRequest, "", "the patch cannot be read: line %d: %s", se.Line, se.Msg).
		withHint("Send a V4A patch (*** Begin Patch, *** Update File: path, @@ hunks, *** End Patch) or a unified diff (--- a/path, +++ b/path, @@ -1,3 +1,3 @@ hunks)")
}

// checkPatchPaths refuses a patch that names a file twice: which change
// would come first is not said.
func checkPatchPaths(files []patchfmt.File) error {
	seen := map[string]bool{}
	for _, f := range files {
		for _, p := range []string{f.Path, f.MoveTo} {
			if p == "" {
				continue
			}
			if seen[p] {
				return errorf(ErrInvalidRequest, p, "the patch changes this file twice").
					withHint("Put every hunk of a file under one file header")
			}
			seen[p] = true
		}
	}
	return nil
}

func patchAction(f patchfmt.File) string {
	if f.MoveTo != "" {
		return "move"
	}
	return f.Op.String()
}

func countStatus(fs []PatchFileResult, s Status) int {
	n := 0
	for _, f := range fs {
		if f.Status == s {
			n++
		}
	}
	return n
}

// planPatchFile works out one file's change and stages it, returning its
// diff.
func (e *Editor) planPatchFile(ctx context.Context, r *request, pf patchfmt.File, fr *PatchFileResult) (string, error) {
	f, err := e.load(pf.Path, "")
	if err != nil {
		return "", err
	}
	switch pf.Op {
	case patchfmt.Add:
		if f.exists {
			return "", errorf(ErrFileExists, pf.Path, "the patch adds this file, but it exists").
				withHint("To change it, send an update of its lines (*** Update File: in V4A, --- a/%s in a diff)", pf.Path)
		}
		body := strings.Join(pf.Lines, "\n")
		if len(pf.Lines) > 0 && !pf.NoNewline {
			body += "\n"
		}
		edits := []text.Edit{{Start: 0, End: 0, New: body}}
		out, err := f.doc.Apply(edits)
		if err != nil {
			return "", encodingError(pf.Path, err)
		}
		r.stage(f, out)
		fr.Message = fmt.Sprintf("Added %s with %s.", pf.Path, plural(len(pf.Lines), "line"))
		return fileDiff(f, edits), nil
	case patchfmt.Delete:
		if !f.exists {
			return "", notFound(f)
		}
		edits := []text.Edit{{Start: 0, End: len(f.doc.Body()), New: ""}}
		r.stageDelete(f)
		fr.Message = fmt.Sprintf("Deleted %s.", pf.Path)
		return deletionDiff(f, edits), nil
	}
	if !f.exists {
		return "", notFound(f)
	}
	buf := buffer.New(f.doc.Body())
	if len(pf.Hunks) > keyedHunks {
		buf.Keyed() // one pass over the file, then every hunk is a lookup
	}
	edits, chunks, err := planHunks(ctx, buf, pf)
	if err != nil {
		return "", err
	}
	fr.Chunks = chunks
	out, err := f.doc.Apply(edits)
	if err != nil {
		return "", encodingError(pf.Path, err)
	}
	d := fileDiff(f, edits)
	if pf.MoveTo == "" {
		r.stage(f, out)
		fr.Message = fmt.Sprintf("Updated %s: %s.", pf.Path, plural(len(chunks), "hunk"))
		return d, nil
	}
	to, err := e.load(pf.MoveTo, "")
	if err != nil {
		return "", err
	}
	if to.exists {
		return "", errorf(ErrFileExists, pf.MoveTo, "the patch moves %s here, but this file exists", pf.Path).
			withHint("Move it to a path that is free, or delete this file first in a separate patch")
	}
	to.perm = f.perm
	r.stage(to, out)
	r.stageDelete(f)
	fr.Message = fmt.Sprintf("Moved %s to %s: %s.", pf.Path, pf.MoveTo, plural(len(chunks), "hunk"))
	return strings.Replace(d, "+++ b/"+pf.Path, "+++ b/"+pf.MoveTo, 1), nil
}

// deletionDiff is the diff of a deleted file.
func deletionDiff(f *file, edits []text.Edit) string {
	return strings.Replace(fileDiff(f, edits), "+++ b/"+f.name, "+++ /dev/null", 1)
}

// patchSummary is codex's success message, then how each hunk that was
// not an exact copy matched.
func patchSummary(files []PatchFileResult, dryRun bool) string {
	var b strings.Builder
	if dryRun {
		b.WriteString("Dry run, nothing written. The patch applies; it would update the following files:\n")
	} else {
		b.WriteString("Success. Updated the following files:\n")
	}
	for _, f := range files {
		switch f.Action {
		case "add":
			fmt.Fprintf(&b, "A %s\n", f.Path)
		case "delete":
			fmt.Fprintf(&b, "D %s\n", f.Path)
		case "move":
			fmt.Fprintf(&b, "M %s\n", f.MoveTo)
		default:
			fmt.Fprintf(&b, "M %s\n", f.Path)
		}
	}
	for _, f := range files {
		for i, c := range f.Chunks {
			if c.Strategy != "exact" {
				fmt.Fprintf(&b, "%s: hunk %d at line %d %s\n", f.Path, i+1, c.Line, strings.TrimSuffix(matchedBy(c.Strategy), "."))
			}
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// patchTiers are the ways a hunk's old lines are compared with the file's,
// strict to lax: the line tiers of the default chain.
var patchTiers = []struct {
	name string
	kind buffer.Kind
}{
	{"exact", buffer.Exact},
	{"trailing-whitespace", buffer.TrimRight},
	{"line-trimmed", buffer.Trim},
	{"whitespace-normalized", buffer.Collapse},
	{"unicode-normalized", buffer.Fold},
}

// keyedHunks is the number of hunks past which a file's lines are keyed
// once rather than scanned for each hunk.
const keyedHunks = 3

// planHunks finds each hunk of a file's patch, in order, and works out the
// edits of the file's body.
func planHunks(ctx context.Context, buf *buffer.Buffer, pf patchfmt.File) ([]text.Edit, []ChunkResult, error) {
	p := &hunkPlan{ctx: ctx, buf: buf, path: pf.Path, hunks: make([]patchfmt.Hunk, len(pf.Hunks)), old: make([][]string, len(pf.Hunks)), ends: map[int]int{}}
	for i, h := range pf.Hunks {
		p.hunks[i] = splitCR(h)
		p.old[i] = p.hunks[i].Old()
	}
	p.alike = alikeHunks(p.old)
	return p.from(0, 0, 0)
}

// maxHunkTies bounds the places a tied hunk is tried at, and
// maxHunkRetries the tries of one file's hunks, so that a patch of many
// alike hunks in a file of many alike places costs a bounded number of
// placements.
const (
	maxHunkTies    = 4
	maxHunkRetries = 16
)

// hunkPlan places the hunks of one file's patch.
type hunkPlan struct {
	ctx     context.Context
	buf     *buffer.Buffer
	path    string
	hunks   []patchfmt.Hunk
	old     [][]string  // each hunk's old lines
	alike   []int       // see alikeHunks
	ends    map[int]int // see blockEnd
	retries int
}

// from places hunks i on, the first at line from or after it; offset is
// how far the file is from the hunks' line numbers. A hunk whose lines
// fit several places alike is tried at each: when exactly one of them
// leaves every later hunk a place, the patch has said where it goes (the
// next hunk's header or lines come between the places); otherwise the
// tie is refused, naming the places.
func (p *hunkPlan) from(i, from, offset int) ([]text.Edit, []ChunkResult, error) {
	var edits []text.Edit
	var chunks []ChunkResult
	for ; i < len(p.hunks); i++ {
		if err := p.ctx.Err(); err != nil {
			return nil, nil, err
		}
		h := p.hunks[i]
		hint := -1
		if h.OldStart > 0 {
			hint = h.OldStart - 1 + offset
		}
		at, strategy, ties, err := p.locate(i, from, hint)
		if err != nil {
			e, c, ok := p.settle(i, ties, strategy, offset)
			if !ok {
				if cerr := p.ctx.Err(); cerr != nil {
					return nil, nil, cerr
				}
				return nil, nil, err
			}
			return append(edits, e...), append(chunks, c...), nil
		}
		if h.OldStart > 0 {
			offset = at - (h.OldStart - 1)
		}
		edits = append(edits, hunkEdit(p.buf, h, at, strategy))
		chunks = append(chunks, ChunkResult{Line: at + 1, Strategy: strategy})
		from = at + len(p.old[i])
	}
	return edits, chunks, nil
}

// settle places hunk i at the one of its tied places (ties, found by
// strategy) after which every later hunk has a place, and the later hunks
// after it. ok is false when the places do not settle the tie; the caller
// reports the tie itself.
func (p *hunkPlan) settle(i int, ties []int, strategy string, offset int) (edits []text.Edit, chunks []ChunkResult, ok bool) {
	if len(ties) == 0 || len(ties) > maxHunkTies || i == len(p.hunks)-1 {
		return nil, nil, false
	}
	h := p.hunks[i]
	for _, at := range ties {
		if p.retries >= maxHunkRetries {
			return nil, nil, false
		}
		p.retries++
		off := offset
		if h.OldStart > 0 {
			off = at - (h.OldStart - 1)
		}
		e, c, err := p.from(i+1, at+len(p.old[i]), off)
		switch {
		case errors.Is(err, ErrNotFound):
			continue // the rest has no place after this one
		case err != nil:
			return nil, nil, false // the rest is unsettled there too, or stopped
		case edits != nil:
			return nil, nil, false // more than one way
		}
		edits = append([]text.Edit{hunkEdit(p.buf, h, at, strategy)}, e...)
		chunks = append([]ChunkResult{{Line: at + 1, Strategy: strategy}}, c...)
	}
	return edits, chunks, edits != nil
}

// splitCR returns the hunk with each of its lines that holds a lone "\r"
// split there into lines of the same kind: diff tools break lines at "\n"
// alone, while a file whose lines end in "\r" (a terminal's output kept as
// a golden file) is read as lines there, and the hunk's text must be too.
func splitCR(h patchfmt.Hunk) patchfmt.Hunk {
	if !slices.ContainsFunc(h.Lines, func(l patchfmt.Line) bool { return strings.Contains(l.Text, "\r") }) {
		return h
	}
	var lines []patchfmt.Line
	for _, l := range h.Lines {
		for _, t := range strings.Split(l.Text, "\r") {
			lines = append(lines, patchfmt.Line{Kind: l.Kind, Text: t})
		}
	}
	h.Lines = lines
	return h
}

// hunkLabel names a hunk for a message.
func hunkLabel(i int, h patchfmt.Hunk) string {
	if h.Line > 0 {
		return fmt.Sprintf("hunk %d (patch line %d)", i+1, h.Line)
	}
	return fmt.Sprintf("hunk %d", i+1)
}

// alikeHunks counts, for each hunk's old lines, the hunks from it on whose
// old lines are the same, itself included.
func alikeHunks(old [][]string) []int {
	seen := map[string]int{}
	alike := make([]int, len(old))
	for i := len(old) - 1; i >= 0; i-- {
		k := strings.Join(old[i], "\n")
		seen[k]++
		alike[i] = seen[k]
	}
	return alike
}

// locate returns the 0-based line where hunk i's old lines start (or
// where its lines go, for a hunk that only adds), searching from line from
// on, and how they were found. A hunk that fits several places alike is
// refused (ErrAmbiguous) with the places (ties) and how they were found.
func (p *hunkPlan) locate(i, from, hint int) (at int, strategy string, ties []int, err error) {
	buf, path, h := p.buf, p.path, p.hunks[i]
	pos, header := from, -1
	for _, hd := range h.Headers {
		at, ok := findLineFrom(buf, hd, pos)
		if !ok {
			return 0, "", nil, errorf(ErrNotFound, path, "%s: its @@ header %q is not a line of the file after line %d", hunkLabel(i, h), hd, pos).
				withHint("The text after @@ must be a whole line of the file (as a def or func line), in order; leave it out if unsure")
		}
		pos, header = at+1, at
	}
	old := p.old[i]
	n := buf.LineCount()
	lo := pos
	if header >= 0 {
		lo = header // a hunk may quote its header line as its first context line
	}
	if len(old) == 0 {
		switch {
		case h.AtEnd:
			return n, "end of file", nil, nil
		case header >= 0:
			return pos, "header", nil, nil
		}
		return 0, "", nil, errorf(ErrInvalidRequest, path, "%s only adds lines, and has neither context lines nor an @@ header to say where", hunkLabel(i, h)).
			withHint("Add two or three unchanged lines before and after the new ones, or *** End of File to append")
	}
	for _, t := range patchTiers {
		var starts []int
		for _, s := range buf.FindLines(t.kind, old, 0) {
			if s >= lo && (!h.AtEnd || s+len(old) == n) {
				starts = append(starts, s)
			}
		}
		switch {
		case len(starts) == 0:
			continue
		case len(starts) == 1:
			return starts[0], t.name, nil, nil
		case header >= 0 && p.firstAfter(h.Headers[len(h.Headers)-1], header, starts):
			return starts[0], t.name, nil, nil
		case len(starts) == p.alike[i]:
			// As many alike hunks as places: each takes the next place in
			// turn (the same step changed in each of three jobs).
			return starts[0], t.name, nil, nil
		}
		// The enclosing function's line (git's section) and the line
		// numbers each pick a place; where they pick two (two alike blocks
		// in one function, numbers off by a block's length), neither is
		// taken.
		ss, sok := p.inSection(h.Section, pos, starts)
		ns, nok := nearestLine(starts, hint)
		switch {
		case sok && (!nok || ns == ss):
			return ss, t.name, nil, nil
		case nok && !sok:
			return ns, t.name, nil, nil
		}
		rs := make([]LineRange, len(starts))
		for k, s := range starts {
			rs[k] = LineRange{s + 1, s + len(old)}
		}
		after := ""
		if lo > 0 {
			after = fmt.Sprintf(" after line %d", lo)
		}
		occur := "occur"
		if len(old) == 1 {
			occur = "occurs"
		}
		return 0, t.name, starts, errorf(ErrAmbiguous, path, "%s: its %s (context and removed) %s in %s%s: %s", hunkLabel(i, h),
			plural(len(old), "old line"), occur, plural(len(starts), "place"), after, describeRanges(rs)).
			withHint("Add context lines that occur only at the place meant, or an @@ header naming the function or class it is in").at(rs...)
	}
	return 0, "", nil, hunkNotFound(buf, path, i, h, pos)
}

// blockEnd returns the first line after line header that is not in the
// block the header line opens: not blank, and not indented deeper than the
// header (a brace alone on the line after it opens the block, as in
// Allman-style C); the line count when the block runs to the file's end.
// Two copies of a hunk's lines before it (in one function, or in a class
// or namespace that holds the whole file) are not told apart by the header.
func (p *hunkPlan) blockEnd(header int) int {
	if end, ok := p.ends[header]; ok {
		return end
	}
	depth := indentWidth(p.buf.Line(header), 4)
	end, first := p.buf.LineCount(), true
	for k := header + 1; k < end; k++ {
		l := p.buf.Line(k)
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if indentWidth(l, 4) <= depth && !(first && t == "{") {
			end = k
			break
		}
		first = false
	}
	p.ends[header] = end
	return end
}

// findLineFrom returns the first line from line from on that equals line,
// under the strictest tier that finds one.
func findLineFrom(buf *buffer.Buffer, line string, from int) (int, bool) {
	for _, t := range patchTiers {
		for _, at := range buf.Occurrences(t.kind, line, 0) {
			if at >= from {
				return at, true
			}
		}
	}
	return 0, false
}

// inSection picks, of several starts, the first after the next line from
// pos on that is the section a unified hunk header names (the line of the
// enclosing function, as git writes it), when that line picks it (see
// firstAfter). A section that is not a line of the file says nothing.
func (p *hunkPlan) inSection(section string, pos int, starts []int) (int, bool) {
	if section == "" {
		return 0, false
	}
	sec, ok := findLineFrom(p.buf, section, pos)
	if !ok {
		return 0, false
	}
	for k, s := range starts {
		if s > sec {
			return s, p.firstAfter(section, sec, starts[k:])
		}
	}
	return 0, false
}

// firstAfter reports whether header line hd, found at line at, picks the
// first of starts (all after it): the header does not come again before
// the first, and the next is past the end of the block the header opens,
// with no copy of the header before it either (two alike examples in a
// Markdown file, each after its own copy of the header).
func (p *hunkPlan) firstAfter(hd string, at int, starts []int) bool {
	if lineBetween(p.buf, hd, at, starts[0]) {
		return false
	}
	return len(starts) == 1 || p.blockEnd(at) < starts[1] && !lineBetween(p.buf, hd, starts[0], starts[1])
}

// lineBetween reports whether line occurs (trimmed) strictly between lines
// a and b: a second copy of a header, nearer to a hunk than the first.
func lineBetween(buf *buffer.Buffer, line string, a, b int) bool {
	for _, at := range buf.Occurrences(buffer.Trim, line, 0) {
		if at > a && at < b {
			return true
		}
	}
	return false
}

// nearestLine picks the start clearly nearest to hint (0-based, -1 or
// less: none): within three lines of it, and no other within four more.
func nearestLine(starts []int, hint int) (int, bool) {
	if hint < 0 {
		return 0, false
	}
	dist := func(s int) int { return max(s-hint, hint-s) }
	best := starts[0]
	for _, s := range starts[1:] {
		if dist(s) < dist(best) {
			best = s
		}
	}
	if dist(best) > 3 {
		return 0, false
	}
	for _, s := range starts {
		if s != best && dist(s) < dist(best)+4 {
			return 0, false
		}
	}
	return best, true
}

// hunkNotFound says a hunk's old lines are not in the file, and shows the
// nearest text.
func hunkNotFound(buf *buffer.Buffer, path string, i int, h patchfmt.Hunk, from int) *Error {
	old := h.Old()
	are := "are"
	if len(old) == 1 {
		are = "is"
	}
	e := errorf(ErrNotFound, path, "%s: its %s (context and removed) %s not in the file", hunkLabel(i, h), plural(len(old), "old line"), are)
	if from > 0 {
		e.Msg += fmt.Sprintf(" after line %d, where the hunk before it ends", from)
	}
	e.Msg += " (tried exact, trailing-whitespace, line-trimmed, whitespace-normalized, unicode-normalized)"
	e.Hint = "Copy the context and removed lines from the file exactly (view it first), in file order"
	start, ok := nearestRegion(buf, old)
	if !ok {
		e.Msg += "; no line of the file resembles them"
		return e
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, ". The nearest text is at line %d:\n", start+1)
	writeRegion(&sb, buf, old, start)
	e.Msg += strings.TrimSuffix(sb.String(), "\n")
	return e.at(LineRange{start + 1, min(start+len(old), buf.LineCount())})
}

// hunkEdit is the edit of the file's body a hunk makes at line at: context
// lines keep the file's own bytes; added lines are re-indented when the
// old lines were found ignoring indentation.
func hunkEdit(buf *buffer.Buffer, h patchfmt.Hunk, at int, strategy string) text.Edit {
	n := buf.LineCount()
	old := h.Old()
	file := fileLines(buf, at, min(len(old), n-at))
	added := addedLines(buf, h, at, file, strategy)
	var lines []string
	k, a := 0, 0
	for _, l := range h.Lines {
		switch l.Kind {
		case '+':
			lines = append(lines, added[a])
			a++
		case '-':
			k++
		default:
			lines = append(lines, file[k])
			k++
		}
	}
	start, end := buf.LineStart(at), buf.LineStart(at+len(old))
	atEOF := at+len(old) >= n
	endsNL := buf.Len() == 0 || strings.HasSuffix(buf.Slice(max(buf.Len()-1, 0), buf.Len()), "\n")
	if atEOF {
		end = buf.Len()
		switch {
		case h.OldNoNewline && !h.NewNoNewline:
			endsNL = true
		case h.NewNoNewline && !h.OldNoNewline:
			endsNL = false
		}
	}
	body := strings.Join(lines, "\n")
	switch {
	case len(lines) == 0:
		if atEOF && !endsNL && start > 0 && len(old) > 0 {
			start-- // the last lines go, and the line before ends the file as they did: without a line end
		}
	case len(old) == 0 && at >= n && n > 0 && !strings.HasSuffix(buf.String(), "\n"):
		body = "\n" + body // appended after a last line with no line end
	case !atEOF || endsNL:
		body += "\n"
	}
	return text.Edit{Start: start, End: end, New: body}
}

// addedLines returns a hunk's added lines as they go in: re-indented to
// the file's when its old lines were found ignoring indentation.
func addedLines(buf *buffer.Buffer, h patchfmt.Hunk, at int, file []string, strategy string) []string {
	var added []string
	for _, l := range h.Lines {
		if l.Kind == '+' {
			added = append(added, l.Text)
		}
	}
	switch strategy {
	case "exact", "trailing-whitespace", "header", "end of file":
		return added
	}
	fit := reindentFit(pairLines(h.Old(), file), unitNear(buf, at))
	if fit == nil {
		return added
	}
	// Fit the hunk's new side whole, so that an added line is re-indented
	// as the context around it is, then keep its added lines.
	newSide := h.New()
	fitted := strings.Split(fit(strings.Join(newSide, "\n")), "\n")
	if len(fitted) != len(newSide) {
		return added
	}
	out := added[:0:0]
	j := 0
	for _, l := range h.Lines {
		switch l.Kind {
		case '+':
			out = append(out, fitted[j])
			j++
		case ' ':
			j++
		}
	}
	return out
}
