// Package golden reads and writes the txtar archives editkit's golden tests
// keep under testdata: a comment, then files introduced by "-- name --"
// lines. A name may end in " noeol" for a file whose last line has no
// newline, which txtar cannot otherwise express.
package golden

import (
	"bytes"
	"flag"
	"os"
	"strings"
)

// Update is the -update flag: rewrite the expected sections from what the
// code now produces.
var Update = flag.Bool("update", false, "rewrite golden files with the current output")

// An Archive is a parsed txtar file.
type Archive struct {
	Comment string
	Files   []File
}

// A File is one section of an archive.
type File struct {
	Name string
	Data []byte
}

const noEOL = " noeol"

// Parse parses txtar data. Section bodies are kept byte for byte, CR
// characters included.
func Parse(data []byte) *Archive {
	a := &Archive{}
	var cur *File
	var buf []byte
	flush := func() {
		if cur == nil {
			a.Comment = string(buf)
		} else {
			if strings.HasSuffix(cur.Name, noEOL) {
				cur.Name = strings.TrimSuffix(cur.Name, noEOL)
				buf = bytes.TrimSuffix(buf, []byte("\n"))
			}
			cur.Data = buf
			a.Files = append(a.Files, *cur)
		}
		buf = nil
	}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line = data[:i+1]
		}
		data = data[len(line):]
		if name, ok := marker(line); ok {
			flush()
			cur = &File{Name: name}
			continue
		}
		buf = append(buf, line...)
	}
	flush()
	return a
}

func marker(line []byte) (string, bool) {
	s := strings.TrimRight(string(line), "\n")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	return strings.TrimSpace(s[3 : len(s)-3]), true
}

// Format is the inverse of Parse.
func Format(a *Archive) []byte {
	var b bytes.Buffer
	b.WriteString(a.Comment)
	for _, f := range a.Files {
		name := f.Name
		data := f.Data
		if len(data) > 0 && data[len(data)-1] != '\n' {
			name += noEOL
			data = append(data[:len(data):len(data)], '\n')
		}
		b.WriteString("-- " + name + " --\n")
		b.Write(data)
	}
	return b.Bytes()
}

// Get returns the named file's data and whether it is present.
func (a *Archive) Get(name string) ([]byte, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Set replaces the named file's data, adding the file if it is missing.
func (a *Archive) Set(name string, data []byte) {
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files[i].Data = data
			return
		}
	}
	a.Files = append(a.Files, File{Name: name, Data: data})
}

// Remove drops the named file.
func (a *Archive) Remove(name string) {
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files = append(a.Files[:i], a.Files[i+1:]...)
			return
		}
	}
}

// Read parses the archive at path.
func Read(path string) (*Archive, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(b), nil
}

// Write formats the archive to path.
func Write(path string, a *Archive) error {
	return os.WriteFile(path, Format(a), 0o644)
}
