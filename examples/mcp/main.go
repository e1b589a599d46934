// Command editkit-mcp serves every editkit tool to an MCP client (Claude
// Desktop, Claude Code, Cursor, an agent built on the MCP Go SDK) over
// stdio:
//
//	editkit-mcp -root /path/to/repo
//
// Paths in the requests are relative to the root, and nothing outside it can
// be read or written. A failed edit comes back as a tool error (isError)
// whose text is the JSON result: the model reads what went wrong, where,
// and what to send instead. A request that wrote some of its edits is not
// an error; its result lists the edits that failed.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/editkit/editkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(exitCode(run(ctx, os.Args[1:], os.Stderr), os.Stderr))
}

// exitCode is the command's exit status for what run returned, after
// saying what went wrong: -h printed the usage, as asked, and is no
// failure.
func exitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	}
	fmt.Fprintf(stderr, "editkit-mcp: %v\n", err)
	return 1
}

func run(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("editkit-mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "workspace `dir`ectory; paths in the requests are relative to it")
	gitAdd := fs.Bool("git-add", false, "stage the files apply_edit_response writes when the root is in a git work tree")
	maxSize := fs.Int64("max-size", 0, "largest file to edit, in `bytes` (0: 32 MiB)")
	journal := fs.String("journal", "", "`dir`ectory of the journal undo reads, kept across runs (default: one per root under the user's cache directory, kept for the 64 roots written last)")
	viewChars := fs.Int("text-editor-max-chars", 0, "the text editor tool's max_characters: the most `characters` its view shows (0: the whole file)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	ws, err := editkit.OpenDir(*root)
	if err != nil {
		return err
	}
	defer ws.Close()
	if *journal == "" {
		if *journal, err = editkit.JournalDir(*root); err != nil {
			return err
		}
	}
	ed := &editkit.Editor{Workspace: ws, GitAdd: *gitAdd, MaxFileSize: *maxSize, Journal: &editkit.Journal{Dir: *journal}, TextEditorMaxChars: *viewChars}
	return newServer(ed).Run(ctx, &mcp.StdioTransport{})
}

// newServer registers every editkit tool with its own description and
// hand-written schema. editkit checks each request itself (unknown fields
// are refused, with the fields it takes), so the raw handler is used rather
// than the SDK's typed one.
func newServer(ed *editkit.Editor) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "editkit", Version: version()}, nil)
	for _, t := range editkit.Tools() {
		// Hints for a client deciding what to ask the user: the writing
		// tools may delete lines or files; the reading ones return the
		// same for the same files; none reaches outside the workspace.
		closed, destructive := false, !t.ReadOnly
		s.AddTool(&mcp.Tool{
			Name:         t.Name,
			Title:        t.Title,
			Description:  t.Description,
			InputSchema:  t.InputSchema,
			OutputSchema: t.OutputSchema,
			Annotations: &mcp.ToolAnnotations{
				Title:           t.Title,
				ReadOnlyHint:    t.ReadOnly,
				DestructiveHint: &destructive,
				IdempotentHint:  t.ReadOnly,
				OpenWorldHint:   &closed,
			},
		}, handler(ed, t.Name))
	}
	return s
}

// handler runs one tool. A refused or failed edit is a tool error, not a
// protocol error, so that the model sees the message and can fix its
// request; a request that wrote some of its edits is not an error — its
// result lists the ones that failed — so that a model does not send again
// the edits that landed. The JSON result is the text and, for programs,
// the structured content.
func handler(ed *editkit.Editor, name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := ed.Call(ctx, name, req.Params.Arguments)
		return &mcp.CallToolResult{
			Content:           []mcp.Content{&mcp.TextContent{Text: string(out)}},
			StructuredContent: out,
			IsError:           err != nil && !wrote(out),
		}, nil
	}
}

// wrote reports a result of a request that wrote files: it carries the
// requestId of its journal entry.
func wrote(result []byte) bool {
	var r struct {
		RequestID string `json:"requestId"`
	}
	return json.Unmarshal(result, &r) == nil && r.RequestID != ""
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "devel"
}
