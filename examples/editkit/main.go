// Command editkit drives the editkit library from a shell or from an agent
// that is not written in Go.
//
//	editkit tools                          print every tool as JSON: name, description, inputSchema
//	editkit tool NAME [-root DIR] < REQ    run one tool on a JSON request, print the JSON result
//
// Exit status: 0 when the operation fully succeeded, 1 when it failed or
// partly failed (the JSON result says what happened), 2 for bad usage or a
// request that is not valid JSON for the tool.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/editkit/editkit"
)

const (
	exitOK      = 0
	exitFailed  = 1
	exitUsage   = 2
	usageHeader = `usage:
  editkit tools                          print every tool as JSON
  editkit tool NAME [-root DIR] < REQ    run one tool on a JSON request from stdin
`
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usageHeader)
		return exitUsage
	}
	switch args[0] {
	case "tools":
		return printJSON(stdout, stderr, editkit.Tools())
	case "tool":
		return runTool(args[1:], stdin, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usageHeader)
		return exitOK
	}
	fmt.Fprintf(stderr, "editkit: unknown command %q\n%s", args[0], usageHeader)
	return exitUsage
}

func runTool(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tool", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "workspace root `dir`ectory; paths in the request are relative to it")
	maxSize := fs.Int64("max-size", 0, "largest file to edit, in bytes (0: 32 MiB)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: editkit tool NAME [-root DIR] < request.json\ntools: %s\n", strings.Join(toolNames(), ", "))
		fs.PrintDefaults()
	}
	var name string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if name == "" && fs.NArg() > 0 {
		name = fs.Arg(0)
	} else if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "editkit: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if name == "" {
		fs.Usage()
		return exitUsage
	}
	input, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "editkit: reading the request: %v\n", err)
		return exitUsage
	}
	ws, err := editkit.OpenDir(*root)
	if err != nil {
		fmt.Fprintf(stderr, "editkit: %v\n", err)
		return exitUsage
	}
	defer ws.Close()
	ed := &editkit.Editor{Workspace: ws, MaxFileSize: *maxSize}
	out, err := ed.Call(context.Background(), name, input)
	if out == nil {
		// The request was not valid for the tool: say so in the same JSON
		// shape a result has, so an agent reads it like any failure.
		printJSON(stdout, stderr, map[string]any{"success": false, "message": err.Error()})
		return exitUsage
	}
	if code := printJSON(stdout, stderr, out); code != exitOK {
		return code
	}
	if err != nil {
		return exitFailed
	}
	return exitOK
}

func toolNames() []string {
	var names []string
	for _, t := range editkit.Tools() {
		names = append(names, t.Name)
	}
	return names
}

func printJSON(stdout, stderr io.Writer, v any) int {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "editkit: %v\n", err)
		return exitFailed
	}
	stdout.Write(append(b, '\n'))
	return exitOK
}
