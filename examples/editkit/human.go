package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/editkit/editkit"
)

func (c *cli) apply(args []string) int {
	fs := c.flags("apply", "[-dry-run] [-root DIR] FILE|-",
		`Apply the edit blocks of a model's response, read from FILE or from stdin ("-"):
v3 blocks ("««« EDIT" ... "═══════ REPL" ... "»»» EDIT END") or aider's SEARCH/REPLACE
blocks ("<<<<<<< SEARCH" ... "=======" ... ">>>>>>> REPLACE"), each after the line
that names its file. The paths in the blocks are relative to the root.
Prints the diff of each file, what happened to each block, the shell commands
the response suggests (never run) and a summary.`)
	root := fs.String("root", ".", "workspace `dir`ectory; the paths in the blocks are relative to it")
	dry := fs.Bool("dry-run", false, "check every block and show the diffs without writing")
	format := fs.String("format", "auto", "the blocks' `format`: auto, v3 or search-replace")
	exact := fs.Bool("exact", false, "accept a block only when its lines are in the file exactly as written")
	normalize := fs.Bool("normalize-ending", false, "end each written file with exactly one newline (default: keep its own ending)")
	force := fs.Bool("force", false, "write files whose mode makes them read-only")
	gitAdd := fs.Bool("git-add", false, "stage the written files with git add when the root is in a git work tree")
	journal := journalFlag(fs)
	fs.Bool("fuzzy", false, "deprecated: tolerant matching is the default; see -exact")
	fs.Bool("keep-ending", false, "deprecated: files keep their ending by default; see -normalize-ending")
	pos, code, ok := c.parse(fs, args, 1, 1)
	if !ok {
		return code
	}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "fuzzy", "keep-ending":
			fmt.Fprintf(c.stderr, "editkit apply: -%s is the default now, and is ignored\n", f.Name)
		}
	})
	response, err := c.readInput(pos[0])
	if err != nil {
		return c.usageError("apply: %v", err)
	}
	ws, err := editkit.OpenDir(*root)
	if err != nil {
		return c.usageError("apply: %v", err)
	}
	defer ws.Close()
	j, err := openJournal(*journal, *root)
	if err != nil {
		return c.usageError("apply: %v", err)
	}
	ed := &editkit.Editor{Workspace: ws, GitAdd: *gitAdd, Journal: j}
	res, err := ed.ApplyEditResponse(context.Background(), editkit.ApplyEditResponseRequest{
		Response: string(response), DryRun: *dry, Format: *format, Exact: *exact, NormalizeEnding: *normalize, Force: *force,
	})
	if len(res.Results) == 0 && len(res.ParseIssues) == 0 && errors.Is(err, editkit.ErrInvalidRequest) {
		return c.usageError("apply: %v", err)
	}
	for _, name := range res.FilesModified {
		c.printDiff(res.Diffs[name])
	}
	for _, r := range res.Results {
		where := r.File
		if r.Line > 0 {
			where += ":" + strconv.Itoa(r.Line)
		}
		color := map[editkit.Status]string{editkit.StatusApplied: ansiGreen, editkit.StatusFailed: ansiRed}[r.Status]
		msg := forPeople(strings.TrimPrefix(r.Message, r.File+": "), r.File)
		fmt.Fprintf(c.stdout, "%s %s (response line %d): %s\n", c.paint(color, fmt.Sprintf("%-7s", r.Status)), where, r.ResponseLine, indent(msg))
	}
	for _, is := range res.ParseIssues {
		fmt.Fprintf(c.stdout, "%s response line %d: %s\n", c.paint(ansiRed, "unparsed"), is.Line, is.Message)
	}
	if len(res.ShellSuggestions) > 0 {
		fmt.Fprintln(c.stdout, "The response suggests these commands (not run):")
		for _, cmd := range res.ShellSuggestions {
			fmt.Fprintf(c.stdout, "  %s\n", cmd)
		}
	}
	return c.summary(forPeople(res.Message, ""), err)
}

func (c *cli) replace(args []string) int {
	fs := c.flags("replace", "[-all] [-dry-run] -old TEXT -new TEXT FILE",
		`Replace TEXT in FILE. The text is found as the edit_block tool finds it:
exactly, or else tolerating different indentation, whitespace, quotes, escapes
and a typo in a middle line, but never guessing between two places: without
-all it must occur once. An empty -old creates FILE. For text of several
lines use the shell's quoting, such as $'line one\nline two'.`)
	old := fs.String("old", "", "the `text` to replace")
	repl := fs.String("new", "", "the `text` to put in its place")
	all := fs.Bool("all", false, "replace every place the text occurs")
	exact := fs.Bool("exact", false, "find the text only exactly as written")
	dry := fs.Bool("dry-run", false, "show the diff without writing")
	force := fs.Bool("force", false, "write the file even if its mode makes it read-only")
	journal := journalFlag(fs)
	pos, code, ok := c.parse(fs, args, 1, 1)
	if !ok {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["old"] || !set["new"] {
		fmt.Fprintln(c.stderr, "editkit replace: -old and -new are required")
		fs.SetOutput(c.stderr)
		fs.Usage()
		return exitUsage
	}
	ws, path, err := openFile(pos[0])
	if err != nil {
		return c.usageError("replace: %v", err)
	}
	defer ws.Close()
	j, err := openJournal(*journal, ws.Dir())
	if err != nil {
		return c.usageError("replace: %v", err)
	}
	res, err := (&editkit.Editor{Workspace: ws, Journal: j}).EditBlock(context.Background(), editkit.EditBlockRequest{
		Path: path, Search: *old, Replace: *repl, ReplaceAll: *all, Exact: *exact, DryRun: *dry, Force: *force,
	})
	c.printDiff(res.Diff)
	return c.summary(forPeople(res.Message, pos[0]), err)
}

func (c *cli) lines(args []string) int {
	fs := c.flags("lines", "[-dry-run] [-content FILE|-] [-delete] FILE START [END]",
		`Replace lines START to END of FILE (to the end of the file without END) with
the lines read from -content, or from stdin when it is piped; every other line
stays as it is. END = START-1 inserts before START; START = the line count + 1
appends. -delete deletes the lines. An empty -content is refused: to delete,
say -delete. Standard input that is a terminal is read only when asked for
with -content -.`)
	dry := fs.Bool("dry-run", false, "show the diff without writing")
	from := fs.String("content", "", "read the new lines from `file` (- for stdin)")
	del := fs.Bool("delete", false, "delete the lines instead of replacing them")
	force := fs.Bool("force", false, "write the file even if its mode makes it read-only")
	journal := journalFlag(fs)
	pos, code, ok := c.parse(fs, args, 2, 3)
	if !ok {
		return code
	}
	req := editkit.WriteFromLineRequest{DryRun: *dry, Force: *force}
	var err error
	if req.StartLine, err = lineNumber("START", pos[1]); err != nil {
		return c.usageError("lines: %v", err)
	}
	if len(pos) == 3 {
		end, err := lineNumber("END", pos[2])
		if err != nil {
			return c.usageError("lines: %v", err)
		}
		req.EndLine = &end
	}
	switch {
	case *del && *from != "":
		return c.usageError("lines: -delete and -content contradict each other")
	case *del && req.EndLine == nil:
		return c.usageError("lines: -delete needs END: say which lines to delete, such as %s %d", pos[1], req.StartLine)
	case *del:
	case *from == "" && fromTerminal(c.stdin):
		// Typing lines at a terminal and ending them with Ctrl-D is too
		// easy to do by accident: an empty answer would delete the lines.
		return c.usageError("lines: the new lines come from -content FILE or from a pipe, and standard input is a terminal; give -content - to type them")
	default:
		content, err := c.readInput(cmp.Or(*from, "-"))
		if err != nil {
			return c.usageError("lines: reading the new lines: %v", err)
		}
		if len(content) == 0 {
			what := "line " + pos[1]
			if len(pos) == 3 {
				what = "lines " + pos[1] + "-" + pos[2]
			}
			return c.usageError("lines: the new lines are empty; to delete %s, use -delete", what)
		}
		req.Content = string(content)
	}
	ws, path, err := openFile(pos[0])
	if err != nil {
		return c.usageError("lines: %v", err)
	}
	defer ws.Close()
	req.Path = path
	j, err := openJournal(*journal, ws.Dir())
	if err != nil {
		return c.usageError("lines: %v", err)
	}
	res, err := (&editkit.Editor{Workspace: ws, Journal: j}).WriteFromLine(context.Background(), req)
	c.printDiff(res.Diff)
	return c.summary(forPeople(res.Message, pos[0]), err)
}

func (c *cli) view(args []string) int {
	fs := c.flags("view", "FILE [START [END]]",
		`Print lines START to END of FILE (all of it without START, to its end without
END) with their numbers, then its line count, encoding and line ending.`)
	pos, code, ok := c.parse(fs, args, 1, 3)
	if !ok {
		return code
	}
	req := editkit.ViewRequest{Format: "json", MaxChars: math.MaxInt}
	var err error
	if len(pos) > 1 {
		if req.StartLine, err = lineNumber("START", pos[1]); err != nil {
			return c.usageError("view: %v", err)
		}
	}
	if len(pos) > 2 {
		if req.EndLine, err = lineNumber("END", pos[2]); err != nil {
			return c.usageError("view: %v", err)
		}
	}
	ws, path, err := openFile(pos[0])
	if err != nil {
		return c.usageError("view: %v", err)
	}
	defer ws.Close()
	req.Path = path
	res, err := (&editkit.Editor{Workspace: ws}).View(context.Background(), req)
	if err != nil {
		return c.summary(res.Message, err)
	}
	width := len(strconv.Itoa(res.EndLine))
	for _, l := range res.Lines {
		fmt.Fprintf(c.stdout, "%s  %s\n", c.paint(ansiCyan, fmt.Sprintf("%*d", width, l.N)), l.Text)
	}
	if res.LineCount == 0 {
		return c.summary(res.Message, nil)
	}
	bom := ""
	if res.BOM {
		bom = ", byte order mark"
	}
	shown := editkit.LineRange{Start: res.StartLine, End: res.EndLine}
	return c.summary(fmt.Sprintf("%s: %s of %d (%s, %s line endings%s)",
		pos[0], shown, res.LineCount, res.Encoding, res.LineEnding, bom), nil)
}

// toPeople rewrites, in messages written for a model, the request's field
// names as the command line's flags and arguments.
var toPeople = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`set replaceAll \(or expectedReplacements: \d+\) to replace every one`), "use -all to replace every one"},
	{regexp.MustCompile(`send force: true`), "use -force"},
	{regexp.MustCompile(`parseIssues says why`), "the unparsed lines above say why"},
	{regexp.MustCompile(`\bstartLine\b`), "START"},
	{regexp.MustCompile(`\bendLine\b`), "END"},
	{regexp.MustCompile(`\(view (lines? )?(\d+)(?:-(\d+))?\)`), "(editkit view FILE $2 $3)"},
}

// forPeople is msg with the request's terms as a person types them on the
// command line; file names the file in a view command.
func forPeople(msg, file string) string {
	for _, r := range toPeople {
		msg = r.re.ReplaceAllString(msg, r.repl)
	}
	msg = strings.ReplaceAll(msg, "editkit view FILE ", "editkit view "+file+" ")
	return strings.ReplaceAll(msg, " )", ")")
}

// summary prints the one-line outcome of a command, to stdout when it
// succeeded and to stderr when it failed, and returns the exit status.
func (c *cli) summary(msg string, err error) int {
	if err == nil {
		fmt.Fprintln(c.stdout, c.paint(ansiBold, msg))
		return exitOK
	}
	if msg == "" {
		msg = err.Error()
	}
	fmt.Fprintln(c.stderr, msg)
	return exitFailed
}

// readInput reads a file named on the command line, or stdin for "-".
func (c *cli) readInput(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(c.stdin)
	}
	return os.ReadFile(name)
}

// openFile opens a workspace for a file named on the command line and
// returns the file's path in it: the working directory when the file is
// inside it, so that messages and diffs name the file as it was typed, and
// otherwise the file's own directory. A symbolic link is followed first,
// since the person named the file they mean.
func openFile(name string) (*editkit.DirWorkspace, string, error) {
	if real, err := filepath.EvalSymlinks(name); err == nil {
		name = real
	}
	dir, path := filepath.Dir(name), filepath.Base(name)
	if abs, err := filepath.Abs(name); err == nil {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil && filepath.IsLocal(rel) {
				dir, path = ".", filepath.ToSlash(rel)
			}
		}
	}
	ws, err := editkit.OpenDir(dir)
	if err != nil {
		return nil, "", err
	}
	return ws, path, nil
}

func lineNumber(what, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s must be a line number, not %q", what, s)
	}
	return n, nil
}

// indent indents the lines after the first of a message, so that a block's
// report stands apart from the next.
func indent(s string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}
