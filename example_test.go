package editkit_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/editkit/editkit"
)

// A workspace on a directory: every path stays inside it.
func ExampleOpenDir() {
	dir, _ := os.MkdirTemp("", "editkit")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "hello.txt"), []byte("hello\r\nworld\r\n"), 0o644)

	ws, err := editkit.OpenDir(dir)
	if err != nil {
		log.Fatal(err)
	}
	defer ws.Close()
	ed := &editkit.Editor{Workspace: ws}

	res, err := ed.View(context.Background(), editkit.ViewRequest{Path: "hello.txt"})
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range res.Lines {
		fmt.Println(l.N, l.Text)
	}
	fmt.Println(res.LineEnding)

	_, err = ed.View(context.Background(), editkit.ViewRequest{Path: "../etc/passwd"})
	fmt.Println(errors.Is(err, editkit.ErrOutsideRoot))
	// Output:
	// 1 hello
	// 2 world
	// CRLF
	// true
}

// A workspace in memory, for tests and for embedders with their own storage.
func ExampleMemWorkspace() {
	var ws editkit.MemWorkspace
	ws.WriteFile("notes.md", []byte("# Notes\n\n- one\n- two\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	res, _ := ed.View(context.Background(), editkit.ViewRequest{Path: "notes.md", StartLine: 3})
	fmt.Println(res.Message)
	for _, l := range res.Lines {
		fmt.Printf("%d: %s\n", l.N, l.Text)
	}
	// Output:
	// lines 3-4 of 4 in notes.md
	// 3: - one
	// 4: - two
}

func ExampleEditor_View() {
	var ws editkit.MemWorkspace
	ws.WriteFile("latin1.txt", []byte("caf\xe9\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	res, _ := ed.View(context.Background(), editkit.ViewRequest{Path: "latin1.txt"})
	fmt.Println(res.Lines[0].Text, res.Encoding)

	_, err := ed.View(context.Background(), editkit.ViewRequest{Path: "latin1.txt", StartLine: 9})
	fmt.Println(err)
	// Output:
	// café iso-8859-1
	// latin1.txt: startLine 9 is past the end: the file has 1 line. Ask for lines 1-1.
}

// Call runs a tool from JSON, as an agent framework or the CLI does.
func ExampleEditor_Call() {
	var ws editkit.MemWorkspace
	ws.WriteFile("a.txt", []byte("x\ny\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	out, err := ed.Call(context.Background(), "view", []byte(`{"path": "a.txt", "startLine": 2}`))
	fmt.Println(string(out), err)

	out, err = ed.Call(context.Background(), "view", []byte(`{"path": "a.txt", "dry_run": true}`))
	fmt.Println(out == nil, errors.Is(err, editkit.ErrInvalidRequest))
	fmt.Println(err)
	// Output:
	// {"success":true,"message":"lines 2-2 of 2 in a.txt","path":"a.txt","lineCount":2,"startLine":2,"endLine":2,"lines":[{"n":2,"text":"y"}],"encoding":"utf-8","lineEnding":"LF","bom":false,"finalNewline":true,"sha256":"09834d488008f5f1ef589a2d7cedc52425bee9dd23b2212e4c1d673c5cbb54e4"} <nil>
	// true true
	// unknown field "dry_run". The fields are: path, startLine, endLine.
}

// Tools lists every operation for registration with an agent framework.
func ExampleTools() {
	for _, t := range editkit.Tools() {
		fmt.Println(t.Name)
	}
	// Output:
	// view
}

// Errors are values: errors.Is tells the kind, errors.As the details.
func ExampleError() {
	var ws editkit.MemWorkspace
	ws.WriteFile("a.txt", []byte("one line\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	_, err := ed.View(context.Background(), editkit.ViewRequest{Path: "a.txt", StartLine: 5})
	var e *editkit.Error
	if errors.As(err, &e) {
		fmt.Println(errors.Is(err, editkit.ErrOutOfRange), e.Path)
	}
	// Output:
	// true a.txt
}
