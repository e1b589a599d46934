package patchfmt

import (
	"regexp"
	"strings"
)

const (
	beginPatch = "*** Begin Patch"
	endPatch   = "*** End Patch"
	addFile    = "*** Add File: "
	deleteFile = "*** Delete File: "
	updateFile = "*** Update File: "
	moveTo     = "*** Move to: "
	endOfFile  = "*** End of File"
)

// heredoc is the shell wrapper models put around a patch:
// apply_patch <<'EOF' ... EOF.
var heredoc = regexp.MustCompile(`^\s*(?:\S*apply_patch\S*\s+)?<<-?\s*(['"]?)(\w+)(['"]?)\s*$`)

// ParseV4A reads a V4A patch (codex's apply_patch format): "*** Begin
// Patch", then for each file "*** Add File: P" and its lines, each "+";
// "*** Delete File: P"; or "*** Update File: P", an optional "*** Move to:
// Q" and hunks, each after "@@" or "@@ <header>" lines, "*** End of File"
// pinning one to the end; then "*** End Patch". It accepts what models
// send besides: a code fence or a heredoc around the patch, no "*** End
// Patch" at the end, context lines that lost their leading space, "\r\n"
// line ends, and a unified "@@ -a,b +c,d @@" header as the hint it is.
func ParseV4A(patch string) ([]File, error) {
	lines := splitLines(patch)
	first, last := 0, len(lines) // lines[first:last] is the patch
	for first < last && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	for last > first && strings.TrimSpace(lines[last-1]) == "" {
		last--
	}
	// A code fence around it all: a patch line never starts with one.
	if last-first >= 2 && isFence(lines[first]) && strings.Trim(strings.TrimSpace(lines[last-1]), "`~") == "" && isFence(lines[last-1]) {
		first, last = first+1, last-1
	}
	if first < last {
		if m := heredoc.FindStringSubmatch(lines[first]); m != nil {
			first++
			if last > first && strings.TrimSpace(lines[last-1]) == m[2] {
				last--
			}
		}
	}
	p := &v4a{lines: lines, i: first, end: last}
	return p.parse()
}

// isFence reports a Markdown code fence line: three or more backticks or
// tildes, then an info string at most.
func isFence(l string) bool {
	t := strings.TrimSpace(l)
	n := len(t) - len(strings.TrimLeft(t, "`"))
	if n == 0 {
		n = len(t) - len(strings.TrimLeft(t, "~"))
	}
	return n >= 3 && !strings.Contains(t[n:], "`")
}

type v4a struct {
	lines  []string
	i, end int
	files  []File
}

func (p *v4a) line() string { return strings.TrimSuffix(p.lines[p.i], "\r") }

func (p *v4a) parse() ([]File, error) {
	for p.i < p.end && strings.TrimSpace(p.line()) == "" {
		p.i++
	}
	if p.i < p.end && strings.TrimSpace(p.line()) == beginPatch {
		p.i++
	} else if p.i >= p.end || !isFileHeader(p.line()) {
		return nil, syntaxErr(p.i+1, "a V4A patch starts with %q", beginPatch)
	}
	for p.i < p.end {
		l := p.line()
		t := strings.TrimSpace(l)
		switch {
		case t == endPatch:
			p.i++
			for ; p.i < p.end; p.i++ {
				if strings.TrimSpace(p.line()) != "" {
					return nil, syntaxErr(p.i+1, "text after %q", endPatch)
				}
			}
		case t == "":
			p.i++
		case strings.HasPrefix(l, addFile):
			if err := p.add(strings.TrimSpace(l[len(addFile):])); err != nil {
				return nil, err
			}
		case strings.HasPrefix(l, deleteFile):
			path := strings.TrimSpace(l[len(deleteFile):])
			if path == "" {
				return nil, syntaxErr(p.i+1, "%q without a path", strings.TrimSpace(deleteFile))
			}
			p.files = append(p.files, File{Op: Delete, Path: path, Line: p.i + 1})
			p.i++
		case strings.HasPrefix(l, updateFile):
			if err := p.update(strings.TrimSpace(l[len(updateFile):])); err != nil {
				return nil, err
			}
		default:
			return nil, syntaxErr(p.i+1, "expected a file header (%q, %q or %q) or %q, found %q",
				strings.TrimSpace(addFile), strings.TrimSpace(updateFile), strings.TrimSpace(deleteFile), endPatch, clip(l))
		}
	}
	if len(p.files) == 0 {
		return nil, syntaxErr(p.end, "the patch changes no file")
	}
	return p.files, nil
}

func isFileHeader(l string) bool {
	return strings.HasPrefix(l, addFile) || strings.HasPrefix(l, deleteFile) || strings.HasPrefix(l, updateFile)
}

// isSection reports a line that ends the lines of a file or hunk.
func isSection(l string) bool {
	t := strings.TrimSpace(l)
	return isFileHeader(l) || t == endPatch
}

func (p *v4a) add(path string) error {
	f := File{Op: Add, Path: path, Line: p.i + 1}
	if path == "" {
		return syntaxErr(p.i+1, "%q without a path", strings.TrimSpace(addFile))
	}
	p.i++
	plus := 0 // lines up to the last one written with "+"
	for ; p.i < p.end && !isSection(p.line()); p.i++ {
		l := p.line()
		switch {
		case strings.HasPrefix(l, "+"):
			f.Lines = append(f.Lines, l[1:])
			plus = len(f.Lines)
		case strings.TrimSpace(l) == "":
			f.Lines = append(f.Lines, "") // a blank line that lost its "+", or spacing
		default:
			return syntaxErr(p.i+1, "every line of an added file starts with \"+\", found %q", clip(l))
		}
	}
	f.Lines = f.Lines[:plus] // blank lines after the last "+" are the patch's spacing
	p.files = append(p.files, f)
	return nil
}

func (p *v4a) update(path string) error {
	f := File{Op: Update, Path: path, Line: p.i + 1}
	if path == "" {
		return syntaxErr(p.i+1, "%q without a path", strings.TrimSpace(updateFile))
	}
	p.i++
	if p.i < p.end && strings.HasPrefix(p.line(), moveTo) {
		f.MoveTo = strings.TrimSpace(p.line()[len(moveTo):])
		if f.MoveTo == "" {
			return syntaxErr(p.i+1, "%q without a path", strings.TrimSpace(moveTo))
		}
		p.i++
	}
	var h *Hunk
	flush := func() {
		if h != nil {
			if !h.AtEnd {
				trimBlankTail(h)
			}
			if len(h.Lines) > 0 || h.AtEnd {
				f.Hunks = append(f.Hunks, *h)
			}
			h = nil
		}
	}
	for ; p.i < p.end && !isSection(p.line()); p.i++ {
		l := p.line()
		switch {
		case strings.HasPrefix(l, "@@"):
			if h != nil && len(h.Lines) > 0 {
				flush()
			}
			if h == nil {
				h = &Hunk{Line: p.i + 1}
			}
			if start, section, ok := hunkNumbers(l); ok {
				h.OldStart, h.Section = start, section
			} else if s := strings.TrimSpace(strings.TrimPrefix(l, "@@")); s != "" {
				h.Headers = append(h.Headers, s)
			}
		case strings.TrimSpace(l) == endOfFile:
			if h == nil {
				return syntaxErr(p.i+1, "%q before any hunk", endOfFile)
			}
			h.AtEnd = true
			flush()
		case l == "" || l[0] == ' ' || l[0] == '+' || l[0] == '-':
			if h == nil {
				if len(f.Hunks) > 0 {
					return syntaxErr(p.i+1, "a hunk after the first starts with \"@@\"")
				}
				h = &Hunk{Line: p.i + 1}
			}
			if l == "" {
				h.Lines = append(h.Lines, Line{' ', ""}) // a blank context line that lost its space
			} else {
				h.Lines = append(h.Lines, Line{l[0], l[1:]})
			}
		case strings.TrimSpace(l) == "":
			if h != nil {
				h.Lines = append(h.Lines, Line{' ', ""})
			}
		default:
			return syntaxErr(p.i+1, "a hunk's lines start with \" \" (context), \"-\" (removed) or \"+\" (added), found %q", clip(l))
		}
	}
	flush()
	if len(f.Hunks) == 0 && f.MoveTo == "" {
		return syntaxErr(f.Line, "%q has no hunks", strings.TrimSpace(updateFile)+f.Path)
	}
	for _, hk := range f.Hunks {
		if len(hk.Lines) == 0 && !hk.AtEnd {
			return syntaxErr(hk.Line, "an empty hunk")
		}
	}
	p.files = append(p.files, f)
	return nil
}

// trimBlankTail drops blank context lines at a hunk's end that the
// patch's layout put there (a blank line before the next header), which
// no file has to have.
func trimBlankTail(h *Hunk) {
	for n := len(h.Lines); n > 0 && h.Lines[n-1].Kind == ' ' && strings.TrimSpace(h.Lines[n-1].Text) == ""; n-- {
		h.Lines = h.Lines[:n-1]
	}
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
