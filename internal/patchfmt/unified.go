package patchfmt

import (
	"strconv"
	"strings"
)

// hunkNumbers reads a unified hunk header, "@@ -a[,b] +c[,d] @@
// [section]", returning a and the section.
func hunkNumbers(l string) (oldStart int, section string, ok bool) {
	rest, ok := strings.CutPrefix(l, "@@ -")
	if !ok {
		return 0, "", false
	}
	oldStart, rest, ok = number(rest)
	if !ok {
		return 0, "", false
	}
	if r, cut := strings.CutPrefix(rest, ","); cut {
		if _, rest, ok = number(r); !ok {
			return 0, "", false
		}
	}
	if rest, ok = strings.CutPrefix(rest, " +"); !ok {
		return 0, "", false
	}
	if _, rest, ok = number(rest); !ok {
		return 0, "", false
	}
	if r, cut := strings.CutPrefix(rest, ","); cut {
		if _, rest, ok = number(r); !ok {
			return 0, "", false
		}
	}
	if rest, ok = strings.CutPrefix(rest, " @@"); !ok {
		return 0, "", false
	}
	return oldStart, strings.TrimSpace(strings.TrimLeft(rest, "@")), true
}

// number reads the digits s starts with.
func number(s string) (int, string, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' && i < 9 {
		i++
	}
	if i == 0 {
		return 0, s, false
	}
	n, _ := strconv.Atoi(s[:i])
	return n, s[i:], true
}

// ParseUnified reads a unified diff of one or more files: git's ("diff
// --git", "new file mode", "rename from") or GNU's headers, "---" and
// "+++" naming the old and new file ("a/" and "b/" dropped, /dev/null for
// none, a tab and timestamp after the name ignored), hunks "@@ -a,b +c,d
// @@" (or "@@" with no numbers, as models write it when they do not know
// them; text after the numbers is kept as the hunk's Section), and "\ No newline at end of file". Hunks are read by their lines,
// not their counts, which models get wrong; a blank line inside a hunk is
// a context line that lost its space. Other lines between files (prose,
// "index" lines) are skipped.
func ParseUnified(patch string) ([]File, error) {
	lines := splitLines(patch)
	var files []File
	var cur *File   // the file whose hunks are being read
	var hdr *header // a git header not yet followed by "---"
	flush := func() error {
		if cur != nil {
			if err := finishFile(cur); err != nil {
				return err
			}
			files = append(files, *cur)
			cur = nil
		}
		if hdr != nil && (hdr.renameFrom != "" || hdr.op != Update) {
			f, err := hdr.file()
			if err != nil {
				return err
			}
			files = append(files, f) // a rename, or an empty file added or deleted
		}
		hdr = nil
		return nil
	}
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSuffix(lines[i], "\r")
		switch {
		case strings.HasPrefix(l, "diff --git "):
			if err := flush(); err != nil {
				return nil, err
			}
			hdr = &header{line: i + 1}
			hdr.oldPath, hdr.newPath, _ = gitNames(l[len("diff --git "):])
		case hdr != nil && hdr.extended(l):
		case strings.HasPrefix(l, "--- ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "+++ "):
			h := hdr
			hdr = nil
			if err := flush(); err != nil {
				return nil, err
			}
			if h == nil {
				h = &header{line: i + 1}
			}
			h.oldPath = headerName(l[4:])
			h.newPath = headerName(strings.TrimSuffix(lines[i+1], "\r")[4:])
			f, err := h.file()
			if err != nil {
				return nil, err
			}
			cur = &f
			i++
		case strings.HasPrefix(l, "@@"):
			if cur == nil && hdr != nil {
				f, err := hdr.file()
				if err != nil {
					return nil, err
				}
				cur, hdr = &f, nil
			}
			if cur == nil {
				return nil, syntaxErr(i+1, "a hunk before any file header (--- a/file, +++ b/file)")
			}
			h, next, err := readHunk(lines, i)
			if err != nil {
				return nil, err
			}
			cur.Hunks = append(cur.Hunks, h)
			i = next - 1
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, syntaxErr(1, "the diff changes no file: it needs \"--- a/file\" and \"+++ b/file\" lines and hunks")
	}
	return files, nil
}

// A header is what a diff's headers say about a file.
type header struct {
	line                 int
	oldPath, newPath     string
	op                   Op // Add or Delete when git says "new file" or "deleted file"
	renameFrom, renameTo string
}

// extended reads one of git's extended header lines, reporting whether l
// is one.
func (h *header) extended(l string) bool {
	switch {
	case strings.HasPrefix(l, "new file mode"):
		h.op = Add
	case strings.HasPrefix(l, "deleted file mode"):
		h.op = Delete
	case strings.HasPrefix(l, "rename from "):
		h.renameFrom = strings.TrimSpace(l[len("rename from "):])
	case strings.HasPrefix(l, "rename to "):
		h.renameTo = strings.TrimSpace(l[len("rename to "):])
	case strings.HasPrefix(l, "index "), strings.HasPrefix(l, "old mode"), strings.HasPrefix(l, "new mode"),
		strings.HasPrefix(l, "similarity index"), strings.HasPrefix(l, "dissimilarity index"),
		strings.HasPrefix(l, "copy from "), strings.HasPrefix(l, "copy to "):
	default:
		return false
	}
	return true
}

// file is the File the header describes.
func (h *header) file() (File, error) {
	f := File{Op: Update, Line: h.line}
	switch {
	case h.oldPath == "/dev/null" || h.op == Add:
		f.Op, f.Path = Add, h.newPath
	case h.newPath == "/dev/null" || h.op == Delete:
		f.Op, f.Path = Delete, h.oldPath
	case h.renameFrom != "":
		f.Path, f.MoveTo = h.renameFrom, h.renameTo
	default:
		f.Path = h.oldPath
		if f.Path == "" {
			f.Path = h.newPath
		}
		if h.newPath != "" && h.newPath != f.Path {
			f.MoveTo = h.newPath
		}
	}
	if f.Path == "" || f.Path == "/dev/null" {
		return File{}, syntaxErr(h.line, "a file header without a file name")
	}
	return f, nil
}

// readHunk reads the hunk whose "@@" header is lines[i], returning it and
// the index of the line after it.
func readHunk(lines []string, i int) (Hunk, int, error) {
	l := strings.TrimSuffix(lines[i], "\r")
	h := Hunk{Line: i + 1}
	if start, section, ok := hunkNumbers(l); ok {
		h.OldStart, h.Section = start, section
	} else {
		h.Section = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.TrimLeft(l, "@")), "@@"))
	}
	j := i + 1
	for ; j < len(lines) && !endsHunk(lines, j); j++ {
		hl := strings.TrimSuffix(lines[j], "\r")
		if strings.HasPrefix(hl, `\`) {
			if n := len(h.Lines); n > 0 {
				switch h.Lines[n-1].Kind {
				case '-':
					h.OldNoNewline = true
				case '+':
					h.NewNoNewline = true
				default:
					h.OldNoNewline, h.NewNoNewline = true, true
				}
			}
			continue
		}
		if hl != "" && hl[0] != ' ' && hl[0] != '-' && hl[0] != '+' {
			break // prose after the hunk
		}
		if hl == "" {
			h.Lines = append(h.Lines, Line{' ', ""})
		} else {
			h.Lines = append(h.Lines, Line{hl[0], hl[1:]})
		}
	}
	trimBlankTail(&h)
	if len(h.Lines) == 0 {
		return Hunk{}, 0, syntaxErr(h.Line, "a hunk with no lines")
	}
	return h, j, nil
}

// endsHunk reports whether line j starts something after a hunk: another
// hunk, a git header, or a "---"/"+++" pair of file headers.
func endsHunk(lines []string, j int) bool {
	l := lines[j]
	return strings.HasPrefix(l, "@@") || strings.HasPrefix(l, "diff --git ") ||
		strings.HasPrefix(l, "--- ") && j+1 < len(lines) && strings.HasPrefix(lines[j+1], "+++ ")
}

// headerName is the file a "---" or "+++" line names: without a tab and
// what follows (a timestamp), quotes, and the "a/" or "b/" git adds.
func headerName(s string) string {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if uq, err := strconv.Unquote(s); err == nil && strings.HasPrefix(s, `"`) {
		s = uq
	}
	if s == "/dev/null" {
		return s
	}
	if strings.HasPrefix(s, "a/") || strings.HasPrefix(s, "b/") {
		s = s[2:]
	}
	return s
}

// gitNames reads "a/X b/Y" from a "diff --git" line.
func gitNames(s string) (string, string, bool) {
	if strings.HasPrefix(s, `"`) {
		return "", "", false // quoted names: the "---" and "+++" lines say them
	}
	if strings.HasPrefix(s, "a/") {
		if i := strings.Index(s, " b/"); i >= 0 {
			return s[2:i], s[i+3:], true
		}
	}
	return "", "", false
}

// finishFile checks a file's hunks and turns an added file's hunk into its
// lines.
func finishFile(f *File) error {
	switch f.Op {
	case Add:
		for _, h := range f.Hunks {
			for _, l := range h.Lines {
				if l.Kind == '-' || l.Kind == ' ' && l.Text != "" {
					return syntaxErr(h.Line, "a new file's hunk has only added lines")
				}
				if l.Kind == '+' {
					f.Lines = append(f.Lines, l.Text)
				}
			}
			f.NoNewline = f.NoNewline || h.NewNoNewline
		}
		f.Hunks = nil
	case Delete:
		f.Hunks = nil
	case Update:
		if len(f.Hunks) == 0 && f.MoveTo == "" {
			return syntaxErr(f.Line, "the diff of %s has no hunks", f.Path)
		}
	}
	return nil
}
