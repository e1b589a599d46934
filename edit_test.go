package editkit

import (
	"context"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/text"
	"github.com/google/go-cmp/cmp"
)

// upper is a caller's own replacer: it finds the search written in upper
// case.
type upper struct{}

func (upper) Name() string { return "upper" }
func (upper) Find(q *Query) []Match {
	i := strings.Index(q.Content, strings.ToUpper(q.Search))
	if i < 0 {
		return nil
	}
	return []Match{{Start: i, End: i + len(q.Search)}}
}

func TestReplace(t *testing.T) {
	const code = "func f() {\n\tif x {\n\t\treturn 1\n\t}\n\treturn 2\n}\n"
	for _, tc := range []struct {
		why                   string
		content, search, repl string
		opts                  ReplaceOptions
		want                  string // the result, when it succeeds
		strategy              string
		kind                  error  // the error kind, when it fails
		msg                   string // in the error message
	}{
		{
			why:     "an exact match is replaced and nothing else moves",
			content: code, search: "\t\treturn 1\n", repl: "\t\treturn 10\n",
			want: strings.Replace(code, "return 1\n", "return 10\n", 1), strategy: "exact",
		},
		{
			why:     "a one-line search found after a tab: the replacement's later lines get the tab, their spaces as tabs",
			content: "void f(void)\n{\n\tif (a)\n\t\treturn;\n\tlen = strlen(s);\n}\n", search: "len = strlen(s);", repl: "if (s != NULL) {\n    len = strlen(s);\n}",
			want: "void f(void)\n{\n\tif (a)\n\t\treturn;\n\tif (s != NULL) {\n\t\tlen = strlen(s);\n\t}\n}\n", strategy: "exact",
		},
		{
			why:     "a one-line search found after a tab, in a file that aligns continuation lines after its tabs with spaces: the replacement's spaces stay",
			content: "void f(void)\n{\n\tif (a ||\n\t    b)\n\t\treturn;\n\tlen = strlen(s);\n}\n", search: "len = strlen(s);", repl: "len = strlen(s) +\n    strlen(t);",
			want: "void f(void)\n{\n\tif (a ||\n\t    b)\n\t\treturn;\n\tlen = strlen(s) +\n\t    strlen(t);\n}\n", strategy: "exact",
		},
		{
			why:     "a one-line search found after tabs: a block comment the replacement opens keeps its text aligned with spaces, the code after it gets tabs",
			content: "\t<div>\n\t\t{loading ? (\n\t\t\t<Spinner />\n", search: "{loading ? (", repl: "{/* Keep the spinner up until the\n    first answer. */}\nif (x) {\n    y()\n}\n{!loaded ? (",
			want: "\t<div>\n\t\t{/* Keep the spinner up until the\n\t\t    first answer. */}\n\t\tif (x) {\n\t\t\ty()\n\t\t}\n\t\t{!loaded ? (\n\t\t\t<Spinner />\n", strategy: "exact",
		},
		{
			why:     "CRLF content keeps CRLF; the search and replacement may use either",
			content: "a\r\nb\r\nc\r\n", search: "b\r\nc", repl: "B\nC\nD",
			want: "a\r\nB\r\nC\r\nD\r\n", strategy: "exact",
		},
		{
			why:     "overlapping occurrences are separate places",
			content: "aaa", search: "aa", repl: "b",
			kind: ErrAmbiguous, msg: "matches 2 places",
		},
		{
			why:     "a search found in many places names the first ten and counts the rest",
			content: strings.Repeat("x := 1\n", 25), search: "x := 1", repl: "x := 2",
			kind: ErrAmbiguous, msg: "matches 25 places: line 1, line 2, line 3, line 4, line 5, line 6, line 7, line 8, line 9, line 10 and 15 more",
		},
		{
			why:     "text put before an elided stretch's end while that end, the file's last line, is deleted goes where the line was",
			content: "a\nb\nLAST", search: "...\nLAST", repl: "NEW\n...\n",
			want: "a\nb\nNEW\n", strategy: "exact",
		},
		{
			why:     "replace-all takes the leftmost occurrences that do not overlap, like strings.ReplaceAll",
			content: "aaaa aa", search: "aa", repl: "b", opts: ReplaceOptions{ReplaceAll: true},
			want: "bb b", strategy: "exact",
		},
		{
			why:     "deleting whole lines where one match ends at the line end the next begins with leaves that line end to the next",
			content: "\na\na", search: "\na", repl: "", opts: ReplaceOptions{ReplaceAll: true},
			want: "", strategy: "exact",
		},
		{
			why:     "an expected count that matches replaces them all",
			content: "x=1\ny=1\n", search: "=1", repl: "=2", opts: ReplaceOptions{ExpectedReplacements: 2},
			want: "x=2\ny=2\n", strategy: "exact",
		},
		{
			why:     "fewer places than expected is reported as not found, naming them",
			content: "x=1\ny=2\n", search: "=1", repl: "=2", opts: ReplaceOptions{ExpectedReplacements: 2},
			kind: ErrNotFound, msg: "expectedReplacements is 2 but the search text matches 1 place: line 1",
		},
		{
			why:     "a line hint picks the nearest of several places",
			content: "x\n\n\n\n\n\n\nx\n", search: "x", repl: "y", opts: ReplaceOptions{StartLine: 8},
			want: "x\n\n\n\n\n\n\ny\n", strategy: "exact",
		},
		{
			why:     "a hint between two places decides nothing",
			content: "x\n\n\nx\n", search: "x", repl: "y", opts: ReplaceOptions{StartLine: 2},
			kind: ErrAmbiguous, msg: "line 1 and line 4",
		},
		{
			why:     "spacing inside lines may differ, and the file's is kept where the edit does not change it",
			content: "x  :=  1\ny := 2\n", search: "x := 1\n", repl: "x := 3\n",
			want: "x  :=  3\ny := 2\n", strategy: "whitespace-normalized",
		},
		{
			why:     "surrounding blank lines in the search that the file lacks are dropped from both",
			content: "a\nfoo()\nb\n", search: "\n\nfoo()\n\n", repl: "\n\nbar()\n\n",
			want: "a\nbar()\nb\n", strategy: "trimmed-boundary",
		},
		{
			why:     "a one-line search with straight quotes finds prose with curly ones",
			content: "She said \u201chello\u201d twice.\n", search: `said "hello"`, repl: `said "bye"`,
			want: "She said \u201cbye\u201d twice.\n", strategy: "unicode-normalized",
		},
		{
			why:     "deleting the last line also deletes the line end before it",
			content: "a\nb", search: "b", repl: "",
			want: "a", strategy: "exact",
		},
		{
			why:     "a placeholder the search also has is text, not an elision",
			content: "x()\n// ...\ny()\n", search: "// ...\ny()", repl: "// ...\nz()",
			want: "x()\n// ...\nz()\n", strategy: "exact",
		},
		{
			why:     "fuzzy replacers never serve replace-all",
			content: code, search: "func f() {\n\tif x {\n\t\tretrun 1\n\t}\n\treturn 2", repl: "x", opts: ReplaceOptions{ReplaceAll: true},
			kind: ErrNotFound,
		},
		{
			why:     "a chain without the fuzzy replacers does not tolerate a typo",
			content: code, search: "func f() {\n\tif x {\n\t\tretrun 1\n\t}\n\treturn 2", repl: "x",
			opts: ReplaceOptions{Chain: DefaultChain().Without("block-anchor", "context-aware")},
			kind: ErrNotFound, msg: "tried exact, line-numbered, trailing-whitespace, line-trimmed, indentation-flexible, whitespace-normalized, unicode-normalized, escape-normalized, trimmed-boundary, blank-lines-ignored, multi-occurrence",
		},
		{
			why:     "indentation-flexible keeps the block's own structure",
			content: "\tif x {\n\t\ty()\n\t}\n", search: "if x {\n\ty()\n}", repl: "if x {\n\tz()\n}",
			opts: ReplaceOptions{Chain: DefaultChain().Without("exact", "trailing-whitespace", "line-trimmed")},
			want: "\tif x {\n\t\tz()\n\t}\n", strategy: "indentation-flexible",
		},
		{
			why:     "multi-occurrence answers replace-all in a chain without exact",
			content: "a-b-a", search: "a", repl: "c", opts: ReplaceOptions{ReplaceAll: true, Chain: Chain{multiOccurrence{}}},
			want: "c-b-c", strategy: "multi-occurrence",
		},
		{
			why:     "a caller's own replacer gets the content and is named in the result",
			content: "say HELLO\n", search: "hello", repl: "bye", opts: ReplaceOptions{Chain: Chain{exact{}, upper{}}},
			want: "say bye\n", strategy: "upper",
		},
		{
			why:     "nested chains report the replacer that matched",
			content: "  x\n", search: "x\n", repl: "y\n", opts: ReplaceOptions{Chain: Chain{Chain{exact{}}, Chain{lineTrimmed{}}}},
			want: "  y\n", strategy: "exact",
		},
		{
			why:     "blocks of } and blank lines give the fuzzy replacers nothing to anchor on",
			content: strings.Repeat("}\n\n", 5000), search: "}\n\n}\nx\n}", repl: "y",
			kind: ErrNotFound,
		},
		{why: "an empty search on a non-empty file", content: "a", search: "", repl: "b", kind: ErrInvalidRequest, msg: "the search text is empty but the file is not"},
		{why: "an empty search fills an empty file", content: "", search: "", repl: "new\n", want: "new\n", strategy: "exact"},
		{why: "identical search and replacement", content: "a", search: "a", repl: "a", kind: ErrNoOp},
		{
			why:     "a one-line search re-indented with spaces is at no known depth among lines indented with spaces",
			content: "a:\n    role: b\nc:\n  x:\n      role: b\n  y:\n    z:\n        role: b\n", search: "            role: b", repl: "            role: c",
			kind: ErrAmbiguous, msg: "matches 3 places",
		},
		{
			why:     "against tabs, spaces are four to a level",
			content: "func f() {\n\tx := 1\n\tif y {\n\t\tx := 1\n\t}\n}\n", search: "        x := 1", repl: "        x := 2",
			want: "func f() {\n\tx := 1\n\tif y {\n\t\tx := 2\n\t}\n}\n", strategy: "line-trimmed",
		},
		{
			why:     "a search that differs from its replacement only by a BOM: the BOM stays",
			content: "\xEF\xBB\xBFa\r\nb\r\n", search: "\ufeffa\n", repl: "a\n",
			kind: ErrNoOp, msg: "differ only by the byte order mark",
		},
		{
			why:     "the same without CRLF",
			content: "\xEF\xBB\xBFa\nb\n", search: "\ufeffa\n", repl: "a\n",
			kind: ErrNoOp, msg: "differ only by the byte order mark",
		},
		{
			why:     "a search copied with the file's BOM matches exactly, and the BOM stays one",
			content: "\xEF\xBB\xBFa\r\nb\r\n", search: "\ufeffa\n", repl: "\ufeffA\n",
			want: "\xEF\xBB\xBFA\r\nb\r\n", strategy: "exact",
		},
		{
			why:     "a replacement that elides code with a marker edit_file knows",
			content: "func A() {\n\tx()\n\ty()\n}\n", search: "func A() {\n\tx()\n\ty()\n}\n", repl: "func A() {\n\tx2()\n\t// [...]\n}\n",
			kind: ErrInvalidRequest, msg: `placeholder line "// [...]"`,
		},
		{
			why:     "R's ... argument on a line of its own reads as elision; the message says which tool writes it as sent",
			content: "f <- function(x) {\n  g(x)\n}\n", search: "}\n", repl: "}\n\nh <- function(\n  x,\n  ...\n)\n",
			kind: ErrInvalidRequest, msg: `if "..." is code here (Python's Ellipsis, R's ... argument), write the lines with write_from_line`,
		},
		{
			why:     "R's ... argument in a file that passes ... itself is code",
			content: "f <- function(x, ...) {\n  g(x, ...)\n}\n", search: "}\n", repl: "}\n\nh <- function(\n  x,\n  ...\n)\n",
			want: "f <- function(x, ...) {\n  g(x, ...)\n}\n\nh <- function(\n  x,\n  ...\n)\n", strategy: "exact",
		},
		{
			why:     "in such a file, a bare ... between statements still reads as elision",
			content: "f <- function(x, ...) {\n  a <- 1\n  b <- 2\n  g(x, ...)\n}\n", search: "  a <- 1\n  b <- 2\n", repl: "  a <- 3\n  ...\n",
			kind: ErrInvalidRequest, msg: `placeholder line "..."`,
		},
		{
			why:     "a comment that starts with an ellipsis and goes on in prose is a comment",
			content: "func A() {\n\tx()\n}\n", search: "\tx()\n", repl: "\t// parse accepts these...\n\tx()\n\t// ...but these must fail\n\ty()\n",
			want: "func A() {\n\t// parse accepts these...\n\tx()\n\t// ...but these must fail\n\ty()\n}\n", strategy: "exact",
		},
		{why: "a negative count", content: "a", search: "a", repl: "b", opts: ReplaceOptions{ExpectedReplacements: -1}, kind: ErrInvalidRequest},
		{why: "a threshold above 1", content: "a", search: "a", repl: "b", opts: ReplaceOptions{FuzzyThreshold: 2}, kind: ErrInvalidRequest},
		{why: "invalid UTF-8 in the request", content: "a", search: "\xff", repl: "b", kind: ErrInvalidRequest},
		{why: "a search longer than the file", content: "ab", search: "abcdefgh", repl: "x", kind: ErrNotFound, msg: "longer than the whole file"},
		{
			why:     "the replacement already in the file, the search not",
			content: "func f() int { return 42 }\n", search: "func f() int { return 41 }", repl: "func f() int { return 42 }",
			kind: ErrNotFound, msg: "already at line 1",
		},
	} {
		t.Run(tc.why, func(t *testing.T) {
			got, res, err := Replace(tc.content, tc.search, tc.repl, tc.opts)
			if tc.kind != nil {
				if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.msg) {
					t.Fatalf("error = %v, want %v containing %q", err, tc.kind, tc.msg)
				}
				if got != tc.content {
					t.Errorf("content changed despite the error")
				}
				var e *Error
				if !errors.As(err, &e) {
					t.Errorf("error is %T, not *Error", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Replace: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("result (-want +got):\n%s", diff)
			}
			if res.Strategy != tc.strategy {
				t.Errorf("strategy = %q, want %q", res.Strategy, tc.strategy)
			}
		})
	}
}

// FuzzReplace: Replace never panics; when it fails the content is
// unchanged, and when it succeeds the result is the content with exactly
// the spans it planned replaced, none overlapping.
func FuzzReplace(f *testing.F) {
	f.Add("func f() {\n\tif x {\n\t\treturn 1\n\t}\n}\n", "    if x {\n        return 1", "    if y {\n        return 2", uint8(0))
	f.Add("a\r\nb\r\n", "b\n", "c\n", uint8(1))
	f.Add("aaaa", "aa", "b", uint8(2))
	f.Add("x \u201cq\u201d y", `"q"`, `"r"`, uint8(0))
	f.Add("}\n}\n}\n", "}\n}", "", uint8(3))
	f.Add("a\nb\nc\nd\ne\n", "a\nB\nc\nd\ne", "z", uint8(0))
	f.Add("f() {\n\ta\n\tb\n\tc\n}\n", "f() {\n\ta\n\t// ...\n}", "f() {\n\tA\n\t// ...\n}", uint8(0))
	f.Add("a\n\nb\nc\n", "a\nb\nc", "a\nb\nC", uint8(0))
	f.Add("x := \u201cq\u201d\ny := 1\n", "x := \"q\"\ny := 1", "x := \"q\"\ny := 2\nz := \"q\"", uint8(0))
	f.Add("a\nb\nLAST", "...\nLAST", "NEW\n...\n", uint8(0))
	f.Add("\na\na", "\na", "", uint8(1))
	f.Fuzz(func(t *testing.T, content, search, repl string, flags uint8) {
		opts := ReplaceOptions{ReplaceAll: flags&1 != 0, StartLine: int(flags >> 4)}
		if flags&2 != 0 {
			opts.ExpectedReplacements = 2
		}
		got, _, err := Replace(content, search, repl, opts)
		if err != nil {
			if got != content {
				t.Fatalf("content changed despite %v", err)
			}
			return
		}
		if !utf8.ValidString(content) || strings.ContainsRune(content, '\r') || strings.HasPrefix(content, text.BOM) {
			return // the plan below is made on the decoded body
		}
		p, err := planReplace(context.Background(), buffer.New(content), "", search, repl, opts)
		if err != nil {
			t.Fatalf("Replace succeeded but planning again failed: %v", err)
		}
		var b strings.Builder
		prev := 0
		for _, e := range p.edits {
			if e.Start < prev || e.End < e.Start || e.End > len(content) {
				t.Fatalf("edits out of order or out of range: %+v", p.edits)
			}
			b.WriteString(content[prev:e.Start])
			b.WriteString(e.New)
			prev = e.End
		}
		b.WriteString(content[prev:])
		if b.String() != got {
			t.Fatalf("result is not the content with the planned spans replaced:\n got %q\nwant %q", got, b.String())
		}
	})
}

// TestElisionOnBothSides: a search and a replacement that leave the same
// stretches out, with "..." or a comment saying so, change the pieces they
// quote and keep what they leave out.
func TestElisionOnBothSides(t *testing.T) {
	content := "func f() {\n\ta := 1\n\tb := 2\n\tc := 3\n\td := 4\n\treturn a\n}\n"
	for _, tc := range []struct {
		name, search, replace, want string
		kind                        error
	}{
		{"bare dots", "func f() {\n\ta := 1\n...\n\treturn a\n}", "func f() {\n\ta := 10\n...\n\treturn a + 1\n}",
			"func f() {\n\ta := 10\n\tb := 2\n\tc := 3\n\td := 4\n\treturn a + 1\n}\n", nil},
		{"a comment marker, re-indented pieces", "func f() {\n    a := 1\n    // ... rest of the code unchanged\n    return a\n}", "func f() {\n    a := 100\n    // ... rest of the code unchanged\n    return a\n}",
			"func f() {\n\ta := 100\n\tb := 2\n\tc := 3\n\td := 4\n\treturn a\n}\n", nil},
		{"a piece that is not there", "func f() {\n...\n\treturn z\n}", "func f() {\n...\n\treturn y\n}", content, ErrNotFound},
		{"pieces out of order", "\treturn a\n...\n\ta := 1", "\treturn b\n...\n\ta := 2", content, ErrNotFound},
		{"lines added between two elisions", "func f() {\n...\n...\n}", "func f() {\n...\nx()\n...\n}", content, ErrInvalidRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := Replace(content, tc.search, tc.replace, ReplaceOptions{})
			if tc.kind != nil && !errors.Is(err, tc.kind) || tc.kind == nil && err != nil {
				t.Fatalf("error %v, want %v", err, tc.kind)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
