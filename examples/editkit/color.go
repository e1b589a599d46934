package main

import (
	"io"
	"os"
	"strings"
)

const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiRed   = "\x1b[31m"
	ansiGreen = "\x1b[32m"
	ansiCyan  = "\x1b[36m"
)

// wantColor tells whether w is a terminal that should show color: not when
// output is piped or redirected to a file, nor with NO_COLOR set
// (no-color.org) or TERM=dumb.
func wantColor(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}

// fromTerminal reports whether r is a terminal, where a person would have
// to type the input and end it with Ctrl-D.
func fromTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && isTerminal(f)
}

// paint wraps s in an ANSI color when the output shows color.
func (c *cli) paint(color, s string) string {
	if !c.color || color == "" || s == "" {
		return s
	}
	return color + s + ansiReset
}

// printDiff prints a unified diff: file headers in bold, hunk headers in
// cyan, removed lines red, added lines green. Header lines are only those
// before the first hunk, so a removed line that reads "-- x" stays red.
func (c *cli) printDiff(d string) {
	inHunk := false
	for line := range strings.Lines(d) {
		body := strings.TrimSuffix(line, "\n")
		color := ""
		switch {
		case strings.HasPrefix(body, "@@"):
			inHunk, color = true, ansiCyan
		case !inHunk:
			color = ansiBold
		case strings.HasPrefix(body, "+"):
			color = ansiGreen
		case strings.HasPrefix(body, "-"):
			color = ansiRed
		}
		io.WriteString(c.stdout, c.paint(color, body)+"\n")
	}
}
