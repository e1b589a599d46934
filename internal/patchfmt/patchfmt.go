// Package patchfmt parses the patch formats models write: OpenAI's V4A
// ("*** Begin Patch") and unified diffs. It only reads the text: where a
// hunk goes in a file is for the caller to find, by the hunk's content.
// Parsing never panics; a patch that cannot be read is a *SyntaxError
// naming the line.
package patchfmt

import (
	"fmt"
	"strings"
)

// Op is what a patch does to a file.
type Op int

const (
	Update Op = iota // change the file's lines (and maybe move it)
	Add              // create the file
	Delete           // remove the file
)

func (o Op) String() string {
	switch o {
	case Add:
		return "add"
	case Delete:
		return "delete"
	}
	return "update"
}

// A File is a patch's change to one file.
type File struct {
	Op     Op
	Path   string
	MoveTo string // Update: the file's new path, or ""
	// Lines is an added file's text, one entry per line; NoNewline says its
	// last line has no line end.
	Lines     []string
	NoNewline bool
	Hunks     []Hunk
	Line      int // where the file's part of the patch starts, 1-based
}

// A Hunk is one change of a file: lines of the old text (context and
// removed) to find, and what they become.
type Hunk struct {
	// Headers are V4A "@@ <header>" lines before the hunk, outermost first:
	// each is a line of the file the hunk comes after.
	Headers []string
	// Section is the text after a unified hunk header's numbers (git puts
	// the line of the enclosing function there): a hint of where the hunk
	// is, like OldStart, where a V4A header is a requirement.
	Section string
	// Lines are the hunk's lines in order, each tagged as context, removed
	// or added.
	Lines []Line
	// OldStart is the line (1-based) a unified diff says the old lines
	// start at, 0 when none is given; a hint, since models get it wrong.
	OldStart int
	// AtEnd says the old lines are the file's last ("*** End of File").
	AtEnd bool
	// OldNoNewline and NewNoNewline say the old or new text's last line has
	// no line end ("\ No newline at end of file").
	OldNoNewline, NewNoNewline bool
	Line                       int // where the hunk starts in the patch, 1-based
}

// A Line is one line of a hunk.
type Line struct {
	Kind byte // ' ' context, '-' removed, '+' added
	Text string
}

// Old returns the hunk's lines as the file has them now: context and
// removed lines.
func (h *Hunk) Old() []string { return h.side('+') }

// New returns the hunk's lines as they become: context and added lines.
func (h *Hunk) New() []string { return h.side('-') }

func (h *Hunk) side(skip byte) []string {
	var out []string
	for _, l := range h.Lines {
		if l.Kind != skip {
			out = append(out, l.Text)
		}
	}
	return out
}

// A SyntaxError says where a patch cannot be read and why.
type SyntaxError struct {
	Line int // 1-based line of the patch
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

func syntaxErr(line int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Format names a patch format.
type Format int

const (
	Unknown Format = iota
	V4A
	Unified
)

// Detect tells the format of a patch from its first lines that say.
func Detect(patch string) Format {
	for _, l := range splitLines(patch) {
		t := strings.TrimSpace(l)
		switch {
		case t == beginPatch || strings.HasPrefix(t, "*** Update File:") || strings.HasPrefix(t, "*** Add File:") || strings.HasPrefix(t, "*** Delete File:"):
			return V4A
		case strings.HasPrefix(l, "diff --git ") || strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ ") || isHunkHeader(l):
			return Unified
		}
	}
	return Unknown
}

// Parse reads a patch in either format.
func Parse(patch string) ([]File, error) {
	switch Detect(patch) {
	case V4A:
		return ParseV4A(patch)
	case Unified:
		return ParseUnified(patch)
	}
	return nil, syntaxErr(1, "this is not a patch: it has neither a \"*** Begin Patch\" line nor unified diff headers (--- a/file, +++ b/file, @@ -1,2 +1,2 @@)")
}

// splitLines splits a patch into lines, without line ends, accepting
// "\r\n"; a final line end does not start a line.
func splitLines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func isHunkHeader(l string) bool {
	_, _, ok := hunkNumbers(l)
	return ok
}
