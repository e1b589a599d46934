package editkit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// v3 builds a v3 block.
func v3(path, edit, repl string) string {
	return path + "\n" + v3Edit + "\n" + edit + v3Repl + "\n" + repl + v3End + "\n"
}

// The seed's parser tests, in v3 terms.
func TestParseV3(t *testing.T) {
	ignoreLines := cmpopts.IgnoreFields(Block{}, "Start", "End")
	for _, tc := range []struct {
		name     string
		response string
		want     []Block
		issues   []string // substrings of the issues, in order
	}{
		{
			name:     "single block: the common prefix is the anchor",
			response: v3("src/math.py", "def multiply(a, b):\n    return a + b  # BUG\n", "def multiply(a, b):\n    return a * b\n"),
			want:     []Block{{Path: "src/math.py", Format: FormatV3, Anchor: []string{"def multiply(a, b):"}, Old: []string{"    return a + b  # BUG"}, New: []string{"    return a * b"}}},
		},
		{
			name:     "multiple blocks",
			response: v3("a.py", "x = 1\n", "x = 2\n") + "\n" + v3("b.py", "y = 1\n", "y = 2\n"),
			want: []Block{
				{Path: "a.py", Format: FormatV3, Anchor: []string{}, Old: []string{"x = 1"}, New: []string{"x = 2"}},
				{Path: "b.py", Format: FormatV3, Anchor: []string{}, Old: []string{"y = 1"}, New: []string{"y = 2"}},
			},
		},
		{
			name:     "surrounding text and fences: the path is the last line that is not a fence",
			response: "Here is the fix.\n\n**src/a.py**\n```python\n" + v3Edit + "\nold\n" + v3Repl + "\nnew\n" + v3End + "\n```\n\nThat should do it.\n",
			want:     []Block{{Path: "src/a.py", Format: FormatV3, Anchor: []string{}, Old: []string{"old"}, New: []string{"new"}}},
		},
		{
			name:     "file path with spaces",
			response: v3("docs/my notes.md", "a\n", "b\n"),
			want:     []Block{{Path: "docs/my notes.md", Format: FormatV3, Anchor: []string{}, Old: []string{"a"}, New: []string{"b"}}},
		},
		{
			name:     "a block with an empty path is skipped, the next still parsed",
			response: "```\n" + v3Edit + "\na\n" + v3Repl + "\nb\n" + v3End + "\n" + v3("ok.py", "c\n", "d\n"),
			want:     []Block{{Path: "ok.py", Format: FormatV3, Anchor: []string{}, Old: []string{"c"}, New: []string{"d"}}},
			issues:   []string{"no file path"},
		},
		{
			name:     "an unclosed block is skipped",
			response: v3("ok.py", "c\n", "d\n") + "x.py\n" + v3Edit + "\na\n" + v3Repl + "\nb\n",
			want:     []Block{{Path: "ok.py", Format: FormatV3, Anchor: []string{}, Old: []string{"c"}, New: []string{"d"}}},
			issues:   []string{"not closed"},
		},
		{
			name:     "a block without its REPL separator ends at its END line and is skipped; parsing goes on after it",
			response: "x.py\n" + v3Edit + "\na\n" + v3End + "\n" + v3("ok.py", "c\n", "d\n"),
			want:     []Block{{Path: "ok.py", Format: FormatV3, Anchor: []string{}, Old: []string{"c"}, New: []string{"d"}}},
			issues:   []string{"has no \"═══════ REPL\" line"},
		},
		{
			name:     "v2 separator lines are content in v3",
			response: v3("a.py", "───────\nold\n", "───────\nnew\n"),
			want:     []Block{{Path: "a.py", Format: FormatV3, Anchor: []string{"───────"}, Old: []string{"old"}, New: []string{"new"}}},
		},
		{
			name:     "markers in the middle of a line are content",
			response: v3("a.py", "x ═══════ REPL y\nz »»» EDIT END\n", "x ═══════ REPL y\nw\n"),
			want:     []Block{{Path: "a.py", Format: FormatV3, Anchor: []string{"x ═══════ REPL y"}, Old: []string{"z »»» EDIT END"}, New: []string{"w"}}},
		},
		{
			name:     "inside the REPL section, other marker lines are content",
			response: v3("doc.md", "a\n", "a\n"+v3Edit+"\n"+v3Repl+"\n"),
			want:     []Block{{Path: "doc.md", Format: FormatV3, Anchor: []string{"a"}, Old: []string{}, New: []string{v3Edit, v3Repl}}},
		},
		{
			name:     "no common lines: an empty anchor",
			response: v3("a.py", "one\n", "two\n"),
			want:     []Block{{Path: "a.py", Format: FormatV3, Anchor: []string{}, Old: []string{"one"}, New: []string{"two"}}},
		},
		{
			name:     "empty old lines: an insertion after the anchor",
			response: v3("a.py", "anchor\n", "anchor\nadded\n"),
			want:     []Block{{Path: "a.py", Format: FormatV3, Anchor: []string{"anchor"}, Old: []string{}, New: []string{"added"}}},
		},
		{
			name:     "empty new lines: a deletion",
			response: v3("a.py", "anchor\ngone\n", "anchor\n"),
			want:     []Block{{Path: "a.py", Format: FormatV3, Anchor: []string{"anchor"}, Old: []string{"gone"}, New: []string{}}},
		},
		{
			name:     "every section empty but the new lines: a new file",
			response: v3("new.py", "", "print(1)\n"),
			want:     []Block{{Path: "new.py", Format: FormatV3, Anchor: []string{}, Old: nil, New: []string{"print(1)"}}},
		},
		{
			name:     "all lines the same: everything is anchor",
			response: v3("a.py", "same\n", "same\n"),
			want:     []Block{{Path: "a.py", Format: FormatV3, Anchor: []string{"same"}, Old: []string{}, New: []string{}}},
		},
		{
			name:     "blank lines and indentation inside sections are kept",
			response: v3("a.py", "def f():\n\n    x = 1\n", "def f():\n\n    x = 2\n"),
			want:     []Block{{Path: "a.py", Format: FormatV3, Anchor: []string{"def f():", ""}, Old: []string{"    x = 1"}, New: []string{"    x = 2"}}},
		},
		{
			name:     "a CRLF response",
			response: strings.ReplaceAll(v3("a.py", "x\n", "y\n"), "\n", "\r\n"),
			want:     []Block{{Path: "a.py", Format: FormatV3, Anchor: []string{}, Old: []string{"x"}, New: []string{"y"}}},
		},
		{name: "an empty response", response: "", want: nil},
		{name: "no blocks", response: "Just prose.\n", want: nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blocks, issues := ParseV3(tc.response)
			if diff := cmp.Diff(tc.want, blocks, ignoreLines, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("blocks (-want +got):\n%s", diff)
			}
			if len(issues) != len(tc.issues) {
				t.Fatalf("issues = %+v, want %d", issues, len(tc.issues))
			}
			for i, want := range tc.issues {
				if !strings.Contains(issues[i].Message, want) {
					t.Errorf("issue %d = %q, want it to contain %q", i, issues[i].Message, want)
				}
			}
		})
	}
}

func TestParseV3Lines(t *testing.T) {
	resp := "intro\n\na.py\n" + v3Edit + "\nx\n" + v3Repl + "\ny\n" + v3End + "\nb.py\n" + v3Edit + "\nz\n"
	blocks, issues := ParseV3(resp)
	if len(blocks) != 1 || blocks[0].Start != 4 || blocks[0].End != 8 {
		t.Errorf("blocks = %+v, want one from line 4 to 8", blocks)
	}
	if len(issues) != 1 || issues[0].Line != 10 {
		t.Errorf("issues = %+v, want one at line 10", issues)
	}
}

func TestParseSearchReplace(t *testing.T) {
	ignoreLines := cmpopts.IgnoreFields(Block{}, "Start", "End")
	for _, tc := range []struct {
		name     string
		response string
		want     []Block
		issues   int
	}{
		{
			name:     "aider's format, the file name before a fence",
			response: "src/a.py\n```python\n<<<<<<< SEARCH\ndef f():\n    return 1\n=======\ndef f():\n    return 2\n>>>>>>> REPLACE\n```\n",
			want:     []Block{{Path: "src/a.py", Format: FormatSearchReplace, Anchor: []string{"def f():"}, Old: []string{"    return 1"}, New: []string{"    return 2"}}},
		},
		{
			name:     "decorated names, markers of 5 to 9 characters, SEARCH>",
			response: "**`b.go`**:\n<<<<< SEARCH>\nx\n=========\ny\n>>>>>>>>> REPLACE\n### c.go\n<<<<<<< SEARCH\np\n=======\nq\n>>>>>>> REPLACE\n",
			want: []Block{
				{Path: "b.go", Format: FormatSearchReplace, Anchor: []string{}, Old: []string{"x"}, New: []string{"y"}},
				{Path: "c.go", Format: FormatSearchReplace, Anchor: []string{}, Old: []string{"p"}, New: []string{"q"}},
			},
		},
		{
			name:     "a second divider ends the replacement",
			response: "a.txt\n<<<<<<< SEARCH\nold\n=======\nnew\n=======\n",
			want:     []Block{{Path: "a.txt", Format: FormatSearchReplace, Anchor: []string{}, Old: []string{"old"}, New: []string{"new"}}},
		},
		{
			name:     "the name on the fence line",
			response: "```src/x.js\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n",
			want:     []Block{{Path: "src/x.js", Format: FormatSearchReplace, Anchor: []string{}, Old: []string{"a"}, New: []string{"b"}}},
		},
		{
			name:     "without a name, the previous block's file",
			response: "a.txt\n<<<<<<< SEARCH\n1\n=======\n2\n>>>>>>> REPLACE\n\n<<<<<<< SEARCH\n3\n=======\n4\n>>>>>>> REPLACE\n",
			want: []Block{
				{Path: "a.txt", Format: FormatSearchReplace, Anchor: []string{}, Old: []string{"1"}, New: []string{"2"}},
				{Path: "a.txt", Format: FormatSearchReplace, Anchor: []string{}, Old: []string{"3"}, New: []string{"4"}},
			},
		},
		{
			name:     "an empty search creates the file",
			response: "new.txt\n<<<<<<< SEARCH\n=======\nhello\n>>>>>>> REPLACE\n",
			want:     []Block{{Path: "new.txt", Format: FormatSearchReplace, Anchor: []string{}, Old: nil, New: []string{"hello"}}},
		},
		{
			name:     "a missing divider is reported, the next block still parsed",
			response: "a.txt\n<<<<<<< SEARCH\nx\n>>>>>>> REPLACE\nb.txt\n<<<<<<< SEARCH\ny\n=======\nz\n>>>>>>> REPLACE\n",
			want:     []Block{{Path: "b.txt", Format: FormatSearchReplace, Anchor: []string{}, Old: []string{"y"}, New: []string{"z"}}},
			issues:   1,
		},
		{
			name:     "v3 markers are text to this parser",
			response: v3("a.py", "x\n", "y\n"),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blocks, issues := ParseSearchReplace(tc.response)
			if diff := cmp.Diff(tc.want, blocks, ignoreLines, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("blocks (-want +got):\n%s", diff)
			}
			if len(issues) != tc.issues {
				t.Errorf("issues = %+v, want %d", issues, tc.issues)
			}
		})
	}
}

func TestDetectFormat(t *testing.T) {
	for resp, want := range map[string]Format{
		v3("a", "x\n", "y\n"): FormatV3,
		"a\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n":                         FormatSearchReplace,
		v3("a", "x\n", "y\n") + "b\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n": FormatMixed,
		"no blocks here": FormatNone,
	} {
		if got := DetectFormat(resp); got != want {
			t.Errorf("DetectFormat(%.30q) = %s, want %s", resp, got, want)
		}
	}
}

// The streaming parser, fed a response in chunks of any size, ends with the
// blocks the one-shot parser finds, each handed out once its end line is in.
func TestStreamParserMatchesOneShot(t *testing.T) {
	responses := []string{
		v3("a.py", "x\n", "y\n") + "prose\r\n" + "b.txt\n<<<<<<< SEARCH\n1\n=======\n2\n>>>>>>> REPLACE\n" + "c.py\n" + v3Edit + "\nunclosed\n",
		"```\n" + v3Edit + "\na\n" + v3End + "\nz.py\n" + v3Edit + "\nq\n" + v3Repl + "\nr\n" + v3End,
	}
	for _, resp := range responses {
		want, wantIssues := ParseResponse(resp)
		for size := 1; size <= len(resp); size++ {
			var sp StreamParser
			var got []Block
			for off := 0; off < len(resp); off += size {
				chunk := resp[off:min(off+size, len(resp))]
				done := sp.Feed(chunk)
				for _, b := range done {
					if end := off + len(chunk); strings.Count(resp[:end], "\n") < b.End {
						t.Fatalf("block ending at line %d handed out before that line was complete", b.End)
					}
				}
				got = append(got, done...)
			}
			rest, issues := sp.Close()
			got = append(got, rest...)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("chunks of %d: blocks differ from the one-shot parse (-want +got):\n%s", size, diff)
			}
			if diff := cmp.Diff(wantIssues, issues); diff != "" {
				t.Fatalf("chunks of %d: issues differ (-want +got):\n%s", size, diff)
			}
		}
	}
}

func FuzzParseV3(f *testing.F) {
	f.Add(v3("a.py", "x\n", "y\n"))
	f.Add("p\n" + v3Edit + "\n" + v3End + "\n" + v3Repl + "\n")
	f.Fuzz(func(t *testing.T, resp string) {
		blocks, issues := ParseV3(resp)
		checkBlocks(t, resp, blocks, issues)
	})
}

func FuzzParseSearchReplace(f *testing.F) {
	f.Add("a.txt\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n")
	f.Add("```\n<<<<< SEARCH>\n=====\n=====\n")
	f.Fuzz(func(t *testing.T, resp string) {
		blocks, issues := ParseSearchReplace(resp)
		checkBlocks(t, resp, blocks, issues)
	})
}

// FuzzStreamParser: any chunking gives the one-shot result.
func FuzzStreamParser(f *testing.F) {
	f.Add(v3("a.py", "x\n", "y\n")+"b\n<<<<<<< SEARCH\nq\n=======\nr\n>>>>>>> REPLACE\n", uint8(3))
	f.Add("x\n*** Begin Patch\n*** Update File: a\n@@ h\n a\n-b\n+c\n*** Add File: n\n+1\n*** End Patch\n```diff\n--- a/q\n+++ b/q\n@@ -1 +1 @@\n-x\n+y\n```\n", uint8(5))
	f.Fuzz(func(t *testing.T, resp string, size uint8) {
		want, wantIssues := ParseResponse(resp)
		n := int(size)%17 + 1
		var sp StreamParser
		var got []Block
		for off := 0; off < len(resp); off += n {
			got = append(got, sp.Feed(resp[off:min(off+n, len(resp))])...)
		}
		rest, issues := sp.Close()
		got = append(got, rest...)
		if !cmp.Equal(want, got) || !cmp.Equal(wantIssues, issues) {
			t.Fatalf("chunks of %d differ from the one-shot parse", n)
		}
	})
}

// checkBlocks holds for any parse: blocks have paths and sane line spans in
// order, and their lines are lines of the response.
func checkBlocks(t *testing.T, resp string, blocks []Block, issues []ParseIssue) {
	lines := strings.Count(resp, "\n") + 1
	prev := 0
	for _, b := range blocks {
		if b.Path == "" || b.Start <= prev || b.End < b.Start || b.End > lines {
			t.Fatalf("bad block %+v in a response of %d lines", b, lines)
		}
		prev = b.End
		for _, l := range append(append(append([]string{}, b.Anchor...), b.Old...), b.New...) {
			if !strings.Contains(resp, strings.TrimSuffix(l, "\r")) {
				t.Fatalf("line %q is not in the response", l)
			}
		}
	}
	for _, is := range issues {
		if is.Line < 1 || is.Line > lines || is.Message == "" {
			t.Fatalf("bad issue %+v", is)
		}
	}
}

// TestParsePaths: the line before a block names its file only when it is a
// path; prose, an elision line and fences leave the previous block's file,
// or none.
func TestParsePaths(t *testing.T) {
	for _, tc := range []struct {
		name, response string
		want           []string // the blocks' paths
		issues         int
	}{
		{"prose before a fence is not a path",
			"Here's the change:\n```python\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n", nil, 1},
		{"prose with a file name in it is not a path",
			"Update greet.go as follows:\n```go\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n", nil, 1},
		{"an elision line between blocks reuses the previous file",
			"src/a.py\n```\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n...\n```\n<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n```\n", []string{"src/a.py", "src/a.py"}, 0},
		{"prose between blocks reuses the previous file",
			"a.go\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n\nAnd also:\n<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n", []string{"a.go", "a.go"}, 0},
		{"aider's <source> fence is a fence, not a path",
			"docs/README.md\n<source>markdown\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n</source>\n", []string{"docs/README.md"}, 0},
		{"a <source> fence alone names nothing",
			"<source>python\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n</source>\n", nil, 1},
		{"a file name on the fence line", "```src/a.py\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n", []string{"src/a.py"}, 0},
		{"names that are paths", "Makefile\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n`my notes.md`\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n**LICENSE**\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n.gitignore\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n",
			[]string{"Makefile", "my notes.md", "LICENSE", ".gitignore"}, 0},
		{"v3: prose before the first block is not a path",
			"I will change it:\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n", nil, 1},
		{"a mangled SEARCH marker is an issue, not silence",
			"a.go\n<<-- SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", nil, 2},
		{"a SEARCH marker without its space is an issue",
			"a.go\n<<<<<<<SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", nil, 2},
		{"a mangled v3 marker is an issue",
			"a.go\n«« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n", nil, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blocks, issues := ParseResponse(tc.response)
			var got []string
			for _, b := range blocks {
				got = append(got, b.Path)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("paths (-want +got):\n%s", diff)
			}
			if len(issues) != tc.issues {
				t.Errorf("%d issues, want %d: %+v", len(issues), tc.issues, issues)
			}
		})
	}
}

// TestParsePatches: V4A patches and fenced diffs in a response become
// blocks (updates and new files), and what a block cannot say (a delete, a
// move, an add-only hunk) is an issue naming apply_patch.
func TestParsePatches(t *testing.T) {
	response := "Here:\n\n*** Begin Patch\n*** Update File: a.go\n@@ func f() {\n \tx := 1\n-\treturn x\n+\treturn x + 1\n*** Add File: b.txt\n+hello\n*** Delete File: c.txt\n*** End Patch\n\nAnd:\n```diff\n--- a/d.txt\n+++ b/d.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n```\n"
	blocks, issues := ParseResponse(response)
	want := []Block{
		{Path: "a.go", Anchor: []string{"\tx := 1"}, Old: []string{"\treturn x"}, New: []string{"\treturn x + 1"}, Format: FormatPatch, Start: 5, End: 8},
		{Path: "b.txt", New: []string{"hello"}, Format: FormatPatch, Start: 9, End: 10},
		{Path: "d.txt", Anchor: []string{"one"}, Old: []string{"two"}, New: []string{"TWO"}, Format: FormatPatch, Start: 18, End: 21},
	}
	if diff := cmp.Diff(want, blocks); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
	if len(issues) != 1 || issues[0].Line != 11 || !strings.Contains(issues[0].Message, "apply_patch") {
		t.Errorf("issues = %+v, want one at line 11 about c.txt's deletion", issues)
	}
	if got := DetectFormat(response); got != FormatPatch {
		t.Errorf("DetectFormat = %q, want %q", got, FormatPatch)
	}
	// Streamed, a V4A file's blocks come out when the next file header
	// arrives.
	var s StreamParser
	if got := s.Feed("*** Begin Patch\n*** Update File: a.go\n@@\n x\n-y\n+z\n"); len(got) != 0 {
		t.Errorf("blocks before the file ends: %+v", got)
	}
	if got := s.Feed("*** Update File: b.go\n"); len(got) != 1 || got[0].Path != "a.go" {
		t.Errorf("after the next header: %+v, want a.go's block", got)
	}
	if got, _ := s.Close(); len(got) != 0 {
		t.Errorf("b.go has no hunks, yet Close gave %+v", got)
	}
}
