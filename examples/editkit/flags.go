package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"strings"
)

// flags makes the flag set of a command, whose usage shows its synopsis,
// what it does, and its flags.
func (c *cli) flags(name, synopsis, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s\n\n%s\n", strings.TrimSpace("editkit "+name+" "+synopsis), about)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(w, "\nflags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parse parses a command's arguments, flags anywhere among them
// ("apply response.md -dry-run"), and checks it has between min and max
// others. When ok is false the command is over and code is its exit
// status: 0 after -h, which prints the usage to stdout.
func (c *cli) parse(fs *flag.FlagSet, args []string, min, max int) (pos []string, code int, ok bool) {
	var out bytes.Buffer
	fs.SetOutput(&out)
	defer fs.SetOutput(c.stderr)
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			c.stdout.Write(out.Bytes())
			return nil, exitOK, false
		}
		if err != nil {
			c.stderr.Write(out.Bytes())
			return nil, exitUsage, false
		}
		rest := fs.Args()
		if endedByDashes(fs, args[:len(args)-len(rest)]) {
			pos = append(pos, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	if len(pos) < min || len(pos) > max {
		fs.SetOutput(c.stderr)
		if len(pos) > max {
			fmt.Fprintf(c.stderr, "editkit %s: unexpected argument %q\n", fs.Name(), pos[max])
		}
		fs.Usage()
		return nil, exitUsage, false
	}
	return pos, exitOK, true
}

// endedByDashes tells whether the flag package stopped at a "--" among
// the arguments it consumed, rather than taking "--" as a flag's value.
func endedByDashes(fs *flag.FlagSet, consumed []string) bool {
	n := len(consumed)
	if n == 0 || consumed[n-1] != "--" {
		return false
	}
	if n == 1 {
		return true
	}
	prev := consumed[n-2]
	if !strings.HasPrefix(prev, "-") || strings.Contains(prev, "=") {
		return true
	}
	f := fs.Lookup(strings.TrimLeft(prev, "-"))
	if f == nil {
		return true
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return isBool && b.IsBoolFlag()
}
