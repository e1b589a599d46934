package editkit

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/diff"
	"github.com/editkit/editkit/internal/text"
)

// LineOperation is one operation of a [BatchEditRequest]. Which fields it
// takes depends on Type:
//
//	create   File, Content                      a new file
//	insert   File, Line, Content                lines before Line (0 top, -1 or line count+1 end)
//	delete   File, StartLine, EndLine           lines StartLine..EndLine (EndLine defaults to StartLine)
//	replace  File, StartLine, EndLine, Content  those lines by Content
//	patch    File, Search (or Find), Replace, All  text found as edit_block finds it
//
// Line numbers refer to the file as it was before the request, or to the
// content of a file the request creates.
type LineOperation struct {
	Type      string  `json:"type" jsonschema:"create or insert or delete or replace or patch" jsonschema_description:"create or insert or delete or replace or patch" description:"create or insert or delete or replace or patch"`
	File      string  `json:"file" jsonschema:"Path of the file relative to the workspace root" jsonschema_description:"Path of the file relative to the workspace root" description:"Path of the file relative to the workspace root"`
	StartLine *int    `json:"start_line,omitempty" jsonschema:"delete and replace: first line (1-based) in the file before this request" jsonschema_description:"delete and replace: first line (1-based) in the file before this request" description:"delete and replace: first line (1-based) in the file before this request"`
	EndLine   *int    `json:"end_line,omitempty" jsonschema:"delete and replace: last line (inclusive). Default start_line" jsonschema_description:"delete and replace: last line (inclusive). Default start_line" description:"delete and replace: last line (inclusive). Default start_line"`
	Line      *int    `json:"line,omitempty" jsonschema:"insert: the line to insert before. 0 is the top; -1 or the line count plus 1 is the end" jsonschema_description:"insert: the line to insert before. 0 is the top; -1 or the line count plus 1 is the end" description:"insert: the line to insert before. 0 is the top; -1 or the line count plus 1 is the end"`
	Content   *string `json:"content,omitempty" jsonschema:"create and insert and replace: the new lines" jsonschema_description:"create and insert and replace: the new lines" description:"create and insert and replace: the new lines"`
	Search    *string `json:"search,omitempty" jsonschema:"patch: the text to find" jsonschema_description:"patch: the text to find" description:"patch: the text to find"`
	Find      *string `json:"find,omitempty" jsonschema:"patch: another name for search" jsonschema_description:"patch: another name for search" description:"patch: another name for search"`
	Replace   *string `json:"replace,omitempty" jsonschema:"patch: the text to put in its place" jsonschema_description:"patch: the text to put in its place" description:"patch: the text to put in its place"`
	All       bool    `json:"all,omitempty" jsonschema:"patch: replace every place the search matches" jsonschema_description:"patch: replace every place the search matches" description:"patch: replace every place the search matches"`
}

// BatchEditRequest asks for line operations on any number of files, all
// numbered against the files as they were: all apply, or none.
type BatchEditRequest struct {
	Operations []LineOperation `json:"operations" jsonschema:"The operations; their order does not matter except among patches" jsonschema_description:"The operations; their order does not matter except among patches" description:"The operations; their order does not matter except among patches"`
	Exact      bool            `json:"exact,omitempty" jsonschema:"Find the text of patch operations only exactly as written: no tolerance for indentation or whitespace or quotes or typos" jsonschema_description:"Find the text of patch operations only exactly as written: no tolerance for indentation or whitespace or quotes or typos" description:"Find the text of patch operations only exactly as written: no tolerance for indentation or whitespace or quotes or typos"`
	DryRun     bool            `json:"dryRun,omitempty" jsonschema:"Return the plan and diffs without writing" jsonschema_description:"Return the plan and diffs without writing" description:"Return the plan and diffs without writing"`
	Force      bool            `json:"force,omitempty" jsonschema:"Write even a file whose mode makes it read-only" jsonschema_description:"Write even a file whose mode makes it read-only" description:"Write even a file whose mode makes it read-only"`
}

// BatchEditResult says what a batch_edit request did.
type BatchEditResult struct {
	Success bool              `json:"success"`
	Message string            `json:"message"`
	Results []OperationResult `json:"results"`
	// Plan lists operation indices in an order that, applied one after
	// another, gives the result: per file, creates, then line operations
	// from the bottom up, then patches.
	Plan []int `json:"plan"`
	// Diffs maps each changed file to its unified diff.
	Diffs map[string]string `json:"diffs"`
	// RequestID identifies the write in the editor's journal: undo it
	// with the undo tool. Empty when nothing was written.
	RequestID string `json:"requestId,omitempty"`
}

// OperationResult is what became of one operation of a batch_edit request.
type OperationResult struct {
	Index   int    `json:"index"` // 0-based position in the request
	Type    string `json:"type"`
	File    string `json:"file"`
	Status  Status `json:"status"` // applied, planned (dry run), failed, or not applied
	Message string `json:"message,omitempty"`
}

var fieldsByType = map[string]struct{ need, allow []string }{
	"create":  {need: []string{"content"}},
	"insert":  {need: []string{"line", "content"}},
	"delete":  {need: []string{"start_line"}, allow: []string{"end_line"}},
	"replace": {need: []string{"start_line", "content"}, allow: []string{"end_line"}},
	"patch":   {need: []string{"search", "replace"}, allow: []string{"all"}},
}

// fields names the fields an operation has, find counting as search.
func (op LineOperation) fields() []string {
	f := make([]string, 0, 4)
	add := func(name string, set bool) {
		if set {
			f = append(f, name)
		}
	}
	add("start_line", op.StartLine != nil)
	add("end_line", op.EndLine != nil)
	add("line", op.Line != nil)
	add("content", op.Content != nil)
	add("search", op.Search != nil || op.Find != nil)
	add("replace", op.Replace != nil)
	add("all", op.All)
	return f
}

// problems lists what is wrong with the operation's fields.
func (op LineOperation) problems(pos int) []string {
	var p []string
	say := func(format string, args ...any) {
		p = append(p, fmt.Sprintf("operation %d (%s): ", pos, op.Type)+fmt.Sprintf(format, args...))
	}
	spec, ok := fieldsByType[op.Type]
	if !ok {
		return []string{fmt.Sprintf("operation %d: unknown type %q; use create, insert, delete, replace or patch", pos, op.Type)}
	}
	if strings.TrimSpace(op.File) == "" {
		say("file is required")
	}
	have := op.fields()
	for _, f := range spec.need {
		if !slices.Contains(have, f) {
			say("%s is required", f)
		}
	}
	for _, f := range have {
		if !slices.Contains(spec.need, f) && !slices.Contains(spec.allow, f) {
			say("%s does not belong to %s; it takes %s", f, op.Type, strings.Join(append(slices.Clone(spec.need), spec.allow...), ", "))
		}
	}
	if op.Search != nil && op.Find != nil && *op.Search != *op.Find {
		say("search and find differ; send one of them")
	}
	if op.StartLine != nil && *op.StartLine < 1 {
		say("start_line must be at least 1 (got %d)", *op.StartLine)
	}
	if op.StartLine != nil && op.EndLine != nil && *op.EndLine < *op.StartLine {
		say("end_line %d is before start_line %d", *op.EndLine, *op.StartLine)
	}
	if op.Line != nil && *op.Line < -1 {
		say("line must be -1 (the end), 0 (the top) or a line number (got %d)", *op.Line)
	}
	return p
}

func (r BatchEditRequest) validate() error {
	if len(r.Operations) == 0 {
		return errorf(ErrInvalidRequest, "", "operations is empty").withHint("Send at least one operation")
	}
	if err := tooMany("", "operations", len(r.Operations)); err != nil {
		return err
	}
	var all []string
	first := 0
	for i, op := range r.Operations {
		if p := op.problems(i + 1); len(p) > 0 {
			if first == 0 {
				first = i + 1
			}
			all = append(all, p...)
		}
	}
	if len(all) == 0 {
		return nil
	}
	e := errorf(ErrInvalidRequest, "", "%s", problemList(all, "; "))
	e.Op = first
	return e
}

// An opError is a problem with one operation found while planning.
type opError struct {
	op  int // 0-based index
	err *Error
}

// failure is err, said of operation i: its message starts by naming it.
func failure(i int, op LineOperation, err error) opError {
	e := *asError(err, i+1, op.File)
	e.Msg = fmt.Sprintf("operation %d (%s): %s", i+1, op.Type, e.Msg)
	if op.Type == "patch" {
		e.Hint = strings.ReplaceAll(e.Hint, "set replaceAll (or expectedReplacements: ", "set all (")
	}
	return opError{i, &e}
}

// fileOps is the operations of a request on one file.
type fileOps struct {
	name string // as the first operation on it wrote it
	ops  []int
}

// filePlan is what a request does to one file.
type filePlan struct {
	f       *file
	created bool
	body    text.Lines  // the text line numbers refer to
	edits   []text.Edit // of body
	order   []int       // operation indices, in plan order
}

// BatchEdit applies line operations to any number of files, every line
// number referring to the file as it was before the request (for a file the
// request creates, to its content), so the operations can be planned by
// looking at each file once; their order does not change the result, except
// among patches of one file, which apply in order after the line
// operations. Everything is checked before anything is written:
// out-of-range lines, overlapping delete and replace ranges (adjacent ones
// are fine), an insert strictly inside such a range, two creates of a file,
// a create of an existing file, line operations on a missing file, a patch
// whose text is not found once; an error names the operations by their
// position. All files are written, atomically, or none.
func (e *Editor) BatchEdit(ctx context.Context, req BatchEditRequest) (*BatchEditResult, error) {
	res := &BatchEditResult{Results: make([]OperationResult, len(req.Operations)), Diffs: map[string]string{}}
	for i, op := range req.Operations {
		res.Results[i] = OperationResult{Index: i, Type: op.Type, File: op.File, Status: StatusNotApplied}
	}
	if err := req.validate(); err != nil {
		res.Message = err.Error()
		return res, err
	}
	groups, errs := e.groupByFile(req.Operations)
	var names []string
	for _, g := range groups {
		names = append(names, g.name)
	}
	r, err := e.begin(ctx, writeOpts{dryRun: req.DryRun, force: req.Force}, names...)
	if err != nil {
		res.Message = err.Error()
		return res, err
	}
	defer r.end()
	var plans []*filePlan
	for _, g := range groups {
		p, perrs := e.planFile(ctx, g, req.Operations, req.Exact)
		errs = append(errs, perrs...)
		if p != nil {
			plans = append(plans, p)
		}
	}
	if len(errs) > 0 {
		return res, res.refuse(errs)
	}
	written := 0
	for _, p := range plans {
		out, d, err := p.output()
		if err != nil {
			return res, res.refuse([]opError{{op: p.order[0], err: asError(err, p.order[0]+1, p.f.name)}})
		}
		res.Plan = append(res.Plan, p.order...)
		if d != "" {
			res.Diffs[p.f.name] = d
		}
		written++
		r.stage(p.f, out)
	}
	if err := r.commit(); err != nil {
		res.Plan, res.Diffs = nil, map[string]string{}
		res.Message = "Nothing was written: " + err.Error()
		return res, err
	}
	status := StatusApplied
	if req.DryRun {
		status = StatusPlanned
	}
	for i := range res.Results {
		res.Results[i].Status = status
	}
	res.Success, res.RequestID = true, r.writtenID()
	if req.DryRun {
		res.Message = fmt.Sprintf("Dry run, nothing written: %s would change %s.", plural(len(req.Operations), "operation"), plural(written, "file"))
	} else {
		res.Message = fmt.Sprintf("Applied %s to %s.", plural(len(req.Operations), "operation"), plural(written, "file"))
	}
	return res, nil
}

// groupByFile groups operations by the file their path names, so that
// "a.go", "./a.go" and a link to it are one file.
func (e *Editor) groupByFile(ops []LineOperation) ([]*fileOps, []opError) {
	var groups []*fileOps
	byKey := map[string]*fileOps{}
	byName := map[string]*fileOps{} // each path resolved once, however many operations name it
	var errs []opError
	st := e.store()
	for i, op := range ops {
		if g := byName[op.File]; g != nil {
			g.ops = append(g.ops, i)
			continue
		}
		key, err := st.canonical(op.File)
		if err != nil {
			errs = append(errs, failure(i, op, err))
			continue
		}
		g := byKey[key]
		if g == nil {
			g = &fileOps{name: op.File}
			byKey[key] = g
			groups = append(groups, g)
		}
		byName[op.File] = g
		g.ops = append(g.ops, i)
	}
	return groups, errs
}

// refuse marks every operation not applied, the ones at fault failed with
// their messages, and returns the error naming them all.
func (res *BatchEditResult) refuse(errs []opError) error {
	slices.SortStableFunc(errs, func(a, b opError) int { return a.op - b.op })
	msgs := make([]string, 0, len(errs))
	for _, oe := range errs {
		r := &res.Results[oe.op]
		r.Status = StatusFailed
		r.Message = oe.err.Error()
		msgs = append(msgs, r.Message)
	}
	res.Plan, res.Diffs = nil, map[string]string{}
	first := *errs[0].err
	if len(errs) > 1 {
		first.Msg = fmt.Sprintf("%d problems:\n%s\n", len(errs), problemList(msgs, "\n"))
		first.Hint = ""
		first.Path = ""
	}
	res.Message = "Nothing was written: " + first.Error()
	return &first
}

// A lineOp is a line operation of one file, worked out.
type lineOp struct {
	op       int // 0-based index
	from, to int // 0-based lines [from, to); from == to inserts
	ranged   bool
	text     string
}

// planFile checks a file's operations against the file and works out the
// edits, or returns every problem found.
func (e *Editor) planFile(ctx context.Context, g *fileOps, ops []LineOperation, exact bool) (*filePlan, []opError) {
	f, err := e.load(g.name, "")
	if err != nil {
		errs := make([]opError, len(g.ops))
		for k, i := range g.ops {
			errs[k] = failure(i, ops[i], err)
		}
		return nil, errs
	}
	for _, i := range g.ops {
		if c := ops[i].Content; c != nil {
			f.expect(*c)
		}
	}
	p := &filePlan{f: f, body: f.doc}
	var errs []opError
	fail := func(op int, kind error, format string, args ...any) *Error {
		e := &Error{Err: kind, Op: op + 1, Path: g.name, Msg: fmt.Sprintf(format, args...)}
		errs = append(errs, opError{op, e})
		return e
	}
	var creates, patches []int
	var lines []lineOp
	for _, i := range g.ops {
		switch ops[i].Type {
		case "create":
			creates = append(creates, i)
		case "patch":
			patches = append(patches, i)
		}
	}
	for _, c := range creates[min(1, len(creates)):] {
		fail(c, ErrConflict, "operation %d creates the file again; operation %d already creates it", c+1, creates[0]+1)
	}
	switch {
	case len(creates) > 0 && f.exists:
		errs = append(errs, opError{creates[0], &Error{Err: ErrFileExists, Op: creates[0] + 1, Path: g.name,
			Msg: fmt.Sprintf("operation %d creates a file that already exists", creates[0]+1), Hint: "Use replace, insert or patch to change it"}})
	case len(creates) > 0:
		p.created = true
		p.body = buffer.New(normalizeEOL(*ops[creates[0]].Content))
	case !f.exists:
		for _, i := range g.ops {
			fail(i, ErrFileNotFound, "operation %d: the file does not exist; create it in the same request with a create operation", i+1)
		}
		return nil, errs
	}
	n := p.body.LineCount()
	for _, i := range g.ops {
		op := ops[i]
		switch op.Type {
		case "insert":
			at := *op.Line
			switch {
			case at == -1 || at == n+1:
				at = n + 1
			case at == 0:
				at = 1
			case at > n+1:
				fail(i, ErrOutOfRange, "operation %d: insert before line %d, but the file has %s", i+1, at, plural(n, "line")).
					withHint("Insert before a line from 1 to %d (0 is the top, -1 the end), as the file was before this request", n)
				continue
			}
			lines = append(lines, lineOp{op: i, from: at - 1, to: at - 1, text: *op.Content})
		case "delete", "replace":
			s, end := *op.StartLine, *op.StartLine
			if op.EndLine != nil {
				end = *op.EndLine
			}
			if end > n {
				fail(i, ErrOutOfRange, "operation %d: %s lines %d-%d, but the file has %s", i+1, op.Type, s, end, plural(n, "line")).
					withHint("Line numbers go from 1 to %d, as the file was before this request", n)
				continue
			}
			content := ""
			if op.Content != nil {
				content = *op.Content
			}
			lines = append(lines, lineOp{op: i, from: s - 1, to: end, ranged: true, text: normalizeEOL(content)})
		}
	}
	errs = append(errs, conflicts(g.name, lines)...)
	if len(errs) > 0 {
		return nil, errs
	}
	// Sorted by place, with inserts before the range that starts where they
	// go, in request order, the operations make one pass over the lines.
	// Backwards, the same order applies them one after another: from the
	// last line up, so earlier line numbers still hold.
	slices.SortStableFunc(lines, func(a, b lineOp) int {
		if a.from != b.from {
			return a.from - b.from
		}
		if a.ranged != b.ranged {
			return boolCmp(a.ranged, b.ranged)
		}
		return a.op - b.op
	})
	p.order = append(p.order, creates...)
	for k := len(lines) - 1; k >= 0; k-- {
		p.order = append(p.order, lines[k].op)
	}
	p.order = append(p.order, patches...)
	les := make([]text.LineEdit, len(lines))
	for k, l := range lines {
		les[k] = text.LineEdit{From: l.from, To: l.to, Text: normalizeEOL(l.text)}
	}
	edits := text.LineEdits(p.body, les)
	if len(patches) > 0 {
		var perrs []opError
		edits, perrs = applyPatches(ctx, p.body, edits, g.name, patches, ops, exact)
		if len(perrs) > 0 {
			return nil, perrs
		}
	}
	p.edits = edits
	return p, nil
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// conflicts finds overlapping delete and replace ranges, and inserts
// strictly inside one.
func conflicts(name string, lines []lineOp) []opError {
	var ranges []lineOp
	for _, l := range lines {
		if l.ranged {
			ranges = append(ranges, l)
		}
	}
	slices.SortStableFunc(ranges, func(a, b lineOp) int { return a.from - b.from })
	var errs []opError
	// Sorted by start, any overlap shows between a range and the one that
	// reaches furthest among those before it.
	reach := -1
	for k, r := range ranges {
		if reach >= 0 && r.from < ranges[reach].to {
			a, b := r, ranges[reach]
			if a.op < b.op {
				a, b = b, a
			}
			errs = append(errs, opError{a.op, &Error{Err: ErrConflict, Op: a.op + 1, Path: name,
				Msg: fmt.Sprintf("operation %d conflicts with operation %d: lines %d-%d overlap lines %d-%d",
					a.op+1, b.op+1, a.from+1, a.to, b.from+1, b.to),
				Hint: "Every line number refers to the file before the request; make the ranges disjoint or merge them into one"}})
		}
		if reach < 0 || r.to > ranges[reach].to {
			reach = k
		}
	}
	for _, l := range lines {
		if l.ranged {
			continue
		}
		// Of disjoint ranges, only the last one starting before the insert
		// point can hold it. (Overlapping ones are reported above.)
		k := sort.Search(len(ranges), func(k int) bool { return ranges[k].from >= l.from }) - 1
		if k >= 0 && l.from < ranges[k].to {
			r := ranges[k]
			errs = append(errs, opError{l.op, &Error{Err: ErrConflict, Op: l.op + 1, Path: name,
				Msg: fmt.Sprintf("operation %d inserts before line %d, inside lines %d-%d that operation %d %ss",
					l.op+1, l.from+1, r.from+1, r.to, r.op+1, opVerb(r)),
				Hint: fmt.Sprintf("Insert before line %d or after line %d, or put the lines in the replacement", r.from+1, r.to)}})
		}
	}
	return errs
}

func opVerb(l lineOp) string {
	if l.text == "" {
		return "delete"
	}
	return "replace"
}

// applyPatches runs a file's patches, in request order, on its text after
// the line edits, and returns all edits as edits of the original text.
func applyPatches(ctx context.Context, body text.Lines, edits []text.Edit, name string, patches []int, ops []LineOperation, exact bool) ([]text.Edit, []opError) {
	buf := buffer.New(body.Slice(0, body.Len()))
	var comp text.Composer
	for k := len(edits) - 1; k >= 0; k-- { // from the end: earlier offsets hold
		ed := edits[k]
		comp.Add(ed.Start, ed.End, ed.New, buf.Slice)
		buf = buf.Replace(ed.Start, ed.End, ed.New)
	}
	var errs []opError
	for _, i := range patches {
		op := ops[i]
		search := op.Search
		if search == nil {
			search = op.Find
		}
		p, err := planReplace(ctx, buf, name, *search, *op.Replace, ReplaceOptions{ReplaceAll: op.All, Exact: exact})
		if err != nil {
			errs = append(errs, failure(i, op, err))
			continue
		}
		next := buf
		for k := len(p.edits) - 1; k >= 0; k-- {
			ed := p.edits[k]
			comp.Add(ed.Start, ed.End, ed.New, buf.Slice)
			next = next.Replace(ed.Start, ed.End, ed.New)
		}
		buf = next
	}
	return comp.Edits(), errs
}

// output is the file's new bytes and the diff.
func (p *filePlan) output() ([]byte, string, error) {
	if p.created {
		final := spliceLines(p.body, p.edits)
		whole := []text.Edit{{Start: 0, End: 0, New: final}}
		out, err := p.f.doc.Apply(whole)
		return out, diff.Unified("/dev/null", "b/"+p.f.name, p.f.doc, whole), err
	}
	out, err := p.f.doc.Apply(p.edits)
	if err != nil {
		return nil, "", err
	}
	return out, fileDiff(p.f, p.edits), nil
}

// spliceLines applies edits to the whole of t.
func spliceLines(t text.Lines, edits []text.Edit) string {
	return splice(t.Slice(0, t.Len()), edits)
}
