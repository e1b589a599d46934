package editkit

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReplaceEscaped covers searches and replacements whose line breaks
// were written as \n the way models write them: quotes and the code's
// own backslashes left as the code has them, so the text itself says
// which backslashes are escapes; and the doubts that are refused.
func TestReplaceEscaped(t *testing.T) {
	const java = "void f() {\n    String a = \"x\";\n    return;\n}\n"
	const jsFile = "function f() {\n  const a = 'x';\n  return a;\n}\n"
	const rustFile = "fn f() {\n    let a = 1;\n    a\n}\n"
	for _, tc := range []struct {
		why                   string
		content, search, repl string
		want                  string // the result, when it succeeds
		msg                   string // in the ErrInvalidRequest, when it fails
	}{
		{
			why:     "quotes written bare: a backslash before one is the code's, and stays",
			content: java,
			search:  `    String a = "x";\n    return;`,
			repl:    `    String a = "{\"k\":1}";\n    return;`,
			want:    "void f() {\n    String a = \"{\\\"k\\\":1}\";\n    return;\n}\n",
		},
		{
			why:     "quotes all escaped: each is unescaped",
			content: java,
			search:  `    String a = \"x\";\n    return;`,
			repl:    `    String a = \"y\";\n    return;`,
			want:    strings.Replace(java, `"x"`, `"y"`, 1),
		},
		{
			why:     "single quotes written bare keep the code's \\'",
			content: "<?php\n$a = 'x';\n$b = 1;\n",
			search:  `$a = 'x';\n$b = 1;`,
			repl:    `$a = 'it\'s';\n$b = 1;`,
			want:    "<?php\n$a = 'it\\'s';\n$b = 1;\n",
		},
		{
			why:     "a \\n that keeps a line of the file whole is the code's",
			content: "f() {\n  // adds \\r\\n, so a temp file\n  x = 1\n}\n",
			search:  `  // adds \r\n, so a temp file\n  x = 1`,
			repl:    `  // adds \r\n, so a temp file\n  x = 2`,
			want:    "f() {\n  // adds \\r\\n, so a temp file\n  x = 2\n}\n",
		},
		{
			why:     "a \\n where a line of the file, changed, has \\n written out is refused",
			content: "f() {\n  // adds \\r\\n, so a temp file\n  x = 1\n}\n",
			search:  `  // adds \r\n, so a temp file\n  x = 1`,
			repl:    `  // adds \r\n, so a temp file is used\n  x = 2`,
			msg:     `where a line of the file has \n written out`,
		},
		{
			why:     "a \\n inside a new line's single-quoted string is refused",
			content: jsFile,
			search:  `  const a = 'x';\n  return a;`,
			repl:    `  const a = 'x' + '\n';\n  return a;`,
			msg:     "inside a string on its line 1",
		},
		{
			why:     "a \\r\\n where the search wrote line breaks as \\n is refused",
			content: jsFile,
			search:  `  const a = 'x';\n  return a;`,
			repl:    `  // drops \r\n here\n  const a = 'x';\n  return a;`,
			msg:     `has a \r\n where the search wrote its line breaks as \n`,
		},
		{
			why:     "single quotes that are not strings in the file (Rust lifetimes) say nothing",
			content: "fn g(s: &'static str) {}\n" + rustFile,
			search:  `    let a = 1;\n    a`,
			repl:    `    let a: &'static str = "x";\n    a`,
			want:    "fn g(s: &'static str) {}\n" + strings.Replace(rustFile, "let a = 1;", `let a: &'static str = "x";`, 1),
		},
	} {
		t.Run(tc.why, func(t *testing.T) {
			got, res, err := Replace(tc.content, tc.search, tc.repl, ReplaceOptions{})
			if tc.msg != "" {
				if !errors.Is(err, ErrInvalidRequest) || !strings.Contains(err.Error(), tc.msg) {
					t.Fatalf("error = %v, want ErrInvalidRequest containing %q", err, tc.msg)
				}
				if got != tc.content {
					t.Errorf("content changed despite the error")
				}
				return
			}
			if err != nil {
				t.Fatalf("Replace: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("result (-want +got):\n%s", diff)
			}
			if res.Strategy != "escape-normalized" {
				t.Errorf("strategy = %q, want escape-normalized", res.Strategy)
			}
		})
	}
}

// TestOpenQuote covers the lines read as leaving a string open, with
// single quotes counted and not.
func TestOpenQuote(t *testing.T) {
	for _, tc := range []struct {
		line           string
		double, single bool
	}{
		{line: `x := "a`, double: true, single: true},
		{line: `x := "a" + "b"`},
		{line: `s = 'since :`, single: true},
		{line: `s = "it's"`},
		{line: `// don't stop`},
		{line: `# the users' files`},
		{line: "x := `raw \"`"},
		{line: `if b == b'"' {`},
		{line: `a = """doc`},
		{line: `a = "\"" + 'b'`},
	} {
		if got := openQuote(tc.line, false); got != tc.double {
			t.Errorf("openQuote(%q, false) = %v, want %v", tc.line, got, tc.double)
		}
		if got := openQuote(tc.line, true); got != tc.single {
			t.Errorf("openQuote(%q, true) = %v, want %v", tc.line, got, tc.single)
		}
	}
}

// FuzzEscapes: reading a text's escapes never panics, never lengthens it
// (every escape it undoes is two bytes read as one) and leaves a text
// without a backslash as it is.
func FuzzEscapes(f *testing.F) {
	f.Add(`a = "x";\n\tb = 'y\n'`, "a = \"x\";\n\tb = 'y\\n'\n")
	f.Add(`// adds \r\n, so\n  x`, "// adds \\r\\n, so\n  x\n")
	f.Add(`\\n\"\'\`+"`", `\n`)
	f.Fuzz(func(t *testing.T, text, file string) {
		e := readEscapes(text, file)
		out, _ := e.read(text)
		if len(out) > len(text) {
			t.Fatalf("read(%q) = %q, longer", text, out)
		}
		if !strings.Contains(text, `\`) && out != text {
			t.Fatalf("read(%q) = %q, want it unchanged", text, out)
		}
	})
}
