// Command editkit-mcp serves every editkit tool to an MCP client (Claude
// Desktop, Claude Code, Cursor, an agent built on the MCP Go SDK) over
// stdio:
//
//	editkit-mcp -root /path/to/repo
//
// Paths in the requests are relative to the root, and nothing outside it can
// be read or written. A failed edit comes back as a tool error (isError)
// whose text is the JSON result: the model reads what went wrong, where,
// and what to send instead.
package main

import (
	"context"
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
	if err := run(ctx, os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "editkit-mcp: %v\n", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("editkit-mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "workspace `dir`ectory; paths in the requests are relative to it")
	gitAdd := fs.Bool("git-add", false, "stage the files apply_edit_response writes when the root is in a git work tree")
	maxSize := fs.Int64("max-size", 0, "largest file to edit, in `bytes` (0: 32 MiB)")
	journal := fs.String("journal", "", "`dir`ectory of the journal undo reads, kept across runs (default: one per root under the user's cache directory)")
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
	ed := &editkit.Editor{Workspace: ws, GitAdd: *gitAdd, MaxFileSize: *maxSize, Journal: &editkit.Journal{Dir: *journal}}
	return newServer(ed).Run(ctx, &mcp.StdioTransport{})
}

// newServer registers every editkit tool with its own description and
// hand-written schema. editkit checks each request itself (unknown fields
// are refused, with the fields it takes), so the raw handler is used rather
// than the SDK's typed one.
func newServer(ed *editkit.Editor) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "editkit", Version: version()}, nil)
	for _, t := range editkit.Tools() {
		s.AddTool(&mcp.Tool{
			Name:        t.Name,
			Description: t.Description,
			InputSchema: t.InputSchema,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: t.ReadOnly},
		}, handler(ed, t.Name))
	}
	return s
}

// handler runs one tool. A refused or failed edit is a tool error, not a
// protocol error, so that the model sees the message and can fix its
// request.
func handler(ed *editkit.Editor, name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := ed.Call(ctx, name, req.Params.Arguments)
		return &mcp.CallToolResult{
			Content: []mcp.Content{&mcp.TextContent{Text: string(out)}},
			IsError: err != nil,
		}, nil
	}
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "devel"
}
