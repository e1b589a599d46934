package editkit_test

import (
	"context"
	"encoding/json"
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

	res, err := ed.View(context.Background(), editkit.ViewRequest{Path: "hello.txt", Format: "json"})
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
	fmt.Print(res.Text)
	// Output:
	// Lines 3-4 of 4 in notes.md.
	//      3	- one
	//      4	- two
}

func ExampleEditor_View() {
	var ws editkit.MemWorkspace
	ws.WriteFile("latin1.txt", []byte("caf\xe9\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	res, _ := ed.View(context.Background(), editkit.ViewRequest{Path: "latin1.txt", Format: "json"})
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

	// A request that is not valid for the tool gets a result too.
	out, err = ed.Call(context.Background(), "view", []byte(`{"path": "a.txt", "dry_run": true}`))
	fmt.Println(string(out), errors.Is(err, editkit.ErrInvalidRequest))
	// Output:
	// {"success":true,"message":"Lines 2-2 of 2 in a.txt.","path":"a.txt","lineCount":2,"startLine":2,"endLine":2,"text":"     2\ty\n","encoding":"utf-8","lineEnding":"LF","bom":false,"finalNewline":true,"sha256":"09834d488008f5f1ef589a2d7cedc52425bee9dd23b2212e4c1d673c5cbb54e4"} <nil>
	// {"success":false,"message":"unknown field \"dry_run\" in the request. The fields are: path, startLine, endLine, format, maxChars."} true
}

// Tools lists every operation for registration with an agent framework.
func ExampleTools() {
	for _, t := range editkit.Tools() {
		fmt.Println(t.Name)
	}
	// Output:
	// view
	// edit_block
	// batch_edit_blocks
	// write_from_line
	// batch_edit
	// patch_text_file_contents
	// get_text_file_contents
	// apply_edit_response
	// apply_patch
	// edit_file
	// str_replace_based_edit_tool
	// undo
}

// GeminiTools gives the same tools with schemas Gemini's function calling
// takes: an optional number that may be null is a nullable number.
func ExampleGeminiTools() {
	for _, t := range editkit.GeminiTools() {
		if t.Name == "get_text_file_contents" {
			var s struct {
				Properties struct {
					Files struct {
						Items struct {
							Properties struct {
								Ranges struct {
									Items struct {
										Properties struct {
											End map[string]any `json:"end"`
										} `json:"properties"`
									} `json:"items"`
								} `json:"ranges"`
							} `json:"properties"`
						} `json:"items"`
					} `json:"files"`
				} `json:"properties"`
			}
			json.Unmarshal(t.InputSchema, &s)
			end := s.Properties.Files.Items.Properties.Ranges.Items.Properties.End
			fmt.Println(end["type"], end["nullable"])
		}
	}
	// Output:
	// integer true
}

// Check validates a request against a tool's schema before anything runs:
// a missing required field is an error, never an empty string.
func ExampleTool_Check() {
	for _, t := range editkit.Tools() {
		if t.Name != "edit_block" {
			continue
		}
		err := t.Check([]byte(`{"path": "a.go", "search": "x := 1"}`))
		fmt.Println(err)
		fmt.Println(errors.Is(err, editkit.ErrInvalidRequest))
	}
	// Output:
	// the request has no "replace" field, and it is required. The fields are: path, search, replace, expectedReplacements, replaceAll, exact, fuzzyThreshold, startLine, dryRun, force.
	// true
}

// DirOptions chooses where the crash-recovery records live; Recover
// finishes or undoes commits a killed process left half done.
func ExampleDirOptions_Open() {
	dir, _ := os.MkdirTemp("", "editkit")
	defer os.RemoveAll(dir)
	state, _ := os.MkdirTemp("", "editkit-state")
	defer os.RemoveAll(state)

	ws, err := editkit.DirOptions{StateDir: state}.Open(dir)
	if err != nil {
		log.Fatal(err)
	}
	defer ws.Close()
	leftovers, err := ws.Recover(context.Background())
	fmt.Println(len(leftovers), err)
	// Output:
	// 0 <nil>
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

// Replace edits a string. The search here was written with spaces where the
// content has tabs; the replacement is re-indented to match.
func ExampleReplace() {
	content := "func f() {\n\tif x {\n\t\treturn 1\n\t}\n}\n"
	out, res, err := editkit.Replace(content,
		"    if x {\n        return 1\n    }",
		"    if x {\n        return 2\n    }",
		editkit.ReplaceOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(out)
	fmt.Println(res.Strategy, res.Lines)
	// Output:
	// func f() {
	// 	if x {
	// 		return 2
	// 	}
	// }
	// line-trimmed [lines 2-4]
}

// MergeSnippet merges a lazy snippet: the lines that change, and a marker
// where the file's lines stay as they are. The segment's first and last
// lines place it; the snippet's indentation, a level off, is fitted to the
// file's.
func ExampleMergeSnippet() {
	content := "class Cart:\n    def __init__(self):\n        self.items = []\n\n    def total(self):\n        return sum(self.items)\n"
	out, res, err := editkit.MergeSnippet(content, `# ... existing code ...
def total(self):
    if not self.items:
        return 0
    return sum(self.items)
`)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(out)
	fmt.Println(res.Segments[0].Replaced, "->", res.Lines)
	// Output:
	// class Cart:
	//     def __init__(self):
	//         self.items = []
	//
	//     def total(self):
	//         if not self.items:
	//             return 0
	//         return sum(self.items)
	// lines 5-6 -> [lines 5-8]
}

// A segment whose lines fit two places is refused, naming both; so is
// one with no line of the file, rather than written over it.
func ExampleMergeSnippet_refused() {
	content := "func A() {\n\treturn flush()\n}\n\nfunc B() {\n\treturn flush()\n}\n"
	_, _, err := editkit.MergeSnippet(content, "// ... existing code ...\n\treturn flush()\n}\n// ... existing code ...\n")
	fmt.Println(errors.Is(err, editkit.ErrAmbiguous))
	_, _, err = editkit.MergeSnippet(content, "func C() {}\n")
	fmt.Println(errors.Is(err, editkit.ErrNotFound))
	// Output:
	// true
	// true
}

// A search found in several places is refused, naming every one.
func ExampleReplace_ambiguous() {
	content := "a := 1\nb := 2\na := 1\n"
	_, _, err := editkit.Replace(content, "a := 1", "a := 3", editkit.ReplaceOptions{})
	fmt.Println(errors.Is(err, editkit.ErrAmbiguous))
	var e *editkit.Error
	errors.As(err, &e)
	fmt.Println(e.Lines)

	out, _, _ := editkit.Replace(content, "a := 1", "a := 3", editkit.ReplaceOptions{ReplaceAll: true})
	fmt.Print(out)
	// Output:
	// true
	// [line 1 line 3]
	// a := 3
	// b := 2
	// a := 3
}

// A chain without the fuzzy replacers accepts only normalized matches.
func ExampleChain_Without() {
	strict := editkit.DefaultChain().Without("block-anchor", "context-aware")
	content := "func f() {\n\tx := compute(1)\n\treturn x\n}\n"
	search := "func f() {\n\tx := compuet(1)\n\treturn x\n}" // a typo
	_, _, err := editkit.Replace(content, search, "func f() {}", editkit.ReplaceOptions{Chain: strict})
	fmt.Println(errors.Is(err, editkit.ErrNotFound))

	_, res, _ := editkit.Replace(content, search, "func f() {}", editkit.ReplaceOptions{})
	fmt.Println(res.Strategy)
	// Output:
	// true
	// context-aware
}

// DefaultChain lists the built-in replacers, strict to lax.
func ExampleDefaultChain() {
	for _, r := range editkit.DefaultChain() {
		fmt.Print(r.Name(), " ")
	}
	fmt.Println()
	// Output:
	// exact line-numbered trailing-whitespace line-trimmed indentation-flexible whitespace-normalized unicode-normalized escape-normalized trimmed-boundary blank-lines-ignored block-anchor context-aware multi-occurrence
}

func ExampleEditor_EditBlock() {
	var ws editkit.MemWorkspace
	ws.WriteFile("greet.go", []byte("package greet\r\n\r\nconst Hello = \"hello\"\r\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	res, err := ed.EditBlock(context.Background(), editkit.EditBlockRequest{
		Path:    "greet.go",
		Search:  `const Hello = "hello"`,
		Replace: "const Hello = \"hello\"\nconst Bye = \"bye\"",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Message)
	b, _ := ws.ReadFile("greet.go")
	fmt.Printf("%q\n", b)
	// Output:
	// Replaced line 3 in greet.go (exact match).
	// "package greet\r\n\r\nconst Hello = \"hello\"\r\nconst Bye = \"bye\"\r\n"
}

// EditFile merges a lazy snippet into a file, as Cursor's and Morph's
// edit_file tools take it, and writes it keeping the file's line ends.
func ExampleEditor_EditFile() {
	var ws editkit.MemWorkspace
	ws.WriteFile("app.js", []byte("function a() {\r\n  return 1;\r\n}\r\n\r\nfunction c() {\r\n  return 3;\r\n}\r\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}
	res, err := ed.EditFile(context.Background(), editkit.EditFileRequest{
		Path:     "app.js",
		CodeEdit: "// ... existing code ...\n}\n\nfunction b() {\n  return 2;\n}\n\nfunction c() {\n// ... existing code ...\n",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Message)
	b, _ := ws.ReadFile("app.js")
	fmt.Printf("%q\n", b)
	// Output:
	// Merged the snippet into app.js: snippet lines 2-8 replaced lines 3-5, now lines 3-9. The lines the markers stand for were kept.
	// "function a() {\r\n  return 1;\r\n}\r\n\r\nfunction b() {\r\n  return 2;\r\n}\r\n\r\nfunction c() {\r\n  return 3;\r\n}\r\n"
}

// A BatchEditor applies edits in order, each to the text the previous ones
// left; a failed edit is reported and skipped.
func ExampleBatchEditor() {
	content := "# Spells\n\nFireball\nLevel 3 Evocation\n\nShield\nLevel 1 Abjuration\n"
	out, res, err := editkit.BatchEditor{}.Apply(context.Background(), content, []editkit.Edit{
		{Label: "Fireball", Search: "Fireball\nLevel 3 Evocation", Replace: "### Fireball\n*Level 3 Evocation*"},
		{Label: "Haste", Search: "Haste\nLevel 3 Transmutation", Replace: "### Haste"},
		{Label: "Shield", Search: "Shield\nLevel 1 Abjuration", Replace: "### Shield\n*Level 1 Abjuration*"},
	})
	fmt.Print(out)
	fmt.Println(res.SuccessfulEdits, res.FailedEdits, errors.Is(err, editkit.ErrNotFound))
	// Output:
	// # Spells
	//
	// ### Fireball
	// *Level 3 Evocation*
	//
	// ### Shield
	// *Level 1 Abjuration*
	// 2 1 true
}

func ExampleEditor_BatchEditBlocks() {
	var ws editkit.MemWorkspace
	ws.WriteFile("app.toml", []byte("port = 8080\r\nretries = 3\r\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	res, err := ed.BatchEditBlocks(context.Background(), editkit.BatchEditBlocksRequest{
		Path: "app.toml",
		Edits: []editkit.Edit{
			{Search: "port = 8080", Replace: "port = 9090"},
			{Search: "retries = 3", Replace: "retries = 5\ntimeout = 30"},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Message)
	b, _ := ws.ReadFile("app.toml")
	fmt.Printf("%q\n", b)
	// Output:
	// Applied 2 of 2 edits to app.toml and wrote it.
	// "port = 9090\r\nretries = 5\r\ntimeout = 30\r\n"
}

// A LineRangeWriter replaces, inserts and deletes lines by number.
func ExampleLineRangeWriter() {
	content := "keep 1\r\nkeep 2\r\nold 3\r\nold 4\r\n"
	var w editkit.LineRangeWriter
	out, res, err := w.Replace(content, 3, -1, "new 3\n") // -1: through the end
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q %d %d\n", out, res.LinesReplaced, res.NewLineCount)
	out, _, _ = w.Insert(out, 1, "first\n")
	out, _, _ = w.Delete(out, 2, 2)
	fmt.Printf("%q\n", out)
	// Output:
	// "keep 1\r\nkeep 2\r\nnew 3\r\n" 2 1
	// "first\r\nkeep 2\r\nnew 3\r\n"
}

// A StringPatcher replaces line ranges whose text must be what the patch
// says it is.
func ExampleStringPatcher() {
	content := "a\nb\nc\n"
	end := 2
	out, _, err := editkit.StringPatcher{}.Apply(content, []editkit.StringPatch{
		{OldString: "b\n", NewString: "B\nB2\n", Ranges: []editkit.PatchRange{{Start: 2, End: &end}}},
	})
	fmt.Printf("%q %v\n", out, err)
	_, _, err = editkit.StringPatcher{}.Apply(content, []editkit.StringPatch{
		{OldString: "x\n", NewString: "y\n", Ranges: []editkit.PatchRange{{Start: 2, End: &end}}},
	})
	fmt.Println(errors.Is(err, editkit.ErrMismatch))
	// Output:
	// "a\nB\nB2\nc\n" <nil>
	// true
}

func ExampleEditor_WriteFromLine() {
	var ws editkit.MemWorkspace
	ws.WriteFile("list.txt", []byte("one\ntwo\nthree"), 0o644) // no final newline
	ed := &editkit.Editor{Workspace: &ws}

	// EndLine = StartLine-1 inserts without replacing.
	end := 1
	res, err := ed.WriteFromLine(context.Background(), editkit.WriteFromLineRequest{
		Path: "list.txt", StartLine: 2, EndLine: &end, Content: "one and a half\n",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Message)
	b, _ := ws.ReadFile("list.txt")
	fmt.Printf("%q\n", b)
	// Output:
	// Inserted 1 line before line 2 of list.txt; it now has 4 lines.
	// "one\none and a half\ntwo\nthree"
}

// Every line number refers to the file before the request: the insert at
// line 5 lands before the original line 5, though lines 2-3 are deleted.
func ExampleEditor_BatchEdit() {
	var ws editkit.MemWorkspace
	ws.WriteFile("a.py", []byte("l1\nl2\nl3\nl4\nl5\nl6\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	line, start, end := 5, 2, 3
	content := "inserted"
	res, err := ed.BatchEdit(context.Background(), editkit.BatchEditRequest{Operations: []editkit.LineOperation{
		{Type: "insert", File: "a.py", Line: &line, Content: &content},
		{Type: "delete", File: "a.py", StartLine: &start, EndLine: &end},
	}})
	if err != nil {
		log.Fatal(err)
	}
	b, _ := ws.ReadFile("a.py")
	fmt.Print(string(b))
	fmt.Println(res.Plan)
	// Output:
	// l1
	// l4
	// inserted
	// l5
	// l6
	// [0 1]
}

// Patches check the text of each range before replacing it, in the file's
// own encoding.
func ExampleEditor_PatchTextFileContents() {
	var ws editkit.MemWorkspace
	ws.WriteFile("menu.txt", []byte("Caf\xe9 au lait\r\nCr\xe8me br\xfbl\xe9e\r\n"), 0o644) // latin1, CRLF
	ed := &editkit.Editor{Workspace: &ws}

	got, _ := ed.GetTextFileContents(context.Background(), editkit.GetTextFileContentsRequest{
		Encoding: "latin1", Format: "raw",
		Files: []editkit.FileRanges{{FilePath: "menu.txt", Ranges: []editkit.PatchRange{{Start: 2}}}},
	})
	old := got.Files[0].Ranges[0].Content
	fmt.Printf("%q\n", old)

	_, err := ed.PatchTextFileContents(context.Background(), editkit.PatchTextFileContentsRequest{Files: []editkit.FilePatches{{
		FilePath: "menu.txt", Encoding: "latin1", ExpectedHash: got.Files[0].FileHash,
		Patches: []editkit.StringPatch{{OldString: old, NewString: "Cr\u00e8me caramel\n", Ranges: []editkit.PatchRange{{Start: 2}}}},
	}}})
	if err != nil {
		log.Fatal(err)
	}
	b, _ := ws.ReadFile("menu.txt")
	fmt.Printf("%q\n", b)
	// Output:
	// "Crème brûlée\n"
	// "Caf\xe9 au lait\r\nCr\xe8me caramel\r\n"
}

// A v3 block names its file on the line before it; the lines both sections
// start with are the anchor that locates the edit.
func ExampleParseV3() {
	response := "Rename the greeting.\n\n" +
		"greet.go\n" +
		"```\n" +
		"««« EDIT\n" +
		"func greet() string {\n" +
		"\treturn \"hello\"\n" +
		"═══════ REPL\n" +
		"func greet() string {\n" +
		"\treturn \"hello, world\"\n" +
		"»»» EDIT END\n" +
		"```\n"
	blocks, issues := editkit.ParseV3(response)
	for _, b := range blocks {
		fmt.Printf("%s lines %d-%d anchor=%q old=%q new=%q\n", b.Path, b.Start, b.End, b.Anchor, b.Old, b.New)
	}
	fmt.Println(len(issues), "issues")
	// Output:
	// greet.go lines 5-11 anchor=["func greet() string {"] old=["\treturn \"hello\""] new=["\treturn \"hello, world\""]
	// 0 issues
}

// SEARCH/REPLACE blocks in aider's format; a malformed block is reported
// with its line and does not stop the others.
func ExampleParseSearchReplace() {
	response := "**util.py**\n" +
		"```python\n" +
		"<<<<<<< SEARCH\n" +
		"x = 1\n" +
		">>>>>>> REPLACE\n" +
		"```\n" +
		"`util.py`:\n" +
		"```python\n" +
		"<<<<<<< SEARCH\n" +
		"y = 2\n" +
		"=======\n" +
		"y = 3\n" +
		">>>>>>> REPLACE\n" +
		"```\n"
	blocks, issues := editkit.ParseSearchReplace(response)
	for _, b := range blocks {
		fmt.Printf("%s: %q -> %q\n", b.Path, b.Old, b.New)
	}
	for _, is := range issues {
		fmt.Printf("line %d: %s\n", is.Line, is.Message)
	}
	// Output:
	// util.py: ["y = 2"] -> ["y = 3"]
	// line 3: the block has no "=======" line between its SEARCH and REPLACE lines; it ends at line 5 and was skipped
}

func ExampleDetectFormat() {
	fmt.Println(editkit.DetectFormat("a.go\n««« EDIT\nx\n═══════ REPL\ny\n»»» EDIT END\n"))
	fmt.Println(editkit.DetectFormat("a.go\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n"))
	fmt.Println(editkit.DetectFormat("Just prose.\n"))
	// Output:
	// v3
	// search-replace
	// none
}

// Blocks come out of a stream as soon as their end marker's line is
// complete, whatever the chunks.
func ExampleStreamParser() {
	var sp editkit.StreamParser
	for _, chunk := range []string{"a.txt\n<<<<<<< SEA", "RCH\nold\n====", "===\nnew\n>>>>>>> REPLACE", "\nMore prose"} {
		for _, b := range sp.Feed(chunk) {
			fmt.Printf("after %q: %s %q -> %q\n", chunk, b.Path, b.Old, b.New)
		}
	}
	rest, issues := sp.Close()
	fmt.Println(len(rest), "more blocks,", len(issues), "issues")
	// Output:
	// after "\nMore prose": a.txt ["old"] -> ["new"]
	// 0 more blocks, 0 issues
}

// Each block reports what happened to it; a failed block names what it
// expected and where, and the later blocks of its file are skipped.
func ExampleEditor_ApplyEditResponse() {
	var ws editkit.MemWorkspace
	ws.WriteFile("a.txt", []byte("alpha\nbeta\ngamma\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	response := "Two edits.\n\n" +
		"a.txt\n<<<<<<< SEARCH\nbeta\n=======\nBETA\n>>>>>>> REPLACE\n\n" +
		"notes.md\n<<<<<<< SEARCH\n=======\n# Notes\n>>>>>>> REPLACE\n\n" +
		"Then run `git rm old.txt`.\n"
	res, err := ed.ApplyEditResponse(context.Background(), editkit.ApplyEditResponseRequest{Response: response})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range res.Results {
		fmt.Printf("%s %s line %d: %s\n", r.File, r.Status, r.Line, r.Message)
	}
	fmt.Println(res.FilesModified, res.ShellSuggestions)
	b, _ := ws.ReadFile("a.txt")
	fmt.Printf("%q\n", b)
	// Output:
	// a.txt applied line 2: Replaced 1 line with 1 line at line 2.
	// notes.md applied line 1: Created notes.md with 1 line.
	// [a.txt notes.md] [git rm old.txt]
	// "alpha\nBETA\ngamma\n"
}

// Blocks built in code apply the same way; a dry run checks them all and
// writes nothing.
func ExampleEditor_ApplyBlocks() {
	var ws editkit.MemWorkspace
	ws.WriteFile("a.txt", []byte("one\ntwo\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	blocks := []editkit.Block{
		{Path: "a.txt", Anchor: []string{"one"}, New: []string{"one and a half"}},
		{Path: "a.txt", Old: []string{"three"}, New: []string{"3"}},
	}
	res, err := ed.ApplyBlocks(context.Background(), blocks, editkit.ApplyOptions{DryRun: true})
	fmt.Println(errors.Is(err, editkit.ErrNotFound))
	for _, r := range res.Results {
		fmt.Printf("%s: %s\n", r.Status, r.Message)
	}
	// Output:
	// true
	// applied: Inserted 1 line after the anchor, at line 2.
	// failed: a.txt: Content sequence not found in file; no line of the file (3 lines) resembles them. Copy the anchor and old lines from the file exactly.
}

func ExampleShellSuggestions() {
	response := "Move the helper with `git mv util.go helpers.go`, then:\n" +
		"```sh\nmkdir -p internal/helpers\n$ git rm -r old/\n```\n"
	fmt.Println(editkit.ShellSuggestions(response))
	// Output:
	// [git mv util.go helpers.go mkdir -p internal/helpers git rm -r old/]
}

// A response may mix the formats; each block says which it was written in.
func ExampleParseResponse() {
	response := "a.go\n««« EDIT\nx := 1\n═══════ REPL\nx := 2\n»»» EDIT END\n\n" +
		"b.go\n<<<<<<< SEARCH\ny := 1\n=======\ny := 2\n>>>>>>> REPLACE\n"
	blocks, _ := editkit.ParseResponse(response)
	for _, b := range blocks {
		fmt.Println(b.Path, b.Format, b.Start, b.End)
	}
	// Output:
	// a.go v3 2 6
	// b.go search-replace 9 13
}

// Each range comes with its lines, numbered for a model to read (format
// raw gives them as they are, for a program), and its hash.
func ExampleEditor_GetTextFileContents() {
	var ws editkit.MemWorkspace
	ws.WriteFile("notes.txt", []byte("one\ntwo\nthree\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	end := 3
	res, err := ed.GetTextFileContents(context.Background(), editkit.GetTextFileContentsRequest{
		Files: []editkit.FileRanges{{FilePath: "notes.txt", Ranges: []editkit.PatchRange{{Start: 2, End: &end}}}},
	})
	if err != nil {
		log.Fatal(err)
	}
	f := res.Files[0]
	fmt.Printf("%d lines, range %d-%d:\n%s", f.LineCount, f.Ranges[0].Start, f.Ranges[0].End, f.Ranges[0].Text)
	// Output:
	// 3 lines, range 2-3:
	//      2	two
	//      3	three
}

// Find asks a chain where a search text sits, without replacing it; the
// first replacer that finds anything decides.
func ExampleChain_Find() {
	q := &editkit.Query{
		Content: "if ok {\n\treturn nil\n}\n",
		Search:  "if ok {\n    return nil\n}", // indented with spaces
	}
	for _, m := range editkit.DefaultChain().Find(q) {
		fmt.Printf("bytes %d-%d, replacement fitted: %q\n", m.Start, m.End, m.Fit("if ok {\n    return err\n}"))
	}
	// Output:
	// bytes 0-21, replacement fitted: "if ok {\n\treturn err\n}"
}

// ApplyPatch applies a V4A patch (or a unified diff) as one transaction;
// the message starts as codex's does.
func ExampleEditor_ApplyPatch() {
	var ws editkit.MemWorkspace
	ws.WriteFile("app.py", []byte("def greet():\n    return 'hi'\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	res, err := ed.ApplyPatch(context.Background(), editkit.ApplyPatchRequest{Input: `*** Begin Patch
*** Update File: app.py
@@ def greet():
-    return 'hi'
+    return 'hello'
*** Add File: README.md
+# App
*** End Patch`})
	fmt.Println(res.Message, err)
	b, _ := ws.ReadFile("app.py")
	fmt.Print(string(b))
	// Output:
	// Success. Updated the following files:
	// M app.py
	// A README.md <nil>
	// def greet():
	//     return 'hello'
}

// A ResponseApplier checks each block as the response streams in and
// writes everything at Close.
func ExampleResponseApplier() {
	var ws editkit.MemWorkspace
	ws.WriteFile("a.txt", []byte("one\ntwo\n"), 0o644)
	a := &editkit.ResponseApplier{Editor: &editkit.Editor{Workspace: &ws}}
	ctx := context.Background()
	for _, chunk := range []string{"a.txt\n<<<<<<< SEARCH\no", "ne\n=======\nONE\n>>>>>>> REP", "LACE\nDone.\n"} {
		results, err := a.Feed(ctx, chunk)
		for _, r := range results {
			fmt.Println("checked:", r.File, r.Status, err)
		}
	}
	res, err := a.Close(ctx)
	fmt.Println(res.Message, err)
	b, _ := ws.ReadFile("a.txt")
	fmt.Print(string(b))
	// Output:
	// checked: a.txt applied <nil>
	// 1 of 1 block applied (0 failed, 0 skipped). Wrote 1 file. <nil>
	// ONE
	// two
}

// Serving Claude's text editor tool: the tool_use block of Claude's
// response goes to TextEditor (or Call), and the result's Message is the
// content of the tool_result sent back, with is_error set on failure.
func ExampleEditor_TextEditor() {
	var ws editkit.MemWorkspace
	ws.WriteFile("app.py", []byte("def main():\n    print(\"hi\")\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}

	// A tool_use block as it comes in Claude's response.
	toolUse := []byte(`{"type": "tool_use", "id": "toolu_01", "name": "str_replace_based_edit_tool",
		"input": {"command": "str_replace", "path": "app.py", "old_str": "print(\"hi\")", "new_str": "print(\"hello\")"}}`)
	var call struct {
		ID    string          `json:"id"`
		Input json.RawMessage `json:"input"`
	}
	json.Unmarshal(toolUse, &call)
	var req editkit.TextEditorRequest
	json.Unmarshal(call.Input, &req)

	res, err := ed.TextEditor(context.Background(), req)
	toolResult, _ := json.Marshal(map[string]any{
		"type": "tool_result", "tool_use_id": call.ID, "content": res.Message, "is_error": err != nil,
	})
	fmt.Println(string(toolResult))

	// undo_edit takes the change back, from the editor's journal.
	res, err = ed.TextEditor(context.Background(), editkit.TextEditorRequest{Command: "undo_edit", Path: "app.py"})
	fmt.Println(err)
	b, _ := ws.ReadFile("app.py")
	fmt.Print(string(b))
	// Output:
	// {"content":"The file app.py has been edited. Here's the result of running `cat -n` on a snippet of app.py:\n     1\tdef main():\n     2\t    print(\"hello\")\nReview the changes and make sure they are as expected. Edit the file again if necessary.","is_error":false,"tool_use_id":"toolu_01","type":"tool_result"}
	// <nil>
	// def main():
	//     print("hi")
}

// Undo takes back any request editkit wrote, by its requestId; undoing the
// undo redoes.
func ExampleEditor_Undo() {
	var ws editkit.MemWorkspace
	ws.WriteFile("a.txt", []byte("one\n"), 0o644)
	ed := &editkit.Editor{Workspace: &ws}
	res, _ := ed.EditBlock(context.Background(), editkit.EditBlockRequest{Path: "a.txt", Search: "one", Replace: "two"})

	u, err := ed.Undo(context.Background(), editkit.UndoRequest{Request: res.RequestID})
	b, _ := ws.ReadFile("a.txt")
	fmt.Print(string(b), err, " ", u.Files, "\n")
	ed.Undo(context.Background(), editkit.UndoRequest{Request: u.RequestID})
	b, _ = ws.ReadFile("a.txt")
	fmt.Print(string(b))
	// Output:
	// one
	// <nil> [a.txt]
	// two
}
