package editkit

import (
	"fmt"
	"strings"
	"unicode"
)

// Format is the syntax of edit blocks in a model's response.
type Format string

// The formats a response's edit blocks may be written in.
const (
	// FormatV3 is the common-prefix format:
	//
	//	path/to/file.py
	//	««« EDIT
	//	<anchor lines>
	//	<old lines>
	//	═══════ REPL
	//	<anchor lines>
	//	<new lines>
	//	»»» EDIT END
	//
	// The anchor is the longest run of lines both sections start with.
	FormatV3 Format = "v3"
	// FormatSearchReplace is aider's format: the file name, then
	// "<<<<<<< SEARCH", the old lines, "=======", the new lines,
	// ">>>>>>> REPLACE".
	FormatSearchReplace Format = "search-replace"
	// FormatMixed is a response with blocks in both formats.
	FormatMixed Format = "mixed"
	// FormatNone is a response without edit blocks.
	FormatNone Format = "none"
)

// The v3 markers, each a whole line.
const (
	v3Edit = "««« EDIT"
	v3Repl = "═══════ REPL"
	v3End  = "»»» EDIT END"
)

var (
	srHeadRE    = lazyRegexp(`^<{5,9} SEARCH>?$`)
	srDividerRE = lazyRegexp(`^={5,9}$`)
	srUpdatedRE = lazyRegexp(`^>{5,9} REPLACE$`)
)

// The SEARCH/REPLACE markers; the first byte rules out most lines cheaply.
func srHead(t string) bool    { return len(t) > 5 && t[0] == '<' && srHeadRE().MatchString(t) }
func srDivider(t string) bool { return len(t) > 4 && t[0] == '=' && srDividerRE().MatchString(t) }
func srUpdated(t string) bool { return len(t) > 5 && t[0] == '>' && srUpdatedRE().MatchString(t) }

// A Block is one edit a model wrote: in Path, the lines Anchor+Old
// become Anchor+New. Anchor is the longest run of lines the old and new
// sides start with; an empty Old inserts New after the anchor, an empty New
// deletes Old, and empty Anchor and Old create the file.
type Block struct {
	Path   string   `json:"path"`
	Format Format   `json:"format"`
	Anchor []string `json:"anchor,omitempty"`
	Old    []string `json:"old,omitempty"`
	New    []string `json:"new,omitempty"`
	// Start and End are the response's lines (1-based) of the block's first
	// and last marker.
	Start int `json:"start"`
	End   int `json:"end"`
}

// A ParseIssue is a malformed block the parser skipped, and why.
type ParseIssue struct {
	Line    int    `json:"line"` // 1-based line of the response where the block starts
	Message string `json:"message"`
}

// ParseV3 returns the v3 edit blocks of a response, and an issue for each
// malformed one, which is skipped: a block without its "═══════ REPL"
// separator (an "»»» EDIT END" met before it ends the block), one not
// closed before the response ends, one without a path. Other text, marker
// lines of the other format included, is ignored.
func ParseV3(response string) ([]Block, []ParseIssue) {
	return parseAll(response, FormatV3)
}

// ParseSearchReplace returns the SEARCH/REPLACE edit blocks of a response,
// in aider's format: markers of 5 to 9 "<", "=" or ">" ("<<<<<<< SEARCH",
// optionally followed by ">"; "======="; ">>>>>>> REPLACE", for which a
// second "=======" also serves); the file name on one of the three lines
// before, through code fences, without backquotes, "*", "#" and a trailing
// ":" (the previous block's file when there is none). Malformed blocks are
// skipped and reported.
func ParseSearchReplace(response string) ([]Block, []ParseIssue) {
	return parseAll(response, FormatSearchReplace)
}

// ParseResponse returns the edit blocks of a response in either format.
func ParseResponse(response string) ([]Block, []ParseIssue) {
	return parseAll(response, "")
}

// DetectFormat tells which format a response's edit blocks use.
func DetectFormat(response string) Format {
	v3, sr, patch := false, false, false
	for line := range strings.Lines(response) {
		t := strings.TrimSpace(line)
		v3 = v3 || t == v3Edit
		sr = sr || srHead(t)
		patch = patch || t == "*** Begin Patch" || isFence(t) && isDiffFence(t)
	}
	switch {
	case patch && !v3 && !sr:
		return FormatPatch
	case patch || v3 && sr:
		return FormatMixed
	case v3:
		return FormatV3
	case sr:
		return FormatSearchReplace
	}
	return FormatNone
}

func parseAll(response string, only Format) ([]Block, []ParseIssue) {
	p := parseLines(response, only, true, nil)
	return p.blocks, p.issues
}

// parseLines runs a lineParser over a whole response. exists, when not
// nil, reports a file the workspace has (see lineParser.exists).
func parseLines(response string, only Format, withPatches bool, exists func(string) bool) *lineParser {
	p := &lineParser{only: only, withPatches: withPatches, exists: exists}
	for len(response) > 0 {
		i := strings.IndexByte(response, '\n')
		if i < 0 {
			p.line(response)
			break
		}
		p.line(response[:i])
		response = response[i+1:]
	}
	p.finish()
	return p
}

// A StreamParser parses a response as it arrives, in chunks of any size,
// and hands out each block as soon as the line of its end marker is
// complete. Once closed it has found exactly the blocks ParseResponse (or
// ParseV3, ParseSearchReplace) finds in the whole response. The zero value
// parses both formats.
type StreamParser struct {
	// Format, when set to FormatV3 or FormatSearchReplace, limits the
	// parser to that format.
	Format  Format
	p       *lineParser
	partial strings.Builder
	exists  func(name string) bool // see lineParser.exists
}

// Feed parses the next chunk of the response and returns the blocks it
// completed.
func (s *StreamParser) Feed(chunk string) []Block {
	if s.p == nil {
		s.p = &lineParser{only: s.Format, withPatches: true, exists: s.exists}
	}
	done := len(s.p.blocks)
	for len(chunk) > 0 {
		i := strings.IndexByte(chunk, '\n')
		if i < 0 {
			s.partial.WriteString(chunk)
			break
		}
		if s.partial.Len() > 0 {
			s.partial.WriteString(chunk[:i])
			s.p.line(s.partial.String())
			s.partial.Reset()
		} else {
			s.p.line(chunk[:i])
		}
		chunk = chunk[i+1:]
	}
	return s.p.blocks[done:]
}

// Close ends the response: it parses its last line, and returns the blocks
// that completed and every issue found.
func (s *StreamParser) Close() ([]Block, []ParseIssue) {
	if s.p == nil {
		s.p = &lineParser{only: s.Format, withPatches: true, exists: s.exists}
	}
	done := len(s.p.blocks)
	if s.partial.Len() > 0 {
		s.p.line(s.partial.String())
		s.partial.Reset()
	}
	s.p.finish()
	return s.p.blocks[done:], s.p.issues
}

// A lineParser is the state machine both formats share, fed a line at a
// time.
type lineParser struct {
	only   Format // "" for both
	n      int    // lines seen
	blocks []Block
	issues []ParseIssue

	state  parseState
	format Format
	start  int      // line of the block's first marker
	path   string   // for the block in progress
	last   string   // the file of the previous block
	edit   []string // old side
	repl   []string // new side
	recent []string // the last few lines before a block, for its path

	patch       *patchState   // a patch in progress
	patches     []patchRegion // the patches found
	withPatches bool          // hand out the patches' hunks as blocks too

	// exists reports a file the workspace has: a line of one word with no
	// extension ("shtest", "configure") names a block's file when it is
	// one. nil when the response is parsed on its own.
	exists func(name string) bool
}

type parseState int

const (
	idle parseState = iota
	oldSide
	newSide
)

func (p *lineParser) line(l string) {
	p.n++
	l = strings.TrimSuffix(l, "\r")
	t := strings.TrimSpace(l)
	if p.patch != nil {
		p.patchLine(l)
		return
	}
	switch p.state {
	case idle:
		prev := ""
		if len(p.recent) > 0 {
			prev = p.recent[len(p.recent)-1]
		}
		switch {
		case p.only == "" && p.patchStart(t, prev):
		case p.only != FormatSearchReplace && t == v3Edit:
			name, ok := v3Path(p.recent, p.named)
			if !ok {
				name = p.last // prose or "..." before the block: the previous block's file
			}
			p.begin(FormatV3, name)
		case p.only != FormatV3 && srHead(t):
			name, ok := srFilename(p.recent, p.named)
			if !ok {
				name = p.last
			}
			p.begin(FormatSearchReplace, name)
		case p.mangled(t):
			p.recent = nil
		default:
			p.recent = append(p.recent, l)
			if len(p.recent) > 8 {
				p.recent = p.recent[1:]
			}
		}
	case oldSide:
		switch {
		case p.format == FormatV3 && t == v3Repl, p.format == FormatSearchReplace && srDivider(t):
			p.state = newSide
		case p.format == FormatV3 && t == v3End:
			p.issue(fmt.Sprintf("the block has no %q line between its old and new lines; it ends at line %d and was skipped", v3Repl, p.n))
			p.reset()
		case p.format == FormatSearchReplace && srUpdated(t):
			p.issue(fmt.Sprintf("the block has no %q line between its SEARCH and REPLACE lines; it ends at line %d and was skipped", "=======", p.n))
			p.reset()
		default:
			p.edit = append(p.edit, l)
		}
	case newSide:
		if p.format == FormatV3 && t == v3End || p.format == FormatSearchReplace && (srUpdated(t) || srDivider(t)) {
			p.emit()
			return
		}
		p.repl = append(p.repl, l)
	}
}

// Marker lines written almost right: a model's slip, which would
// otherwise make a block vanish without a word.
var (
	looseSearch  = lazyRegexp(`^<{2,}[-<\s]*SEARCH\b|^<{5,9}SEARCH\b`)
	looseReplace = lazyRegexp(`^>{2,}[->\s]*REPLACE\b`)
	looseV3      = lazyRegexp(`^(«+|<{3}|>{3}|»+)\s*EDIT(\s+END)?$|^(═+|={7,})\s*REPL$`)
)

// mangled reports a line, outside any block, that looks like a marker but
// is not one, as an issue at its line; it returns whether it did.
func (p *lineParser) mangled(t string) bool {
	if t == "" || t[0] != '<' && t[0] != '>' && t[0] != '=' && t[0] != 0xC2 && t[0] != 0xE2 {
		return false // no marker starts otherwise: most lines stop here
	}
	var msg string
	switch {
	case p.only != FormatV3 && looseSearch().MatchString(t):
		msg = fmt.Sprintf("the line %q looks like the start of a SEARCH/REPLACE block but is not one; no block was read there. Write it as %q", t, "<<<<<<< SEARCH")
	case p.only != FormatV3 && srUpdated(t):
		msg = fmt.Sprintf("the line %q ends a SEARCH/REPLACE block, but no block was open: its %q line is missing or mangled", t, "<<<<<<< SEARCH")
	case p.only != FormatV3 && looseReplace().MatchString(t):
		msg = fmt.Sprintf("the line %q looks like the end of a SEARCH/REPLACE block but is not one, and no block was open", t)
	case p.only != FormatSearchReplace && (t == v3End || t == v3Repl):
		msg = fmt.Sprintf("the line %q belongs to a v3 block, but no block was open: its %q line is missing or mangled", t, v3Edit)
	case p.only != FormatSearchReplace && looseV3().MatchString(t):
		msg = fmt.Sprintf("the line %q looks like a v3 marker but is not one; the markers are %q, %q and %q", t, v3Edit, v3Repl, v3End)
	default:
		return false
	}
	p.issues = append(p.issues, ParseIssue{Line: p.n, Message: msg})
	return true
}

func (p *lineParser) begin(f Format, path string) {
	p.state, p.format, p.start, p.path = oldSide, f, p.n, path
	p.edit, p.repl, p.recent = nil, nil, nil
}

func (p *lineParser) emit() {
	if p.path == "" {
		p.issue("the block has no file path on the line before it, and was skipped")
		p.reset()
		return
	}
	b := Block{Path: p.path, Format: p.format, Start: p.start, End: p.n}
	k := 0
	for k < len(p.edit) && k < len(p.repl) && p.edit[k] == p.repl[k] {
		k++
	}
	b.Anchor, b.Old, b.New = p.edit[:k:k], p.edit[k:], p.repl[k:]
	p.last = p.path
	p.blocks = append(p.blocks, b)
	p.reset()
}

func (p *lineParser) issue(msg string) {
	p.issues = append(p.issues, ParseIssue{Line: p.start, Message: msg})
}

func (p *lineParser) reset() {
	p.state, p.edit, p.repl, p.path = idle, nil, nil, ""
}

func (p *lineParser) finish() {
	if p.patch != nil {
		p.endPatch() // a patch may end with the response, without "*** End Patch"
	}
	if p.state != idle {
		end := v3End
		if p.format == FormatSearchReplace {
			end = ">>>>>>> REPLACE"
		}
		p.issue(fmt.Sprintf("the block is not closed: the response ends before its %q line; it was skipped", end))
		p.reset()
	}
}

// isFence reports a code fence line, such as "```" or "````python", or
// aider's other fence, "<source>python" … "</source>", which it uses when
// the file itself holds triple backquotes.
func isFence(t string) bool {
	return strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") || strings.HasPrefix(t, "<source") || t == "</source>"
}

// fenceInfo is what follows a fence's opening characters: a language, or
// a file name.
func fenceInfo(t string) string {
	if rest, ok := strings.CutPrefix(t, "<source>"); ok {
		return rest
	}
	return strings.TrimLeft(t, "`~")
}

// v3Path is the path a v3 block names: the last non-empty line before it
// that is not a code fence, without markdown decoration, when that line is
// a path and not prose.
func v3Path(recent []string, named func(line, name string) bool) (string, bool) {
	for i := len(recent) - 1; i >= 0; i-- {
		t := strings.TrimSpace(recent[i])
		if t == "" || isFence(t) {
			continue
		}
		name := stripDecoration(t)
		return name, named(t, name)
	}
	return "", false
}

// srFilename finds a SEARCH/REPLACE block's file name on one of the three
// non-empty lines before it, looking through code fences: a fence line may
// carry it (```src/a.py), and the first line that is not a fence ends the
// search.
func srFilename(recent []string, named func(line, name string) bool) (string, bool) {
	seen := 0
	for i := len(recent) - 1; i >= 0 && seen < 3; i-- {
		t := strings.TrimSpace(recent[i])
		if t == "" {
			continue
		}
		seen++
		if isFence(t) {
			if name := fenceInfo(t); strings.ContainsAny(name, "./") && pathLike(name, name) {
				return stripDecoration(name), true
			}
			continue
		}
		name := stripDecoration(t)
		return name, named(t, name)
	}
	return "", false
}

// named reports whether line, name without its decoration, names a
// block's file: it reads like a path (pathLike), or it is one word that
// names a file the workspace has.
func (p *lineParser) named(line, name string) bool {
	return pathLike(line, name) || p.exists != nil && name != "" && !strings.ContainsFunc(name, unicode.IsSpace) && p.exists(name)
}

// knownNames are file names without an extension or directory that a line
// of one word may be.
var knownNames = map[string]bool{
	"Makefile": true, "makefile": true, "GNUmakefile": true, "Dockerfile": true, "Containerfile": true,
	"Gemfile": true, "Rakefile": true, "Procfile": true, "Vagrantfile": true, "Jenkinsfile": true,
	"Brewfile": true, "Justfile": true, "justfile": true, "Snakefile": true, "BUILD": true, "WORKSPACE": true,
}

// pathLike reports whether the line a block's file name was taken from,
// line, names a file — name is the line without its markdown decoration —
// rather than being prose ("Here's the change:") or an elision ("...").
// A name with a space must be marked as a name (in backquotes or bold, or
// as a heading) or lead through a directory; a name of one word must have
// an extension, a directory, be marked, or be a file name known to have
// neither (Makefile, Dockerfile, LICENSE, …).
func pathLike(line, name string) bool {
	if name == "" || strings.Trim(name, ".…") == "" || strings.ContainsFunc(name, unicode.IsControl) || strings.ContainsAny(name, "<>|\"") {
		return false
	}
	marked := strings.TrimSpace(line) != name && !strings.HasSuffix(strings.TrimSpace(line), ":")
	dir := strings.ContainsAny(name, "/\\")
	ext := extension().MatchString(name)
	if strings.ContainsAny(name, " \t") {
		return dir || marked && ext
	}
	upper := strings.ToUpper(name) == name && strings.ToLower(name) != name
	return dir || ext || marked || knownNames[name] || upper && len(name) >= 4
}

// extension is a file name's extension, as in main.go or .gitignore.
var extension = lazyRegexp(`\.[A-Za-z0-9_+-]{1,16}$`)

// stripDecoration removes markdown around a path: backquotes, "*", leading
// "#" and a trailing ":".
func stripDecoration(s string) string {
	for prev := ""; prev != s; {
		prev = s
		s = strings.TrimSpace(s)
		s = strings.TrimSuffix(s, ":")
		s = strings.TrimLeft(s, "#")
		s = strings.Trim(s, "`*")
	}
	return s
}
