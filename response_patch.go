package editkit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/editkit/editkit/internal/patchfmt"
)

// FormatPatch is a response whose edits are a V4A patch ("*** Begin
// Patch" … "*** End Patch") or unified diffs in ```diff or ```patch
// fences.
const FormatPatch Format = "patch"

// A patchRegion is a patch found in a response: its text and the
// response line it starts at.
type patchRegion struct {
	text  string
	start int
}

// patchState is a lineParser's patch in progress.
type patchState struct {
	v4a     bool     // a V4A patch; else a fenced unified diff
	fenced  bool     // inside a code fence, which ends it
	heredoc bool     // inside a shell heredoc, which "EOF" ends
	lines   []string // the patch so far
	start   int      // its first line in the response
	file    int      // index in lines of the V4A file section not yet handed out
}

// patchStart reports whether line t opens a patch, and starts it.
func (p *lineParser) patchStart(t string, prev string) bool {
	switch {
	case t == "*** Begin Patch" || strings.HasPrefix(t, "apply_patch <<") && strings.Contains(t, "EOF"):
		p.patch = &patchState{v4a: true, fenced: isFence(strings.TrimSpace(prev)), heredoc: t != "*** Begin Patch", start: p.n}
		if t == "*** Begin Patch" {
			p.patch.lines = []string{t}
		}
		return true
	case isFence(t) && isDiffFence(t):
		p.patch = &patchState{fenced: true, start: p.n + 1}
		return true
	}
	return false
}

// isDiffFence reports a code fence that opens a diff: ```diff, ```patch.
func isDiffFence(t string) bool {
	switch strings.ToLower(strings.TrimSpace(fenceInfo(t))) {
	case "diff", "patch", "udiff":
		return true
	}
	return false
}

// patchLine takes the next line of the patch in progress.
func (p *lineParser) patchLine(l string) {
	ps := p.patch
	t := strings.TrimSpace(l)
	switch {
	case ps.fenced && isFence(t) || ps.heredoc && t == "EOF" || ps.v4a && t == "*** End Patch":
		if t == "*** End Patch" {
			ps.lines = append(ps.lines, t)
		}
		p.endPatch()
		return
	case ps.v4a && len(ps.lines) == 0 && t != "*** Begin Patch":
		ps.lines = append(ps.lines, "*** Begin Patch") // the heredoc's first line came before it
		ps.start = p.n
	case ps.v4a && (strings.HasPrefix(l, "*** Update File: ") || strings.HasPrefix(l, "*** Add File: ") || strings.HasPrefix(l, "*** Delete File: ")):
		p.handOut(false)
	}
	ps.lines = append(ps.lines, l)
}

// handOut turns the patch's lines not yet handed out into blocks: for a
// V4A patch, the file section that is complete (all of them at the end);
// for a diff, the whole diff at its end.
func (p *lineParser) handOut(end bool) {
	ps := p.patch
	if !ps.v4a && !end {
		return
	}
	from := ps.file
	if ps.v4a {
		if from == 0 {
			from = 1 // past "*** Begin Patch"
		}
		if from >= len(ps.lines) {
			return
		}
		ps.file = len(ps.lines)
	}
	text := strings.Join(ps.lines[from:], "\n") + "\n"
	line := ps.start + from
	if ps.v4a {
		text = "*** Begin Patch\n" + strings.TrimSuffix(text, "*** End Patch\n") + "*** End Patch\n"
		line-- // the added "*** Begin Patch" stands where the section's line before is
	}
	if !p.withPatches {
		return
	}
	files, err := patchfmt.Parse(text)
	if err != nil {
		var se *patchfmt.SyntaxError
		if errors.As(err, &se) {
			p.issues = append(p.issues, ParseIssue{Line: line + se.Line - 1, Message: "the patch cannot be read: " + se.Msg})
		}
		return
	}
	for _, f := range files {
		p.patchBlocks(f, line)
	}
}

// patchBlocks turns one file of a patch into blocks, where the block
// model can say what it does; apply_patch (and ApplyEditResponse) apply
// the rest.
func (p *lineParser) patchBlocks(f patchfmt.File, line int) {
	at := line + f.Line - 1
	switch {
	case f.Op == patchfmt.Delete || f.MoveTo != "":
		p.issues = append(p.issues, ParseIssue{Line: at, Message: fmt.Sprintf("the patch deletes or moves %s, which an edit block cannot say; apply the patch with apply_patch", f.Path)})
		return
	case f.Op == patchfmt.Add:
		p.blocks = append(p.blocks, Block{Path: f.Path, New: f.Lines, Format: FormatPatch, Start: at, End: at + len(f.Lines)})
		p.last = f.Path
		return
	}
	for _, h := range f.Hunks {
		old, new := h.Old(), h.New()
		k := 0
		for k < len(old) && k < len(new) && old[k] == new[k] {
			k++
		}
		hl := line + h.Line - 1
		if len(old) == 0 {
			p.issues = append(p.issues, ParseIssue{Line: hl, Message: fmt.Sprintf("a hunk of %s only adds lines, with no context to place them by; apply the patch with apply_patch, or add context lines", f.Path)})
			continue
		}
		p.blocks = append(p.blocks, Block{Path: f.Path, Anchor: old[:k:k], Old: old[k:], New: new[k:], Format: FormatPatch, Start: hl, End: hl + len(h.Lines)})
		p.last = f.Path
	}
}

// endPatch closes the patch in progress.
func (p *lineParser) endPatch() {
	ps := p.patch
	p.handOut(true)
	if len(ps.lines) > 0 {
		text := strings.Join(ps.lines, "\n") + "\n"
		if ps.v4a && !strings.HasSuffix(text, "*** End Patch\n") {
			text += "*** End Patch\n"
		}
		p.patches = append(p.patches, patchRegion{text: text, start: ps.start})
	}
	p.patch = nil
	p.recent = nil
}
