// Command editkit drives the editkit library from a shell: for people, who
// read diffs, and for agents not written in Go, which send and read JSON.
//
//	editkit apply [-dry-run] [-root DIR] FILE|-       apply the edit blocks of a model's response
//	editkit replace [-all] -old TEXT -new TEXT FILE   replace text in a file
//	editkit lines FILE START [END] < CONTENT         replace lines START-END (to the end without END); -delete deletes
//	editkit view FILE [START [END]]                  print lines with their numbers
//	editkit tools                                    print every tool as JSON: name, title, description, input and output schemas
//	editkit tool NAME [-root DIR] < REQUEST          run one tool on a JSON request, print the JSON result
//
// The commands for people print a unified diff of each change (in color on
// a terminal, unless NO_COLOR is set) and end with a one-line summary.
//
// Exit status: 0 when everything applied, 1 when something failed (the
// output says what), 2 for bad usage or a request that is not valid JSON
// for the tool. Every command takes -h.
package main

import (
	"fmt"
	"io"
	"os"
)

const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

const usage = `usage:
  editkit apply [-dry-run] [-root DIR] FILE|-       apply the edit blocks of a model's response
  editkit replace [-all] -old TEXT -new TEXT FILE   replace text in a file
  editkit lines FILE START [END] < CONTENT         replace lines START-END (to the end without END); -delete deletes
  editkit view FILE [START [END]]                  print lines with their numbers
  editkit tools                                    print every tool as JSON
  editkit tool NAME [-root DIR] < REQUEST          run one tool on a JSON request from stdin

Run "editkit COMMAND -h" for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// A cli is one run of the command: its streams, and whether stdout shows
// color.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	color          bool
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr, color: wantColor(stdout)}
	return c.run(args)
}

func (c *cli) run(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.stderr, usage)
		return exitUsage
	}
	cmd, args := args[0], args[1:]
	switch cmd {
	case "apply":
		return c.apply(args)
	case "replace":
		return c.replace(args)
	case "lines":
		return c.lines(args)
	case "view":
		return c.view(args)
	case "tools":
		return c.tools(args)
	case "tool":
		return c.tool(args)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(c.stdout, usage)
		return exitOK
	}
	fmt.Fprintf(c.stderr, "editkit: unknown command %q\n%s", cmd, usage)
	return exitUsage
}

// usageError reports a problem with the command line itself.
func (c *cli) usageError(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "editkit: "+format+"\n", args...)
	return exitUsage
}
