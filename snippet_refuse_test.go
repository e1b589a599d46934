package editkit

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/google/go-cmp/cmp"
)

func TestIndentStep(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  int
	}{
		{"two spaces", []string{"static int f (void) {", "  while (x) {", "    g();", "  }", "}"}, 2},
		{"tabs", []string{"func f() {", "\tif x {", "\t\tg()", "\t}", "}"}, 4},
		{"continuations aligned under a call's bracket are no step", []string{
			"    luaL_argcheck(L, opt != Kstring, 1,",
			"                     \"variable-length format\");",
			"    size += ntoalign;",
			"    luaL_argcheck(L, totalsize <= MAX_SIZE - size,",
			"                     1, \"format result too large\");",
			"    totalsize += size;",
			"  }",
			"}",
		}, 2},
		{"one change says too little", []string{"a", "  b"}, 0},
		{"a directive at the margin is no step", []string{
			"            }",
			"        }",
			"",
			"#if !(NET20 || NET35) || NETSTANDARD2_0",
			"        [Test]",
			"        public void ReadInt64Overflow()",
			"        {",
			"            BigInteger i = new BigInteger(long.MaxValue);",
			"#endif",
			"        }",
		}, 4},
	} {
		if got := indentStep(tc.lines, 4); got != tc.want {
			t.Errorf("%s: indentStep = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestBalance(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  brackets
	}{
		{"balanced call", []string{"f(a[0], g{})"}, brackets{}},
		{"opens a block", []string{"func f() {"}, brackets{0, 0, 1, 0}},
		{"closes a call and a block", []string{"\t})", "}"}, brackets{-1, 0, -2, 0}},
		{"a block comment", []string{"/**", " * f(", " */"}, brackets{}},
		{"closes a comment", []string{"   */"}, brackets{0, 0, 0, -1}},
		{"brackets in strings", []string{`s := "(" + ` + "`[`" + ` + "\")"`}, brackets{}},
		{"a quote as a character", []string{`if s[0] == '"' {`}, brackets{0, 0, 1}},
		{"brackets as characters", []string{`ok := c == '{' || c == '\'' || c == '(' || c == '\\'`}, brackets{}},
		{"a lifetime is no literal", []string{"fn f<'a>(x: &'a str) -> &'a str {"}, brackets{0, 0, 1}},
		{"comment lines", []string{"// f(", "# g[", "/* h{ */", " * i(", "-- j(", "<!-- k( -->"}, brackets{}},
		{"trailing comments", []string{"x := f() // see (1", "y = [1] # note ("}, brackets{}},
		{"a URL is no comment", []string{"[docs](https://example.com/a)"}, brackets{}},
		{"issue numbers are no comment", []string{"- Fixed startup blocking (#2860, #976)"}, brackets{}},
		{"a Rust attribute is no comment", []string{"#[cfg_attr(", `    ignore = "pending"`, ")]", "#![allow(dead_code)]"}, brackets{}},
		{"shell blocks", []string{`if [ -z "$1" ]; then`, "  echo", "fi", "case $a in", "esac", "for f in *; do", "done < list"}, brackets{}},
		{"a shell fi without its if", []string{"    exit 2", "  fi"}, brackets{4: -1}},
		{"a shell loop left open", []string{"while read -r l; do"}, brackets{4: 1}},
		{"one line opens and closes", []string{`if [ -n "$x" ]; then echo "$x"; fi`}, brackets{}},
		{"Lua and Ruby blocks are not the shell's", []string{"if x then", "loop do", "end"}, brackets{}},
		{"a variable named as a shell word", []string{"done = true;", "fi := open(name)", "done && exit"}, brackets{4: -1}},
		{"single-quoted strings", []string{`'title': '<a href="x">v(' + version + ')</a>',`, `'sublinks': [npmLink('&#x24C3;', 'See (the npm package')]`}, brackets{}},
		{"escapes in strings", []string{`s = "a\\" + '\\' + "b(" + '\')' + f(`}, brackets{1, 0, 0}},
		{"a lone quote opens no string", []string{"pub fn inputs(&self) -> Result<Vec<Input<'_>>> {"}, brackets{0, 0, 1}},
		{"lifetimes that pair up", []string{"impl<'a, 'b> Foo<'a, 'b> {"}, brackets{0, 0, 1}},
		{"a lifetime in a tuple struct", []string{"struct Logger<'a>(Arc<State<'a>>);"}, brackets{}},
		{"a raw string's backslash", []string{"re := `\\` + f("}, brackets{1, 0, 0}},
		{"a triple quote closing a string, then a call", []string{`    """.format(`}, brackets{1, 0, 0}},
		{"a triple quote closing a string, then brackets", []string{`""")`, "'''], x)"}, brackets{-2, -1, 0}},
		{"a triple quote opening a docstring", []string{`"""Return (the pair.`, `x = """(`}, brackets{}},
	} {
		if got := balance(tc.lines); got != tc.want {
			t.Errorf("%s: balance = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestNewOrRewriteCommonEdge: lines a file has all over (a heredoc's
// "RUBY", Ruby's "end") at a segment's edge place it no better than
// brackets do. Here the runs have paired a new test's last lines with the
// test above it, and the walk its first lines with that test's (a
// rewrite); the edge "RUBY", "end", blank also fits just above the next
// test, where the new test would go whole. Both readings stand: refused.
func TestNewOrRewriteCommonEdge(t *testing.T) {
	spec := func(name string) string {
		return "  it 'accepts `params[:key]." + name + "`' do\n    expect_no_offenses(<<~RUBY)\n      params[:key]." + name + "\n    RUBY\n  end\n\n"
	}
	file := "describe X do\n" + spec("to_i") + spec("to_s") + spec("to_a") + spec("to_h") + spec("size") + "end\n"
	segs, _ := splitSnippet("# ... existing code ...\n    RUBY\n  end\n\n"+spec("inspect")+"  it 'accepts `params[:key].to_a`' do\n    expect_no_offenses(<<~RUBY)\n      params[:key].to_a\n# ... existing code ...\n",
		func([]string, int) bool { return false })
	if len(segs) != 1 || len(segs[0].lines) != 12 {
		t.Fatalf("segments = %+v", segs)
	}
	s := segs[0]
	m := newMerger(context.Background(), buffer.New(file), "x_spec.rb", segs)
	// File lines 7-13: the to_s test's "it" line to the to_a test's
	// "params" line. The runs: the new test's "RUBY", "end", blank, then
	// the to_a test's first three lines, on the to_s test's last lines
	// and the to_a test's.
	p := &placement{pairs: [][2]int{{6, 10}, {7, 11}, {8, 12}, {9, 13}, {10, 14}, {11, 15}}, runs: [2]int{11, 6}}
	// The walk up from the runs: the new test's first lines read as the
	// to_s test's, changed, and the edge as the to_i test's last lines.
	got := [][2]int{{5, 9}, {4, 8}, {3, 7}, {2, 6}, {1, 5}, {0, 4}}
	if !strings.Contains(file, "to_s") || m.buf.Line(13) != "  it 'accepts `params[:key].to_a`' do" {
		t.Fatalf("file line 13 = %q", m.buf.Line(13))
	}
	asNew, e := m.newOrRewrite(0, s, p, got, -1, 0)
	if e == nil || !errors.Is(e, ErrAmbiguous) || asNew != nil {
		t.Fatalf("newOrRewrite = %v, %v; want ErrAmbiguous", asNew, e)
	}
	if !strings.Contains(e.Error(), "reads two ways") {
		t.Errorf("err = %v, want a reading two ways", e)
	}
}

// TestPlaceForcedNowhere: a segment tried at a place where it has no
// candidate (a tie retried once the file's lookups ran out, when the
// place's lines are no longer looked up) is not found there; it used to
// index an empty list of candidates.
func TestPlaceForcedNowhere(t *testing.T) {
	file := "func a() {\n\tsetUp()\n\tcheckAll(b)\n}\n\nfunc b() {\n\tsetUp()\n\tcheckAll(b)\n}\n"
	segs, _ := splitSnippet("// ... existing code ...\n\tsetUp()\n\tcheckAll(b)\n\tnewLine(c)\n// ... existing code ...\n", nil)
	m := newMerger(context.Background(), buffer.New(file), "x.go", segs)
	m.force = 3 // "}": the top of no candidate
	p, err := m.place(0, segs[0], 0, nil)
	if err == nil || p != nil {
		t.Fatalf("place = %+v, %v; want an error", p, err)
	}
}

// TestEdgeFurtherUp: a segment whose walk up from its runs stopped at a
// declaration it changed, its top the brackets and blank lines that close
// the function above, then a new comment. Read as new lines at the walk,
// the brackets would close the old function under its first lines; they
// are the file's three lines further up, and the lines between (the old
// first line and declarations) are what the segment rewrites. Where the
// lines between are unlike the segment's, or the brackets are the file's
// lines right above the walk, nothing is paired.
func TestEdgeFurtherUp(t *testing.T) {
	const file = "static void clear (State *L) {\n  L->top = 0;\n}\n\n\n" + // 0-4
		"void getargs (State *L, int wanted) {\n  int i;\n  int extra = L->extra;\n" + // 5-7
		"  if (wanted < 0) {\n    wanted = extra;\n  }\n}\n" // 8-11
	const snippet = "// ... existing code ...\n}\n\n\n/*\n** The count of extra arguments.\n*/\n" + // segment 0-5
		"void getargs (State *L, int wanted,\n              int tab) {\n  int i, n;\n  int extra = count(L, tab);\n" + // 6-9
		"  if (wanted < 0) {\n    wanted = extra;\n  }\n}\n// ... existing code ...\n" // 10-13
	segs, _ := splitSnippet(snippet, nil)
	if len(segs) != 1 || len(segs[0].lines) != 14 {
		t.Fatalf("segments = %+v", segs)
	}
	m := newMerger(context.Background(), buffer.New(file), "x.c", segs)
	p := &placement{pairs: [][2]int{{10, 8}, {11, 9}, {12, 10}, {13, 11}}}
	got := m.edgeFurtherUp(segs[0], p, nil, 0)
	if diff := cmp.Diff([][2]int{{2, 4}, {1, 3}, {0, 2}}, got); diff != "" {
		t.Errorf("edgeFurtherUp (-want +got):\n%s", diff)
	}

	// The lines between unlike the segment's: they would be dropped.
	unlike := strings.Replace(file, "void getargs (State *L, int wanted) {\n  int i;\n  int extra = L->extra;\n", "void other_thing (void) {\n  register_all();\n  flush_queues();\n", 1)
	m = newMerger(context.Background(), buffer.New(unlike), "x.c", segs)
	if got := m.edgeFurtherUp(segs[0], p, nil, 0); got != nil {
		t.Errorf("edgeFurtherUp over unlike lines = %v, want nil", got)
	}

	// The brackets right above the walk: the segment's lines are new there.
	adjacent := "static void clear (State *L) {\n  L->top = 0;\n}\n\n\n" + "  if (wanted < 0) {\n    wanted = extra;\n  }\n}\n"
	m = newMerger(context.Background(), buffer.New(adjacent), "x.c", segs)
	p = &placement{pairs: [][2]int{{10, 5}, {11, 6}, {12, 7}, {13, 8}}}
	if got := m.edgeFurtherUp(segs[0], p, nil, 0); got != nil {
		t.Errorf("edgeFurtherUp with the brackets right above = %v, want nil", got)
	}
}

func TestDeclared(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"def get(url, params=None, **kwargs):", "get"},
		{"def get(", "get"},
		{"func (h *SlogHook) toSlogLevel(level logrus.Level) slog.Leveler {", "toSlogLevel"},
		{"fn log_impl<L: Log>(", "log_impl"},
		{"static int évènement(void *arg)", "évènement"},
		{"x = (a + b)", ""},
		{"if (x) {", ""},
		{"", ""},
	} {
		if got := declared(c.line); got != c.want {
			t.Errorf("declared(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

func TestKeyOf(t *testing.T) {
	type kv struct {
		Key, Value string
		OK         bool
	}
	for _, tc := range []struct {
		line string
		want kv
	}{
		{`features = ["raw_value"]`, kv{"features=", `["raw_value"]`, true}},
		{"  timeout: 30", kv{"timeout:", "30", true}},
		{`"name": "editkit",`, kv{`"name":`, `"editkit",`, true}},
		{"out := []string{}", kv{"out:=", "[]string{}", true}},
		{"x.y[2] += 1", kv{"x.y[2]+=", "1", true}},
		{"if x == 1:", kv{}},
		{"x == y", kv{}},
		{"dependencies:", kv{}},
		{"std::vector<int> v;", kv{}},
		{"- name: Test", kv{}},
		{`"unclosed: 1`, kv{}},
		{"", kv{}},
	} {
		k, v, ok := keyOf(tc.line)
		if diff := cmp.Diff(tc.want, kv{k, v, ok}); diff != "" {
			t.Errorf("keyOf(%q) (-want +got):\n%s", tc.line, diff)
		}
	}
}

// TestProvenAt: a tied segment tried at one of its places proves it by
// three lines that say something, or by two that the file has with
// nothing it would drop between them.
func TestProvenAt(t *testing.T) {
	const file = "steps:\n  - uses: checkout@v1\n\n  - uses: setup@v1\n    with:\n      version: 2\n  - name: build\n    run: make\n"
	for _, tc := range []struct {
		name    string
		snippet string
		pairs   [][2]int
		want    bool
	}{
		{"three lines", "  - uses: setup@v1\n    with:\n      version: 3\n  - name: build\n", [][2]int{{0, 3}, {1, 4}, {3, 6}}, true},
		{"two lines around a line changed", "    with:\n      version: 3\n  - name: build\n", [][2]int{{0, 4}, {2, 6}}, true},
		{"two lines next to each other", "  - uses: setup@v1\n    with:\n      version: 2\n", [][2]int{{0, 3}, {1, 4}}, true},
		{"two lines past a step it drops", "  - uses: checkout@v1\n    with:\n      persist: false\n", [][2]int{{0, 1}, {1, 4}}, false},
		{"one line", "  - uses: checkout@v2\n    with:\n      persist: false\n", [][2]int{{1, 4}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			segs, _ := splitSnippet(tc.snippet, nil)
			m := newMerger(context.Background(), buffer.New(file), "ci.yml", segs)
			if got := m.provenAt(segs[0], &placement{pairs: tc.pairs}); got != tc.want {
				t.Errorf("provenAt = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDated(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"3.0.0-alpha.1 / 2023-04-12", true},
		{"## [1.2.3] - 2020-01-01", true},
		{"2023-04-12", true},
		{"## v1.15.2 (2023-11-14)", true},
		{"id := 12023-04-12", false},
		{"x := 2023-04-1", false},
		{"const epoch = 2023 - 04 - 12", false},
		{"v2023-04-12b", false},
		{"version: 1.2.3", false},
		{"", false},
	} {
		if got := dated(tc.line); got != tc.want {
			t.Errorf("dated(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

func TestGoesOn(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"var baseStyle = lipgloss.NewStyle().", true},
		{"\tPadding(1, 2).", true},
		{"total := a +", true},
		{"if ok &&", true},
		{"err ||", true},
		{"x :=", true},
		{"name =", true},
		{"See the [testing guide](testing.md#parallel).", false},
		{"It returns the result (a count).", false},
		{"Border(lipgloss.RoundedBorder())", false},
		{"f()", false},
		{").", false},
		{"", false},
	} {
		if got := goesOn(tc.line); got != tc.want {
			t.Errorf("goesOn(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}
