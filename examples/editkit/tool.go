package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/editkit/editkit"
)

func (c *cli) tools(args []string) int {
	fs := c.flags("tools", "[-gemini]", "Print every tool as a JSON list of {name, title, description, inputSchema}, for registering them with an agent.")
	gemini := fs.Bool("gemini", false, "schemas in the subset Gemini's function calling takes (no null types, no additionalProperties)")
	if _, code, ok := c.parse(fs, args, 0, 0); !ok {
		return code
	}
	if *gemini {
		return c.printJSON(editkit.GeminiTools())
	}
	return c.printJSON(editkit.Tools())
}

func (c *cli) tool(args []string) int {
	fs := c.flags("tool", "NAME [-root DIR] < request.json",
		"Run one tool on the JSON request read from stdin and print its JSON result.\nTools: "+strings.Join(toolNames(), ", "))
	root := fs.String("root", ".", "workspace root `dir`ectory; paths in the request are relative to it")
	maxSize := fs.Int64("max-size", 0, "largest file to edit, in `bytes` (0: 32 MiB)")
	viewChars := fs.Int("text-editor-max-chars", 0, "the text editor tool's max_characters: the most `characters` its view shows (0: the whole file)")
	journal := journalFlag(fs)
	pos, code, ok := c.parse(fs, args, 1, 1)
	if !ok {
		return code
	}
	if fromTerminal(c.stdin) {
		return c.usageError("tool: the JSON request comes from standard input, which is a terminal; pipe it in, as in: editkit tool %s < request.json", pos[0])
	}
	input, err := io.ReadAll(c.stdin)
	if err != nil {
		return c.usageError("reading the request: %v", err)
	}
	ws, err := editkit.OpenDir(*root)
	if err != nil {
		return c.usageError("%v", err)
	}
	defer ws.Close()
	j, err := openJournal(*journal, *root)
	if err != nil {
		return c.usageError("%v", err)
	}
	ed := &editkit.Editor{Workspace: ws, MaxFileSize: *maxSize, Journal: j, TextEditorMaxChars: *viewChars}
	out, err := ed.Call(context.Background(), pos[0], input)
	if code := c.printJSON(out); code != exitOK {
		return code
	}
	switch {
	case err != nil && !wellFormed(pos[0], input):
		return exitUsage // not a request the tool takes: it did not run
	case err != nil:
		return exitFailed
	}
	return exitOK
}

// wellFormed reports whether input is a request the named tool takes.
func wellFormed(name string, input []byte) bool {
	for _, t := range editkit.Tools() {
		if t.Name == name {
			return t.Check(input) == nil
		}
	}
	return false
}

func toolNames() []string {
	var names []string
	for _, t := range editkit.Tools() {
		names = append(names, t.Name)
	}
	return names
}

func (c *cli) printJSON(v any) int {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		fmt.Fprintf(c.stderr, "editkit: %v\n", err)
		return exitFailed
	}
	c.stdout.Write(append(b, '\n'))
	return exitOK
}

// journalFlag is every writing command's -journal flag.
func journalFlag(fs *flag.FlagSet) *string {
	return fs.String("journal", "", "`dir`ectory of the journal that undo reads (default: one per root under the user's cache directory, kept for the 64 roots written last)")
}

// openJournal is the journal in dir, or the root's own.
func openJournal(dir, root string) (*editkit.Journal, error) {
	if dir == "" {
		d, err := editkit.JournalDir(root)
		if err != nil {
			return nil, err
		}
		dir = d
	}
	return &editkit.Journal{Dir: dir}, nil
}
