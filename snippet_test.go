package editkit_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/editkit/editkit/internal/corpus"
	"github.com/google/go-cmp/cmp"
)

func TestMergeSnippet(t *testing.T) {
	const goFile = `package main

import "fmt"

func a() {
	fmt.Println("a")
}

func b() error {
	x := compute()
	if x > 3 {
		return nil
	}
	fmt.Println("b", x)
	return nil
}

func c() {
	fmt.Println("c")
}
`
	edit := func(old, new string) string {
		if !strings.Contains(goFile, old) {
			panic(old)
		}
		return strings.Replace(goFile, old, new, 1)
	}
	tests := []mergeCase{{
		name:    "line added after an anchor, closing bracket after a nested marker",
		content: goFile,
		snippet: "// ... existing code ...\nfunc b() error {\n\tx := compute()\n\tlog.Print(x)\n\t// ... existing code ...\n}\n// ... existing code ...\n",
		want:    edit("\tx := compute()\n", "\tx := compute()\n\tlog.Print(x)\n"),
	}, {
		name:    "changed line between anchors",
		content: goFile,
		snippet: "// ... existing code ...\n\tx := compute()\n\tif x > 4 {\n\t\treturn nil\n\t}\n\tfmt.Println(\"b\", x)\n// ... existing code ...\n",
		want:    edit("x > 3", "x > 4"),
	}, {
		// The snippet's indents change by 4 only (two of the file's 2-column
		// steps, from a list item's body out to the next item): whether its
		// step is the file's step scaled or two of them, the lines past the
		// change tell.
		name:    "dedented YAML whose indents jump two of the file's steps",
		content: "jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n    - uses: actions/checkout@v4\n    - name: Install Rust\n      run: |\n        rustup update stable --no-self-update\n        rustup default stable\n    - run: cargo test\n    - run: cargo test --release\n    - run: cargo doc\n\n  msrv:\n    runs-on: ubuntu-latest\n    steps:\n    - uses: actions/checkout@v4\n    - name: Install Rust\n      run: |\n        rustup update 1.61.0 --no-self-update\n        rustup default 1.61.0\n    - run: cargo test\n    - run: cargo test --release\n",
		snippet: "# ... existing code ...\n      rustup update stable --no-self-update\n      rustup default stable\n  - run: cargo test --all-features\n  - run: cargo test --release\n  - run: cargo doc\n# ... existing code ...\n      rustup update 1.61.0 --no-self-update\n      rustup default 1.61.0\n  - run: cargo test --all-features\n  - run: cargo test --release\n  - run: cargo doc\n# ... existing code ...\n",
		want:    strings.ReplaceAll("jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n    - uses: actions/checkout@v4\n    - name: Install Rust\n      run: |\n        rustup update stable --no-self-update\n        rustup default stable\n    - run: cargo test\n    - run: cargo test --release\n    - run: cargo doc\n\n  msrv:\n    runs-on: ubuntu-latest\n    steps:\n    - uses: actions/checkout@v4\n    - name: Install Rust\n      run: |\n        rustup update 1.61.0 --no-self-update\n        rustup default 1.61.0\n    - run: cargo test\n    - run: cargo test --release\n    - run: cargo doc\n", "cargo test\n", "cargo test --all-features\n"),
	}, {
		// Read with the snippet's step scaled to the file's, "run: |" holds
		// alone; read at the file's step, with the lines under it too.
		name:    "dedented YAML whose anchor holds further at the file's step",
		content: "jobs:\n  test:\n    steps:\n      - name: Install Rust\n        run: |\n          rustup update stable --no-self-update\n          rustup default stable\n      - run: cargo test\n      - run: cargo doc\n\n  msrv:\n    steps:\n      - name: Install Rust\n        run: |\n          rustup update 1.61.0 --no-self-update\n          rustup default 1.61.0\n      - run: cargo build\n      - run: cargo test\n\n  lint:\n    steps:\n      - run: cargo clippy\n",
		snippet: "      # ... existing code ...\n      run: |\n        rustup update 1.61.0 --no-self-update\n        rustup default 1.61.0\n    - run: cargo test\n\nlint:\n  # ... existing code ...\n",
		want:    strings.Replace("jobs:\n  test:\n    steps:\n      - name: Install Rust\n        run: |\n          rustup update stable --no-self-update\n          rustup default stable\n      - run: cargo test\n      - run: cargo doc\n\n  msrv:\n    steps:\n      - name: Install Rust\n        run: |\n          rustup update 1.61.0 --no-self-update\n          rustup default 1.61.0\n      - run: cargo build\n      - run: cargo test\n\n  lint:\n    steps:\n      - run: cargo clippy\n", "      - run: cargo build\n", "", 1),
	}, {
		// "require.NoError(t, err)" is everywhere in the file; the line
		// after it, once: that one places the segment, and the lines
		// between it and the next function are rewritten.
		name:    "first line common in the file, the next one rare",
		content: "func TestA(t *testing.T) {\n\tf, err := open(\"a\")\n\trequire.NoError(t, err)\n\tassert.Equal(t, \"a\", f.Name)\n\tmode := 0o755\n\trequire.NoError(t, save(f, \"tmp\", mode))\n\tt.Cleanup(func() {\n\t\tassert.NoError(t, os.Remove(\"tmp\"))\n\t})\n\tinfo, err := os.Stat(\"tmp\")\n\trequire.NoError(t, err)\n\tassert.Equal(t, info.Mode(), mode)\n}\n\nfunc TestB(t *testing.T) {\n\tf, err := open(\"b\")\n\trequire.NoError(t, err)\n\t_, err = f.Read(nil)\n\trequire.NoError(t, err)\n\trequire.NoError(t, f.Close())\n\t_, err = f.Read(nil)\n\trequire.NoError(t, err)\n}\n",
		snippet: "// ... existing code ...\n\trequire.NoError(t, err)\n\tassert.Equal(t, \"a\", f.Name)\n\tmode := 0o755\n\tdst := filepath.Join(t.TempDir(), \"tmp\")\n\trequire.NoError(t, save(f, dst, mode))\n\tinfo, err := os.Stat(dst)\n\trequire.NoError(t, err)\n\tassert.Equal(t, mode, info.Mode())\n}\n\nfunc TestB(t *testing.T) {\n// ... existing code ...\n",
		want:    strings.Replace("func TestA(t *testing.T) {\n\tf, err := open(\"a\")\n\trequire.NoError(t, err)\n\tassert.Equal(t, \"a\", f.Name)\n\tmode := 0o755\n\trequire.NoError(t, save(f, \"tmp\", mode))\n\tt.Cleanup(func() {\n\t\tassert.NoError(t, os.Remove(\"tmp\"))\n\t})\n\tinfo, err := os.Stat(\"tmp\")\n\trequire.NoError(t, err)\n\tassert.Equal(t, info.Mode(), mode)\n}\n\nfunc TestB(t *testing.T) {\n\tf, err := open(\"b\")\n\trequire.NoError(t, err)\n\t_, err = f.Read(nil)\n\trequire.NoError(t, err)\n\trequire.NoError(t, f.Close())\n\t_, err = f.Read(nil)\n\trequire.NoError(t, err)\n}\n", "\trequire.NoError(t, save(f, \"tmp\", mode))\n\tt.Cleanup(func() {\n\t\tassert.NoError(t, os.Remove(\"tmp\"))\n\t})\n\tinfo, err := os.Stat(\"tmp\")\n\trequire.NoError(t, err)\n\tassert.Equal(t, info.Mode(), mode)\n", "\tdst := filepath.Join(t.TempDir(), \"tmp\")\n\trequire.NoError(t, save(f, dst, mode))\n\tinfo, err := os.Stat(dst)\n\trequire.NoError(t, err)\n\tassert.Equal(t, mode, info.Mode())\n", 1),
	}, {
		// Every "uses:" line changed, in two jobs alike: the segment reads
		// as both jobs' steps (the first job's end and the second's start
		// rewritten) and as the second job's top alone with the first job
		// written again above it. Rewritten lines cost nothing, so the runs
		// tie; but the second reading writes the first job's unchanged
		// steps again right below themselves, and the first does not.
		name:    "segment over two alike YAML jobs: the reading that writes a block twice in a row loses",
		content: "jobs:\n  lint:\n    name: Lint\n    runs-on: ubuntu-latest\n    steps:\n      - name: Checkout code\n        uses: actions/checkout@v6\n      - name: Install Go\n        uses: actions/setup-go@v6\n        with:\n          go-version: stable\n      - name: Install golangci-lint\n        uses: golangci/golangci-lint-action@v9\n\n  cross:\n    name: Cross\n    timeout-minutes: 10\n    runs-on: ubuntu-latest\n    steps:\n      - name: Checkout code\n        uses: actions/checkout@v6\n      - name: Install Go\n        uses: actions/setup-go@v6\n        with:\n          go-version: stable\n      - name: Build\n        run: go build ./...\n",
		snippet: "    # ... existing code ...\n    runs-on: ubuntu-latest\n    steps:\n      - name: Checkout code\n        uses: actions/checkout@v7.0.0\n      - name: Install Go\n        uses: actions/setup-go@v6.5.0\n        with:\n          go-version: stable\n      - name: Install golangci-lint\n        uses: golangci/golangci-lint-action@v9.2.1\n\n  cross:\n    name: Cross\n    timeout-minutes: 10\n    runs-on: ubuntu-latest\n    steps:\n      - name: Checkout code\n        uses: actions/checkout@v7.0.0\n      - name: Install Go\n        uses: actions/setup-go@v6.5.0\n        with:\n          go-version: stable\n      - name: Build\n    # ... existing code ...\n",
		want:    strings.NewReplacer("checkout@v6\n", "checkout@v7.0.0\n", "setup-go@v6\n", "setup-go@v6.5.0\n", "lint-action@v9\n", "lint-action@v9.2.1\n").Replace("jobs:\n  lint:\n    name: Lint\n    runs-on: ubuntu-latest\n    steps:\n      - name: Checkout code\n        uses: actions/checkout@v6\n      - name: Install Go\n        uses: actions/setup-go@v6\n        with:\n          go-version: stable\n      - name: Install golangci-lint\n        uses: golangci/golangci-lint-action@v9\n\n  cross:\n    name: Cross\n    timeout-minutes: 10\n    runs-on: ubuntu-latest\n    steps:\n      - name: Checkout code\n        uses: actions/checkout@v6\n      - name: Install Go\n        uses: actions/setup-go@v6\n        with:\n          go-version: stable\n      - name: Build\n        run: go build ./...\n"),
	}, {
		// Its neighbours say how the snippet is indented; a line at another
		// depth than they give it is re-indented, not kept as the file has it.
		name:    "a change of indentation only",
		content: "class Session:\n    def get(self, url, **kwargs):\n        r\"\"\"Sends a GET request.\n\n        :param url: URL for the new Request object.\n        :param params: (optional) Dictionary to send\n        in the query string for the Request.\n        :rtype: requests.Response\n        \"\"\"\n        return self.request(\"GET\", url, **kwargs)\n",
		snippet: "    # ... existing code ...\n        :param url: URL for the new Request object.\n        :param params: (optional) Dictionary to send\n            in the query string for the Request.\n        :rtype: requests.Response\n    # ... existing code ...\n",
		want:    strings.Replace("class Session:\n    def get(self, url, **kwargs):\n        r\"\"\"Sends a GET request.\n\n        :param url: URL for the new Request object.\n        :param params: (optional) Dictionary to send\n        in the query string for the Request.\n        :rtype: requests.Response\n        \"\"\"\n        return self.request(\"GET\", url, **kwargs)\n", "        in the query", "            in the query", 1),
	}, {
		// The first segment is lookupCache's lines as they are, and
		// lookupHosts's with its comment rewritten: landing where it changes
		// nothing while the snippet changes the file would drop the change.
		name:    "segment already in the file as written at one copy of a block, a change at the other",
		content: "func lookupHosts(name string) (*Addr, error) {\n\tfound := scan(name)\n\tif found != nil {\n\t\t// Note: an empty answer when the name has no address.\n\t\treturn found, nil\n\t}\n\treturn nil, errNotFound\n}\n\nfunc lookupCache(name string) (*Addr, error) {\n\tfound := cache(name)\n\tif found != nil {\n\t\tif found.empty() {\n\t\t\treturn nil, errNoAddress\n\t\t}\n\t\treturn found, nil\n\t}\n\treturn nil, errNotFound\n}\n\nfunc resolve(name string) (*Addr, error) {\n\ta, err := lookupHosts(name)\n\tif err == nil {\n\t\treturn a, nil\n\t}\n\treturn lookupCache(name)\n}\n",
		snippet: "// ... existing code ...\n\tif found != nil {\n\t\tif found.empty() {\n\t\t\treturn nil, errNoAddress\n\t\t}\n\t\treturn found, nil\n\t}\n\treturn nil, errNotFound\n}\n// ... existing code ...\n\ta, err := lookupHosts(name)\n\tif err == nil || err == errNoAddress {\n\t\treturn a, err\n\t}\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		// The header is the top of each part of the bundle; with no marker
		// above it, the snippet starts where the file does.
		name:    "whole new file whose first lines the file has again further down",
		content: "// Copyright The Authors.\n// Licensed under the MIT license.\n\nfunction first(list) {\n  return list[0];\n}\n\n// Copyright The Authors.\n// Licensed under the MIT license.\n\nfunction last(list) {\n  return list[list.length - 1];\n}\n\nmodule.exports = { first, last };\n",
		snippet: "// Copyright The Authors.\n// Licensed under the MIT license.\n\nfunction first(list) {\n  return list.length ? list[0] : undefined;\n}\n\n// Copyright The Authors.\n// Licensed under the MIT license.\n\nfunction last(list) {\n  return list.length ? list[list.length - 1] : undefined;\n}\n\nmodule.exports = { first, last };\n",
		want:    "// Copyright The Authors.\n// Licensed under the MIT license.\n\nfunction first(list) {\n  return list.length ? list[0] : undefined;\n}\n\n// Copyright The Authors.\n// Licensed under the MIT license.\n\nfunction last(list) {\n  return list.length ? list[list.length - 1] : undefined;\n}\n\nmodule.exports = { first, last };\n",
	}, {
		// Each part ends with the same line; with no marker below it, the
		// snippet ends where the file does.
		name:    "whole new file whose last line the file has further up",
		content: "// Package util has small helpers.\npackage util\n\nfunc first(list []int) int {\n\treturn list[0]\n}\n\n// That is all for this part of the file.\n\nfunc last(list []int) int {\n\treturn list[len(list)-1]\n}\n\n// That is all for this part of the file.\n",
		snippet: "// Package util has small helpers.\npackage util\n\nfunc first(list []int) (n int) {\n\treturn list[0] // first\n}\n\n// That is all for this part of the file.\n\nfunc last(list []int) (n int) {\n\treturn list[len(list)-1] // last\n}\n\n// That is all for this part of the file.\n",
		want:    "// Package util has small helpers.\npackage util\n\nfunc first(list []int) (n int) {\n\treturn list[0] // first\n}\n\n// That is all for this part of the file.\n\nfunc last(list []int) (n int) {\n\treturn list[len(list)-1] // last\n}\n\n// That is all for this part of the file.\n",
	}, {
		name:    "segment starts with a closing bracket: anchored on the line that says something",
		content: goFile,
		snippet: "// ... existing code ...\n}\n\nfunc added() {\n}\n\nfunc c() {\n// ... existing code ...\n",
		want:    edit("}\n\nfunc c() {", "}\n\nfunc added() {\n}\n\nfunc c() {"),
	}, {
		name:    "function rewritten whole, its old body dropped",
		content: goFile,
		snippet: "// ... existing code ...\nfunc b() error {\n\tx := compute()\n\treturn nil\n}\n// ... existing code ...\n",
		want:    edit("\tx := compute()\n\tif x > 3 {\n\t\treturn nil\n\t}\n\tfmt.Println(\"b\", x)\n\treturn nil\n", "\tx := compute()\n\treturn nil\n"),
	}, {
		name:    "indentation a level off, in spaces, re-indented with the file's tabs",
		content: goFile,
		snippet: "// ... existing code ...\nx := compute()\nif x > 4 {\n    return nil\n}\nfmt.Println(\"b\", x)\n// ... existing code ...\n",
		want:    edit("x > 3", "x > 4"),
	}, {
		name:    "two segments in file order",
		content: goFile,
		snippet: "// ... existing code ...\nfunc a() {\n\tfmt.Println(\"A\")\n}\n// ... existing code ...\nfunc c() {\n\tfmt.Println(\"C\")\n}\n",
		want:    strings.Replace(edit(`"a")`, `"A")`), `"c")`, `"C")`, 1),
	}, {
		name:    "the whole file without markers",
		content: goFile,
		snippet: edit(`"c")`, `"see")`),
		want:    edit(`"c")`, `"see")`),
	}, {
		name:    "empty file: the snippet is its text",
		content: "",
		snippet: "package p\n",
		want:    "package p\n",
	}, {
		name:    "CRLF file stays CRLF",
		content: "one\r\ntwo\r\nthree\r\nfour\r\n",
		snippet: "...\ntwo\r\ntwo and a half\r\nthree\r\n...\n",
		want:    "one\r\ntwo\r\ntwo and a half\r\nthree\r\nfour\r\n",
	}, {
		name:    "no final newline kept",
		content: "alpha line\nbeta line\ngamma line",
		snippet: "...\nbeta line\nBETA\ngamma line\n",
		want:    "alpha line\nbeta line\nBETA\ngamma line",
	}, {
		name:    "ambiguous: the segment fits two places",
		content: "func A() {\n\tif err := w.Flush(); err != nil {\n\t\treturn err\n\t}\n}\n\nfunc B() {\n\tif err := w.Flush(); err != nil {\n\t\treturn err\n\t}\n}\n",
		snippet: "// ... existing code ...\n\tif err := w.Flush(); err != nil {\n\t\treturn fmt.Errorf(\"flush: %w\", err)\n\t}\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "no line of the segment is in the file",
		content: goFile,
		snippet: "// ... existing code ...\nfunc zzz() {\n\tfoo()\n}\n// ... existing code ...\n",
		err:     editkit.ErrNotFound,
	}, {
		name:    "without markers and not anchored: never written over the file",
		content: goFile,
		snippet: "something else entirely\nand more of it\n",
		err:     editkit.ErrNotFound,
	}, {
		name:    "markers only",
		content: goFile,
		snippet: "// ... existing code ...\n\n// ... rest unchanged ...\n",
		err:     editkit.ErrInvalidRequest,
	}, {
		name:    "markers for an empty file",
		content: "",
		snippet: "// ... existing code ...\nx\n",
		err:     editkit.ErrNotFound,
	}, {
		name:    "changes nothing",
		content: goFile,
		snippet: "// ... existing code ...\nfunc c() {\n\tfmt.Println(\"c\")\n}\n",
		err:     editkit.ErrNoOp,
	}, {
		name:    "a doc comment reworded above its function",
		content: "}\n\n// Log will log a message.\n// Warning: it does not exit.\nfunc Log() {\n\twrite()\n}\n",
		snippet: "// ... existing code ...\n}\n\n// Log logs a message.\n//\n// It never exits.\nfunc Log() {\n// ... existing code ...\n",
		want:    "}\n\n// Log logs a message.\n//\n// It never exits.\nfunc Log() {\n\twrite()\n}\n",
	}, {
		name:    "a short line changed at the segment's end: replace or insert is not said",
		content: "def f():\n    x = 1\n    y = 2\n",
		snippet: "# ... existing code ...\ndef f():\n    x = 10\n# ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "segment ends with a line like the file's next one, nothing after it",
		content: "first := 1\nsecond := 2\nlog.Printf(\"a=%d\", a)\nthird := 3\n",
		snippet: "...\nsecond := 2\nlog.Printf(\"b=%d\", b)\n...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "brackets beside a deleted block: the block is deleted, not closed inside",
		content: "func a() {\n\trun(func() {\n\t\tx()\n\t})\n}\n\ntype helper struct{}\n\nfunc (helper) Do() error {\n\treturn nil\n}\n\nfunc B() {\n\ty()\n\tz()\n}\n",
		snippet: "// ... existing code ...\n\t})\n}\n\nfunc B() {\n\ty()\n// ... existing code ...\n",
		want:    "func a() {\n\trun(func() {\n\t\tx()\n\t})\n}\n\nfunc B() {\n\ty()\n\tz()\n}\n",
	}, {
		name:    "brackets the file does not close where the segment goes: refused",
		content: "func a() {\n\tx()\n}\n\nfunc (helper) Do() error {\n\treturn nil\n}\n\nfunc B() {\n\ty()\n\tz()\n}\n",
		snippet: "// ... existing code ...\n\t})\n}\n\nfunc B() {\n\ty()\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "two alike segments for two alike places: the first takes the first",
		content: twoJobs(2),
		snippet: twoCheckouts,
		want:    strings.ReplaceAll(twoJobs(2), "checkout@v1", "checkout@v2"),
	}, {
		name:    "three alike segments for three alike places: in turn",
		content: twoJobs(3),
		snippet: twoCheckouts + strings.SplitAfter(twoCheckouts, "      - name: setup\n")[1] + "# ... existing code ...\n",
		want:    strings.ReplaceAll(twoJobs(3), "checkout@v1", "checkout@v2"),
	}, {
		name:    "alike segments for more alike places than are tried: refused",
		content: twoJobs(8),
		snippet: strings.Repeat(twoCheckouts, 4),
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "two alike segments for three alike places: refused",
		content: twoJobs(3),
		snippet: twoCheckouts,
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "two alike segments held by two lines each for two alike places: the first takes the first",
		content: twoJobs(2),
		snippet: strings.Repeat("# ... existing code ...\n        with:\n          persist: true\n      - name: setup\n", 2) + "# ... existing code ...\n",
		want:    strings.ReplaceAll(twoJobs(2), "persist: false", "persist: true"),
	}, {
		name:    "two alike segments held by one line each for two alike places: refused",
		content: twoJobs(2),
		snippet: strings.Repeat("# ... existing code ...\n          persist: true\n      - name: setup\n", 2) + "# ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the same steps at two depths: the snippet's indentation says which",
		content: ciFile,
		snippet: "# ... existing code ...\n      - uses: toolchain\n        with:\n          components: clippy\n          version: \"1.71\"\n      - uses: install\n        with:\n          tool: hack\n# ... existing code ...\n",
		want:    strings.Replace(ciFile, "version: \"1.68\"", "version: \"1.71\"", 1),
	}, {
		name:    "the same steps at one depth: the job whose line it retouches (the other would gain a line and change one)",
		content: sameDepth(ciFile),
		snippet: "# ... existing code ...\n      - uses: toolchain\n        with:\n          components: clippy\n          version: \"1.71\"\n      - uses: install\n        with:\n          tool: hack\n# ... existing code ...\n",
		want:    strings.Replace(sameDepth(ciFile), "version: \"1.68\"", "version: \"1.71\"", 1),
	}, {
		name:    "the same steps at one depth: the job that has the segment's lines as they stand (the other would gain a copy of one)",
		content: strings.Replace(sameDepth(ciFile), "version: \"1.68\"", "version: nightly", 1),
		snippet: "# ... existing code ...\n      - uses: toolchain\n        with:\n          components: clippy\n          version: \"1.71\"\n      - uses: install\n        with:\n          tool: hack\n# ... existing code ...\n",
		want:    strings.Replace(sameDepth(ciFile), "version: \"1.68\"", "version: \"1.71\"", 1),
	}, {
		name:    "no marker at the end, 30 new lines after the last line the file has, and 110 more lines in the file: refused",
		content: numbered("old", 120),
		snippet: "// ... existing code ...\nold 9\nold 10\n" + numbered("brand new text, line", 30),
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "no marker at the top, 30 new lines before the first line the file has, and 90 lines before it in the file: refused",
		content: numbered("old", 120),
		snippet: numbered("brand new text, line", 30) + "old 91\nold 92\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "no marker at the end, 30 new lines, the file ends a few lines later: they replace its end",
		content: numbered("old", 40),
		snippet: "// ... existing code ...\nold 35\nold 36\n" + numbered("brand new text, line", 30),
		want:    numbered("old", 36) + numbered("brand new text, line", 30),
	}, {
		name:    "a forgotten marker below lines the file has too often to look up: the next lines are the file's far above",
		content: commonFirst,
		snippet: "// ... existing code ...\n\tcheck(ok)\n\tstep()\n\topenTheDoor(key)\n\twalkThrough(hall)\n\tcloseTheDoor(key)\nfunc last() {\n\tfinish(all)\n// ... existing code ...\n",
		err:     editkit.ErrConflict,
	}, {
		name:    "a forgotten marker below lines the file has at two places far above: refused, not written again above the rest",
		content: twiceAbove,
		snippet: "// ... existing code ...\n\tsetUp(a)\n\tcheckAll(b)\n\tnewStep(c)\nfunc tail() {\n\tfinishAll(d)\n// ... existing code ...\n",
		err:     editkit.ErrConflict,
	}, {
		name:    "two alike segments that repeat a line of their own (with:): the first takes the first",
		content: "jobs:\n" + setupJob("a") + setupJob("b"),
		snippet: setupTwice,
		want:    strings.ReplaceAll("jobs:\n"+setupJob("a")+setupJob("b"), "setup@v1", "setup@v2"),
	}, {
		name:    "a docstring's aligned line is no indent step: the line added after it goes once, at the code's depth",
		content: pyDoc,
		snippet: "    # ... existing code ...\n      <PreparedRequest [GET]>\n    \"\"\"\n\n    hooks: dict\n    method: str | None\n    url: str | None\n    headers: dict\n    # ... existing code ...\n",
		want:    strings.Replace(pyDoc, "\n    method: str | None", "\n    hooks: dict\n    method: str | None", 1),
	}, {
		name:    "a new test written like the one before it, placed only by brackets above: new or a rewrite of it, refused",
		content: twoTests,
		snippet: "// ... existing code ...\n}\n\nfunc TestRenderPDF(t *testing.T) {\n\tw := httptest.NewRecorder()\n\tdata := []byte(\"%pdf\")\n\n\terr := (PDF{data}).Render(w)\n\trequire.NoError(t, err)\n\tassert.Equal(t, data, w.Body.Bytes())\n}\n\nfunc TestRenderRedirect(t *testing.T) {\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		// The new test copies the lines of the one above it, so its own
		// lines anchor its top there; but its brackets on top are the
		// file's lines just above the next test, where it may be new.
		name: "a new test like the one before it, brackets on top, the next test below: new or a rewrite of that test, refused",
		content: "describe(\"hooks\", () => {\n" + hookTest("runs the first hook", "First.js", "\t\t\texpect(await hooks.first()).toBe(true);\n") + "\n" +
			hookTest("truncates oversized hook context", "PreToolUse.js", "\t\t\tconst control = await hooks.beforeTool(context());\n\t\t\texpect(control.appendContext.length).toBeLessThan(50_200);\n") + "\n" +
			lastHookTest + "});\n",
		snippet: "\t// ... existing code ...\n\t\t}\n\t});\n\n" +
			hookTest("collects PostToolUse context", "PostToolUse.js", "\t\t\tconst result = await hooks.afterTool(context());\n\t\t\texpect(result.appendContext).toContain(\"LINT\");\n") + "\n" +
			strings.Join(strings.SplitAfter(lastHookTest, "\n")[:2], "") + "\t// ... existing code ...\n",
		err: editkit.ErrAmbiguous,
	}, {
		// The new methods copy the publish call of the method above;
		// their top, the closing brackets of a method and a new "/**",
		// is also the file's end of that method, then new lines.
		name:    "new methods after one whose call they copy, brackets and a doc comment on top: new or a rewrite of that method, refused",
		content: "class HubServer {\n\tprivate handleToggle(envelope: HubCommandEnvelope): HubReplyEnvelope {\n\t\ttry {\n\t\t\tconst result = this.settings.toggle(envelope.payload);\n\t\t\tthis.publish(\n\t\t\t\tbuildHubEvent(\"settings.changed\", {\n\t\t\t\t\ttypes: result.changedTypes,\n\t\t\t\t}),\n\t\t\t);\n\t\t\treturn {\n\t\t\t\tok: true,\n\t\t\t};\n\t\t} catch (error) {\n\t\t\treturn {\n\t\t\t\tok: false,\n\t\t\t};\n\t\t}\n\t}\n\n\tsubscribe(\n\t\tclientId: string,\n\t): () => void {\n\t\treturn () => {};\n\t}\n}\n",
		snippet: "\t// ... existing code ...\n\t\t}\n\t}\n\n\t/**\n\t * Explicit drain: refuse new work while accepted runs finish.\n\t */\n\tprivate handleHubDrain(envelope: HubCommandEnvelope): HubReplyEnvelope {\n\t\tif (this.draining !== requested) {\n\t\t\tthis.publish(\n\t\t\t\tbuildHubEvent(\"hub.drain_changed\", {\n\t\t\t\t\tdraining: this.draining,\n\t\t\t\t}),\n\t\t\t);\n\t\t\tlogHubMessage(\"info\", \"hub.drain_changed\", {\n\t\t\t\tdraining: this.draining,\n\t\t\t});\n\t\t}\n\t\treturn okReply(envelope);\n\t}\n\n\treplayEventsAfter(sinceSequence: number): HubEventEnvelope[] {\n\t\tif (!this.eventLog) {\n\t\t\treturn [];\n\t\t}\n\t\treturn this.eventLog.listAfter(sinceSequence);\n\t}\n\n\tsubscribe(\n\t\tclientId: string,\n\t// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a signature changed below brackets: one line rewritten is the change",
		content: goFile,
		snippet: "// ... existing code ...\n}\n\nfunc b(limit int) error {\n\tx := compute()\n\tif x > 3 {\n// ... existing code ...\n",
		want:    edit("func b() error {", "func b(limit int) error {"),
	}}
	runMergeCases(t, tests)
}

// hookTest is a test of a hook file written as its neighbours are, and
// lastHookTest one that is not.
func hookTest(name, file, body string) string {
	return "\tit(\"" + name + "\", async () => {\n\t\tconst { workspace } = await createWorkspaceWithHook(\n\t\t\t\"" + file + "\",\n\t\t);\n\t\ttry {\n\t\t\tconst hooks = createHookConfigFileHooks({\n\t\t\t\tcwd: workspace,\n\t\t\t\tworkspacePath: workspace,\n\t\t\t\tdetachAsyncHooks: false,\n\t\t\t});\n" +
		body + "\t\t} finally {\n\t\t\tawait rm(workspace, {\n\t\t\t\trecursive: true,\n\t\t\t\tforce: true,\n\t\t\t\tmaxRetries: 3,\n\t\t\t});\n\t\t}\n\t});\n"
}

const lastHookTest = "\tit(\"concatenates context across layers\", async () => {\n\t\tconst hooks = mergeAgentHooks([]);\n\t\texpect(hooks).toBeDefined();\n\t});\n"

// A mergeCase is a snippet merged into content: the text it must give,
// or the error it must be refused with.
type mergeCase struct {
	name, content, snippet, want string
	err                          error
}

// runMergeCases checks each case as a subtest (see checkMerge).
func runMergeCases(t *testing.T, cases []mergeCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkMerge(t, tc.content, tc.snippet, tc.want, tc.err)
		})
	}
}

// checkMerge merges snippet into content and checks the result against
// want, or, when wantErr is set, that the merge is refused with it, the
// content unchanged and the message given.
func checkMerge(t *testing.T, content, snippet, want string, wantErr error) {
	t.Helper()
	got, res, err := editkit.MergeSnippet(content, snippet)
	if wantErr != nil {
		if !errors.Is(err, wantErr) {
			t.Fatalf("err = %v, want %v", err, wantErr)
		}
		if got != content || res.Message != err.Error() {
			t.Errorf("a refusal changed the content or has no message: %q", res.Message)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(got, "\n")); diff != "" {
		t.Errorf("merge (-want +got):\n%s\n%s", diff, res.Message)
	}
}

// checkRightOrRefused merges snippet into content and fails when the
// merge is none of the readings right: a snippet that reads several ways
// may be refused, never merged another way.
func checkRightOrRefused(t *testing.T, content, snippet string, right ...string) {
	t.Helper()
	got, _, err := editkit.MergeSnippet(content, snippet)
	if err != nil || slices.Contains(right, got) {
		return
	}
	t.Errorf("merged as none of its %d readings (-first +got):\n%s", len(right), cmp.Diff(strings.Split(right[0], "\n"), strings.Split(got, "\n")))
}

// commonFirst has two lines the file has 70 times each, once before
// three lines it has once, and a function far below.
var commonFirst = "func first() {\n\tcheck(ok)\n\tstep()\n\topenTheDoor(key)\n\twalkThrough(hall)\n\tcloseTheDoor(key)\n}\n\nfunc middle() {\n" +
	strings.Repeat("\tcheck(ok)\n\tstep()\n", 70) + "}\n\nfunc last() {\n\tfinish(all)\n}\n"

// twiceAbove has the same two lines in two functions, and far below them
// a third function.
var twiceAbove = "func one() {\n\tsetUp(a)\n\tcheckAll(b)\n}\n\nfunc two() {\n\tsetUp(a)\n\tcheckAll(b)\n}\n\n" +
	numbered("// filler", 40) + "\nfunc tail() {\n\tfinishAll(d)\n}\n"

// setupJob is a job whose two steps each have a "with:" line.
func setupJob(name string) string {
	return "  " + name + ":\n    runs-on: os\n    steps:\n      - uses: checkout@v1\n        with:\n          persist: false\n" +
		"      - name: setup\n        uses: setup@v1\n        with:\n          version: 3\n      - name: install\n        run: make\n"
}

// setupTwice changes the setup step of two jobs of setupJob, each segment
// from one "with:" line past the next.
var setupTwice = strings.Repeat("# ... existing code ...\n        with:\n          persist: false\n      - name: setup\n        uses: setup@v2\n        with:\n          version: 3\n      - name: install\n", 2) +
	"# ... existing code ...\n"

// pyDoc is Python whose docstrings align a line two columns deeper than
// the four-column steps of its code, and show one of their lines twice.
const pyDoc = `class Request:
    """A request.

    Usage::

      >>> req = Request('GET', url)
      >>> req.prepare()
      <PreparedRequest [GET]>
    """

    method: str | None
    url: str | None
    headers: dict

    def __init__(self):
        if self.url:
            self.method = "GET"
        pass

    def prepare(self):
        if self.method:
            for h in self.headers:
                if h:
                    pass
        return self


class Session:
    """A session.

      >>> s.get(url)
      <PreparedRequest [GET]>
    """

    def get(self, url):
        pass
`

// twoTests is Go with two tests written alike and a third after them.
const twoTests = `package render

func TestRenderXML(t *testing.T) {
	w := httptest.NewRecorder()
	data := xmlMap{"foo": "bar"}

	err := (XML{data}).Render(w)
	require.NoError(t, err)
	assert.Equal(t, "<map><foo>bar</foo></map>", w.Body.String())
}

func TestRenderXMLError(t *testing.T) {
	w := httptest.NewRecorder()
	data := make(chan int)

	err := (XML{data}).Render(w)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unsupported type")
}

func TestRenderRedirect(t *testing.T) {
	req, err := http.NewRequest(http.MethodGet, "/test-redirect", nil)
	require.NoError(t, err)
}
`

// numbered is n lines "word 1" to "word n".
func numbered(word string, n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%s %d\n", word, i)
	}
	return b.String()
}

// ciFile has two jobs whose steps are alike, indented differently.
const ciFile = `jobs:
  a:
    steps:
    - uses: checkout
      with:
        depth: 1
    - uses: toolchain
      with:
        version: stable
    - uses: install
      with:
        tool: hack
    - run: test
  b:
    steps:
      - uses: checkout
        with:
          depth: 1
      - uses: toolchain
        with:
          components: clippy
          version: "1.68"
      - uses: install
        with:
          tool: hack
      - run: test
`

// twoCheckouts changes the checkout step of two jobs of twoJobs.
const twoCheckouts = "# ... existing code ...\n    steps:\n      - uses: checkout@v2\n        with:\n          persist: false\n      - name: setup\n# ... existing code ...\n    steps:\n      - uses: checkout@v2\n        with:\n          persist: false\n      - name: setup\n# ... existing code ...\n"

// twoJobs is a workflow of n jobs whose steps are the same.
func twoJobs(n int) string {
	var b strings.Builder
	b.WriteString("jobs:\n")
	for i := range n {
		fmt.Fprintf(&b, "  job%d:\n    runs-on: os%d\n    steps:\n      - uses: checkout@v1\n        with:\n          persist: false\n      - name: setup\n        run: make %d\n", i, i, i)
	}
	return b.String()
}

// sameDepth indents the first job's steps as the second's are.
func sameDepth(ci string) string {
	a, b, _ := strings.Cut(ci, "  b:\n")
	return strings.ReplaceAll(a, "\n    ", "\n      ") + "  b:\n" + b
}

// TestMergeSnippetSwallow: a segment may drop up to 20 lines where no
// marker stands, or more when it writes at least half as many; beyond
// that it is refused.
func TestMergeSnippetSwallow(t *testing.T) {
	for _, n := range []int{5, 20, 21, 40} {
		var b strings.Builder
		b.WriteString("intro\nstart of list\n")
		for i := range n {
			fmt.Fprintf(&b, "item %02d\n", i)
		}
		b.WriteString("end of list\noutro\n")
		content := b.String()
		_, _, err := editkit.MergeSnippet(content, "...\nstart of list\nnew item\nend of list\n...\n")
		if refused := errors.Is(err, editkit.ErrConflict); refused != (n > 20) {
			t.Errorf("%d lines between the anchors: err = %v", n, err)
		}
	}
}

// TestMergeSnippetRealCode merges snippets made from real Go sources: a
// few lines changed in one or two places, windows of the new file around
// them with markers between, written as is and dedented. Every merge must
// be byte-exact or refused; and snippets of another file must be refused.
func TestMergeSnippetRealCode(t *testing.T) {
	paths, err := corpus.Paths()
	if err != nil {
		t.Skip(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	count := map[string]int{}
	var prevSnippet string
	for n := 0; n < 300; n++ {
		before := corpus.Read(paths[rng.IntN(len(paths))])
		lines := strings.SplitAfter(before, "\n")
		if len(lines) < 60 || len(lines) > 3000 {
			continue
		}
		after, changed := changeLines(rng, lines)
		if len(changed) == 0 {
			continue
		}
		snippet := windows(strings.SplitAfter(after, "\n"), changed, 3)
		for _, kind := range []string{"exact", "dedented"} {
			s := snippet
			if kind == "dedented" {
				s = dedentAll(snippet)
			}
			got, _, err := editkit.MergeSnippet(before, s)
			switch {
			case err != nil:
				count[kind+" refused"]++
			case got == after:
				count[kind+" right"]++
			default:
				count[kind+" wrong"]++
				t.Errorf("%s snippet merged wrong:\n%s\ndiff (-want +got):\n%s", kind, s, cmp.Diff(strings.Split(after, "\n"), strings.Split(got, "\n")))
			}
		}
		if prevSnippet != "" {
			if _, _, err := editkit.MergeSnippet(before, prevSnippet); err == nil {
				// Counted, not failed: a snippet of another file whose
				// lines this one has too (an import block of common
				// packages) reads as an edit of this file.
				count["foreign merged"]++
			} else {
				count["foreign refused"]++
			}
		}
		prevSnippet = snippet
	}
	t.Log(count)
	// Refusals are the snippets whose context lines occur in several
	// places (generated code, tables, tests written alike): no merge can
	// tell where they go.
	for _, kind := range []string{"exact", "dedented"} {
		right, all := count[kind+" right"], count[kind+" right"]+count[kind+" refused"]+count[kind+" wrong"]
		if all == 0 || float64(right)/float64(all) < 0.85 {
			t.Errorf("%s: %d of %d right", kind, right, all)
		}
	}
	if merged, all := count["foreign merged"], count["foreign merged"]+count["foreign refused"]; merged*50 > all {
		t.Errorf("%d of %d snippets of another file merged", merged, all)
	}
}

// changeLines changes one or two places of a file the way a commit does:
// a line replaced, and a line added after another.
func changeLines(rng *rand.Rand, lines []string) (string, [][2]int) {
	out := append([]string(nil), lines...)
	var changed [][2]int
	at := 10 + rng.IntN(len(lines)/2-10)
	for k := 0; k < 1+rng.IntN(2); k++ {
		i := at + k*(20+rng.IntN(30))
		if i+1 >= len(out) || strings.TrimSpace(out[i]) == "" || !closesWhatItOpens(out[i]) {
			continue // a real edit keeps the code's brackets balanced
		}
		indent := out[i][:len(out[i])-len(strings.TrimLeft(out[i], " \t"))]
		out[i] = fmt.Sprintf("%schanged%d(%d)\n", indent, k, rng.IntN(1000))
		out = append(out[:i+1], append([]string{fmt.Sprintf("%sadded%d()\n", indent, k)}, out[i+1:]...)...)
		changed = append(changed, [2]int{i, i + 2})
	}
	return strings.Join(out, ""), changed
}

// closesWhatItOpens reports a line with as many closing brackets of each
// kind as opening ones.
func closesWhatItOpens(l string) bool {
	return strings.Count(l, "(") == strings.Count(l, ")") && strings.Count(l, "[") == strings.Count(l, "]") &&
		strings.Count(l, "{") == strings.Count(l, "}")
}

// windows writes the lines around each changed range, context lines each
// side, with a marker for every stretch between and around them.
func windows(lines []string, changed [][2]int, context int) string {
	var b strings.Builder
	prev := 0
	for _, c := range changed {
		lo, hi := max(c[0]-context, prev), min(c[1]+context, len(lines))
		if lo > prev {
			b.WriteString("// ... existing code ...\n")
		}
		for _, l := range lines[lo:hi] {
			b.WriteString(l)
		}
		prev = hi
	}
	if prev < len(lines) {
		b.WriteString("// ... existing code ...\n")
	}
	return b.String()
}

// dedentAll removes the indentation the lines of s share.
func dedentAll(s string) string {
	lines := strings.Split(s, "\n")
	common := ""
	first := true
	for _, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if t == "" || strings.HasPrefix(t, "// ...") {
			continue
		}
		w := l[:len(l)-len(t)]
		if first {
			common, first = w, false
		}
		for !strings.HasPrefix(w, common) {
			common = common[:len(common)-1]
		}
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, common)
	}
	return strings.Join(lines, "\n")
}

// FuzzMergeSnippet: a merge never panics, and never changes a line
// outside the ranges it reports.
func FuzzMergeSnippet(f *testing.F) {
	f.Add("a\nb\nc\nd\n", "...\nb\nB\nc\n...\n")
	f.Add("func f() {\n\tx()\n}\n", "// ... existing code ...\n\tx()\n\ty()\n}\n")
	f.Add("one\r\ntwo\r\n", "one\ntwo\nthree\n")
	f.Add("", "// ...\n")
	// A tie settled by a block the other place would write twice; code
	// moved from one segment's place to another's; lines added at the end;
	// a ruler a function further up.
	f.Add("jobs:\n  a:\n    steps:\n      - uses: x@1\n      - run: make\n      - run: test\n  b:\n    steps:\n      - uses: x@1\n      - run: make\n      - run: lint\n",
		"# ...\n    steps:\n      - uses: x@2\n      - run: make\n      - run: test\n  b:\n    steps:\n      - uses: x@2\n      - run: make\n# ...\n")
	f.Add("func f() {\n\ta := 1\n\tb := 2\n\tif x {\n\t\treturn\n\t}\n\tc := 3\n\td := 4\n}\n",
		"// ...\n\ta := 1\n\tc := 3\n\tb := 2\n\tif x {\n// ...\n\t}\n\td := 4\n// ...\n")
	f.Add("func f() {\n\tx()\n\treturn true\n}\n", "// ...\n\tx()\n\treturn true\n}\n\nfunc g() {\n\ty()\n}\n")
	f.Add("  /*---*/\n\n  /**\n   * a\n   */\n  function a() {\n  }\n\n  /**\n   * b\n   */\n", "  // ...\n\n  /*---*/\n\n  /**\n   * b\n  // ...\n")
	f.Add("\tit(\"a\", () => {\n\t\tconst w = make();\n\t\ttry {\n\t\t\trun(w);\n\t\t} finally {\n\t\t\tclean(w);\n\t\t}\n\t});\n\n\tit(\"z\", () => {\n\t\tdone();\n\t});\n",
		"\t// ...\n\t\t}\n\t});\n\n\tit(\"b\", () => {\n\t\tconst w = make();\n\t\ttry {\n\t\t\twalk(w);\n\t\t} finally {\n\t\t\tclean(w);\n\t\t}\n\t});\n\n\tit(\"z\", () => {\n\t// ...\n")
	// A piece of the file between markers models write in their own words,
	// with no marker above it.
	f.Add("package x\n\nfunc a() {\n\tx()\n}\n\nfunc b() {\n}\n\nfunc c() {\n}\n",
		"func a() {\n\ty()\n}\n\n// ... existing methods ...\n\nfunc c() {\n// ... rest unchanged ...\n")
	f.Fuzz(func(t *testing.T, content, snippet string) {
		got, res, err := editkit.MergeSnippet(content, snippet)
		if err != nil {
			if got != content {
				t.Fatalf("a refusal changed the content")
			}
			return
		}
		if res.Created {
			return
		}
		old, oldFinal := breakLines(content)
		now, nowFinal := breakLines(got)
		prevOld, prevNew := 0, 0
		for _, s := range res.Segments {
			// The lines between segments are the markers' and stay.
			if s.Replaced.Start-1-prevOld != s.Lines.Start-1-prevNew {
				t.Fatalf("kept stretch changed length: %+v", res.Segments)
			}
			for i := prevOld; i < s.Replaced.Start-1; i++ {
				if old[i] != now[prevNew+i-prevOld] {
					t.Fatalf("line %d outside the reported ranges changed", i+1)
				}
			}
			prevOld, prevNew = s.Replaced.End, s.Lines.End
		}
		if len(old)-prevOld != len(now)-prevNew {
			t.Fatalf("the stretch after the last segment changed length")
		}
		for i := prevOld; i < len(old); i++ {
			if old[i] != now[prevNew+i-prevOld] {
				t.Fatalf("line %d after the last segment changed", i+1)
			}
		}
		if prevOld < len(old) && oldFinal != nowFinal {
			t.Fatalf("the final line break changed outside the reported ranges")
		}
	})
}

// breakLines splits s into lines without their breaks, as the text model
// numbers them: LF, CRLF and a lone CR each end a line, and text after the
// last break is one more line. final reports whether s ends with a break.
func breakLines(s string) (lines []string, final bool) {
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			lines = append(lines, s[start:i])
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			start = i + 1
		case '\n':
			lines = append(lines, s[start:i])
			start = i + 1
		}
	}
	if start == len(s) {
		return lines, len(s) > 0
	}
	return append(lines, s[start:]), false
}

// placeable reports whether a snippet that changes line i of content, with
// five lines of context each side, merges right.
func placeable(content string, i int) bool {
	lines := strings.SplitAfter(content, "\n")
	lines[i] = "\tchangedHere()\n"
	got, _, err := editkit.MergeSnippet(content, windows(lines, [][2]int{{i, i + 1}}, 5))
	return err == nil && got == strings.Join(lines, "")
}

// BenchmarkMergeSnippet merges snippets into real code of 1k, 10k and
// 100k lines, beside one strings.Index scan of the whole file: 40 lines of
// 4 segments (merge), 32 segments (segments-32), and the worst case, the
// whole file with every line changed (rewrite-all). Each is checked to
// merge right before it is timed.
func BenchmarkMergeSnippet(b *testing.B) {
	for _, n := range benchSizes {
		content := benchCode(b, n)
		orig := strings.SplitAfter(content, "\n")
		for _, c := range []struct {
			name    string
			snippet func([]string) (string, []string) // the snippet, and the lines it makes
		}{
			{"merge", fourChanges},
			{"segments-32", spreadChanges},
			{"rewrite-all", rewriteAll},
		} {
			snippet, want := c.snippet(slices.Clone(orig))
			if got, _, err := editkit.MergeSnippet(content, snippet); err != nil || got != strings.Join(want, "") {
				b.Fatalf("%s/%d: the snippet does not merge right: %v", c.name, n, err)
			}
			b.Run(fmt.Sprintf("%s/%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(content)))
				for b.Loop() {
					editkit.MergeSnippet(content, snippet)
				}
			})
		}
		repeated, snippet := repetitive(orig)
		if _, _, err := editkit.MergeSnippet(repeated, snippet); !errors.Is(err, editkit.ErrAmbiguous) {
			b.Fatalf("repetitive/%d: err = %v, want ErrAmbiguous", n, err)
		}
		b.Run(fmt.Sprintf("repetitive/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(repeated)))
			for b.Loop() {
				editkit.MergeSnippet(repeated, snippet)
			}
		})
		b.Run(fmt.Sprintf("scan/%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(content)))
			for b.Loop() {
				strings.Index(content, "\tneverInTheFile(31337)\n")
			}
		})
	}
}

// repetitive returns the file of lines with one test function added
// after 40 of its functions, spread over it, and a snippet that changes a
// line of that test's body without its first line: it fits each copy, and
// is refused once every place has been weighed.
func repetitive(lines []string) (file, snippet string) {
	var b strings.Builder
	copies, step := 0, len(lines)/40
	for i, l := range lines {
		b.WriteString(l)
		if copies < 40 && i >= copies*step+step/2 && l == "}\n" {
			fmt.Fprintf(&b, "\nfunc TestCase%d(t *testing.T) {\n\tx := load(t)\n\tx.check(1)\n\tx.check(2)\n\tif err := x.Err(); err != nil {\n\t\tt.Fatal(err)\n\t}\n}\n", copies)
			copies++
		}
	}
	return b.String(), "// ... existing code ...\n\tx := load(t)\n\tx.check(1)\n\tx.check(22)\n\tif err := x.Err(); err != nil {\n// ... existing code ...\n"
}

// fourChanges changes four lines spread over the file, each where its
// context tells and keeping the brackets balanced, as a real edit does, and
// returns the snippet of windows of five lines around them, and the lines
// changed.
func fourChanges(lines []string) (string, []string) {
	content := strings.Join(lines, "")
	n := len(lines)
	var changed [][2]int
	for k := range 4 {
		i := n/5*(k+1) - 1
		for strings.TrimSpace(lines[i]) == "" || !closesWhatItOpens(lines[i]) || !placeable(content, i) {
			i++
		}
		lines[i] = fmt.Sprintf("\tchanged%d()\n", k)
		changed = append(changed, [2]int{i, i + 1})
	}
	return windows(lines, changed, 5), lines
}

// spreadChanges changes 32 lines spread over the file, each one whose
// window of three lines places on its own, and returns their snippet and
// the lines changed: many segments.
func spreadChanges(lines []string) (string, []string) {
	content := strings.Join(lines, "")
	orig := slices.Clone(lines)
	step := len(lines) / 33
	var changed [][2]int
	for k := range 32 {
		for i := step * (k + 1); i < len(orig)-4 && i < step*(k+2); i++ {
			if strings.TrimSpace(orig[i]) == "" || !closesWhatItOpens(orig[i]) {
				continue
			}
			one := slices.Clone(orig)
			one[i] = fmt.Sprintf("\tspread%d()\n", k)
			if got, _, err := editkit.MergeSnippet(content, windows(one, [][2]int{{i, i + 1}}, 3)); err == nil && got == strings.Join(one, "") {
				lines[i] = one[i]
				changed = append(changed, [2]int{i, i + 1})
				break
			}
		}
	}
	return windows(lines, changed, 3), lines
}

// rewriteAll is the worst case: the whole file as a snippet, every line
// but the first and last three changed, so that every line between the
// anchors is weighed as a possible rewrite.
func rewriteAll(lines []string) (string, []string) {
	for i := 3; i < len(lines)-4; i++ {
		if strings.TrimSpace(lines[i]) != "" {
			lines[i] = strings.TrimSuffix(lines[i], "\n") + " // x\n"
		}
	}
	s := strings.Join(lines, "")
	return s, lines
}

// TestMergeSnippetRefusalMessages checks that a refusal says what the model
// must change: the places a tie is between, as line ranges, and a line too
// common to place a segment by.
func TestMergeSnippetRefusalMessages(t *testing.T) {
	long := strings.Repeat("var a = f(x) + g(y); ", 20)
	for _, tc := range []struct {
		name, content, snippet string
		err                    error
		msg                    string
	}{{
		name:    "a tie names each place as the lines it covers",
		content: long + "\n" + long + "\n" + long + "\n",
		snippet: "// ... existing code ...\n" + long + "\nadded()\n" + long + "\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
		msg:     "fits 3 places equally well: file lines 1-2, lines 1-3 and lines 2-3",
	}, {
		name:    "a line the file has at every turn is named as too common, not as missing",
		content: strings.Repeat("x := compute(1)\n", 100),
		snippet: "// ... existing code ...\nx := compute(1)\ny := 2\nx := compute(1)\n// ... existing code ...\n",
		err:     editkit.ErrNotFound,
		msg:     `its line 2 ("x := compute(1)") is in the file more than 64 times`,
	}, {
		name:    "lines copied from view with their numbers",
		content: "package a\n\nfunc B() int {\n\treturn 3\n}\n",
		snippet: "// ... existing code ...\n     3\tfunc B() int {\n     4\t\treturn 4\n// ... existing code ...\n",
		err:     editkit.ErrNotFound,
		msg:     "The segment's lines start with line numbers, as view shows them: send the text after the number alone",
	}, {
		name:    "new lines after a marker, nothing below: the file's last lines place them",
		content: "package a\n\nfunc B() int {\n\treturn 3\n}\n",
		snippet: "// ... existing code ...\n\nfunc C() int {\n\treturn 4\n}\n",
		err:     editkit.ErrNotFound,
		msg:     `To add lines at the end of the file, start the segment with the file's last lines, from line 4 ("return 3") on, then the new ones`,
	}, {
		name:    "new lines above the file's last lines, one of which says something: not evidence enough",
		content: "#ifndef lopcodes_h\n#define lopcodes_h\n\nLUAI_FUNC int luaP_isOT (Instruction i);\nLUAI_FUNC int luaP_isIT (Instruction i);\n\n\n#endif\n",
		snippet: "// ... existing code ...\nLUAI_FUNC void luaT_adjustvarargs (lua_State *L, struct CallInfo *ci,\n                                                 const Proto *p);\nLUAI_FUNC void luaT_getvararg (CallInfo *ci, StkId ra, TValue *rc);\nLUAI_FUNC void luaT_getvarargs (lua_State *L, struct CallInfo *ci, StkId where,\n                                              int wanted, int vatab);\n\n\n#endif\n",
		err:     editkit.ErrNotFound,
		msg:     `has one line that is the file's (line 9, "#endif", at file line 8) and 5 more that are not there`,
	}, {
		name:    "a long line is quoted clipped",
		content: "#ifndef lopcodes_h\n#define lopcodes_h\n\nLUAI_FUNC int luaP_isOT (Instruction i);\n\n#define TABLE \"" + strings.Repeat("abcdefgh", 40) + "\"\n#endif\n",
		snippet: "// ... existing code ...\nLUAI_FUNC void luaT_adjustvarargs (lua_State *L, struct CallInfo *ci,\n                                                 const Proto *p);\nLUAI_FUNC void luaT_getvararg (CallInfo *ci, StkId ra, TValue *rc);\nLUAI_FUNC void luaT_getvarargs (lua_State *L, struct CallInfo *ci, StkId where,\n                                              int wanted, int vatab);\n\n#define TABLE \"" + strings.Repeat("abcdefgh", 40) + "\"\n// ... existing code ...\n",
		err:     editkit.ErrNotFound,
		msg:     `has one line that is the file's (line 8, "#define TABLE \"` + strings.Repeat("abcdefgh", 18) + `a…", at file line 6)`,
	}, {
		name: "a segment that starts on a common line of the file, read as new, a function below it dropped or the line written twice",
		content: "package gin\n\nfunc TestPanic(t *testing.T) {\n\tw := perform(\"/panic\")\n\tassert.Equal(t, http.StatusBadRequest, w.Code)\n}\n\n" +
			"func TestPanicInHandler(t *testing.T) {\n\tw := perform(\"/recovery\")\n\tassert.Equal(t, http.StatusBadRequest, w.Code)\n}\n\n" +
			"func TestPanicWithAbort(t *testing.T) {\n\tw := perform(\"/abort\")\n\tassert.Equal(t, http.StatusBadRequest, w.Code)\n}\n\n" +
			"func TestPanicClean(t *testing.T) {\n\tw := perform(\"/clean\")\n\tassert.Equal(t, http.StatusBadRequest, w.Code)\n}\n\n" +
			"func TestSource(t *testing.T) {\n\tbs := source(nil, 0)\n\tassert.Equal(t, dunnoBytes, bs)\n\n\tbs = source(lines, 1)\n\tassert.Equal(t, []byte(\"Hello world.\"), bs)\n}\n\n" +
			"func TestFunction(t *testing.T) {\n\tbs := function(1)\n\tassert.Equal(t, dunno, bs)\n}\n",
		snippet: "// ... existing code ...\n\tassert.Equal(t, http.StatusBadRequest, w.Code)\n}\n\nfunc TestFunction(t *testing.T) {\n\tbs := function(2)\n\tassert.Equal(t, dunno, bs)\n}\n",
		err:     editkit.ErrConflict,
		msg:     `starts with line 2 ("assert.Equal(t, http.StatusBadRequest, w.Code)"), written as a new line, and the file has that line at line 20, 9 lines above the lines 29-34 the segment replaces`,
	}, {
		name:    "new lines above a marker, nothing above: the file's first lines place them",
		content: "package a\n\nfunc B() int {\n\treturn 3\n}\n",
		snippet: "// Package a adds.\n// ... existing code ...\n",
		err:     editkit.ErrNotFound,
		msg:     `To add lines at the top of the file, end the segment with the file's first lines, up to line 1 ("package a")`,
	}, {
		name:    "a snippet of one segment the file already has",
		content: "package a\n\nfunc B() int {\n\treturn 3\n}\n",
		snippet: "// ... existing code ...\nfunc B() int {\n\treturn 3\n}\n",
		err:     editkit.ErrNoOp,
		msg:     "the snippet changes nothing: its one segment is already in the file as written",
	}, {
		name:    "a snippet of two segments the file already has",
		content: "package a\n\nfunc B() int {\n\treturn 3\n}\n\nfunc C() int {\n\treturn 4\n}\n",
		snippet: "// ... existing code ...\nfunc B() int {\n// ... existing code ...\nfunc C() int {\n\treturn 4\n}\n",
		err:     editkit.ErrNoOp,
		msg:     "the snippet changes nothing: each of its 2 segments is already in the file as written",
	}, {
		name:    "a snippet the file has as written, whose twin it would change",
		content: "func one() {\n\tlvl := level()\n\tif lvl <= max {\n\t\tlog::<&_>(\n\t\t\tlogger,\n\t\t\tlvl,\n\t\t)\n\t}\n}\n\nfunc two() {\n\tlvl := level()\n\tif lvl <= max {\n\t\tlog(\n\t\t\tlogger,\n\t\t\tlvl,\n\t\t)\n\t}\n}\n",
		snippet: "// ... existing code ...\n\tlvl := level()\n\tif lvl <= max {\n\t\tlog(\n\t\t\tlogger,\n\t\t\tlvl,\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
		msg:     "is already in the file as written at line 12, and also fits file line 2, where it would change lines: if the change is made, nothing is left to do",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := editkit.MergeSnippet(tc.content, tc.snippet)
			if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v, want %v saying %q", err, tc.err, tc.msg)
			}
			if diff := cmp.Diff(tc.content, got); diff != "" {
				t.Errorf("content changed on refusal (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMergeSnippetSettledTies: a segment whose runs fit several places
// equally well is placed when all but one of them would write a block of
// the file's lines twice in a row, or when each place makes the same edit;
// otherwise the tie is refused. Up to eight places are weighed so (see
// maxSettled): a new test after six alike ones, the whole file sent, ends
// like each of them.
func TestMergeSnippetSettledTies(t *testing.T) {
	exitTest := func(name string, code int, extra string) string {
		return fmt.Sprintf("\nfunc TestHandleExitCoder_%s(t *testing.T) {\n\texitCode := 0\n\tcalled := false\n\tOsExiter = func(rc int) { exitCode, called = rc, true }\n\n"+
			"\tHandleExitCoder(Exit(%[1]q, %[2]d))\n\n\tassert.Equal(t, %[2]d, exitCode)\n\tassert.True(t, called)\n%[3]s}\n", name, code, extra)
	}
	exitTests := "package cli\n"
	for n, name := range []string{"Nil", "ExitCoder", "MultiError", "WithoutExitCoder", "ErrorExitCoder", "WithMessage"} {
		exitTests += exitTest(name, 9+n, "")
	}
	withEmpty := exitTests + exitTest("EmptyMessage", 42, "\tassert.Empty(t, errBuf.String())\n")
	const trivy = "jobs:\n  scan:\n    steps:\n      - name: Scan source\n        uses: aquasecurity/trivy-action@0.34.0\n        with:\n          scan-type: 'fs'\n          format: 'sarif'\n          ignore-unfixed: true\n\n      - name: Upload results\n        uses: github/codeql-action/upload-sarif@v4\n        if: always()\n        with:\n          sarif_file: 'trivy-results.sarif'\n\n      - name: Scan for the logs\n        uses: aquasecurity/trivy-action@0.34.0\n        if: always()\n        with:\n          scan-type: 'fs'\n          format: 'table'\n          ignore-unfixed: true\n          exit-code: '1'\n"
	const dependabot = "version: 2\nupdates:\n  - package-ecosystem: \"github-actions\"\n    directory: \"/\"\n    schedule:\n      interval: \"weekly\"\n    ignore:\n      # Ignore all patch releases as we can manually\n      # upgrade if we run into a bug and need a fix.\n      - dependency-name: \"*\"\n        update-types: [\"version-update:semver-patch\"]\n    cooldown:\n      default-days: 7\n    groups:\n      actions:\n        patterns:\n          - \"*\"\n  - package-ecosystem: \"pre-commit\"\n    directory: \"/\"\n    schedule:\n      interval: \"weekly\"\n    cooldown:\n      default-days: 7\n    groups:\n      pre-commit:\n        patterns:\n          - \"*\"\n"
	runMergeCases(t, []mergeCase{{
		// The last line the file has as written, "ignore-unfixed: true",
		// ends the first step and the third: read as ending the first, the
		// segment writes the upload step again above the file's own.
		name:    "every quote changed in three steps, the last line as written ends two of them",
		content: trivy,
		snippet: "    # ... existing code ...\n      - name: Scan source\n        uses: aquasecurity/trivy-action@0.34.0\n        with:\n          scan-type: \"fs\"\n          format: \"sarif\"\n          ignore-unfixed: true\n\n      - name: Upload results\n        uses: github/codeql-action/upload-sarif@v4\n        if: always()\n        with:\n          sarif_file: \"trivy-results.sarif\"\n\n      - name: Scan for the logs\n        uses: aquasecurity/trivy-action@0.34.0\n        if: always()\n        with:\n          scan-type: \"fs\"\n          format: \"table\"\n          ignore-unfixed: true\n          exit-code: \"1\"\n",
		want:    strings.ReplaceAll(trivy, "'", "\""),
	}, {
		// The context, the end of a function, ends two functions alike; the
		// segment has no marker below, so it runs to the file's end: only
		// the place at the end leaves nothing there to delete.
		name:    "a new function after the last one, whose end the function before it shares",
		content: "package gin\n\nfunc CreateTestContext(w http.ResponseWriter) (c *Context, r *Engine) {\n\tr = New()\n\tc = r.allocateContext(0)\n\tc.reset()\n\tc.writermem.reset(w)\n\treturn\n}\n\n// CreateTestContextOnly returns a fresh Context for r.\nfunc CreateTestContextOnly(w http.ResponseWriter, r *Engine) (c *Context) {\n\tc = r.allocateContext(r.maxParams)\n\tc.reset()\n\tc.writermem.reset(w)\n\treturn\n}\n",
		snippet: "// ... existing code ...\n\tc.reset()\n\tc.writermem.reset(w)\n\treturn\n}\n\n// waitForServer waits for a server to answer.\nfunc waitForServer(url string) error {\n\t_, err := http.Get(url)\n\treturn err\n}\n",
		want:    "package gin\n\nfunc CreateTestContext(w http.ResponseWriter) (c *Context, r *Engine) {\n\tr = New()\n\tc = r.allocateContext(0)\n\tc.reset()\n\tc.writermem.reset(w)\n\treturn\n}\n\n// CreateTestContextOnly returns a fresh Context for r.\nfunc CreateTestContextOnly(w http.ResponseWriter, r *Engine) (c *Context) {\n\tc = r.allocateContext(r.maxParams)\n\tc.reset()\n\tc.writermem.reset(w)\n\treturn\n}\n\n// waitForServer waits for a server to answer.\nfunc waitForServer(url string) error {\n\t_, err := http.Get(url)\n\treturn err\n}\n",
	}, {
		// Read at the first entry, the segment deletes its two comment
		// lines; at the second, it adds the first entry's ignore block
		// there. The copy is eight lines off, not next to the place:
		// nothing says which.
		name:    "a new test after six alike ones, the whole file sent",
		content: exitTests,
		snippet: withEmpty,
		want:    withEmpty,
	}, {
		name:    "a block copied from a sibling entry, or two comment lines deleted: refused",
		content: dependabot,
		snippet: "    # ... existing code ...\n    directory: \"/\"\n    schedule:\n      interval: \"weekly\"\n    ignore:\n      - dependency-name: \"*\"\n        update-types: [\"version-update:semver-patch\"]\n    cooldown:\n      default-days: 7\n    groups:\n      # ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetMovedCode: a segment may write lines the file has just
// outside its place when another segment of the snippet removes them
// there (code moved); when none does, the lines would be there twice and
// the merge is refused.
func TestMergeSnippetMovedCode(t *testing.T) {
	const file = "func setTimeField(val string, field Field, value Value) error {\n\tformat := field.Tag(\"time_format\")\n\tif format == \"\" {\n\t\tformat = time.RFC3339\n\t}\n\n\tswitch f := strings.ToLower(format); f {\n\tcase \"unix\":\n\t\tn, err := strconv.ParseInt(val, 10, 64)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\tvalue.Set(time.Unix(n, 0))\n\t\treturn nil\n\t}\n\n\tif val == \"\" {\n\t\tvalue.Set(time.Time{})\n\t\treturn nil\n\t}\n\n\tloc := time.Local\n\treturn parseIn(val, format, loc, value)\n}\n"
	const moveUp = "// ... existing code ...\n\t\tformat = time.RFC3339\n\t}\n\n\tif val == \"\" {\n\t\tvalue.Set(time.Time{})\n\t\treturn nil\n\t}\n\n\tswitch f := strings.ToLower(format); f {\n\tcase \"unix\":\n// ... existing code ...\n"
	const removed = "\t\tvalue.Set(time.Unix(n, 0))\n\t\treturn nil\n\t}\n\n\tloc := time.Local\n// ... existing code ...\n"
	moved := strings.Replace(strings.Replace(file, "\tif val == \"\" {\n\t\tvalue.Set(time.Time{})\n\t\treturn nil\n\t}\n\n", "", 1),
		"\t}\n\n\tswitch", "\t}\n\n\tif val == \"\" {\n\t\tvalue.Set(time.Time{})\n\t\treturn nil\n\t}\n\n\tswitch", 1)
	// The other way: the block's old place first, its new place below.
	const removedAbove = "// ... existing code ...\n\t\tformat = time.RFC3339\n\t}\n\n\tswitch f := strings.ToLower(format); f {\n// ... existing code ...\n"
	const writtenBelow = "\t\tvalue.Set(time.Unix(n, 0))\n\t\treturn nil\n\t}\n\n\tif val == \"\" {\n\t\tvalue.Set(time.Time{})\n\t\treturn nil\n\t}\n\n\tloc := time.Local\n// ... existing code ...\n"
	runMergeCases(t, []mergeCase{{
		name:    "a block moved up: one segment writes it, the next removes it",
		content: file,
		snippet: moveUp + removed,
		want:    moved,
	}, {
		name:    "a block moved down: one segment removes it, the next writes it",
		content: moved,
		snippet: removedAbove + writtenBelow,
		want:    file,
	}, {
		name:    "a block written again above where the file has it, and not removed there: refused",
		content: file,
		snippet: moveUp,
		err:     editkit.ErrConflict,
	}})
}

// TestMergeSnippetRulerAboveDeletion: a segment whose top lines say
// nothing but a ruler, above a doc comment, reads as a new section when
// the file has no such lines near, and two ways when it has them a little
// further up, the segment deleting the function between: refused.
func TestMergeSnippetRulerAboveDeletion(t *testing.T) {
	const rest = "  /**\n   * Assigns `value` to `key` of `object`.\n   * using SameValueZero for equality comparisons.\n   */\n  function assignValue(object, key, value) {\n    object[key] = value;\n  }\n"
	const deleted = "  /**\n   * Used by `_.defaults` to customize its `_.assignIn` use.\n   *\n   * @private\n   * @param {*} objValue The destination value.\n   */\n  function assignInDefaults(objValue, srcValue) {\n    return objValue === undefined ? srcValue : objValue;\n  }\n\n"
	const head = "  LodashWrapper.prototype.constructor = LodashWrapper;\n\n"
	const ruler = "  /*------------------------------------------------------------------------*/\n\n"
	const snippet = "  // ... existing code ...\n\n" + ruler + "  /**\n   * Assigns `value` to `key` of `object`, if it differs.\n   * using SameValueZero for equality comparisons.\n  // ... existing code ...\n"
	changed := strings.Replace(rest, "of `object`.", "of `object`, if it differs.", 1)
	runMergeCases(t, []mergeCase{{
		name:    "no ruler near: a new section",
		snippet: snippet,
		content: head + deleted + rest,
		want:    head + deleted + ruler + changed,
	}, {
		name:    "the ruler a function further up: new, or the function deleted",
		snippet: snippet,
		content: head + ruler + deleted + rest,
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the ruler both right above the lines and a function further up: kept, or the function deleted",
		snippet: snippet,
		content: head + ruler + deleted + ruler + rest,
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetFileStep: the file's indent step is read from the lines
// around the first place looked at, enough of them that a header of
// continuation lines (aligned four columns in, in a file that steps by
// two) does not pass for the file's step and misread every depth below.
func TestMergeSnippetFileStep(t *testing.T) {
	var b strings.Builder
	b.WriteString(";(function() {\n")
	for i := range 30 {
		fmt.Fprintf(&b, "  var v%d = %d,\n      w%d = %d;\n", i, i, i, i)
	}
	for i := range 40 {
		fmt.Fprintf(&b, "\n  function f%d(a) {\n    if (a > %d) {\n      return a;\n    }\n    return %d;\n  }\n", i, i, i)
	}
	b.WriteString("}.call(this));\n")
	file := b.String()
	snippet := "  // ... existing code ...\n  var v2 = 2,\n      w2 = 2;\n  var v3 = 33,\n      w3 = 3;\n  var v4 = 4,\n  // ... existing code ...\n  function f30(a) {\n    if (a > 30) {\n      return a + 1;\n    }\n    return 30;\n  }\n  // ... existing code ...\n"
	want := strings.Replace(strings.Replace(file, "var v3 = 3,", "var v3 = 33,", 1), "    if (a > 30) {\n      return a;", "    if (a > 30) {\n      return a + 1;", 1)
	checkMerge(t, file, snippet, want, nil)
}

// TestMergeSnippetWholeFileLastLines: a whole new file (no markers) whose
// last line that the file has is higher up in the file, not at its end,
// still ends where the file does when it has every line the file has below
// that place: it drops none of them (it moved them above its new end).
func TestMergeSnippetWholeFileLastLines(t *testing.T) {
	var helper strings.Builder
	helper.WriteString("// bufApp writes c at w, copying s into buf first if needed.\nfunc bufApp(buf *[]byte, s string, w int, c byte) {\n\tb := *buf\n")
	for i := range 24 {
		fmt.Fprintf(&helper, "\tstep%02d(b, s, w, c)\n", i)
	}
	helper.WriteString("\tb[w] = c\n}\n")
	file := "package gin\n\nfunc cleanPath(p string) string {\n\tbuf := make([]byte, 0, 128)\n\tw := clean(p, buf)\n\treturn string(buf[:w])\n}\n\n" + helper.String()
	want := file + "\n// removeRepeated removes repeated chars.\nfunc removeRepeated(s string, char byte) string {\n\tbuf := make([]byte, 0, len(s))\n\tw := squeeze(s, char, buf)\n\treturn string(buf[:w])\n}\n"
	checkMerge(t, file, want, want, nil)
}

// TestMergeSnippetAppend: new lines after the file's last lines, with no
// marker below, are added at the file's end even when those lines say
// little (one of them says something); the same lines placed in the middle
// of the file are too thin to place a segment of many new lines.
func TestMergeSnippetAppend(t *testing.T) {
	const isASCII = "func isASCII(s string) bool {\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] > unicode.MaxASCII {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn true\n}\n"
	const added = "\n// safeInt8 converts n to int8, capping at math.MaxInt8.\nfunc safeInt8(n int) int8 {\n\tif n > math.MaxInt8 {\n\t\treturn math.MaxInt8\n\t}\n\treturn int8(n)\n}\n"
	const snippet = "// ... existing code ...\n\t}\n\treturn true\n}\n" + added
	const head = "package gin\n\nimport \"unicode\"\n\n"
	runMergeCases(t, []mergeCase{{
		name:    "at the end",
		snippet: snippet,
		content: head + isASCII,
		want:    head + isASCII + added,
	}, {
		name:    "the same lines in the middle: refused",
		snippet: snippet,
		content: head + isASCII + "\nfunc last() {}\n",
		err:     editkit.ErrNotFound,
	}})
}

// TestMergeSnippetWholeFileRewritten: a snippet without markers that
// starts with the file's first line and ends with its last, and has half
// the file's lines, is the file's new text even when the lines near both
// ends changed (only the first line places it); one from another file
// that shares the two lines is refused.
func TestMergeSnippetWholeFileRewritten(t *testing.T) {
	const file = "'use strict';\n\nvar alpha = require('alpha'),\n    beta = require('beta');\n\nfunction first(x) {\n  return alpha(x);\n}\n\nfunction second(y) {\n  return beta(y);\n}\n\nmodule.exports = {\n  'first': first,\n  'second': second\n};\n"
	const rewritten = "'use strict';\n\nconst alpha = require('alpha');\nconst beta = require('beta');\n\nfunction first(x) {\n  return alpha(x);\n}\n\nfunction second(y) {\n  return beta(y);\n}\n\nmodule.exports = {\n  first,\n  second\n};\n"
	const other = "'use strict';\n\nconst gamma = require('gamma');\nconst delta = require('delta');\n\nfunction third(x) {\n  return gamma(x);\n}\n\nfunction fourth(y) {\n  return delta(y);\n}\n\nmodule.exports = {\n  third,\n  fourth\n};\n"
	t.Run("the file rewritten", func(t *testing.T) { checkMerge(t, file, rewritten, rewritten, nil) })
	t.Run("another file with the same ends: refused", func(t *testing.T) { checkMerge(t, file, other, "", editkit.ErrNotFound) })

	// The lines added at its end close with a line the file has higher
	// up, at another depth: the whole new text still spans the file.
	const c = "static int\ncheck(struct event_base *base)\n{\n\tdouble usage = measure(base);\n\tif (usage > 50.0)\n\t  return 1;\n\n\treturn 0;\n}\n"
	const withErr = "static int\ncheck(struct event_base *base)\n{\n\tdouble usage = measure(base);\n\tif (usage > 50.0)\n\t  return 1;\n\n\treturn 0;\nerr:\n\tif (base)\n\t\tevent_base_free(base);\n\treturn 1;\n}\n"
	t.Run("lines added at the end, the last like one higher up", func(t *testing.T) { checkMerge(t, c, withErr, withErr, nil) })

	// Every other line rewritten and new lines at the end: only the title
	// places it, but it has half the page's lines.
	const page = "# sync\n\n> Flush all pending writes.\n> More information: <https://example.com/sync>.\n\n- Flush all pending writes on all disks:\n\n`sync`\n\n- Flush all pending writes of a file:\n\n`sync {{path/to/file}}`\n"
	const newPage = "# sync\n\n> Write every pending write to its disk.\n> More information: <https://example.com/sync>.\n\n- Write the pending writes of all disks:\n\n`sync`\n\n- Write the pending writes of one file:\n\n`sync {{path/to/file}}`\n\n- Write them and drop the file system caches (Linux only):\n\n`sync; echo 3 | sudo tee /proc/sys/vm/drop_caches`\n\n- Write them and purge inactive memory (macOS only):\n\n`sync; sudo purge`\n"
	t.Run("a page rewritten, new lines at its end", func(t *testing.T) { checkMerge(t, page, newPage, newPage, nil) })
}

// TestMergeSnippetTabsAndAlignment: in text indented with tabs, spaces
// after the tabs align a continuation line; they are not the snippet's
// indent step, which would misread every depth against the file's tabs.
func TestMergeSnippetTabsAndAlignment(t *testing.T) {
	const file = "static int\nrun(struct event_base *base)\n{\n\tif (base) {\n\t\tfor (;;) {\n\t\t\tif (step(base))\n\t\t\t\tbreak;\n\t\t}\n\t}\n\treturn 0;\n}\n\nstatic struct testcase_t dns_testcases[] = {\n\t{ \"search\", dns_search_test, TT_FORK, &basic_setup, NULL },\n\t{ \"search_cancel\", dns_search_cancel_test,\n\t  TT_FORK|TT_NEED_BASE, &basic_setup, NULL },\n\t{ \"retry\", dns_retry_test, TT_FORK|TT_NO_LOGS, &basic_setup, NULL },\n\t{ \"retry_disable\", dns_retry_disable_test,\n\t  TT_FORK|TT_NO_LOGS, &basic_setup, NULL },\n\t{ \"probe\", dns_probe_test, TT_FORK|TT_NO_LOGS, &basic_setup, NULL },\n\t{ \"reissue\", dns_reissue_test, TT_FORK|TT_NO_LOGS, &basic_setup, NULL },\n\tEND_OF_TESTCASES\n};\n"
	const snippet = "\t// ... existing code ...\n\t  TT_FORK|TT_NEED_BASE, &basic_setup, NULL },\n\t{ \"retry\", dns_retry_test, TT_FORK|TT_NO_LOGS, &basic_setup, NULL },\n\t{ \"retry_disable\", dns_retry_disable_test,\n\t  TT_FORK|TT_NO_LOGS|TT_RETRIABLE, &basic_setup, NULL },\n\t{ \"probe\", dns_probe_test, TT_FORK|TT_NO_LOGS|TT_RETRIABLE, &basic_setup, NULL },\n\t{ \"reissue\", dns_reissue_test, TT_FORK|TT_NO_LOGS, &basic_setup, NULL },\n\t// ... existing code ...\n"
	want := strings.Replace(strings.Replace(file, "\t  TT_FORK|TT_NO_LOGS, &basic_setup", "\t  TT_FORK|TT_NO_LOGS|TT_RETRIABLE, &basic_setup", 1),
		"dns_probe_test, TT_FORK|TT_NO_LOGS,", "dns_probe_test, TT_FORK|TT_NO_LOGS|TT_RETRIABLE,", 1)
	checkMerge(t, file, snippet, want, nil)
}

// TestMergeSnippetOpenEnds: a snippet that leaves code out (it has a
// marker) but starts or ends with a line of the file without a marker
// there, while it marks its other end, does not say whether the file's
// few lines beyond it stay or go: refused, never deleted. One that marks
// neither end, only the stretches between its parts, keeps the lines
// beyond both. With the marker it merges; a marker line in
// the words models use ("existing methods") is one, and a comment with
// "..." that it does not know, where lines would be deleted, is refused.
// A snippet without markers that is a piece of the file replaces the
// stretch its lines mark.
func TestMergeSnippetOpenEnds(t *testing.T) {
	const file = "package x\n\ntype S struct{}\n\nfunc (s *S) A() int {\n\treturn 1\n}\n\nfunc (s *S) B() int {\n\treturn 2\n}\n\nfunc (s *S) C() int {\n\treturn 3\n}\n\nvar last = 4\n"
	const ac = "func (s *S) A() int {\n\treturn 10\n}\n\n// ... existing methods ...\n\nfunc (s *S) C() int {\n\treturn 30\n}\n"
	edited := strings.NewReplacer("return 1\n", "return 10\n", "return 3\n", "return 30\n").Replace(file)
	runMergeCases(t, []mergeCase{{
		name:    "no marker above the first segment: refused",
		content: file,
		snippet: ac + "// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a blank line above the first segment's first line changes nothing",
		content: file,
		snippet: "\n" + ac + "// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "no marker below the last segment: refused",
		content: file,
		snippet: "// ... existing code ...\n" + ac,
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "markers only between the parts: the lines beyond both ends stay",
		content: file,
		snippet: ac,
		want:    edited,
	}, {
		name:    "markers only between the parts, the last one above the file's last lines",
		content: file,
		snippet: "func (s *S) A() int {\n\treturn 10\n}\n// ... existing code ...\nfunc (s *S) B() int {\n\treturn 20\n}\n",
		want:    strings.NewReplacer("return 1\n", "return 10\n", "return 2\n", "return 20\n").Replace(file),
	}, {
		name:    "markers only between the parts, the first from the file's first line: the lines past the last stay or go? refused",
		content: file,
		snippet: "package x\n\ntype S struct{ n int }\n\n// ... existing code ...\n" + strings.Split(ac, "// ... existing methods ...\n")[1],
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "markers only between the parts, the last to the file's last line: the lines above the first stay or go? refused",
		content: file,
		snippet: "func (s *S) A() int {\n\treturn 10\n}\n// ... existing code ...\nfunc (s *S) C() int {\n\treturn 30\n}\n\nvar last = 4\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "markers at both ends",
		content: file,
		snippet: "// ... existing code ...\n" + ac + "// ... existing code ...\n",
		want:    edited,
	}, {
		name:    "more lines beyond than a segment may drop stay",
		content: file + numbered("var v", 30),
		snippet: "// ... existing code ...\n" + ac,
		want:    edited + numbered("var v", 30),
	}, {
		name:    "no marker below, new lines past the last line the file has, many more lines in the file: refused",
		content: file + numbered("var v", 30),
		snippet: "// ... existing code ...\nfunc (s *S) C() int {\n\treturn 3\n}\n\nfunc (s *S) D() int {\n\treturn 4\n}\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "no marker above, a new head above the first line the file has, many more lines above: refused",
		content: numbered("var v", 30) + file,
		snippet: "// Package x is new.\npackage x\n\ntype S struct{}\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the lines past the end moved up: they go",
		content: file,
		snippet: "// ... existing code ...\nfunc (s *S) B() int {\n\treturn 2\n}\n\nvar last = 4\n\nfunc (s *S) C() int {\n\treturn 3\n}\n",
		want:    strings.Replace(file, "func (s *S) C() int {\n\treturn 3\n}\n\nvar last = 4\n", "var last = 4\n\nfunc (s *S) C() int {\n\treturn 3\n}\n", 1),
	}, {
		name:    "no marker it knows: a piece of the file, not its new text",
		content: file,
		snippet: strings.Replace(ac, "// ... existing methods ...", "// other stuff here...", 1),
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "no markers at all, a piece of the file: the lines around it stay",
		content: file,
		snippet: "func (s *S) B() int {\n\treturn 20\n}\n",
		want:    strings.Replace(file, "return 2\n", "return 20\n", 1),
	}, {
		name:    "no markers, new lines above the piece: replace or add? refused",
		content: file + numbered("var v", 30),
		snippet: "// B doubles.\nfunc (s *S) B() int {\n\treturn 20\n}\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "no markers, half the file, starting at a later line of it: refused",
		content: file,
		snippet: strings.TrimPrefix(strings.Replace(file, "return 2\n", "return 20\n", 1), "package x\n\n"),
		err:     editkit.ErrAmbiguous,
	}, {
		name: "no markers, a piece ending with an inner \"end\": the file's own last \"end\" stays",
		content: "module Cop\n  module Rails\n    # Checks that controllers subclass the base class.\n    #\n    # @example\n    #   # bad\n    #   class MyController < ActionController::Base\n    #   end\n" +
			"    class Base\n      extend AutoCorrector\n\n      MSG = 'Use the base class.'\n      # rubocop:disable Layout\n      include Enforced\n      # rubocop:enable Layout\n    end\n  end\nend\n",
		snippet: "      MSG = 'Use the base class.'\n      # rubocop:disable-next Layout\n      include Enforced\n    end\n  end\n",
		want: "module Cop\n  module Rails\n    # Checks that controllers subclass the base class.\n    #\n    # @example\n    #   # bad\n    #   class MyController < ActionController::Base\n    #   end\n" +
			"    class Base\n      extend AutoCorrector\n\n      MSG = 'Use the base class.'\n      # rubocop:disable-next Layout\n      include Enforced\n    end\n  end\nend\n",
	}, {
		name:    "the file's last line ends the segment",
		content: file,
		snippet: "// ... existing code ...\nfunc (s *S) C() int {\n\treturn 30\n}\n\nvar last = 4\n",
		want:    strings.Replace(file, "return 3\n", "return 30\n", 1),
	}})
}

// TestMergeSnippetFenced: a code fence around the whole snippet is the
// model's habit, not the file's text; a fence the file has is.
func TestMergeSnippetFenced(t *testing.T) {
	const file = "package x\n\nfunc A() int {\n\treturn 1\n}\n\nfunc B() int {\n\treturn 2\n}\n"
	const body = "// ... existing code ...\nfunc B() int {\n\treturn 20\n}\n"
	want := strings.Replace(file, "return 2\n", "return 20\n", 1)
	const readme = "# x\n\nRun it:\n\n```sh\nx run\n```\n\nThen stop it.\n"
	runMergeCases(t, []mergeCase{{
		name:    "backticks with a language",
		content: file,
		snippet: "```go\n" + body + "```\n",
		want:    want,
	}, {
		name:    "tildes, no final newline",
		content: file,
		snippet: "~~~\n" + body + "~~~",
		want:    want,
	}, {
		name:    "a Markdown file's own code block",
		content: readme,
		snippet: "<!-- ... existing code ... -->\nRun it:\n\n```sh\nx run --fast\n```\n<!-- ... existing code ... -->\n",
		want:    strings.Replace(readme, "x run\n", "x run --fast\n", 1),
	}, {
		name:    "a plain fence the Markdown file has, markers right inside it",
		content: "# Tool x\n\nInstall the tool first.\n\n" + readme,
		snippet: "```\n<!-- ... -->\nInstall the tool first.\n\n# The x tool\n\nRun it:\n<!-- ... -->\n```\n",
		want:    "# Tool x\n\nInstall the tool first.\n\n" + strings.Replace(readme, "# x", "# The x tool", 1),
	}, {
		name:    "a plain fence around a README's end, a marker inside the top fence only, a code block inside",
		content: "# Tool x\n\nInstall the tool first.\n\n" + readme,
		snippet: "```\n<!-- ... existing code ... -->\nRun it:\n\n```sh\nx run --fast\n```\n\nThen stop it.\n```\n",
		want:    "# Tool x\n\nInstall the tool first.\n\n" + strings.Replace(readme, "x run\n", "x run --fast\n", 1),
	}, {
		name:    "a fence inside: Markdown text, not a wrapper",
		content: "",
		snippet: "```sh\nx run\n```\n\nThen:\n\n```sh\nx stop\n```\n",
		want:    "```sh\nx run\n```\n\nThen:\n\n```sh\nx stop\n```\n",
	}, {
		name:    "a new file",
		content: "",
		snippet: "```go\npackage x\n```\n",
		want:    "package x\n",
	}})
}

// TestMergeSnippetBlockAcrossMarker: new lines next to a marker that open
// a block the new lines past the marker do not close (or close one they
// did not open) make the marker stand for a block's body the file does not
// have: refused. A block wrapped around the file's lines, closed past the
// marker, and a block the file has, opened before a marker, are merged.
func TestMergeSnippetBlockAcrossMarker(t *testing.T) {
	const file = "package p\n\nimport \"fmt\"\n\n// Foo prints.\nfunc Foo(a int) {\n\tfmt.Println(a)\n\tfmt.Println(a + 1)\n}\n\n// Bar calls Foo.\nfunc Bar() {\n\tFoo(1)\n}\n\nfunc Baz() {}\n"
	runMergeCases(t, []mergeCase{{
		name:    "a new block opened before the last marker, never closed",
		content: file,
		snippet: "// ... existing code ...\n// Bar calls Foo.\nfunc Bar() {\n\tif debug {\n\t\t// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a new function cut off by a marker, another file's context",
		content: file,
		snippet: "// ... existing code ...\nimport \"fmt\"\n\nfunc TestFoo(t *testing.T) {\n\tcases := []struct{\n\t\t// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a new block comment left open at a marker",
		content: file,
		snippet: "// ... existing code ...\nimport \"fmt\"\n\n/* Package notes:\n * one\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "new closing lines after a marker that nothing opened",
		content: file,
		snippet: "// ... existing code ...\n\t\tdone() })\n\tfmt.Println(a + 1)\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a glob is no block comment",
		content: file,
		snippet: "// ... existing code ...\nimport \"fmt\"\n\nvar sources = \"src/**/*.go\"\n// ... existing code ...\n",
		want:    strings.Replace(file, "import \"fmt\"\n\n", "import \"fmt\"\n\nvar sources = \"src/**/*.go\"\n", 1),
	}, {
		name:    "a block the file has, opened before a marker: its body stays",
		content: file,
		snippet: "// ... existing code ...\nimport \"fmt\"\n\n// Foo prints twice.\nfunc Foo(a int) {\n// ... existing code ...\n",
		want:    strings.Replace(file, "// Foo prints.\n", "// Foo prints twice.\n", 1),
	}, {
		name:    "a new function added whole before a marker",
		content: file,
		snippet: "// ... existing code ...\n\tFoo(1)\n}\n\n// Qux is new.\nfunc Qux() {\n\tBar()\n}\n// ... existing code ...\n",
		want:    strings.Replace(file, "\tFoo(1)\n}\n\n", "\tFoo(1)\n}\n\n// Qux is new.\nfunc Qux() {\n\tBar()\n}\n", 1),
	}, {
		name:    "a shell fi next to the marker, its if not shown",
		content: script,
		snippet: "# ... existing code ...\n    exit 2\n  fi\n\nhelp() {\n  echo \"usage: run NAME\"\n}\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a shell block shown whole next to the marker",
		content: script,
		snippet: "# ... existing code ...\n  if [ -n \"$2\" ]; then\n    exit 2\n  fi\n\nhelp() {\n  echo \"usage: run NAME\"\n}\n",
		want:    strings.Replace(script, "\nhelp() {\n  echo \"usage\"\n}\n", "  if [ -n \"$2\" ]; then\n    exit 2\n  fi\n\nhelp() {\n  echo \"usage: run NAME\"\n}\n", 1),
	}})
}

// script is a shell script whose blocks close with keywords.
const script = "#!/bin/sh\n\nmain() {\n  if [ -z \"$1\" ]; then\n    help\n    exit 1\n  fi\n  run \"$1\"\n}\n\nhelp() {\n  echo \"usage\"\n}\n"

// TestMergeSnippetKeptWhole: a segment whose last anchor is a line every
// test has ends at the one place of it where the segment keeps every line
// of the file before it, when the others would drop two lines or more;
// with lines past that anchor, a line dropped there, or brackets left
// open, the tie is refused.
func TestMergeSnippetKeptWhole(t *testing.T) {
	const file = "mod tests {\n    #[test]\n    fn one() {\n        assert_eq!(\n            parse(\"1\"),\n            1\n        );\n        assert_eq!(parse(\"2\"), 2);\n    }\n\n    #[test]\n    fn three() {\n        assert_eq!(parse(\"3\"), 3);\n        assert_eq!(parse(\"4\"), 4);\n    }\n\n    #[test]\n    fn five() {\n        assert_eq!(parse(\"5\"), 5);\n    }\n}\n"
	// head is test one down to its first assertion's last argument.
	const head = "// ... existing code ...\n    fn one() {\n        assert_eq!(\n            parse(\"1\"),\n            1\n"
	runMergeCases(t, []mergeCase{{
		name:    "a line added at the end of a test, the next test's attribute below",
		content: file,
		snippet: head + "        );\n        assert_eq!(parse(\"2\"), 2);\n        assert_eq!(parse(\"22\"), 22);\n    }\n\n    #[test]\n// ... existing code ...\n",
		want:    strings.Replace(file, "        assert_eq!(parse(\"2\"), 2);\n", "        assert_eq!(parse(\"2\"), 2);\n        assert_eq!(parse(\"22\"), 22);\n", 1),
	}, {
		name:    "a line of the test rewritten",
		content: file,
		snippet: head + "        );\n        assert_eq!(parse(\"2\"), 2, \"two\");\n    }\n\n    #[test]\n// ... existing code ...\n",
		want:    strings.Replace(file, "(parse(\"2\"), 2);", "(parse(\"2\"), 2, \"two\");", 1),
	}, {
		name:    "lines past the attribute that the file does not have there",
		content: file,
		snippet: head + "        );\n        assert_eq!(parse(\"2\"), 2);\n        assert_eq!(parse(\"22\"), 22);\n    }\n\n    #[test]\n    #[ignore]\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a line of the test dropped",
		content: file,
		snippet: head + "        );\n        let cache = Cache::default();\n    }\n\n    #[test]\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a closing line of the test dropped",
		content: file,
		snippet: head + "        assert_eq!(parse(\"2\"), 2, \"two\");\n    }\n\n    #[test]\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetResume: a segment that deletes five lines or more where
// no marker stands (less those it writes in their place) must go on after
// them with a line that places it; at lines the file has all over, the
// stretch's end is a guess and the merge is refused.
func TestMergeSnippetResume(t *testing.T) {
	const file = "package p\n\nfunc a() error {\n\tstep(1)\n\tstep(2)\n\tstep(3)\n\tstep(4)\n\tstep(5)\n\tstep(6)\n\tdone()\n\treturn nil\n}\n\nfunc b() error {\n\tdone()\n\tcall(1)\n\treturn nil\n}\n\nfunc c() error {\n\tdone()\n\tcall(2)\n\treturn nil\n}\n\nfunc d() error {\n\tdone()\n\tcall(3)\n\treturn nil\n}\n"
	const steps = "\tstep(2)\n\tstep(3)\n\tstep(4)\n\tstep(5)\n\tstep(6)\n"
	const deleted = "// ... existing code ...\nfunc a() error {\n\tstep(1)\n\tdone()\n\treturn nil\n}\n// ... existing code ...\n"
	runMergeCases(t, []mergeCase{{
		name:    "five lines deleted, then lines every function has",
		content: file,
		snippet: deleted,
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "six lines rewritten as one, then lines every function has",
		content: strings.Replace(file, "\tstep(6)\n", "\tstep(6)\n\tstep(7)\n", 1),
		snippet: "// ... existing code ...\nfunc a() error {\n\tstep(1)\n\tsteps(2, 7)\n\tdone()\n\treturn nil\n}\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "five lines deleted, then a line the file has once",
		content: strings.Replace(file, "\tstep(6)\n", "\tstep(6)\n\tlog.Print(\"a done\")\n", 1),
		snippet: "// ... existing code ...\nfunc a() error {\n\tstep(1)\n\tlog.Print(\"a done\")\n\tdone()\n\treturn nil\n}\n// ... existing code ...\n",
		want:    strings.Replace(file, steps, "\tlog.Print(\"a done\")\n", 1),
	}, {
		name:    "four lines deleted, then lines every function has",
		content: file,
		snippet: "// ... existing code ...\nfunc a() error {\n\tstep(1)\n\tstep(2)\n\tdone()\n\treturn nil\n}\n// ... existing code ...\n",
		want:    strings.Replace(file, steps, "\tstep(2)\n", 1),
	}})
	_, _, err := editkit.MergeSnippet(file, deleted)
	for _, want := range []string{"between file lines 4 and 10", "file line 10 (\"done()\")", "marker"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want it to say %q", err, want)
		}
	}
}

// TestMergeSnippetKeptLines: two copies of a block, the segment's top on
// both. At the second copy the segment drops fewer of the file's lines
// (the first copy's tail loses two lines), but it writes anew the line
// between the copies and the second copy's head, which stand right there:
// that lead is no lead, and the snippet is refused, naming both places.
func TestMergeSnippetKeptLines(t *testing.T) {
	const fill = "\t\tif len(vs) == 0 {\n\t\t\tif !opt.hasDefault {\n\t\t\t\treturn false, nil\n\t\t\t}\n\n\t\t\tvs = []string{opt.defaultValue}\n\t\t\tcfTag := field.Tag.Get(\"collection_format\")\n\t\t\tif cfTag == \"\" || cfTag == \"multi\" {\n\t\t\t\tvs = strings.Split(opt.defaultValue, \",\")\n\t\t\t}\n\t\t}\n\n"
	const file = "package binding\n\nfunc setByForm(value reflect.Value, field reflect.StructField, vs []string, opt setOptions) (bool, error) {\n\tswitch value.Kind() {\n\tcase reflect.Slice:\n" + fill +
		"\t\tif ok, err := trySetCustom(vs[0], value); ok {\n\t\t\treturn ok, err\n\t\t}\n\t\tif vs, err = trySplit(vs, field); err != nil {\n\t\t\treturn false, err\n\t\t}\n\t\tsort.Strings(vs)\n\t\tvs = slices.Compact(vs)\n\t\treturn true, setSlice(vs, value, field)\n" +
		"\tcase reflect.Array:\n" + fill +
		"\t\tif ok, err := trySetCustom(vs[0], value); ok {\n\t\t\treturn ok, err\n\t\t}\n\t\tif vs, err = trySplit(vs, field); err != nil {\n\t\t\treturn false, err\n\t\t}\n\t\tif len(vs) != value.Len() {\n\t\t\treturn false, fmt.Errorf(\"%q is not valid value for %s\", vs, value.Type().String())\n\t\t}\n\t\treturn true, setArray(vs, value, field)\n\t}\n\treturn false, nil\n}\n"
	// The snippet starts inside the slice case's copy of fill, changes
	// both cases' calls and ends in the array case.
	parsed := "\t\tif ok, err := trySetUsingParser(vs[0], value, opt.parser); ok {\n\t\t\treturn ok, err\n\t\t} else if ok, err := trySetCustom(vs[0], value); ok {\n\t\t\treturn ok, err\n\t\t}\n\t\tif vs, err = trySplit(vs, field); err != nil {\n\t\t\treturn false, err\n\t\t}\n"
	snippet := "\t\t// ... existing code ...\n" + strings.SplitN(fill, "\n", 2)[1] + parsed + "\t\treturn true, setSlice(vs, value, field, opt)\n\tcase reflect.Array:\n" + fill + parsed +
		"\t\tif len(vs) != value.Len() {\n\t\t\treturn false, fmt.Errorf(\"%q is not valid value for %s\", vs, value.Type().String())\n\t\t}\n\t\treturn true, setArray(vs, value, field, opt)\n\t}\n\treturn false, nil\n}\n"
	_, _, err := editkit.MergeSnippet(file, snippet)
	if !errors.Is(err, editkit.ErrAmbiguous) {
		t.Fatalf("err = %v, want ErrAmbiguous", err)
	}
	for _, want := range []string{"file lines 7-52", "lines 29-52"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want it to name %q", err, want)
		}
	}
}

// TestMergeSnippetKeptMost: a segment that rewrites two arms of a switch
// and ends on lines every arm has ("return", then the switch's "}") fits
// each "return" below its top; it ends at the one place where the arms it
// shows between are the file's, unless that place leaves the file's
// brackets unbalanced.
func TestMergeSnippetKeptMost(t *testing.T) {
	const file = "package p\n\nfunc (f *F) appendValue(b *bytes.Buffer, value any) {\n\tswitch v := value.(type) {\n\tcase string:\n\t\tf.appendString(b, v)\n\t\treturn\n\tcase bool:\n\t\tvar raw [8]byte\n\t\tf.appendBytes(b, strconv.AppendBool(raw[:0], v))\n\t\treturn\n\tcase error:\n\t\tf.appendString(b, v.Error())\n\t\treturn\n\tcase fmt.Stringer:\n\t\tf.appendString(b, v.String())\n\t\treturn\n\t}\n\n\tf.appendAny(b, value)\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "two arms rewritten, the segment ending on the switch's return and brace",
		content: file,
		snippet: "// ... existing code ...\n\t\tf.appendBytes(b, strconv.AppendBool(raw[:0], v))\n\t\treturn\n\tcase error:\n\t\tf.appendError(b, v)\n\t\treturn\n\tcase fmt.Stringer:\n\t\tf.appendStringer(b, v)\n\t\treturn\n\t}\n\n// ... existing code ...\n",
		want:    strings.Replace(strings.Replace(file, "f.appendString(b, v.Error())", "f.appendError(b, v)", 1), "f.appendString(b, v.String())", "f.appendStringer(b, v)", 1),
	}, {
		name:    "the arms kept, but a closing brace of theirs dropped",
		content: strings.Replace(file, "\t\tf.appendString(b, v.String())\n", "\t\tif v != nil {\n\t\t\tf.appendString(b, v.String())\n\t\t}\n", 1),
		snippet: "// ... existing code ...\n\t\tf.appendBytes(b, strconv.AppendBool(raw[:0], v))\n\t\treturn\n\tcase error:\n\t\tf.appendError(b, v)\n\t\treturn\n\tcase fmt.Stringer:\n\t\tif v != nil {\n\t\t\tf.appendStringer(b, v)\n\t\treturn\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetNewBesideRuns: a segment whose top is only closing
// brackets reads as new code written below them, or as a rewrite of the
// code above them. Where the rewrite has no line like the file's lines it
// would replace, the new reading deletes nothing and wins; where the new
// code is written like its neighbour, the rewrite would rename the
// neighbour (see renamesBlock), and the new reading wins too.
func TestMergeSnippetNewBesideRuns(t *testing.T) {
	const file = "impl PartialEq for Name<'_> {\n    fn eq(&self, other: &Self) -> bool {\n        self.get() == other.get()\n    }\n}\n\n" +
		"impl PartialOrd for Name<'_> {\n    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {\n        Some(self.cmp(other))\n    }\n}\n\n" +
		"/// The payload of a record.\n///\n/// # Use\npub struct Record {\n    level: Level,\n}\n"
	const hash = "impl std::hash::Hash for Name<'_> {\n    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {\n        self.get().hash(state);\n    }\n}\n\n"
	const ord = "impl Ord for Name<'_> {\n    fn cmp(&self, other: &Self) -> core::cmp::Ordering {\n        self.get().cmp(other.get())\n    }\n}\n\n"
	const doc = "/// The payload of a record.\n///\n/// # Use\n"
	runMergeCases(t, []mergeCase{{
		name:    "new impl unlike the one above: added below it",
		content: file,
		snippet: "// ... existing code ...\n    }\n}\n\n" + hash + doc + "// ... existing code ...\n",
		want:    strings.Replace(file, doc, hash+doc, 1),
	}, {
		name:    "new impl written like the one above, whose name it does not have: added below it",
		content: file,
		snippet: "// ... existing code ...\n    }\n}\n\n" + ord + doc + "// ... existing code ...\n",
		want:    strings.Replace(file, doc, ord+doc, 1),
	}, {
		name:    "runs of one line that says something: refused",
		content: strings.Replace(file, doc, "/// The payload.\n", 1),
		snippet: "// ... existing code ...\n    }\n}\n\n" + hash + "/// The payload.\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetEndsBelow: a segment whose last line is written as a
// new line while the file has it a little below hides a deletion, or
// writes the line twice; a last line the segment rewrites is not new.
func TestMergeSnippetEndsBelow(t *testing.T) {
	// A command reference: each command's help text, then the same
	// headings. The first command's help is long.
	section := func(name, help string) string {
		return "`" + name + "`\n" + strings.Repeat("-", len(name)+2) + "\n\n* `" + name + " [--debug]`\n\n" + help +
			"\n\n### Arguments\n\n#### `shell`\n\nThe shell type.\n\n### Options\n\n#### `--help`\n\nDisplay help.\n\n"
	}
	var long []string
	for i := 1; i <= 30; i++ {
		long = append(long, fmt.Sprintf("Line %d of the long help text about completion scripts.", i))
	}
	reference := section("completion", strings.Join(long, "\n")) + section("help", "Display help for a command") + section("list", "List commands")

	// A type adapter, then helpers further down with the line the snippet
	// rewrites the adapter's last line into.
	var notes []string
	for i := 1; i <= 40; i++ {
		notes = append(notes, fmt.Sprintf("  // Note %d on how the adapters below write their values.", i))
	}
	adapters := "  public static final TypeAdapter<URI> URI = new TypeAdapter<URI>() {\n" +
		"    @Override\n    public void write(JsonWriter out, URI value) throws IOException {\n" +
		"      out.value(value == null ? null : value.toASCIIString());\n    }\n  };\n\n" + strings.Join(notes, "\n") + "\n\n" +
		"  static void writeLocale(JsonWriter out, Locale value) throws IOException {\n" +
		"      out.value(value == null ? null : value.toString());\n  }\n\n" +
		"  static void writeCurrency(JsonWriter out, Currency value) throws IOException {\n" +
		"      out.value(value == null ? null : value.toString());\n  }\n"
	runMergeCases(t, []mergeCase{{
		name:    "a heading the file has further down, written anew: a deletion not shown",
		content: reference,
		snippet: "<!-- ... existing code ... -->\n\n* `completion [--debug]`\n\nDump the shell completion script\n\n### Arguments\n\n<!-- ... existing code ... -->\n",
		err:     editkit.ErrConflict,
	}, {
		name:    "the last line rewritten into one the file has below: merged",
		content: adapters,
		snippet: "  // ... existing code ...\n    @Override\n    public void write(JsonWriter out, URI value) throws IOException {\n" +
			"      out.value(value == null ? null : value.toString());\n    }\n  };\n  // ... existing code ...\n",
		want: strings.Replace(adapters, "toASCIIString", "toString", 1),
	}})
}

// TestMergeSnippetMixedDepths: a segment that re-indents some lines and
// shows others as they stand does not say which depth its anchor has;
// one indented as a whole is read at the file's depth.
func TestMergeSnippetMixedDepths(t *testing.T) {
	const changelog = "CHANGELOG\n=========\n\n6.2\n---\n\n* Improve truecolor detection\n* Add support for 256 colors\n\n" +
		"6.1\n---\n\n * Add support to display tables vertically\n * Add method toString\n"
	runMergeCases(t, []mergeCase{{
		name:    "bullets indented under headings shown as they stand: refused",
		content: changelog,
		snippet: "<!-- ... existing code ... -->\n6.2\n---\n\n * Improve truecolor detection\n * Add support for 256 colors\n * Deprecate calling\n\n6.1\n---\n<!-- ... existing code ... -->\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the whole snippet indented: read at the file's depth",
		content: changelog,
		snippet: "<!-- ... existing code ... -->\n  * Improve truecolor detection\n  * Add support for 256 colors\n  * Deprecate calling\n<!-- ... existing code ... -->\n",
		want:    strings.Replace(changelog, "256 colors\n", "256 colors\n* Deprecate calling\n", 1),
	}})
}

// TestMergeSnippetAlikeSpecs: a spec file of many alike specs, each
// ending with a heredoc's "RUBY" and "end", and snippets without markers.
func TestMergeSnippetAlikeSpecs(t *testing.T) {
	spec := func(name, body string) string {
		return "  it 'does not register an offense for " + name + "' do\n    expect_no_offenses(<<~RUBY)\n      " + body + "\n    RUBY\n  end\n"
	}
	var specs []string
	for i := range 70 {
		specs = append(specs, spec(fmt.Sprintf("attr%d", i), fmt.Sprintf("params.expect(attr%d: [:name%d])", i, i)))
	}
	last := spec("c", "params.permit(c: [:name]).require(:user)")
	file := "RSpec.describe Cop do\n" + strings.Join(specs, "\n") + "\n" + last + "end\n"
	added := spec("d", "params.require(:moderation).permit(policy(Moderation).attributes)") + "\n" +
		spec("e", "permitted = %i[name age]\n      params.require(:user).permit(permitted)") + "\n"
	runMergeCases(t, []mergeCase{{
		name:    "the last spec changed: a piece, though the file has its lines all over; the file's last line stays",
		content: file,
		snippet: strings.Replace(last, "[:name]", "[:name, :age]", 1),
		want:    strings.Replace(file, "permit(c: [:name])", "permit(c: [:name, :age])", 1),
	}, {
		name:    "new specs written like the one above them: added above the next, not laid over older specs",
		content: file,
		snippet: "    RUBY\n  end\n\n" + added + strings.Join(strings.SplitAfter(last, "\n")[:3], ""),
		want:    strings.Replace(file, last, added+last, 1),
	}})
}

// TestMergeSnippetDroppedLeast: a segment that rewrites a function's body
// and ends on the closing brace, a blank line and the next function's
// attribute fits below every function; it ends below the first, where it
// drops least by three lines or more, unless its new lines are mostly the
// file's elsewhere (a copy, or a stretch the segment skips).
func TestMergeSnippetDroppedLeast(t *testing.T) {
	const file = "fn values() -> Vec<Value<'static>> {\n    let v = 1u8.to_value();\n    vec![v, Value::from(true)]\n}\n\n" +
		"mod tests {\n" +
		"    #[test]\n    fn display() {\n" +
		"        assert_eq!(1u8.to_value().to_string(), \"1\");\n" +
		"        assert_eq!(true.to_value().to_string(), \"true\");\n" +
		"        assert_eq!(None::<bool>.to_value().to_string(), \"None\");\n" +
		"        assert_eq!(IpAddr::V6(Ipv6Addr::from_str(\"f33c::1\").unwrap()).to_value().to_string(), \"f33c::1\");\n" +
		"    }\n\n" +
		"    #[test]\n    fn structured() {\n" +
		"        assert_eq!(1u8.to_value().to_token(), Token::U64(1));\n" +
		"        assert_eq!(true.to_value().to_token(), Token::Bool(true));\n" +
		"        assert_eq!('a'.to_value().to_token(), Token::Char('a'));\n" +
		"        assert_eq!(\"s\".to_value().to_token(), Token::Str(\"s\"));\n" +
		"    }\n\n" +
		"    #[test]\n    fn number() {\n        assert!(1u8.to_value().to_u64().is_some());\n    }\n}\n"
	const kept = "        assert_eq!(1u8.to_value().to_string(), \"1\");\n        assert_eq!(true.to_value().to_string(), \"true\");\n"
	const reformatted = "        assert_eq!(\n            IpAddr::V6(Ipv6Addr::from_str(\"f33c::1\").unwrap())\n" +
		"                .to_value()\n                .to_string(),\n            \"f33c::1\"\n        );\n"
	const end = "    }\n\n    #[test]\n"
	from := strings.Index(file, "        assert_eq!(None")
	to := strings.Index(file, end)
	runMergeCases(t, []mergeCase{{
		name:    "a line deleted and one reformatted: the segment ends below that function",
		content: file,
		snippet: "// ... existing code ...\n" + kept + reformatted + end + "// ... existing code ...\n",
		want:    file[:from] + reformatted + file[to:],
	}, {
		name:    "the next place drops two lines more only (an empty function): refused",
		content: file[:strings.Index(file, "        assert_eq!(1u8.to_value().to_token()")] + file[strings.Index(file, "    }\n\n    #[test]\n    fn number"):],
		snippet: "// ... existing code ...\n" + kept + reformatted + end + "// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "new lines the file has above: refused",
		content: file,
		snippet: "// ... existing code ...\n" + kept + "        let v = 1u8.to_value();\n        vec![v, Value::from(true)]\n" + end + "// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetDroppedLeastOneLine: the segment's top run holds one
// line that says something, a function's first line the file has once; a
// test rewritten from its first line to its unmarshalling, which ends as
// the next test's unmarshalling does, ends in the first test: further down
// it would drop the rest of the first test and the next one's first lines.
// Under a first line of two words ("func Condition() {"), the tie stands.
func TestMergeSnippetDroppedLeastOneLine(t *testing.T) {
	test := func(name, report, field string) string {
		return "func " + name + " {\n\tlogrus.SetReportCaller(" + report + ")\n\tformatter := &logrus.JSONFormatter{}\n\n" +
			"\tb, err := formatter.Format(logrus.WithField(\"func\", \"howdy pardner\"))\n\tif err != nil {\n\t\tt.Fatal(\"Unable to format entry: \", err)\n\t}\n\n" +
			"\tentry := make(map[string]any)\n\terr = json.Unmarshal(b, &entry)\n\tif err != nil {\n\t\tt.Fatal(\"Unable to unmarshal formatted entry: \", err)\n\t}\n\n" +
			"\tif entry[\"" + field + "\"] != \"howdy pardner\" {\n\t\tt.Fatal(\"" + field + " field not kept\")\n\t}\n}\n"
	}
	const rewritten = "\tvar buf bytes.Buffer\n\n\tlogger := logrus.New()\n\tlogger.SetOutput(&buf)\n\tlogger.SetFormatter(&logrus.JSONFormatter{})\n\tlogger.SetReportCaller(false)\n\n" +
		"\tlogger.WithField(\"func\", \"howdy pardner\").Info(\"\")\n\n\tvar entry map[string]any\n\tif err := json.Unmarshal(buf.Bytes(), &entry); err != nil {\n\t\tt.Fatal(\"Unable to unmarshal formatted entry: \", err)\n\t}\n\n"
	file := func(first string) string {
		return "package logrus_test\n\nfunc TestTime(t *testing.T) {\n\tcheckTime(t)\n}\n\n" + test(first, "false", "func") + "\n" + test("TestFieldClashWithCaller(t *testing.T)", "true", "fields.func")
	}
	snippet := func(first string) string {
		return "// ... existing code ...\n}\n\nfunc " + first + " {\n" + rewritten + "// ... existing code ...\n"
	}
	const first = "TestFieldDoesNotClashWithCaller(t *testing.T)"
	old := file(first)
	from := strings.Index(old, "\tlogrus.SetReportCaller(false)")
	to := strings.Index(old, "\tif entry[\"func\"]")
	runMergeCases(t, []mergeCase{{
		name:    "a test's first line: the segment ends in that test",
		content: old,
		snippet: snippet(first),
		want:    old[:from] + rewritten + old[to:],
	}, {
		name:    "a first line of two words: refused",
		content: file("Condition()"),
		snippet: snippet("Condition()"),
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetTwiceShortWords: a changelog snippet of two windows
// joined without the marker between them (a new release's notes with the
// heading and first bullet of the release below, then bullets from much
// further down) writes that heading and bullet again far from where the
// file has them; the words of those lines are short, and they are still
// looked up.
func TestMergeSnippetTwiceShortWords(t *testing.T) {
	var b strings.Builder
	b.WriteString("# 1.6.0\nFixes:\n  * end of line cleanup\n  * revert the entry concurrency fix\n\nFeatures:\n  * an option to disable quoting\n\n")
	for v := 5; v >= 4; v-- {
		fmt.Fprintf(&b, "# 1.%d.0\nBug fixes:\n", v)
		for i := range 8 {
			fmt.Fprintf(&b, "  * fix number %d of release %d\n", i, v)
		}
		b.WriteString("\n")
	}
	b.WriteString("# 1.3.0\nThis new release introduces:\n  * Log functions that take a Level\n\n" +
		"Fixes:\n  * Building on AIX\n  * Race condition in TextFormatter\n  * Travis CI import path\n  * Properly marshal Levels\n\n" +
		"# 1.2.0\nThis new release introduces:\n  * A new method `SetReportCaller` in the `Logger`\n  * A new trace level named `Trace`\n" +
		"  * A configurable exit function\n  * The `Level` object implements `TextUnmarshaler`\n\n# 1.1.1\nThis is a bug fix release.\n")
	file := b.String()
	snippet := "<!-- ... existing code ... -->\n# 1.7.0\nFixes:\n  * the dependency toward a windows terminal library has been removed\n\n" +
		"Features:\n  * a new buffer pool management API has been added\n\n" +
		"# 1.6.0\nFixes:\n  * end of line cleanup\n  * A new method `SetReportCaller` in the `Logger`\n  * A new trace level named `Trace`\n" +
		"  * A configurable exit function\n  * The `Level` object implements `TextUnmarshaler`\n<!-- ... existing code ... -->\n"
	checkMerge(t, file, snippet, "", editkit.ErrConflict)
}

// TestMergeSnippetDepthOfTheSnippet: a segment whose lines the file has
// twice, once at the depth the segment before it was placed at and once
// shifted, goes where the depth agrees; a snippet's last segment with no
// marker below, whose run stops short of the file's end by as many lines
// as the segment has left, ends where the file does.
func TestMergeSnippetDepthOfTheSnippet(t *testing.T) {
	const head = "package gin\n\nfunc TestRecovery(t *testing.T) {\n\tfor _, code := range codes {\n\t\tt.Run(name, func(t *testing.T) {\n\t\t\trouter := New()\n"
	const request = "w := PerformRequest(router, http.MethodGet, \"/recovery\")\n"
	const check = "assert.Equal(t, code, w.Code)\n"
	const file = head + "\t\t\t" + request + "\t\t\t" + check + "\t\t})\n\t}\n}\n\n" +
		"func TestRecoveryOnce(t *testing.T) {\n\trouter := New()\n\t" + request + "\t" + check + "}\n"
	const added = "\t\t\tassert.NotEmpty(t, w.Body)\n"
	segment := func(depth string) string {
		return depth + request + depth + check + added + "\t\t})\n"
	}
	at := strings.Index(file, "\t\t})\n")
	const bench = "func doBenchmark(b *testing.B, f Formatter) {\n\td, err := f.Format(entry)\n\tif err != nil {\n\t\tb.Fatal(err)\n\t}\n" +
		"\tb.SetBytes(int64(len(d)))\n\tfor range b.N {\n\t\td, err = f.Format(entry)\n\t\tif err != nil {\n\t\t\tb.Fatal(err)\n\t\t}\n\t}\n\tsink = d\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "the place at the snippet's depth",
		content: file,
		snippet: "// ... existing code ...\nfunc TestRecovery(t *testing.T) {\n\tfor _, code := range allCodes {\n\t\tt.Run(name, func(t *testing.T) {\n\t\t\t// ... existing code ...\n" + segment("\t\t\t") + "// ... existing code ...\n",
		want:    strings.Replace(file[:at], "range codes", "range allCodes", 1) + added + file[at:],
	}, {
		name:    "both places at another depth than the segment before: refused",
		content: file,
		snippet: "// ... existing code ...\nfunc TestRecovery(t *testing.T) {\n\tfor _, code := range allCodes {\n\t\tt.Run(name, func(t *testing.T) {\n\t\t\t// ... existing code ...\n" + segment("\t\t") + "// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the run at the snippet's depth holds one line: refused",
		content: file,
		snippet: "// ... existing code ...\nfunc TestRecovery(t *testing.T) {\n\tfor _, code := range allCodes {\n\t\tt.Run(name, func(t *testing.T) {\n\t\t\t// ... existing code ...\n\t\t\t" + check + added + "\t\t})\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "no marker below: the segment ends where the file does",
		content: bench,
		snippet: "// ... existing code ...\nfunc doBenchmark(b *testing.B, f Formatter) {\n\t// ... existing code ...\n\t\t\tb.Fatal(err)\n\t\t}\n\t}\n\truntime.KeepAlive(d)\n}\n",
		want:    strings.Replace(bench, "\tsink = d\n", "\truntime.KeepAlive(d)\n", 1),
	}})
}

// TestMergeSnippetAppends: a last segment, with a marker above it and
// none below, that starts with the file's last lines and goes on with a
// new function may add it at the file's end, or rewrite an earlier
// function whose lines it shares: the two readings tie. A new test that
// copies two lines of one further up (a request and its assert), among
// lines of its own, is added at the end: the copy is new code (see
// twice), not the other test's lines rewritten.
func TestMergeSnippetAppends(t *testing.T) {
	const file = "func indexRef(runes []rune, r rune) int {\n\tfor i, c := range runes {\n\t\tif c == r {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n\n" +
		"func lastIndexFoldRef(runes []rune, b byte) int {\n\tlower, upper := rune(b), rune(b-32)\n\tfor i := len(runes) - 1; i >= 0; i-- {\n\t\tif runes[i] == lower || runes[i] == upper {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n"
	const added = "\nfunc lastIndexRef(runes []rune, r rune) int {\n\tfor i := len(runes) - 1; i >= 0; i-- {\n\t\tif runes[i] == r {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n"
	var b strings.Builder
	b.WriteString("func TestIsColor(t *testing.T) {\n\tForceColor()\n\tassert.True(t, isColor())\n\n\t// reset the color mode.\n\tmode = autoColor\n}\n")
	for _, name := range []string{"Logged", "Skipped", "Status"} {
		fmt.Fprintf(&b, "\nfunc Test%s(t *testing.T) {\n\tbuffer := new(strings.Builder)\n\trouter := New()\n\trouter.Use(Logger(buffer, %[1]sOption))\n"+
			"\tPerformRequest(router, \"GET\", \"/%[1]s\")\n\tassert.Contains(t, buffer.String(), \"200\")\n}\n", name)
	}
	b.WriteString("\nfunc TestForceColor(t *testing.T) {\n\tForceColor()\n\tassert.Equal(t, forceColor, mode)\n\n\t// reset the color mode.\n\tmode = autoColor\n}\n")
	const test = "\nfunc TestSkipQuery(t *testing.T) {\n\tbuffer := new(strings.Builder)\n\trouter := New()\n\trouter.Use(Logger(buffer, SkipQueryOption))\n" +
		"\tPerformRequest(router, \"GET\", \"/Logged\")\n\tassert.Contains(t, buffer.String(), \"200\")\n\tassert.NotContains(t, buffer.String(), \"a=21\")\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "a new function like the last one",
		content: file,
		snippet: "\t// ... existing code ...\n\t}\n\treturn -1\n}\n" + added,
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a new test that copies lines of one further up",
		content: b.String(),
		snippet: "// ... existing code ...\n\t// reset the color mode.\n\tmode = autoColor\n}\n" + test,
		want:    b.String() + test,
	}})
}

// TestMergeSnippetAppendsAfterBrackets: a last segment, with a marker
// above it and none below, that starts with the closing brackets the file
// ends with and goes on with a new test is added at the file's end, though
// the new test's lines are those of the tests above, each a place the
// segment fits as well: with no marker below it, the segment ends where
// the file does. The same snippet for a file that ends otherwise is
// refused.
func TestMergeSnippetAppendsAfterBrackets(t *testing.T) {
	body := func(name string) string {
		return "\nfunc Test" + name + "(t *testing.T) {\n\ttree := &node{}\n\tfor _, route := range routes" + name + " {\n\t\trecv := catchPanic(func() {\n\t\t\ttree.addRoute(route, fakeHandler(route))\n\t\t})\n" +
			"\t\tif recv != nil {\n\t\t\tt.Fatalf(\"panic inserting route '%s': %v\", route, recv)\n\t\t}\n\t}\n}\n"
	}
	var file strings.Builder
	file.WriteString("package gin\n")
	for _, name := range []string{"Static", "Param", "Wildcard", "Catchall", "Priority", "Conflict"} {
		file.WriteString(body(name))
	}
	file.WriteString("\nfunc TestPanicMessage(t *testing.T) {\n\tfor _, route := range conflicts {\n\t\tif recv := catchPanic(func() { tree.addRoute(route, nil) }); recv == nil {\n\t\t\tt.Fatalf(\"no panic for %q\", route)\n\t\t}\n\t}\n}\n")
	snippet := "// ... existing code ...\n\t\t}\n\t}\n}\n" + body("CaseInsensitive")
	runMergeCases(t, []mergeCase{{
		name:    "at the end",
		content: file.String(),
		snippet: snippet,
		want:    file.String() + body("CaseInsensitive"),
	}, {
		name:    "a file that ends otherwise: refused",
		content: file.String() + "\nfunc last() {}\n",
		snippet: snippet,
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetContinuationLines: continuation lines aligned under a
// call's bracket, 21 columns deep in a file indented by two, do not make
// the snippet's step of indentation: read with a step of 17, every depth
// of the segment was off, its runs stopped at the first continuation and
// its closing bracket was left out of the lines it replaces.
func TestMergeSnippetContinuationLines(t *testing.T) {
	const file = "static int str_packsize (lua_State *L) {\n  size_t totalsize = 0;\n  while (*fmt != '\\0') {\n    size_t size;\n" +
		"    luaL_argcheck(L, opt != Kstring && opt != Kzstr, 1,\n                     \"variable-length format\");\n" +
		"    size += ntoalign;  /* total space used by option */\n    luaL_argcheck(L, totalsize <= LUA_MAXINTEGER - size,\n" +
		"                     1, \"format result too large\");\n    totalsize += size;\n  }\n  lua_pushinteger(L, cast_st2S(totalsize));\n  return 1;\n}\n"
	const snippet = "    // ... existing code ...\n    luaL_argcheck(L, opt != Kstring && opt != Kzstr, 1,\n                     \"variable-length format\");\n" +
		"    size += ntoalign;  /* total space used by option */\n    luaL_argcheck(L, totalsize <= MAX_SIZE - size,\n" +
		"                     1, \"format result too large\");\n    totalsize += size;\n  }\n  // ... existing code ...\n"
	checkMerge(t, file, snippet, strings.Replace(file, "LUA_MAXINTEGER", "MAX_SIZE", 1), nil)
}

// TestMergeSnippetRustAttribute: a Rust attribute spread over lines,
// "#[cfg_attr(" … ")]", is code: deleted between the closing brackets that
// start the segment and the test below, it closes what it opens, so the
// segment's top brackets are the file's above it. (Read as a comment, its
// first line left ")]" closing what nothing opened, and the segment was
// refused.)
func TestMergeSnippetRustAttribute(t *testing.T) {
	const test = "#[test]\nfn write_shutdown() {\n    init();\n    let mut poll = Poll::new().unwrap();\n    poll.poll(&mut events, None).unwrap();\n}\n"
	const file = "fn expect_events(poll: &mut Poll) {\n    for event in events.iter() {\n        if event.token() == Token(0) {\n            found = true;\n        }\n    }\n}\n\n" +
		"#[cfg_attr(\n    target_os = \"wasi\",\n    ignore = \"temporarily disabled for WASI\"\n)]\n" + test
	const snippet = "        // ... existing code ...\n        }\n    }\n}\n\n#[test]\nfn write_shutdown() {\n    init();\n    // ... existing code ...\n"
	checkMerge(t, file, snippet, strings.Replace(file, "#[cfg_attr(\n    target_os = \"wasi\",\n    ignore = \"temporarily disabled for WASI\"\n)]\n", "", 1), nil)
}

// TestMergeSnippetLineInLine: a function rewritten from its first lines
// down, the last line that says something the file's too, at the very
// line the segment's top run puts it: that line is where the segment
// fits, not elsewhere, though the lines around it changed.
func TestMergeSnippetLineInLine(t *testing.T) {
	const head = "class Detector {\n  private static void checkTag(JavaContext context, Call call) {\n    String tag = call.getTag();\n    if (tag.length() > 23) {\n" +
		"      context.report(ISSUE_TAG_LENGTH, call, \"The logging tag can be at most 23 characters\");\n    }\n  }\n\n"
	const oldFunc = "  private static void checkExceptionLogging(JavaContext context, Call call) {\n    Expression[] arguments = call.getArguments();\n\n" +
		"    if (arguments.length > 1) {\n      boolean isFirstParameterThrowable = isSubclassOf(context, arguments[0], Throwable.class);\n\n" +
		"      if (isFirstParameterThrowable) {\n        Expression secondArgument = arguments[1];\n        String secondArgAsString = evaluateString(context, secondArgument, true);\n" +
		"        if (secondArgAsString == null || secondArgAsString.isEmpty()) {\n          context.report(ISSUE_EXCEPTION_LOGGING, secondArgument, context.getLocation(secondArgument),\n" +
		"              \"Use single-argument log method instead of null/empty message\");\n        }\n      }\n    }\n  }\n"
	const newFunc = "  private static void checkExceptionLogging(JavaContext context, Call call) {\n    Expression[] arguments = call.getArguments();\n\n" +
		"    if (arguments.length > 1 && isSubclassOf(context, arguments[0], Throwable.class)) {\n      Expression secondArgument = arguments[1];\n      // The message, evaluated.\n\n" +
		"      String s = evaluateString(context, secondArgument, true);\n      if (s == null || s.isEmpty()) {\n" +
		"        context.report(ISSUE_EXCEPTION_LOGGING, secondArgument, context.getLocation(secondArgument),\n          // an aligned note\n" +
		"            \"Use single-argument log method instead of null/empty message\");\n      }\n    }\n  }\n"
	const tail = "\n  private static void checkArguments(JavaContext context, Call call) {\n    int count = call.getArgumentCount();\n    if (count == 0) {\n      return;\n    }\n  }\n}\n"
	checkMerge(t, head+oldFunc+tail, "  // ... existing code ...\n"+newFunc+"  // ... existing code ...\n", head+newFunc+tail, nil)
}

// TestMergeSnippetFileStepWider: a code block in a README indented by
// two, in a file whose lists step by four. Lines at the file's own
// indentation are at its depth whatever the steps: read with the file's
// step of four against the snippet's two, the block's lines stopped the
// runs at each change of depth and the segment had nothing to place it.
func TestMergeSnippetFileStepWider(t *testing.T) {
	const list = "## Download\n\n*   Gradle:\n\n    ```groovy\n    implementation 'com.jakewharton.timber:timber:5.0.1'\n    ```\n\n*   Maven:\n\n" +
		"    ```xml\n    <dependency>\n        <groupId>com.jakewharton.timber</groupId>\n        <artifactId>timber</artifactId>\n    </dependency>\n    ```\n\n"
	block := func(call string) string {
		return "Snapshots of the development version are in Sonatype's snapshots repository.\n\n```groovy\nrepositories {\n  " + call +
			"\n  maven {\n    url 'https://oss.sonatype.org/content/repositories/snapshots/'\n  }\n}\n```\n"
	}
	const snippet = "<!-- ... existing code ... -->\n\n```groovy\nrepositories {\n  mavenCentral()\n  maven {\n    url 'https://oss.sonatype.org/content/repositories/snapshots/'\n  }\n<!-- ... existing code ... -->\n"
	checkMerge(t, list+block("mavenCental()"), snippet, list+block("mavenCentral()"), nil)
}

// TestMergeSnippetDirectiveAtMargin: C#'s "#if" stands at the margin in
// code four deep; counted, its two changes of eight made the snippet's step
// eight, the segment's closing brackets read a level off and were left out
// of the lines it replaces.
func TestMergeSnippetDirectiveAtMargin(t *testing.T) {
	test := func(cond string) string {
		return "namespace Tests\n{\n    public class ReaderTests\n    {\n        [Test]\n        public void ReadInt32Overflow()\n        {\n" +
			"            for (int i = 0; i < 2; i++)\n            {\n                reader.ReadAsInt32();\n            }\n        }\n\n" +
			"#if !(NET20 || NET35 || PORTABLE) || " + cond + "\n        [Test]\n        public void ReadInt64Overflow()\n        {\n" +
			"            BigInteger i = new BigInteger(long.MaxValue);\n        }\n#endif\n    }\n}\n"
	}
	const snippet = "            // ... existing code ...\n            }\n        }\n\n#if !(NET20 || NET35 || PORTABLE) || NETSTANDARD2_0\n" +
		"        [Test]\n        public void ReadInt64Overflow()\n        {\n        // ... existing code ...\n"
	checkMerge(t, test("NETSTANDARD1_3 || NETSTANDARD2_0"), snippet, test("NETSTANDARD2_0"), nil)
}

// TestMergeSnippetAppendsNewLines: a segment below a marker, none below
// it, that starts with the closing brackets the file ends with and goes on
// with lines the file has nowhere (a new type and test after the last
// test) has nothing else to place it by: its first lines, three or more,
// aligned with the file's last ones, make it an append. A file that ends
// otherwise has no place for it, nor one whose last lines are the
// segment's first only read a level off.
func TestMergeSnippetAppendsNewLines(t *testing.T) {
	const file = "package slog_test\n\nfunc TestLevels(t *testing.T) {\n\tfor _, tc := range cases {\n\t\tt.Run(tc.name, func(t *testing.T) {\n" +
		"\t\t\trequire.NoError(t, hook.Fire(entry))\n\t\t})\n\t}\n}\n"
	const added = "\ntype errorHandler struct{}\n\nfunc (h *errorHandler) Handle(context.Context, slog.Record) error {\n\treturn errors.New(\"boom\")\n}\n"
	snippet := "\t\t// ... existing code ...\n\t\t})\n\t}\n}\n" + added
	// A spec with "end" too often in it to place a segment by, that ends
	// with four: the segment's three, read a level up, reach its end, and
	// the segment's own last "end" would stand left of the margin.
	var spec strings.Builder
	spec.WriteString("describe Thor::Option do\n  describe \"#usage\" do\n")
	for n := range 70 {
		fmt.Fprintf(&spec, "    it \"case %d\" do\n      expect(parse(%d).usage).to eq(%d)\n    end\n", n, n, n)
	}
	spec.WriteString("    context \"with aliases\" do\n      it \"lists them\" do\n        expect(parse([:foo, :f]).usage).to eq(\"-f, --foo\")\n      end\n    end\n  end\nend\n")
	runMergeCases(t, []mergeCase{{
		name:    "at the end",
		content: file,
		snippet: snippet,
		want:    file + added,
	}, {
		name:    "a file that ends otherwise: refused",
		content: file + "\nfunc last() {}\n",
		snippet: snippet,
		err:     editkit.ErrNotFound,
	}, {
		name:    "closing lines that are the file's last only a level off: refused",
		content: spec.String(),
		snippet: "      # ... existing code ...\n      end\n    end\n  end\n\n  describe \"#print_default\" do\n    it \"prints true\" do\n      expect(option(:foo).print_default).to eq(true)\n    end\n  end\nend\n",
		err:     editkit.ErrNotFound,
	}})
}

// TestMergeSnippetAboveLastLines: new lines between the closing brackets
// of the file's last function and its last lines, with no marker below,
// are placed by both: the brackets above the new lines are the file's just
// above its last lines. (New lines with only the file's last lines below
// them, a header's "#endif", are refused: see
// TestMergeSnippetRefusalMessages.)
func TestMergeSnippetAboveLastLines(t *testing.T) {
	const head = "(function(root, factory) {\n  root.Backbone = factory(root, {});\n})(this, function(root, Backbone) {\n\n" +
		"  var wrapError = function(model, options) {\n    var error = options.error;\n    options.error = function(resp) {\n      if (error) error.call(options.context, model, resp, options);\n    };\n  };\n"
	const tail = "\n  return Backbone;\n});\n"
	const added = "\n  // Provide useful information when things go wrong.\n  Backbone.debugInfo = function() {\n    var info = {backbone: Backbone.VERSION};\n" +
		"    console.debug('Backbone debug info: ', JSON.stringify(info, null, 4));\n    return info;\n  };\n"
	checkMerge(t, head+tail, "  // ... existing code ...\n    };\n  };\n"+added+tail, head+added+tail, nil)
}

// TestMergeSnippetPastTheEnd: a function appended after the file's last
// one, its segment starting with that one's closing lines and ending as a
// function further up does. Its anchor is its first lines, the file's
// last; its last lines, which the file has once further up, are new: the
// segment reaches past the file's end, and no marker stands below it.
// Lines it shares with a function above, a block of them, are a copy:
// the file has them above the lines the segment keeps, a function away,
// where no marker forgotten over a stretch puts them (see
// TestMergeSnippetCopyAcross).
func TestMergeSnippetPastTheEnd(t *testing.T) {
	const clean = "func clean(p string) string {\n\t// A buffer sized for the common case.\n\tbuf := make([]byte, 0, len(p))\n\tw := 0\n" +
		"\tfor r := 0; r < len(p); r++ {\n\t\tbuf = append(buf, p[r])\n\t\tw++\n\t}\n\treturn string(buf[:w])\n}\n"
	const file = "package path\n\n" + clean + "\nfunc put(b []byte, w int, c byte) {\n\tif b[w] == c {\n\t\treturn\n\t}\n\tb[w] = c\n}\n"
	const top = "// ... existing code ...\n\t}\n\tb[w] = c\n}\n"
	squeeze := func(v string) string {
		return "\nfunc squeeze(" + v + " string, c byte) string {\n\t// A buffer sized for the common case.\n\tbuf := make([]byte, 0, len(" + v + "))\n\tw := 0\n" +
			"\tfor r := 0; r < len(" + v + "); r++ {\n\t\tif r == 0 || " + v + "[r] != c || " + v + "[r-1] != c {\n\t\t\tbuf = append(buf, " + v + "[r])\n\t\t\tw++\n\t\t}\n\t}\n\treturn string(buf[:w])\n}\n"
	}
	runMergeCases(t, []mergeCase{{
		name:    "a function appended, ending as one above",
		content: file,
		snippet: top + squeeze("s"),
		want:    file + squeeze("s"),
	}, {
		name:    "a function appended, repeating a block of one above",
		content: file,
		snippet: top + squeeze("p"),
		want:    file + squeeze("p"),
	}, {
		name:    "the same lines before a marker",
		content: file,
		snippet: top + squeeze("s") + "// ... existing code ...\n",
		err:     editkit.ErrConflict,
	}})
}

// TestMergeSnippetOffDepth: a test rewritten without its "with" block,
// its body a level less deep, in a segment that starts with the last line
// of the test above it. That line ends the rewritten test too, at the old
// depth: placed there, the new test would be written inside the old one.
// The segment before it was placed at the snippet's own depth, where the
// file has the line above, so which place is meant is not clear. Written
// with the block kept, at the file's depth, the same change merges.
func TestMergeSnippetOffDepth(t *testing.T) {
	body := func(indent, arg string) string {
		var b strings.Builder
		for i := range 30 {
			fmt.Fprintf(&b, "%sstep_%d(%s)\n", indent, i, arg)
		}
		return b.String()
	}
	const head = "import click\n\n\ndef test_a(runner):\n    x = 1\n    assert result.exception is None\n\n\n"
	file := head + "def test_b(runner):\n    with runner.isolated_filesystem():\n" + body("        ", "runner") +
		"        assert result.exception is None\n        assert done\n"
	const top = "# ... existing code ...\ndef test_a(runner):\n    x = 1\n# ... existing code ...\n    assert result.exception is None\n\n\n"
	runMergeCases(t, []mergeCase{{
		name:    "the body a level less deep",
		content: file,
		snippet: top + "def test_b(tmp_path):\n" + body("    ", "tmp_path") + "    assert result.exception is None\n    assert done\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the body at the file's depth",
		content: file,
		snippet: top + "def test_b(tmp_path):\n    with runner.isolated_filesystem():\n" + body("        ", "tmp_path") +
			"        assert result.exception is None\n        assert done\n",
		want: head + "def test_b(tmp_path):\n    with runner.isolated_filesystem():\n" + body("        ", "tmp_path") +
			"        assert result.exception is None\n        assert done\n",
	}})
}

// TestMergeSnippetPageRewritten: a snippet without markers that rewrites
// a page line by line, its title (the file's first line) and two commands
// kept, is the page's new text; one that keeps only the title, or the
// title and one command, is refused: a line or two in common are no
// evidence that the page is this file's.
func TestMergeSnippetPageRewritten(t *testing.T) {
	const file = "# tar\n\n> Archiving utility.\n> Often combined with a compression method.\n\n" +
		"- Create an archive from files:\n\n`tar cf {{target.tar}} {{file1 file2}}`\n\n" +
		"- Extract an archive in the current directory:\n\n`tar xf {{source.tar}}`\n\n" +
		"- List the contents of an archive:\n\n`tar tvf {{source.tar}}`\n"
	page := func(create, extract string) string {
		return "# tar\n\n> Utilidad de archivado.\n> A menudo combinada con un método de compresión.\n\n" +
			"- Crea un archivo a partir de ficheros:\n\n" + create + "\n\n" +
			"- Extrae un archivo en el directorio actual:\n\n" + extract + "\n\n" +
			"- Lista el contenido de un archivo:\n\n`tar tvf {{origen.tar}}`\n"
	}
	const create, extract = "`tar cf {{target.tar}} {{file1 file2}}`", "`tar xf {{source.tar}}`"
	runMergeCases(t, []mergeCase{{
		name:    "title and two commands kept",
		content: file,
		snippet: page(create, extract),
		want:    page(create, extract),
	}, {
		name:    "title and one command kept",
		content: file,
		snippet: page("`tar cf {{destino.tar}} {{fichero1 fichero2}}`", extract),
		err:     editkit.ErrNotFound,
	}, {
		name:    "only the title kept",
		content: file,
		snippet: page("`tar cf {{destino.tar}} {{fichero1 fichero2}}`", "`tar xf {{origen.tar}}`"),
		err:     editkit.ErrNotFound,
	}})
}

// TestMergeSnippetFoldedTie: a new shell function written like the one
// above it, between that one's last lines and the script's next command,
// reads as a rewrite of that function (its top on the end of the function
// before) and as new lines after it (its bottom lines then also fit that
// function's end: a folded place). A later segment that fits after either
// does not settle which.
func TestMergeSnippetFoldedTie(t *testing.T) {
	body := func(press, release string) string {
		return "{\n\tscol=\"$1\"\n\tsrow=\"$2\"\n\n" +
			"\tseq=$(printf '\\033[<" + press + ";%s;%sM' \"$scol\" \"$srow\")\n\t$TMUX2 send-keys -t \"$OUTER\" -l \"$seq\" 2>/dev/null\n\tsleep 0.2\n" +
			"\tseq=$(printf '\\033[<" + release + ";%s;%sm' \"$scol\" \"$srow\")\n\t$TMUX2 send-keys -t \"$OUTER\" -l \"$seq\" 2>/dev/null\n\tsleep 1\n}\n"
	}
	const run = "cleanup\n\ncheck_ok new-session -d -s modal -x 80 -y 24 'cat'\np0=$(fmt modal:0 '#{pane_id}')\n"
	const tail = "\ncheck_ok kill-pane -t \"$p0\"\nmust_equal \"$(fmt modal:0 '#{window_panes}')\" 1\n"
	file := "#!/bin/sh\n\nclick()\n" + body("0", "0") + "\ndrag()\n" + body("32", "0") + "\n" + run + numbered("check_ok send-keys -t \"$p0\" x", 30) + tail
	snippet := "# ... existing code ...\n\tsleep 1\n}\n\nmeta_drag()\n" + body("40", "8") + "\n" + run + "# ... existing code ...\n" +
		"check_ok kill-pane -t \"$p0\"\nmust_equal \"$(fmt modal:0 '#{window_panes}')\" 0\n"
	runMergeCases(t, []mergeCase{{
		name:    "a function like the one above, before the next command",
		content: file,
		snippet: snippet,
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetStartsAbove: two windows of a changelog joined without
// the marker between them — a new section above the latest release's
// heading, then bullets from 40 lines down — place by the bullets, and
// would write the heading, whose words are short, a second time.
func TestMergeSnippetStartsAbove(t *testing.T) {
	file := changelog(9, 6, 12,
		func(v int) string { return fmt.Sprintf("5.%d.0 / 2025-0%d-01\n==================\n", v, v) },
		func(v, i int) string { return fmt.Sprintf("* deps: pkg%d@^%d.%d.0", i, v, i) })
	runMergeCases(t, []mergeCase{{
		name:    "the heading 45 lines above",
		content: file,
		snippet: "<!-- ... existing code ... -->\n# Unreleased\n\n* Improve the redirect page\n\n5.9.0 / 2025-09-01\n==================\n\n" +
			"* deps: pkg3@^6.3.0\n* deps: pkg4@^6.4.0\n* deps: pkg5@^6.5.0\n<!-- ... existing code ... -->\n",
		err: editkit.ErrConflict,
	}, {
		name:    "the heading where the section goes",
		content: file,
		snippet: "# Unreleased\n\n* Improve the redirect page\n\n5.9.0 / 2025-09-01\n==================\n\n* deps: pkg0@^9.0.0\n<!-- ... existing code ... -->\n",
		want:    "# Unreleased\n\n* Improve the redirect page\n\n" + file,
	}})
}

// TestMergeSnippetTwiceNumbers: a release heading's words are short, but
// its numbers make it a line the file has once; written anew by two
// windows of a changelog joined, it would stand twice.
func TestMergeSnippetTwiceNumbers(t *testing.T) {
	file := "# Changelog\n\n" + changelog(18, 14, 10,
		func(v int) string { return fmt.Sprintf("## v1.%d.0 (2025-0%d-14)\n\n### Enhancements\n", v, v%9+1) },
		func(v, i int) string { return fmt.Sprintf("  * [Plug.Part%d] Change number %d of release %d", i, i, v) })
	runMergeCases(t, []mergeCase{{
		name:    "the heading of a release 60 lines down, after the new one",
		content: file,
		snippet: "<!-- ... existing code ... -->\n# Changelog\n\n## v1.19.0 (2025-07-01)\n\n### Enhancements\n\n  * [Plug.Debugger] Leave code out of rendered markdown\n\n" +
			"## v1.18.0 (2025-01-14)\n\n### Enhancements\n## v1.14.0 (2025-06-14)\n\n### Enhancements\n\n<!-- ... existing code ... -->\n",
		err: editkit.ErrConflict,
	}})
}

// changelog is releases newest down to oldest, each its heading (head),
// a blank line, n bullets and a blank line.
func changelog(newest, oldest, n int, head func(v int) string, bullet func(v, i int) string) string {
	var b strings.Builder
	for v := newest; v >= oldest; v-- {
		b.WriteString(head(v) + "\n")
		for i := range n {
			b.WriteString(bullet(v, i) + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// buffer is a small Go file: a type, a method with a doc comment of two
// lines and a body, and a last method.
const buffer = "package buf\n\n// Buffer holds bytes.\ntype Buffer struct {\n\tdata []byte\n}\n\n" +
	"// Grow grows the buffer's capacity\n// by at least n bytes.\nfunc (b *Buffer) Grow(n int) {\n\tb.check()\n\tif n < 0 {\n\t\tpanic(\"buf: negative count\")\n\t}\n\tb.data = slices.Grow(b.data, n)\n}\n\n" +
	"// Len returns the number of bytes held.\nfunc (b *Buffer) Len() int {\n\treturn len(b.data)\n}\n"

// TestMergeSnippetChangedOpener: a segment whose line next to a marker is
// a function's first line, changed. Written next to the old one, it would
// open a function with no body: it replaces it. A line that opens nothing,
// or not what the file's line opens, or that only that line places, may
// be either, and is refused.
func TestMergeSnippetChangedOpener(t *testing.T) {
	register := "func init() {\n\tregister(\"open\", start)\n\tregister(\"init\", setup)\n\tregister(\"create\", func(x int) int {\n\t\treturn x + 1\n\t})\n\tregister(\"delete\", remove)\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "the first line after a marker, its body below",
		content: buffer,
		snippet: "// ... existing code ...\nfunc (b *Buffer) Grow(n int) error {\n\tb.check()\n\tif n < 0 {\n\t\treturn errors.New(\"buf: negative count\")\n\t}\n\t// ... existing code ...\n}\n// ... existing code ...\n",
		want:    strings.Replace(strings.Replace(buffer, "Grow(n int) {", "Grow(n int) error {", 1), "panic(\"buf: negative count\")", "return errors.New(\"buf: negative count\")", 1),
	}, {
		name:    "the last line before a marker that stands for its body",
		content: buffer,
		snippet: "// ... existing code ...\n\tb.data = slices.Grow(b.data, n)\n}\n\n// Len returns the number of bytes held.\nfunc (b *Buffer) Len() (n int) {\n// ... existing code ...\n",
		want:    strings.Replace(buffer, "Len() int {", "Len() (n int) {", 1),
	}, {
		name:    "a Python function's first line, above a body of one line",
		content: "HOOKS = [\"response\"]\n\n\ndef default_hooks():\n    return {event: [] for event in HOOKS}\n\n\ndef dispatch(key, hooks):\n    return hooks.get(key)\n",
		snippet: "# ... existing code ...\ndef default_hooks(extra=()):\n    return {event: [] for event in HOOKS}\n# ... existing code ...\n",
		want:    "HOOKS = [\"response\"]\n\n\ndef default_hooks(extra=()):\n    return {event: [] for event in HOOKS}\n\n\ndef dispatch(key, hooks):\n    return hooks.get(key)\n",
	}, {
		name:    "a call that no longer opens the function it took",
		content: register,
		snippet: "// ... existing code ...\n\tregister(\"open\", start)\n\tregister(\"init\", setup)\n\tregister(\"create\", nil)\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name: "a new method where a type's first line stands",
		content: "// NotFound is a search that failed.\ntype NotFound struct {\n\terr  error\n\tname string\n}\n\n" +
			"// Error returns the formatted error.\nfunc (e NotFound) Error() string {\n\treturn nf.err.Error()\n}\n\nfunc (nf NotFound) lookup() {\n\treturn\n}\n\n" +
			"// Missing is a file that is not there.\ntype Missing struct {\n\tpath string\n}\n\nfunc (m Missing) lookup() {\n\treturn\n}\n",
		snippet: "// ... existing code ...\n\nfunc (e NotFound) lookup() {\n\treturn\n}\n\n// Error returns the formatted error.\nfunc (e NotFound) Error() string {\n\treturn e.err.Error()\n}\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "placed by one line besides the changed ones",
		content: "/**\n * Creates modules at the target path.\n *\n * @param {string} target The output path.\n */\nfunction build(target) {\n  run(target);\n}\n",
		snippet: "// ... existing code ...\n/**\n * Creates browser builds at the target path.\n *\n * @param {string} target The output path.\n */\nfunction build() {\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetMarkedBlanks: a blank line between a marker and the
// segment's first line is the file's, whatever the marker stands for: the
// doc comment it elides stays on the function. A snippet that adds only
// such a line changes nothing.
func TestMergeSnippetMarkedBlanks(t *testing.T) {
	runMergeCases(t, []mergeCase{{
		name:    "a function after its elided doc comment",
		content: buffer,
		snippet: "// ... existing code ...\n\nfunc (b *Buffer) Grow(n int) {\n\tb.check()\n\tif n <= 0 {\n\t\tpanic(\"buf: negative count\")\n\t}\n\tb.data = slices.Grow(b.data, n)\n}\n\n// ... existing code ...\n",
		want:    strings.Replace(buffer, "n < 0", "n <= 0", 1),
	}, {
		name:    "only a blank line, next to a marker",
		content: buffer,
		snippet: "// ... existing code ...\n\tb.check()\n\n// ... existing code ...\n",
		err:     editkit.ErrNoOp,
	}})
}

// TestMergeSnippetJoinsBlocks: a function given a new last line that the
// function two below ends with. Read as that line, the segment would
// delete the function between and the start of the next one, which it
// does not show: refused. Ended with the next function's first line, it
// is placed. Blocks a segment deletes whole, shown by the lines around
// them, are deleted.
func TestMergeSnippetJoinsBlocks(t *testing.T) {
	const file = "func (b *Buffer) Grow(n int) {\n\tb.check()\n\tif n < 0 {\n\t\tpanic(\"buf: negative count\")\n\t}\n}\n\n" +
		"func (b *Buffer) Write(p []byte) {\n\tb.data = append(b.data, p...)\n}\n\n" +
		"func (b *Buffer) WriteByte(c byte) error {\n\tb.data = append(b.data, c)\n\treturn nil\n}\n"
	const grow = "func (b *Buffer) Grow(n int) {\n\tb.check()\n\tif n < 0 {\n\t\tpanic(\"buf: negative count\")\n\t}\n\treturn nil\n}\n"
	const control = "int control(int what) {\n  int res = 0;\n  switch (what) {\n    case STOP: {\n      halt();\n      res = 1;  /* signal it */\n      break;\n    }\n" +
		"    case PAUSE: {\n      set(pause);\n      break;\n    }\n    case STEP: {\n      set(step);\n      break;\n    }\n" +
		"    case RUNNING: {\n      res = running();\n      break;\n    }\n  }\n  return res;\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "two cases deleted between a case's lines and the next one's, past lines the file has all over",
		content: control,
		snippet: "  // ... existing code ...\n      res = 1;  /* signal it */\n      break;\n    }\n    case RUNNING: {\n      res = running();\n  // ... existing code ...\n",
		want:    strings.Replace(control, "    case PAUSE: {\n      set(pause);\n      break;\n    }\n    case STEP: {\n      set(step);\n      break;\n    }\n", "", 1),
	}, {
		name:    "its last lines read as the other function's",
		content: file,
		snippet: "// ... existing code ...\n" + grow + "// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a body rewritten under the function's first line, the same last line",
		content: file,
		snippet: "// ... existing code ...\nfunc (b *Buffer) Grow(n int) {\n\tif n <= 0 {\n\t\treturn errNegative\n\t}\n\treturn nil\n}\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "ended with the next function's first line",
		content: file,
		snippet: "// ... existing code ...\n" + grow + "\nfunc (b *Buffer) Write(p []byte) {\n// ... existing code ...\n",
		want:    strings.Replace(file, "\t}\n}\n", "\t}\n\treturn nil\n}\n", 1),
	}})
}

// TestMergeSnippetEmptiedOpener: a function's first line rewritten over
// several lines, shown right below a marker: it declares the name the
// file's line declares, so it replaces that line (see signatureAbove), as
// it does with the line above it shown. New lines of another kind there
// (a call) would leave the file's line, kept, with no body: refused.
func TestMergeSnippetEmptiedOpener(t *testing.T) {
	const file = "import os\n\n\ndef dispatch(key, hooks):\n    \"\"\"Dispatch a hook.\"\"\"\n    hooks = hooks or {}\n    return hooks.get(key)\n"
	const header = "def dispatch(\n    key: str,\n    hooks: dict,\n) -> object:\n    \"\"\"Dispatch a hook.\"\"\"\n    hooks = hooks or {}\n# ... existing code ...\n"
	runMergeCases(t, []mergeCase{{
		name:    "right below the marker",
		content: file,
		snippet: "# ... existing code ...\n" + header,
		want:    strings.Replace(file, "def dispatch(key, hooks):\n", "def dispatch(\n    key: str,\n    hooks: dict,\n) -> object:\n", 1),
	}, {
		name:    "a call right below the marker",
		content: file,
		snippet: "# ... existing code ...\nlog.debug(\"dispatching\")\n    \"\"\"Dispatch a hook.\"\"\"\n    hooks = hooks or {}\n# ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "below the file's lines above it",
		content: file,
		snippet: "# ... existing code ...\nimport os\n\n\n" + header,
		want:    strings.Replace(file, "def dispatch(key, hooks):\n", "def dispatch(\n    key: str,\n    hooks: dict,\n) -> object:\n", 1),
	}})
}

// TestMergeSnippetTwoLast: a function's last line rewritten over several
// lines, shown right above a marker at the body's depth: the file's old
// last line, kept there, would end the function a second time. Refused;
// with the line after it shown, or the marker at the function's own depth
// (it stands for what follows the function), the old line is replaced. A
// new statement that does not leave the block is written before the kept
// last line.
func TestMergeSnippetTwoLast(t *testing.T) {
	const file = "def rules(app):\n    options = Options()\n    options.offline = True\n    return Rules(dirs=[DEFAULT], options=options)\n\n\ndef other():\n    pass\n"
	const body = "def rules(app):\n    options = Options()\n    options.offline = True\n    return Rules(\n        app=app, dirs=[DEFAULT], options=options\n    )\n"
	runMergeCases(t, []mergeCase{{
		name:    "right above a marker at the body's depth",
		content: file,
		snippet: "# ... existing code ...\n" + body + "    # ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "right above a marker at the function's depth",
		content: file,
		snippet: "# ... existing code ...\n" + body + "# ... existing code ...\n",
		want:    strings.Replace(file, "    return Rules(dirs=[DEFAULT], options=options)\n", "    return Rules(\n        app=app, dirs=[DEFAULT], options=options\n    )\n", 1),
	}, {
		name:    "above the file's lines after it",
		content: file,
		snippet: "# ... existing code ...\n" + body + "\n\ndef other():\n# ... existing code ...\n",
		want:    strings.Replace(file, "    return Rules(dirs=[DEFAULT], options=options)\n", "    return Rules(\n        app=app, dirs=[DEFAULT], options=options\n    )\n", 1),
	}, {
		name:    "a statement before the last line",
		content: file,
		snippet: "# ... existing code ...\n    options.offline = True\n    log.debug(options)\n# ... existing code ...\n",
		want:    strings.Replace(file, "    options.offline = True\n", "    options.offline = True\n    log.debug(options)\n", 1),
	}})
}

// A function rewritten whole, from its first line to its closing one,
// with every line of its body changed, is the function's new text; so are
// two, the second's signature changed too, but not one that names another
// function. A block opened by a keyword alone is not enough to place one.
func TestMergeSnippetClosedBlock(t *testing.T) {
	const file = "package log\n\nimport (\n\t\"fmt\"\n)\n\n" +
		"func (l *Logger) Panic(args ...any) {\n\tl.Log(PanicLevel, args...)\n}\n\n" +
		"func (l *Logger) Print(args ...any) {\n\tfmt.Print(args...)\n}\n"
	const panicBody = "func (l *Logger) Panic(args ...any) {\n\tif l.IsLevelEnabled(PanicLevel) {\n\t\tentry := l.newEntry()\n\t\tdefer l.releaseEntry(entry)\n\t\tentry.Panic(args...)\n\t}\n}\n"
	const printBody = "func (l *Logger) Print(args ...any) {\n\tentry := l.newEntry()\n\tdefer l.releaseEntry(entry)\n\tentry.Caller = caller(2)\n\tentry.Print(args...)\n}\n"
	const printfBody = "func (l *Logger) Print(format string, args ...any) error {\n\tentry := l.newEntry()\n\tdefer l.releaseEntry(entry)\n\treturn entry.Printf(format, args...)\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "body rewritten",
		content: file,
		snippet: "// ... existing code ...\n" + panicBody + "// ... existing code ...\n",
		want:    strings.Replace(file, "func (l *Logger) Panic(args ...any) {\n\tl.Log(PanicLevel, args...)\n}\n", panicBody, 1),
	}, {
		name:    "doc comment and body rewritten",
		content: file,
		snippet: "// ... existing code ...\n// Panic logs at PanicLevel, then panics.\n" + panicBody + "// ... existing code ...\n",
		want:    strings.Replace(file, "func (l *Logger) Panic(args ...any) {\n\tl.Log(PanicLevel, args...)\n}\n", "// Panic logs at PanicLevel, then panics.\n"+panicBody, 1),
	}, {
		name:    "two blocks written whole",
		content: file,
		snippet: "// ... existing code ...\n" + panicBody + "\n" + printBody + "// ... existing code ...\n",
		want:    strings.Replace(strings.Replace(file, "func (l *Logger) Panic(args ...any) {\n\tl.Log(PanicLevel, args...)\n}\n", panicBody, 1), "func (l *Logger) Print(args ...any) {\n\tfmt.Print(args...)\n}\n", printBody, 1),
	}, {
		name:    "two blocks written whole, the second's signature changed",
		content: file,
		snippet: "// ... existing code ...\n" + panicBody + "\n" + printfBody + "// ... existing code ...\n",
		want:    strings.Replace(strings.Replace(file, "func (l *Logger) Panic(args ...any) {\n\tl.Log(PanicLevel, args...)\n}\n", panicBody, 1), "func (l *Logger) Print(args ...any) {\n\tfmt.Print(args...)\n}\n", printfBody, 1),
	}, {
		name:    "two blocks written whole, the second another one",
		content: file,
		snippet: "// ... existing code ...\n" + panicBody + "\n" + strings.Replace(printfBody, ") Print(", ") Trace(", 1) + "// ... existing code ...\n",
		err:     editkit.ErrNotFound,
	}, {
		name:    "the last block, where the file ends",
		content: file,
		snippet: "// ... existing code ...\n" + printBody,
		want:    strings.Replace(file, "func (l *Logger) Print(args ...any) {\n\tfmt.Print(args...)\n}\n", printBody, 1),
	}, {
		name:    "the file goes on below, no marker",
		content: file,
		snippet: "// ... existing code ...\n" + panicBody,
		err:     editkit.ErrNotFound,
	}, {
		name:    "block left open",
		content: file,
		snippet: "// ... existing code ...\nfunc (l *Logger) Panic(args ...any) {\n\tif l.IsLevelEnabled(PanicLevel) {\n\t\tentry := l.newEntry()\n\t\tdefer l.releaseEntry(entry)\n\t\tentry.Panic(args...)\n// ... existing code ...\n",
		err:     editkit.ErrNotFound,
	}, {
		name:    "opened by a keyword alone",
		content: file,
		snippet: "// ... existing code ...\nimport (\n\t\"github.com/pkg/errors\"\n\t\"github.com/spf13/cast\"\n\t\"golang.org/x/text/unicode\"\n\t\"golang.org/x/sys/windows\"\n)\n// ... existing code ...\n",
		err:     editkit.ErrNotFound,
	}, {
		name:    "new lines above the block",
		content: file,
		snippet: "// ... existing code ...\nvar errPanic = errors.New(\"panic\")\nvar errFatal = errors.New(\"fatal\")\n\n" + panicBody + "// ... existing code ...\n",
		err:     editkit.ErrNotFound,
	}})
}

// New code after the last of a run of blocks that end alike, with a line
// the file has all over first ("#[test]"), goes after that block: read as
// a rewrite of the block, it would delete it.
func TestMergeSnippetCommonTop(t *testing.T) {
	test := func(name, arg string) string {
		return "#[test]\nfn " + name + "() {\n    all_log_macros!(\n        " + arg + ";\n        \"hello world\"\n    );\n}\n"
	}
	file := test("kv_one", "a = 1") + "\n" + test("kv_two", "b = 2") + "\n" + test("kv_three", "c = 3") + "\n" + test("kv_sval", "a:sval = 42") + "\n" + test("kv_serde", "a:serde = 42") +
		"\n/// Some and None are used in the macros.\n#[derive(Debug)]\nenum Type {\n    Some,\n    None,\n}\n"
	const added = "#[test]\nfn logger_short_lived() {\n    all_log_macros!(logger: Logger, \"hello\");\n    all_log_macros!(logger: &Logger, \"hello\");\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "new test after the last",
		content: file,
		snippet: "// ... existing code ...\n    );\n}\n\n" + added + "\n/// Some and None are used in the macros.\n#[derive(Debug)]\nenum Type {\n// ... existing code ...\n",
		want:    strings.Replace(file, "\n/// Some and None", "\n"+added+"\n/// Some and None", 1),
	}, {
		name:    "held by one line below",
		content: file,
		snippet: "// ... existing code ...\n    );\n}\n\n" + added + "\n/// Some and None are used in the macros.\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the last test rewritten, its end too",
		content: file,
		snippet: "// ... existing code ...\n    );\n}\n\n#[test]\nfn kv_serde_json() {\n    all_log_macros!(\n        a:serde_json = 42;\n        \"hello json\"\n    );\n}\n\n/// Some and None are used in the macros.\n#[derive(Debug)]\nenum Type {\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetOneDepth: a snippet written out of its context, its
// lines dedented as a whole. Its first segment fits two places, one a
// level deeper than the other; its second fits after either. Only one
// way puts both at one depth against the file, and that one is taken.
// Written at the file's own depth, the snippet is placed as it stands.
func TestMergeSnippetOneDepth(t *testing.T) {
	const file = "package p\n\nfunc a() {\n\tif ready {\n\t\tstart(1)\n\t\tstart(2)\n\t}\n\tlog.Print(\"a\")\n}\n\n" +
		"func b() {\n\tstart(1)\n\tstart(2)\n\tlog.Print(\"b\")\n\tfinish()\n}\n"
	want := strings.Replace(strings.Replace(file, "\tstart(2)\n\tlog", "\tstart(2)\n\tstart(3)\n\tlog", 1), "\tfinish()\n}\n", "\tfinish()\n\tcleanup()\n}\n", 1)
	runMergeCases(t, []mergeCase{{
		name:    "dedented",
		content: file,
		snippet: "// ... existing code ...\nstart(1)\nstart(2)\nstart(3)\n// ... existing code ...\nfinish()\ncleanup()\n// ... existing code ...\n",
		want:    want,
	}, {
		name:    "at the file's depth",
		content: file,
		snippet: "// ... existing code ...\n\tstart(1)\n\tstart(2)\n\tstart(3)\n// ... existing code ...\n\tfinish()\n\tcleanup()\n// ... existing code ...\n",
		want:    want,
	}})
}

// TestMergeSnippetEndsBeforeMarker: a Python function written whole, its
// last call rewritten as a try block, above a marker at the function's own
// depth: the marker stands for what follows the function, and the old call
// goes. With the marker at the body's depth, it stands for the rest of the
// body, and the call stays; so it does where the new lines are fewer than
// the file's lines they would replace (one line added, the marker at the
// function's depth); a method added to a class keeps the methods after
// it, whatever the marker's depth.
func TestMergeSnippetEndsBeforeMarker(t *testing.T) {
	const file = "import logging\n\n\ndef main(host: str, port: int) -> None:\n    logging.basicConfig(level=logging.INFO)\n    app = make_app()\n    web.run_app(app, host=host, port=port)\n\n\ndef patched_main() -> None:\n    main()\n"
	const rewritten = "def main(host: str, port: int) -> None:\n    logging.basicConfig(level=logging.INFO)\n    app = make_app()\n    loop = new_loop()\n    try:\n        web.run_app(app, host=host, port=port, loop=loop)\n    finally:\n        loop.close()\n"
	const class = "class Store:\n    def get(self, key):\n        return self.data[key]\n\n    def put(self, key, value):\n        self.data[key] = value\n\n\ndef main():\n    pass\n"
	runMergeCases(t, []mergeCase{{
		name:    "marker at the function's depth",
		content: file,
		snippet: "# ... existing code ...\n" + rewritten + "# ... existing code ...\n",
		want:    strings.Replace(file, "    web.run_app(app, host=host, port=port)\n", rewritten[strings.Index(rewritten, "    loop"):], 1),
	}, {
		name:    "marker at the body's depth",
		content: file,
		snippet: "# ... existing code ...\n" + rewritten + "    # ... existing code ...\n",
		want:    strings.Replace(file, "    web.run_app(app, host=host, port=port)\n", rewritten[strings.Index(rewritten, "    loop"):]+"    web.run_app(app, host=host, port=port)\n", 1),
	}, {
		name:    "one line added, the marker at the function's depth",
		content: file,
		snippet: "# ... existing code ...\ndef main(host: str, port: int) -> None:\n    logging.basicConfig(level=logging.INFO)\n    logging.info(\"starting\")\n# ... existing code ...\n",
		want:    strings.Replace(file, "    app = make_app()\n", "    logging.info(\"starting\")\n    app = make_app()\n", 1),
	}, {
		name:    "a method added to a class, the marker at the class's depth",
		content: class,
		snippet: "class Store:\n    def get(self, key):\n        return self.data[key]\n\n    def size(self):\n        return len(self.data)\n# ... existing code ...\n",
		want:    strings.Replace(class, "\n    def put", "\n    def size(self):\n        return len(self.data)\n    def put", 1),
	}})
}

// A function whose body is cut back, written whole with its first lines
// unchanged, ends where the function does: the segment's closing bracket
// is the function's, found by its brackets, not the nearest alike line.
func TestMergeSnippetClosedBlockCutBack(t *testing.T) {
	const head = "func (h *Handler) level(l Level) Level {\n\tif h.mapper != nil {\n\t\treturn h.mapper(l)\n\t}\n"
	const file = "package slog\n\n" + head +
		"\tswitch {\n\tcase l >= levelPanic:\n\t\treturn PanicLevel\n\tcase l >= levelFatal:\n\t\treturn FatalLevel\n\tcase l >= levelError:\n\t\treturn ErrorLevel\n\tdefault:\n\t\treturn TraceLevel\n\t}\n}\n\n" +
		"func (h *Handler) Enabled(l Level) bool {\n\treturn h.level(l) >= h.min\n}\n\nfunc (h *Handler) Name() string {\n\treturn h.name\n}\n"
	const body = "\treturn Convert(l).Level()\n}\n"
	checkMerge(t, file, "// ... existing code ...\n"+head+body+"// ... existing code ...\n",
		strings.Replace(file, file[strings.Index(file, "\tswitch {"):strings.Index(file, "\nfunc (h *Handler) Enabled")], body, 1), nil)
}

// A new block below the one a segment changes, written like the file's
// next block, reads as new there and as that block rewritten; a line of
// the file after it says which.
func TestMergeSnippetNewBlockOrRewrite(t *testing.T) {
	const data = "func TestRenderData(t *testing.T) {\n\tw := httptest.NewRecorder()\n\terr := (Data{Data: raw}).Render(w)\n\trequire.NoError(t, err)\n\tassert.Equal(t, \"image/png\", w.Header().Get(\"Content-Type\"))\n"
	const str = "func TestRenderString(t *testing.T) {\n\tw := httptest.NewRecorder()\n\terr := (String{Format: \"hola %s\"}).Render(w)\n\trequire.NoError(t, err)\n\tassert.Equal(t, \"hola manu\", w.Body.String())\n}\n"
	const file = "package render\n\n" + data + "}\n\n" + str
	const added = "\tassert.Equal(t, \"19\", w.Header().Get(\"Content-Length\"))\n}\n\nfunc TestRenderDataLength(t *testing.T) {\n\tsrv := httptest.NewServer(handler)\n\tfor _, size := range sizes {\n\t\tresp, err := http.Get(srv.URL)\n\t\tassert.EqualValues(t, size, resp.ContentLength)\n\t}\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "ends with the new block",
		content: file,
		snippet: "// ... existing code ...\n" + data + added + "// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "ends with the next block's first line",
		content: file,
		snippet: "// ... existing code ...\n" + data + added + "\nfunc TestRenderString(t *testing.T) {\n// ... existing code ...\n",
		want:    "package render\n\n" + data + added + "\n" + str,
	}})
}

// In a language that quotes strings in single quotes, the brackets and
// double quotes in them are text: a rewrite that drops the strings'
// brackets closes what the lines it replaces close.
func TestMergeSnippetSingleQuotes(t *testing.T) {
	const (
		head  = "var path = require('path');\n\nvar basePath = path.join(__dirname, '..');\n\n"
		build = "function build(type) {\n  return config[type];\n}\n"
		tail  = "\nfunction main() {\n  build('site');\n}\n"
		old   = "var config = {\n  'site': {\n    'title': 'docs',\n    'sublinks': [\n" +
			"      '<% if (name == \"templateSettings\") {' +\n      'print(\"[npm package](\" + name + \")\")' +\n      '} %>'\n    ]\n  }\n};\n\n"
		rewritten = "var config = {\n  'site': {\n    'title': 'docs',\n    'sublinks': [npmLink('npm package')]\n  }\n};\n\n" +
			"function npmLink(text, title) {\n  return '[' + text + '](' + (title == null ? '' : ' \\\\\"' + title + '\\\\\"') + ')\"';\n}\n\n"
	)
	runMergeCases(t, []mergeCase{{
		name:    "strings dropped for a call",
		content: head + old + build + tail,
		snippet: "// ... existing code ...\n" + rewritten + build + "// ... existing code ...\n",
		want:    head + rewritten + build + tail,
	}})
}

// A new branch that sets a flag the file sets deeper in: the segment's
// first line the file has is that flag, at another depth than the lines
// below it that the file has too. The lines below place the segment; the
// flag is new.
func TestMergeSnippetNewLineLikeDeeper(t *testing.T) {
	const (
		head  = "package p\n\nfunc handle(err error) {\n\tif err != nil {\n\t\tvar broken bool\n\t\tif ne, ok := err.(*net.OpError); ok {\n\t\t\tif isReset(ne) {\n\t\t\t\tbroken = true\n\t\t\t}\n\t\t}\n"
		added = "\t\tif errors.Is(err, http.ErrAbortHandler) {\n\t\t\tbroken = true\n\t\t}\n"
		tail  = "\t\tif logger != nil {\n\t\t\tconst skip = 3\n\t\t\tif broken {\n\t\t\t\tlogger.Print(err)\n\t\t\t}\n\t\t}\n\t}\n}\n"
	)
	runMergeCases(t, []mergeCase{{
		name:    "a branch added",
		content: head + tail,
		snippet: "\t\t// ... existing code ...\n\t\t\t}\n\t\t}\n" + added + "\t\tif logger != nil {\n\t\t\tconst skip = 3\n\t\t\tif broken {\n\t\t// ... existing code ...\n",
		want:    head + added + tail,
	}, {
		name:    "the flag's line where the file has it",
		content: head + tail,
		snippet: "\t\t// ... existing code ...\n\t\t\t\tbroken = true\n\t\t\t}\n\t\t}\n" + added + "\t\tif logger != nil {\n\t\t\tconst skip = 3\n\t\t\tif broken {\n\t\t// ... existing code ...\n",
		want:    head + added + tail,
	}, {
		// At the depth the file has it, the licence's line is the file's,
		// and the segment would swallow the file's lines between it and
		// the rest.
		name:    "the file's line far above the rest",
		content: "/* $OpenBSD$ */\n\n/*\n * Copyright (c) 2008 Nicholas Marriott\n */\n\n" + numbered("int\tcfg", 40) + "\nvoid\ncfg_done(void)\n{\n\tcfg_finished = 1;\n\n\treturn (CMD_RETURN_NORMAL);\n}\n\nvoid\ncfg_start(void)\n{\n}\n",
		snippet: "// ... existing code ...\n/* $OpenBSD: cfg.c,v 1.89 2026/06/25 nicm Exp $ */\n\n/*\n * Copyright (c) 2008 Nicholas Marriott\n\treturn (CMD_RETURN_NORMAL);\n}\n\nvoid\n// ... existing code ...\n",
		err:     editkit.ErrConflict,
	}})
}

// A new function after the closing brackets of the one above, its doc
// comment written like the file's: read as a rewrite of the function
// above, the segment would leave its own top brackets closing nothing.
func TestMergeSnippetNewAfterBrackets(t *testing.T) {
	const (
		head = "var push = Array.prototype.push;\n\n/**\n * Creates a clone of `array`.\n *\n * @private\n * @param {Array} array The array to clone.\n * @returns {Array} Returns the cloned array.\n */\n" +
			"function cloneArray(array) {\n  var length = array ? array.length : 0,\n      result = Array(length);\n\n  while (length--) {\n    result[length] = array[length];\n  }\n  return result;\n}\n\n" +
			"/**\n * Creates a function that clones a given object using the assignment `func`.\n *\n * @private\n * @param {Function} func The assignment function.\n * @returns {Function} Returns the new cloner function.\n */\n" +
			"function createCloner(func) {\n  return function(object) {\n    return func({}, object);\n  };\n}\n\n"
		spread = "/**\n * This function is like `_.spread` except that it includes arguments after those spread.\n *\n * @private\n * @param {Function} func The function to spread arguments over.\n * @param {number} start The start position of the spread.\n * @returns {Function} Returns the new function.\n */\n" +
			"function spread(func, start) {\n  return function() {\n    var args = Array.prototype.slice.call(arguments);\n    return func.apply(this, args.slice(0, start).concat(args[start]));\n  };\n}\n\n"
		tail = "/**\n * Creates a function that wraps `func` and uses `cloner` to clone the first\n * argument it receives.\n *\n * @private\n * @param {Function} func The function to wrap.\n * @param {Function} cloner The function to clone arguments.\n * @returns {Function} Returns the new immutable function.\n */\n" +
			"function wrapImmutable(func, cloner) {\n  return function() {\n    var length = arguments.length;\n    if (!length) {\n      return;\n    }\n    return cloner(arguments[0]);\n  };\n}\n"
	)
	runMergeCases(t, []mergeCase{{
		name:    "a function added",
		content: head + tail,
		snippet: "// ... existing code ...\n  };\n}\n\n" + spread + "/**\n * Creates a function that wraps `func` and uses `cloner` to clone the first\n * argument it receives.\n// ... existing code ...\n",
		want:    head + spread + tail,
	}})
}

// A new release written above the last one, whose heading ends the
// segment: the file has that heading once, far from the old section whose
// headings the segment's others fit. The segment's end is the file's
// there; merged at the old section, the heading would be there twice.
func TestMergeSnippetEdgeFarAbove(t *testing.T) {
	var old strings.Builder
	for v := 60; v > 3; v-- {
		fmt.Fprintf(&old, "## [0.%d.0] - 2020-%02d-01\n\n### Fixes\n\n- Fix number %d.\n\n---\n\n", v, v%12+1, v)
	}
	file := "# CHANGELOG\n\n## [Unreleased]\n\n---\n\n## [1.7.1] - 2026-03-20\n\n### Changes\n\n- Adds aliases to the dump-help output.\n\n---\n\n" +
		old.String() + "## [0.3.0] - 2020-08-15\n\n### Additions\n\n- Shell completion scripts are now available for Fish.\n\n### Changes\n\n- Parsing is faster.\n"
	runMergeCases(t, []mergeCase{{
		name:    "a release above the last",
		content: file,
		snippet: "<!-- ... existing code ... -->\n\n---\n\n## [1.8.0] - 2026-05-25\n\n### Additions\n\n- Names read from string literals.\n- Options that work as flags.\n\n" +
			"### Changes\n\n- Swift 6 is the minimum.\n\n---\n\n## [1.7.1] - 2026-03-20\n\n### Changes\n<!-- ... existing code ... -->\n",
		err: editkit.ErrConflict,
	}})
}

// A doc comment rewritten whole, indented two spaces where the file's
// other comments are indented three: the steps read differ, but its first
// and last lines, the file's as written next to its runs, are at the
// file's depth.
func TestMergeSnippetCommentAtFileIndent(t *testing.T) {
	var code strings.Builder
	for _, name := range []string{"free", "setfd", "getfd", "enable", "disable", "flush"} {
		fmt.Fprintf(&code, "/**\n   Call %s on a bufferevent.\n\n   @param bufev the bufferevent\n      must not be NULL\n   @return 0 on success\n */\nint bufferevent_%s(struct bufferevent *bufev);\n\n", name, name)
	}
	const (
		old  = "/**\n  Create a new socket bufferevent over an existing socket.\n\n  @param base the event base to associate with the new bufferevent.\n  @param fd the file descriptor from which data is read and written to.\n\t    It is safe to set the fd to -1.\n  @return a pointer to a newly allocated bufferevent struct, or NULL if an\n\t  error occurred\n  */\n"
		doc  = "/**\n  Create a new socket bufferevent over an existing socket.\n\n  @param base the event base to associate with the new bufferevent. base must not be NULL.\n  @param fd the file descriptor from which data is read and written to.\n\t    It is safe to set the fd to -1.\n  @return a pointer to a newly allocated bufferevent struct, or NULL if an\n\t  error occurred\n  */\n"
		decl = "struct bufferevent *bufferevent_socket_new(int fd);\n\n"
	)
	runMergeCases(t, []mergeCase{{
		name:    "one line of the comment changed",
		content: code.String() + old + decl + code.String(),
		snippet: "// ... existing code ...\n" + doc + "// ... existing code ...\n",
		want:    code.String() + doc + decl + code.String(),
	}})
}

// A preprocessor conditional rewritten at a segment's top: "#if" over the
// body the file has under its own "#if" replaces that line, however
// reworded; a conditional of another directive above the file's is a new
// block around it.
func TestMergeSnippetConditionalRewritten(t *testing.T) {
	const (
		head = "using System;\n\nnamespace Tests\n{\n    public class ReaderTests\n    {\n"
		body = "        [Test]\n        public async Task ReadAsync()\n        {\n            Assert.IsTrue(await ReadAsync(reader));\n        }\n#endif\n"
		tail = "    }\n}\n"
	)
	runMergeCases(t, []mergeCase{{
		name:    "condition extended",
		content: head + "#if NET6_0_OR_GREATER\n" + body + tail,
		snippet: "// ... existing code ...\n#if NET6_0_OR_GREATER && !NETSTANDARD2_0\n        [Test]\n        public async Task ReadAsync()\n// ... existing code ...\n",
		want:    head + "#if NET6_0_OR_GREATER && !NETSTANDARD2_0\n" + body + tail,
	}, {
		name:    "condition reworded",
		content: head + "#if !(NET20 || NET35 || NET40 || PORTABLE40)\n" + body + tail,
		snippet: "// ... existing code ...\n#if HAVE_ASYNC\n        [Test]\n        public async Task ReadAsync()\n// ... existing code ...\n",
		want:    head + "#if HAVE_ASYNC\n" + body + tail,
	}, {
		name:    "a new block inside another directive's",
		content: "struct ctx {\n#ifdef USE_MBEDTLS\n\tmbedtls_ctr_drbg_context ctr_drbg;\n\tmbedtls_entropy_context entropy;\n\tmbedtls_x509_crt cacert;\n#else\n\tSSL_CTX *ssl;\n#endif\n};\n",
		snippet: "// ... existing code ...\n#if MBEDTLS_VERSION_MAJOR < 4\n\tmbedtls_ctr_drbg_context ctr_drbg;\n\tmbedtls_entropy_context entropy;\n#endif\n\tmbedtls_x509_crt cacert;\n// ... existing code ...\n",
		want:    "struct ctx {\n#ifdef USE_MBEDTLS\n#if MBEDTLS_VERSION_MAJOR < 4\n\tmbedtls_ctr_drbg_context ctr_drbg;\n\tmbedtls_entropy_context entropy;\n#endif\n\tmbedtls_x509_crt cacert;\n#else\n\tSSL_CTX *ssl;\n#endif\n};\n",
	}})
}

// A segment that changes nothing where it fits, the bracket closing the
// block above, then a block whole: read from the same bracket further up,
// it deletes the blocks between, as a model deletes a function. Nothing
// says which is meant. A segment that changes a line, or that opens a
// block a marker goes on inside, is context and merges.
func TestMergeSnippetDeletionAbove(t *testing.T) {
	const (
		head = "package p\n\nimport (\n\t\"math\"\n\t\"strings\"\n)\n\n"
		a    = "func a(s string) int {\n\treturn strings.Count(s, \":\")\n}\n\n"
		b    = "func b(n int) uint16 {\n\tif n > math.MaxUint16 {\n\t\treturn math.MaxUint16\n\t}\n\treturn uint16(n)\n}\n\n"
		c    = "func c(s string) int {\n\ty := len(s)\n\tx := a(s) + y\n\treturn x * 2\n}\n"
		file = head + a + b + c
	)
	runMergeCases(t, []mergeCase{{
		name:    "unchanged after a change elsewhere",
		content: file,
		snippet: "// ... existing code ...\nimport (\n\t\"strings\"\n)\n// ... existing code ...\n}\n\nfunc c(s string) int {\n\ty := len(s)\n\tx := a(s) + y\n\treturn x * 2\n}\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the only segment",
		content: file,
		snippet: "// ... existing code ...\n}\n\nfunc c(s string) int {\n\ty := len(s)\n\tx := a(s) + y\n\treturn x * 2\n}\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the block below changed",
		content: file,
		snippet: "// ... existing code ...\n}\n\nfunc c(s string) int {\n\ty := len(s)\n\tx := a(s) + y\n\treturn x * 3\n}\n",
		want:    head + a + b + "func c(s string) int {\n\ty := len(s)\n\tx := a(s) + y\n\treturn x * 3\n}\n",
	}, {
		name:    "a header over a marker inside",
		content: file,
		snippet: "// ... existing code ...\n}\n\nfunc c(s string) int {\n\t// ... existing code ...\n\tx := a(s) + y\n\treturn x * 3\n}\n",
		want:    head + a + b + "func c(s string) int {\n\ty := len(s)\n\tx := a(s) + y\n\treturn x * 3\n}\n",
	}, {
		name:    "a blank line deleted below the bracket",
		content: head + a + b + "\n" + c,
		snippet: "// ... existing code ...\n}\n\nfunc c(s string) int {\n\ty := len(s)\n// ... existing code ...\n",
		want:    file,
	}, {
		name:    "the deletion written out",
		content: file,
		snippet: "// ... existing code ...\n\treturn strings.Count(s, \":\")\n}\n\nfunc c(s string) int {\n// ... existing code ...\n",
		want:    head + a + c,
	}})
	// The refusal names both readings, for the model to pick one.
	_, _, err := editkit.MergeSnippet(file, "// ... existing code ...\n}\n\n"+c)
	for _, want := range []string{"changes nothing at file lines 17-23", "are the file's at lines 10-11 too", "the segment deletes file lines 12-18"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %v, want it to say %q", err, want)
		}
	}
}

// A segment's first line that says something is the line it changes,
// written as the file has another line a little above: the walk up from its
// bottom run reads it as the file's line there changed.
func TestMergeSnippetChangedTopElsewhere(t *testing.T) {
	var impls strings.Builder
	for _, ty := range []string{"IpAddr", "Ipv4Addr"} {
		fmt.Fprintf(&impls, "impl<'v> From<&'v %s> for Value<'v> {\n    fn from(value: &'v %s) -> Self {\n        Value::from_display(value)\n    }\n}\n\n", ty, ty)
	}
	const (
		top  = "#[cfg(feature = \"std\")]\nuse std::net;\n\nmacro_rules! to_value {\n    () => {};\n}\n\n#[cfg(feature = \"std\")]\nto_value![\n    net::IpAddr,\n];\n\n"
		tail = "    use std::sync::Arc;\n}\n"
	)
	old := top + impls.String() + "impl<'v> Value<'v> {\n    pub fn to_str(&self) -> Option<&'v str> {\n        self.inner.to_str()\n    }\n}\n\n" +
		"#[cfg(all(feature = \"kv\", feature = \"std\"))]\nmod std_support {\n    use std::borrow::Cow;\n    use std::rc::Rc;\n" + tail
	runMergeCases(t, []mergeCase{{
		name:    "an attribute reworded as one above reads",
		content: old,
		snippet: "    // ... existing code ...\n    }\n}\n\n#[cfg(feature = \"std\")]\nmod std_support {\n    use std::borrow::Cow;\n    use std::rc::Rc;\n    // ... existing code ...\n",
		want:    strings.Replace(old, "#[cfg(all(feature = \"kv\", feature = \"std\"))]", "#[cfg(feature = \"std\")]", 1),
	}})
}

// A segment that changes nothing where it fits as written, in a snippet
// that changes the file elsewhere, while its lines also fit further up
// around a few lines of the file it would delete there (the arms of one
// switch, shown by the arms around them, that another switch has without
// them): which is meant is not clear.
func TestMergeSnippetUnchangedOrDeletes(t *testing.T) {
	const file = "package codec\n\nimport (\n\t\"example.com/codec/dotenv\"\n\t\"example.com/codec/hcl\"\n\t\"example.com/codec/toml\"\n)\n\n" +
		"func decoder(format string) (Codec, bool) {\n\tswitch format {\n\tcase \"toml\":\n\t\treturn toml.Codec{}, true\n\n\tcase \"hcl\", \"tfvars\":\n\t\treturn hcl.Codec{}, true\n\n\tcase \"ini\":\n\t\treturn ini.Codec{\n\t\t\tKeyDelimiter: \".\",\n\t\t}, true\n\n\tcase \"dotenv\", \"env\":\n\t\treturn &dotenv.Codec{}, true\n\t}\n\treturn nil, false\n}\n\n" +
		"func encoder(format string) (Codec, bool) {\n\tswitch format {\n\tcase \"toml\":\n\t\treturn toml.Codec{}, true\n\n\tcase \"dotenv\", \"env\":\n\t\treturn &dotenv.Codec{}, true\n\t}\n\treturn nil, false\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "an import dropped, and a switch's arms shown without one",
		content: file,
		snippet: "// ... existing code ...\nimport (\n\t\"example.com/codec/dotenv\"\n\t\"example.com/codec/toml\"\n)\n// ... existing code ...\n\tcase \"toml\":\n\t\treturn toml.Codec{}, true\n\n\tcase \"dotenv\", \"env\":\n\t\treturn &dotenv.Codec{}, true\n\t}\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "ended on the next function's first line",
		content: file,
		snippet: "// ... existing code ...\nimport (\n\t\"example.com/codec/dotenv\"\n\t\"example.com/codec/toml\"\n)\n// ... existing code ...\n\tcase \"toml\":\n\t\treturn toml.Codec{}, true\n\n\tcase \"dotenv\", \"env\":\n\t\treturn &dotenv.Codec{}, true\n\t}\n\treturn nil, false\n}\n\nfunc encoder(format string) (Codec, bool) {\n// ... existing code ...\n",
		want:    strings.Replace(strings.Replace(file, "\t\"example.com/codec/hcl\"\n", "", 1), "\tcase \"hcl\", \"tfvars\":\n\t\treturn hcl.Codec{}, true\n\n\tcase \"ini\":\n\t\treturn ini.Codec{\n\t\t\tKeyDelimiter: \".\",\n\t\t}, true\n\n", "", 1),
	}})
}

// TestMergeSnippetDots: R's dots on a line of their own, in a function the
// snippet adds, are the function's parameter, not a marker: read as one,
// the segment was cut in two inside the signature.
func TestMergeSnippetDots(t *testing.T) {
	const file = "summarise <- function(.data, ...) {\n  UseMethod(\"summarise\")\n}\n\n" +
		"mutate <- function(.data, ...) {\n  UseMethod(\"mutate\")\n}\n"
	const added = "check_dots <- function(\n  x,\n  ...,\n  call = caller_env()\n) {\n  check_dots_empty(...)\n}\n\n"
	const snippet = "# ... existing code ...\n}\n\n" + added + "mutate <- function(.data, ...) {\n# ... existing code ...\n"
	checkMerge(t, file, snippet, strings.Replace(file, "}\n\nmutate", "}\n\n"+added+"mutate", 1), nil)
}

// TestMergeSnippetNamedLine: a segment whose one line of the file is the
// next declaration's first line, once in the file, with the brackets that
// close the block a marker continues at its top, after a segment that
// holds by three lines: the snippet is this file's, and that line names
// the place. Without the segment before it, one line is no evidence the
// snippet is for this file; and where the file's line past the new lines
// is like one of them, the new lines may rewrite it: both refused.
func TestMergeSnippetNamedLine(t *testing.T) {
	const head = "package tree\n\nimport (\n\t\"strings\"\n\t\"unicode\"\n)\n\n"
	const addChild = "// addChild adds a child node, keeping the wildcard child at the end.\nfunc (n *node) addChild(child *node) {\n" +
		"\tif n.wildChild && len(n.children) > 0 {\n\t\tlast := n.children[len(n.children)-1]\n\t\tn.children = append(n.children[:len(n.children)-1], child, last)\n" +
		"\t} else {\n\t\tn.children = append(n.children, child)\n\t}\n}\n\n"
	const oldCounts = "func countParams(path string) uint16 {\n\tcolons := strings.Count(path, \":\")\n\tstars := strings.Count(path, \"*\")\n\treturn uint16(colons + stars)\n}\n\n" +
		"func countSections(path string) uint16 {\n\treturn uint16(strings.Count(path, \"/\"))\n}\n\n"
	const newCounts = "// safeUint16 converts n to uint16, capping it at math.MaxUint16.\nfunc safeUint16(n int) uint16 {\n\tif n > math.MaxUint16 {\n\t\treturn math.MaxUint16\n\t}\n\treturn uint16(n)\n}\n\n" +
		"func countParams(path string) uint16 {\n\tcolons := strings.Count(path, \":\")\n\tstars := strings.Count(path, \"*\")\n\treturn safeUint16(colons + stars)\n}\n\n" +
		"func countSections(path string) uint16 {\n\treturn safeUint16(strings.Count(path, \"/\"))\n}\n\n"
	const tail = "type nodeType uint8\n\nconst (\n\tstatic nodeType = iota\n\troot\n)\n"
	const file = head + addChild + oldCounts + tail
	const imports = "// ... existing code ...\nimport (\n\t\"math\"\n\t\"strings\"\n\t\"unicode\"\n"
	const counts = "// ... existing code ...\n\t}\n}\n\n" + newCounts + "type nodeType uint8\n// ... existing code ...\n"
	t.Run("after a segment that holds", func(t *testing.T) {
		checkMerge(t, file, imports+counts, strings.Replace(head, "(\n", "(\n\t\"math\"\n", 1)+addChild+newCounts+tail, nil)
	})
	t.Run("alone", func(t *testing.T) {
		checkMerge(t, file, counts, "", editkit.ErrNotFound)
	})

	const decls = "/* zip.h */\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n" +
		"/* Note: there is no delete function.\n   Use RAW reading to copy the file you did not want deleted.\n*/\n\n"
	const oldDecls = "extern zipFile ZEXPORT zipOpen2 OF((const char *pathname,\n                                   int append,\n                                   zipcharpc* globalcomment,\n                                   zlib_filefunc_def* pzlib_filefunc_def));\n\n" +
		"extern zipFile ZEXPORT zipOpen3 OF((const void *pathname,\n                                    int append,\n                                    zipcharpc* globalcomment,\n                                    zlib_filefunc64_32_def* pzlib_filefunc64_32_def));\n\n" +
		"extern int ZEXPORT zipClose OF((zipFile file,\n                const char* global_comment));\n"
	const rewritten = "/* zip.h */\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n// ... existing code ...\n   Use RAW reading to copy the file you did not want deleted.\n*/\n\n" +
		"extern zipFile ZEXPORT zipOpen2(const char *pathname,\n                                int append,\n                                zipcharpc* globalcomment,\n                                zlib_filefunc_def* pzlib_filefunc_def);\n\n" +
		"extern zipFile ZEXPORT zipOpen3(const void *pathname,\n                                int append,\n                                zipcharpc* globalcomment,\n                                zlib_filefunc64_32_def* pzlib_filefunc64_32_def);\n// ... existing code ...\n"
	t.Run("the file's line past the new ones is like one of them", func(t *testing.T) {
		checkMerge(t, decls+oldDecls, rewritten, "", editkit.ErrAmbiguous)
	})
}

// TestMergeSnippetLeadingBlankLines: a snippet with no marker above it that
// starts with a blank line shows the top of the file, blank lines and all:
// the file's blank lines above its first line become the snippet's. One
// that starts with the file's first line that says something leaves them.
func TestMergeSnippetLeadingBlankLines(t *testing.T) {
	const file = "\n\nexport const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\n"
	for _, tc := range []struct{ name, snippet, want string }{
		{"one blank line shown", "\nexport const a = 1;\nconst b = 20;\nconst c = 3;\n// ... existing code ...\n", "\nexport const a = 1;\nconst b = 20;\nconst c = 3;\nconst d = 4;\n"},
		{"none shown", "export const a = 1;\nconst b = 20;\nconst c = 3;\n// ... existing code ...\n", "\n\nexport const a = 1;\nconst b = 20;\nconst c = 3;\nconst d = 4;\n"},
	} {
		t.Run(tc.name, func(t *testing.T) { checkMerge(t, file, tc.snippet, tc.want, nil) })
	}
}

// TestMergeSnippetNearestEnd: a segment whose first line, after a marker,
// the file has twice a few lines apart (a test's closing assert) and whose
// last lines are the next test's: the marker stands for the file's lines
// down to the nearer one, where the segment adds a test; the farther would
// delete the lines between, which the snippet shows nowhere. Where the
// farther place changes the lines between line for line (a list of
// features that the file has twice, its second copy reworded), the segment
// may as well rewrite them there: refused.
func TestMergeSnippetNearestEnd(t *testing.T) {
	const head = "package render\n\nimport \"testing\"\n\n"
	const xml = "func TestRenderXML(t *testing.T) {\n\tw := httptest.NewRecorder()\n\tdata := xmlmap{\"foo\": \"bar\"}\n\n" +
		"\t(XML{data}).WriteContentType(w)\n\tassert.Equal(t, \"application/xml; charset=utf-8\", w.Header().Get(\"Content-Type\"))\n\n" +
		"\terr := (XML{data}).Render(w)\n\n\trequire.NoError(t, err)\n\tassert.Equal(t, \"<map><foo>bar</foo></map>\", w.Body.String())\n" +
		"\tassert.Equal(t, \"application/xml; charset=utf-8\", w.Header().Get(\"Content-Type\"))\n}\n\n"
	const added = "func TestRenderXMLError(t *testing.T) {\n\tw := httptest.NewRecorder()\n\tdata := make(chan int)\n\n" +
		"\terr := (XML{data}).Render(w)\n\trequire.Error(t, err)\n\tassert.Contains(t, err.Error(), \"xml: unsupported type: chan int\")\n}\n\n"
	const redirect = "func TestRenderRedirect(t *testing.T) {\n\treq, err := http.NewRequest(http.MethodGet, \"/test-redirect\", nil)\n\trequire.NoError(t, err)\n}\n"
	t.Run("a test added after the second", func(t *testing.T) {
		snippet := "// ... existing code ...\n\tassert.Equal(t, \"application/xml; charset=utf-8\", w.Header().Get(\"Content-Type\"))\n}\n\n" +
			added + "func TestRenderRedirect(t *testing.T) {\n\treq, err := http.NewRequest(http.MethodGet, \"/test-redirect\", nil)\n// ... existing code ...\n"
		checkMerge(t, head+xml+redirect, snippet, head+xml+added+redirect, nil)
	})

	const features = "#[cfg(not(any(\n    feature = \"max_level_off\",\n    feature = \"max_level_error\",\n    feature = \"max_level_warn\",\n" +
		"    feature = \"max_level_off\",\n    feature = \"max_level_error\",\n    feature = \"max_level_warn\",\n)))]\nfn main() {\n    run();\n}\n"
	t.Run("the lines between changed line for line", func(t *testing.T) {
		snippet := "// ... existing code ...\n    feature = \"max_level_error\",\n    feature = \"max_level_warn\",\n" +
			"    feature = \"release_max_level_off\",\n    feature = \"release_max_level_error\",\n    feature = \"release_max_level_warn\",\n)))]\nfn main() {\n// ... existing code ...\n"
		checkMerge(t, features, snippet, "", editkit.ErrAmbiguous)
	})
}

// TestMergeSnippetBodyCutBack: a segment that shows a function's first
// lines, a new call, and the function's last "return dup" and "}" drops
// the body's lines between, though those last lines are all over the file:
// the function's brace closes where the segment's does. Where the brace
// the segment closes is not the file's there (the function's first line
// rewritten), nearness alone would say where the drop ends: refused.
func TestMergeSnippetBodyCutBack(t *testing.T) {
	const withField = "func (entry *Entry) WithField(key string, value any) *Entry {\n\tdup := entry.dupFields()\n\tdup.Data = maps.Clone(entry.Data)\n" +
		"\tif isInvalidField(value) {\n\t\tif dup.err != \"\" {\n\t\t\tdup.err += \", skipping \" + key\n\t\t} else {\n\t\t\tdup.err = \"skipping \" + key\n\t\t}\n\t\treturn dup\n\t}\n" +
		"\tif dup.Data == nil {\n\t\tdup.Data = make(Fields, 1)\n\t}\n\tdup.Data[key] = value\n\treturn dup\n}\n\n"
	const others = "func (entry *Entry) WithContext(ctx context.Context) *Entry {\n\tdup := entry.dup()\n\tdup.Context = ctx\n\treturn dup\n}\n\n" +
		"func (entry *Entry) WithTime(t time.Time) *Entry {\n\tdup := entry.dup()\n\tdup.Time = t\n\treturn dup\n}\n\n" +
		"func (entry *Entry) WithError(err error) *Entry {\n\tdup := entry.dup()\n\tdup.Data[ErrorKey] = err\n\treturn dup\n}\n"
	var levels strings.Builder // a long function between: the next "return dup" is far
	levels.WriteString("func parseLevel(lvl string) (Level, error) {\n\tswitch strings.ToLower(lvl) {\n")
	for _, l := range []string{"panic", "fatal", "error", "warn", "info", "debug", "trace"} {
		fmt.Fprintf(&levels, "\tcase %q:\n\t\treturn %sLevel, nil\n", l, strings.ToUpper(l[:1])+l[1:])
	}
	levels.WriteString("\t}\n\tvar l Level\n\treturn l, fmt.Errorf(\"not a valid logrus Level: %q\", lvl)\n}\n\n")
	file := "package logrus\n\n" + withField + levels.String() + others
	const cut = "func (entry *Entry) WithField(key string, value any) *Entry {\n\tdup := entry.dupFields()\n\tdup.Data = maps.Clone(entry.Data)\n\tdup.addField(key, value)\n\treturn dup\n}\n"
	t.Run("the function's own brace", func(t *testing.T) {
		checkMerge(t, file, "// ... existing code ...\n"+cut+"// ... existing code ...\n", "package logrus\n\n"+cut+"\n"+levels.String()+others, nil)
	})
	t.Run("its first line rewritten", func(t *testing.T) {
		renamed := strings.Replace(cut, "WithField(key string, value any)", "WithField(key string, value interface{})", 1)
		checkMerge(t, file, "// ... existing code ...\n"+renamed+"// ... existing code ...\n", "", editkit.ErrAmbiguous)
	})
}

// TestMergeSnippetRewritesToTop: a first segment with no marker above it
// that rewrites the file's first lines line for line (a crate renamed in
// its imports), placed by one line of the file below them, with two lines
// of a list it keeps at the same distance from that line (see inStep): the
// file's top rewritten, and a line added above it. With a line added
// between the list and the line that places it, so that the kept lines no
// longer stand where the file has them, one line of the file is no
// evidence.
func TestMergeSnippetRewritesToTop(t *testing.T) {
	const rest = "\nuse std::fmt;\nuse std::str::{self, FromStr};\n\nimpl Serialize for Level {\n    fn serialize<S>(&self, s: S) -> Result<S::Ok, S::Error> {\n        s.serialize_str(self.as_str())\n    }\n}\n"
	const list = "    Deserialize, DeserializeSeed, Deserializer, EnumAccess, Error, Unexpected, VariantAccess,\n    Visitor,\n};\n"
	const file = "#![cfg(feature = \"serde\")]\n\nuse serde::de::{\n" + list + "use serde::ser::{Serialize, Serializer};\n\nuse crate::{Level, LevelFilter, LOG_LEVEL_NAMES};\n" + rest
	const top = "#![cfg(feature = \"serde_core\")]\n\nuse serde_core::de::{\n" + list + "use serde_core::ser::{Serialize, Serializer};\n\nuse crate::{Level, LevelFilter, LOG_LEVEL_NAMES};\n"
	runMergeCases(t, []mergeCase{{
		name:    "line for line",
		content: file,
		snippet: top + "\n// ... existing code ...\n",
		want:    top + rest,
	}, {
		name:    "a line added above",
		content: file,
		snippet: "#![allow(clippy::all)]\n" + top + "\n// ... existing code ...\n",
		want:    "#![allow(clippy::all)]\n" + top + rest,
	}, {
		name:    "a line added between the list and the line that places it",
		content: file,
		snippet: strings.Replace(top, "\n\nuse crate", "\nuse serde_core::Deserialize;\n\nuse crate", 1) + "\n// ... existing code ...\n",
		err:     editkit.ErrNotFound,
	}})
}

// TestMergeSnippetTwiceElsewhere: a segment that fits two places equally
// well, where one would rewrite the file's comment there into a copy of
// the one the file has at the other (a docs page whose console blocks
// start alike): the other place, which keeps that comment where it is and
// drops no line, is the one. (Where the first place would add the line
// rather than rewrite one like it, as a step copied into a CI job from the
// job below, TestMergeSnippet's "the same steps at one depth: nothing says
// which" is refused.)
func TestMergeSnippetTwiceElsewhere(t *testing.T) {
	block := func(note, option string) string {
		return "<div class=\"termy\">\n\n```console\n// Check the help\n$ python main.py --help\n\n" + note + "\nUsage: main.py [OPTIONS]\n\nOptions:\n" + option + "\n  --help                Show this message and exit.\n```\n\n</div>\n"
	}
	const only = "// Notice there's only --force, we no longer have --no-force"
	file := "# Bool options\n\nNow there's only a `--force` option:\n\n" + block(only, "  --force") + "\nCheck it:\n\n" + block("// Notice the -f, --force / -F, --no-force", "  -f, --force / -F, --no-force") + "\nThat's it.\n"
	t.Run("the place that keeps the line", func(t *testing.T) {
		snippet := "<!-- ... existing code ... -->\n\n```console\n// Check the help\n$ uv run python main.py --help\n\n" + only + "\nUsage: main.py [OPTIONS]\n<!-- ... existing code ... -->\n"
		checkMerge(t, file, snippet, strings.Replace(file, "$ python main.py --help", "$ uv run python main.py --help", 1), nil)
	})
}

// TestMergeSnippetOpensDropped: two windows of a C++ test joined where a
// marker was forgotten — the file's header, then a struct's body from
// further down — fit where the body's lines first occur, below the
// header; read so, the segment deletes the namespace's and the struct's
// first lines, which open blocks the file's lines after them close, and
// goes on inside the struct: refused. With the marker, the header's edit
// merges; a function deleted whole, its braces with it, merges too.
func TestMergeSnippetOpensDropped(t *testing.T) {
	header := func(year string) string {
		return "//     __ _____ _____ _____\n//  __|  |   __|     |   | |  JSON for Modern C++ (supporting code)\n//\n" +
			"// SPDX-FileCopyrightText: 2013-" + year + " Niels Lohmann <https://nlohmann.me>\n// SPDX-License-Identifier: MIT\n\n#include \"doctest_compatibility.h\"\n"
	}
	const body = "\n#define JSON_TESTS_PRIVATE\n#include <nlohmann/json.hpp>\nusing nlohmann::json;\n\nnamespace\n{\n" +
		"// special test case to check if memory is leaked if constructor throws\ntemplate<class T>\nstruct bad_allocator : std::allocator<T>\n{\n" +
		"    using std::allocator<T>::allocator;\n\n    bad_allocator() = default;\n    template<class U> bad_allocator(const bad_allocator<U>& /*unused*/) { }\n\n" +
		"    template<class... Args>\n    void construct(T* /*unused*/, Args&& ... /*unused*/)\n    {\n        throw std::bad_alloc();\n    }\n};\n} // namespace\n\n" +
		"static void helper(int n)\n{\n    if (n > 0)\n    {\n        report(n);\n    }\n}\n\nTEST_CASE(\"bad_alloc\")\n{\n    CHECK(true);\n}\n"
	file := header("2022") + body
	t.Run("two windows joined", func(t *testing.T) {
		snippet := "// ... existing code ...\n" + strings.TrimPrefix(header("2023"), "//     __ _____ _____ _____\n") +
			"{\n    using std::allocator<T>::allocator;\n\n    template<class... Args>\n// ... existing code ...\n"
		checkMerge(t, file, snippet, "", editkit.ErrAmbiguous)
	})
	t.Run("with the marker between", func(t *testing.T) {
		snippet := "// ... existing code ...\n" + strings.TrimPrefix(header("2023"), "//     __ _____ _____ _____\n") +
			"// ... existing code ...\n{\n    using std::allocator<T>::allocator;\n\n    bad_allocator() = default;\n// ... existing code ...\n"
		checkMerge(t, file, snippet, header("2023")+body, nil)
	})
	t.Run("a function deleted whole", func(t *testing.T) {
		snippet := "// ... existing code ...\n};\n} // namespace\n\nTEST_CASE(\"bad_alloc\")\n{\n// ... existing code ...\n"
		checkMerge(t, file, snippet, strings.Replace(file, "static void helper(int n)\n{\n    if (n > 0)\n    {\n        report(n);\n    }\n}\n\n", "", 1), nil)
	})
	// The first lines of one function and the last of the next, joined
	// where a marker was forgotten: the segment deletes the end of the
	// one and the first line of the other, and what is left of the first
	// goes on with the second's body. The whole placement balances.
	t.Run("two functions joined", func(t *testing.T) {
		const parse = "static int parse(struct state *st, int a) {\n  if (a < 0)\n    return fail(st, \"parse requires a positive input\");\n"
		const c = parse + "  int n = a * 2;\n  if (n > LIMIT)\n    return fail(st, \"parse overflows\");\n  log_value(st, n);\n  return n;\n}\n\n" +
			"static int format(struct state *st, int a) {\n  if (a > LIMIT)\n    return fail(st, \"format requires a smaller input\");\n  char buf[32];\n  memset(buf, 0, sizeof(buf));\n" +
			"  int len = snprintf(buf, sizeof(buf), \"%d\", a);\n  if (len < 0)\n    return fail(st, \"format failed\");\n  emit(st, buf, len);\n  return len;\n}\n"
		checkMerge(t, c, "// ... existing code ...\n"+parse+"  emit(st, buf, len);\n  return len;\n}\n// ... existing code ...\n", "", editkit.ErrAmbiguous)
	})
}

// TestMergeSnippetCopiedNeighbour: a new method written between two others
// copies a nil check from the one above, in the middle of its new lines:
// the copy is new code, and the segment, which keeps every line of the
// file, merges. The same lines right above a line of the file the segment
// keeps (the method below's) read as the method above's, a marker
// forgotten between them and that line: refused.
func TestMergeSnippetCopiedNeighbour(t *testing.T) {
	const withField = "func (entry *Entry) WithField(key string, value any) *Entry {\n\tdup := entry.dup()\n\tif dup.Data == nil {\n\t\tdup.Data = make(Fields, 1)\n\t}\n\tdup.Data[key] = value\n\treturn dup\n}\n\n"
	const withTime = "func (entry *Entry) WithTime(t time.Time) *Entry {\n\tdup := entry.dup()\n\tdup.Time = t\n\treturn dup\n}\n"
	const withFields = "func (entry *Entry) WithFields(fields Fields) *Entry {\n\tdup := entry.dupFields()\n\tif dup.Data == nil {\n\t\tdup.Data = make(Fields, 1)\n\t}\n\tmaps.Copy(dup.Data, fields)\n\treturn dup\n}\n\n"
	file := "package logrus\n\n" + withField + withTime
	t.Run("a new method copies a check", func(t *testing.T) {
		snippet := "// ... existing code ...\n\tdup.Data[key] = value\n\treturn dup\n}\n\n" + withFields + "func (entry *Entry) WithTime(t time.Time) *Entry {\n// ... existing code ...\n"
		checkMerge(t, file, snippet, "package logrus\n\n"+withField+withFields+withTime, nil)
	})
	t.Run("the check right above the file's lines", func(t *testing.T) {
		snippet := "// ... existing code ...\nfunc (entry *Entry) WithTime(t time.Time) *Entry {\n\tdup := entry.dup()\n\tutc := t.UTC()\n\tif dup.Data == nil {\n\t\tdup.Data = make(Fields, 1)\n\t}\n\tdup.Time = t\n\treturn dup\n}\n"
		checkMerge(t, file, snippet, "", editkit.ErrConflict)
	})
}

// TestMergeSnippetBlankLinesAfterNew: a method added at the end of a
// Python class, above the two blank lines before the next top-level
// definition, its segment showing one blank line above it and one below,
// then a marker: the new lines stand inside the file's run of blank lines,
// and the blank line after them is new, so both of the file's stay. Where
// the file has one blank line there, the segment's last blank line is
// that one.
func TestMergeSnippetBlankLinesAfterNew(t *testing.T) {
	const class = "class TestScope:\n    def test_loop(self, env):\n        tmpl = env.from_string(\"{% for x in xs %}{% endfor %}\")\n        assert tmpl.render() == \"\"\n"
	const added = "    def test_select(self, env):\n        env.tests[\"foo\"] = is_foo\n        assert render(env) == \"foo\"\n"
	const next = "@pytest.mark.parametrize(\"char\", [\"\\x85\"])\ndef test_unicode_whitespace(env, char):\n    assert char\n"
	snippet := "# ... existing code ...\n        assert tmpl.render() == \"\"\n\n" + added + "\n# ... existing code ...\n"
	t.Run("two blank lines", func(t *testing.T) {
		checkMerge(t, class+"\n\n"+next, snippet, class+"\n"+added+"\n\n"+next, nil)
	})
	t.Run("one blank line", func(t *testing.T) {
		checkMerge(t, class+"\n"+next, snippet, class+"\n"+added+"\n"+next, nil)
	})
}

// TestMergeSnippetNewSibling: a new test written like the one above it,
// its segment's context the end of that test, which ends the test above
// it too, and the first lines of the type below. Read at the first test's
// end, the segment would rename the second test into the new one; it is
// added beside it. A copy of the second test under a new name, its lines
// all the file's, still reads both ways.
func TestMergeSnippetNewSibling(t *testing.T) {
	test := func(name, tag, src, want string) string {
		return "func TestMapping" + name + "(t *testing.T) {\n\tvar s struct {\n\t\tFoo customHex `" + tag + "`\n\t}\n\terr := mappingByPtr(&s, formSource{" + src + "}, \"form\")\n\trequire.NoError(t, err)\n\n\tassert.EqualValues(t, " + want + ", s.Foo)\n}\n\n"
	}
	uri := test("HexURI", `uri:"foo"`, "\"foo\": {`f5`}", "245")
	form := test("HexForm", `form:"foo"`, "\"foo\": {`f5`}", "245")
	def := test("HexDefault", `form:"foo,default=f5"`, "\"foo\": {}", "0xf5")
	const typ = "type customPath struct {\n\tProtocol string\n\tPath     string\n\tName     string\n}\n"
	file := "package binding\n\n" + uri + form + typ
	t.Run("a new test beside its twin", func(t *testing.T) {
		snippet := "// ... existing code ...\n\tassert.EqualValues(t, 245, s.Foo)\n}\n\n" + def + "type customPath struct {\n\tProtocol string\n\tPath     string\n// ... existing code ...\n"
		checkMerge(t, file, snippet, "package binding\n\n"+uri+form+def+typ, nil)
	})
	t.Run("a copy of its twin", func(t *testing.T) {
		again := test("HexFormAgain", `form:"foo"`, "\"foo\": {`f5`}", "245")
		snippet := "// ... existing code ...\n\tassert.EqualValues(t, 245, s.Foo)\n}\n\n" + again + "type customPath struct {\n\tProtocol string\n\tPath     string\n// ... existing code ...\n"
		checkMerge(t, file, snippet, "", editkit.ErrAmbiguous)
	})
}

// TestMergeSnippetRewritesFirstLines: a snippet that starts where the file
// does, with no marker above, placed by its first line alone, whose other
// lines rewrite the file's first lines one for one down to a line the file
// has there as it is (a ruler), then a marker: it replaces those lines.
// Ending one line short of the ruler, nothing says how far it reaches.
func TestMergeSnippetRewritesFirstLines(t *testing.T) {
	const head = "'use strict';\n\nvar _ = require('lodash'),\n    fs = require('fs-extra'),\n    path = require('path');\n\nvar minify = require('../common/minify.js');\n\n/*----------------------------------------------------------------------------*/\n"
	const body = "\nfunction copy(srcPath, destPath) {\n  return _.partial(fs.copy, srcPath, destPath);\n}\n\nmodule.exports = {\n  'copy': copy\n};\n"
	const rewritten = "'use strict';\n\nconst _ = require('lodash');\nconst fs = require('fs-extra');\nconst path = require('path');\n\nconst minify = require('../common/minify.js');\n\n/*----------------------------------------------------------------------------*/\n"
	t.Run("down to the ruler", func(t *testing.T) {
		checkMerge(t, head+body, rewritten+"// ... existing code ...\n", rewritten+body, nil)
	})
	t.Run("short of the ruler", func(t *testing.T) {
		short := strings.TrimSuffix(rewritten, "\n/*----------------------------------------------------------------------------*/\n")
		checkMerge(t, head+body, short+"// ... existing code ...\n", "", editkit.ErrNotFound)
	})
}

// TestMergeSnippetIndentedBlockWhole: a Python function written whole
// between markers, its last line a changed "return": it ends where the
// function's block ends, so it replaces the function's last line. Where
// the file's function goes on past the line the segment changes last,
// nothing says whether it replaces that line.
func TestMergeSnippetIndentedBlockWhole(t *testing.T) {
	const before = "import sys\n\n\n"
	const after = "\n\ndef options(url, **kwargs):\n    return request('options', url, **kwargs)\n"
	const get = "def get(url, params=None, **kwargs):\n    r\"\"\"Sends a GET request.\"\"\"\n\n    return request('get', url, params=params, **kwargs)\n"
	const newGet = "def get(url, params=None, **kwargs):\n    r\"\"\"Sends a GET request.\"\"\"\n\n    return request(\"get\", url, params=params, **kwargs)\n"
	snippet := "# ... existing code ...\n" + newGet + "# ... existing code ...\n"
	t.Run("to the block's end", func(t *testing.T) {
		checkMerge(t, before+get+after, snippet, before+newGet+after, nil)
	})
	t.Run("the block goes on", func(t *testing.T) {
		const more = "    log.debug('sent')\n"
		checkMerge(t, before+get+more+after, snippet, "", editkit.ErrAmbiguous)
	})
}

// TestMergeSnippetSignatureAbove: a function whose signature the segment
// writes over several lines, above the body the file has: the new
// signature replaces the file's one-line signature. A signature of
// another name there is new code above it, a block with no body: refused.
func TestMergeSnippetSignatureAbove(t *testing.T) {
	const file = "import sys\n\n\ndef get(url, params=None, **kwargs):\n    r\"\"\"Sends a GET request.\"\"\"\n    return request(\"get\", url, params=params, **kwargs)\n\n\ndef head(url, **kwargs):\n    return request(\"head\", url, **kwargs)\n"
	const body = "    r\"\"\"Sends a GET request.\"\"\"\n    return request(\"get\", url, params=params, **kwargs)\n"
	t.Run("the same name", func(t *testing.T) {
		const sig = "def get(\n    url: str,\n    params: Params | None = None,\n    **kwargs: Any,\n) -> Response:\n"
		want := strings.Replace(file, "def get(url, params=None, **kwargs):\n", sig, 1)
		checkMerge(t, file, "# ... existing code ...\n"+sig+body+"# ... existing code ...\n", want, nil)
	})
	t.Run("another name", func(t *testing.T) {
		const sig = "def fetch(\n    url: str,\n    **kwargs: Any,\n) -> Response:\n"
		checkMerge(t, file, "# ... existing code ...\n"+sig+body+"# ... existing code ...\n", "", editkit.ErrAmbiguous)
	})
}

// TestMergeSnippetClosestRewrite: a segment whose context fits two jobs
// of a workflow, and whose changed line retouches the line one of them has
// there: it is merged at that job. Where the other job has no line there
// (the line may be new to it), or has the line as near (each a retouch),
// or has the same text broken over lines (the segment may join them), the
// tie stands.
func TestMergeSnippetClosestRewrite(t *testing.T) {
	job := func(name, key string) string {
		return "  " + name + ":\n    runs-on: windows-latest\n    steps:\n      - name: Cache Build\n        uses: actions/cache@v4\n        with:\n          path: build\n" + key + "      - name: Setup MSYS2\n        uses: msys2/setup-msys2@v2\n        with:\n          msystem: " + name + "\n"
	}
	const head = "name: build\non: [push]\njobs:\n"
	const oldKey = "          key: mingw-cmake-${{ matrix.EVENT_MATRIX }}-${{ hashFiles('CMakeLists.txt') }}-v4\n"
	const newKey = "          key: mingw-cmake-${{ matrix.EVENT_MATRIX }}-${{ hashFiles('CMakeLists.txt') }}-v5\n"
	snippet := "        # ... existing code ...\n        uses: actions/cache@v4\n        with:\n          path: build\n" + newKey + "      - name: Setup MSYS2\n        uses: msys2/setup-msys2@v2\n        # ... existing code ...\n"
	tests := []struct {
		name, file, want string
		err              error
	}{
		{
			name: "one job's line retouched",
			file: head + job("autotools", "          key: mingw-autotools-v5\n") + job("cmake", oldKey),
			want: head + job("autotools", "          key: mingw-autotools-v5\n") + job("cmake", newKey),
		},
		{
			name: "the other job has no line there",
			file: head + job("autotools", "") + job("cmake", oldKey),
			err:  editkit.ErrAmbiguous,
		},
		{
			name: "both jobs' lines retouched",
			file: head + job("autotools", strings.Replace(oldKey, "-v4", "-v3", 1)) + job("cmake", oldKey),
			err:  editkit.ErrAmbiguous,
		},
		{
			name: "the other job's line broken in two",
			file: head + job("autotools", strings.Replace(newKey, "}}-", "}}\n            -", 1)) + job("cmake", oldKey),
			err:  editkit.ErrAmbiguous,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkMerge(t, tt.file, snippet, tt.want, tt.err)
		})
	}
}

// TestMergeSnippetClosestRewriteAtEdge: a segment held by one run, the
// body of alike impls, whose lines above it are the closing brackets above
// an impl and a retouch of one impl's first line: it rewrites that line.
// Where that line is as near at both, or the run is one line, the tie
// stands.
func TestMergeSnippetClosestRewriteAtEdge(t *testing.T) {
	impl := func(head string) string {
		return head + " {\n    fn default() -> Self {\n        Self::new()\n    }\n}\n\n"
	}
	const record, metadata = "impl<'a> Default for RecordBuilder<'a>", "impl<'a> Default for MetadataBuilder<'a>"
	const first = "impl Default for Logger"
	file := impl(first) + impl(record) + impl(metadata)
	tests := []struct {
		name, file, snippet, want string
		err                       error
	}{
		{
			name:    "one impl's first line retouched",
			file:    file,
			snippet: "// ... existing code ...\n    }\n}\n\nimpl Default for RecordBuilder<'_> {\n    fn default() -> Self {\n        Self::new()\n    }\n// ... existing code ...\n",
			want:    impl(first) + impl("impl Default for RecordBuilder<'_>") + impl(metadata),
		},
		{
			name:    "both first lines as near",
			file:    impl(first) + impl("impl<'a> Default for RecordBuilder<'a, A>") + impl("impl<'a> Default for RecordBuilder<'a, B>"),
			snippet: "// ... existing code ...\n    }\n}\n\nimpl Default for RecordBuilder<'_, C> {\n    fn default() -> Self {\n        Self::new()\n    }\n// ... existing code ...\n",
			err:     editkit.ErrAmbiguous,
		},
		{
			name:    "a run of one line",
			file:    file,
			snippet: "// ... existing code ...\n    }\n}\n\nimpl Default for RecordBuilder<'_> {\n    fn default() -> Self {\n// ... existing code ...\n",
			err:     editkit.ErrAmbiguous,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkMerge(t, tt.file, tt.snippet, tt.want, tt.err)
		})
	}
}

// TestMergeSnippetTieSettledLater: a segment that fits two alike
// functions, followed by one whose lines stand together only below the
// first: read at the second function, the next segment would find its top
// lines in one function below and its bottom lines in another above that,
// which it refuses; so the first function is the one. Where the next
// segment is itself tied after either, nothing says.
func TestMergeSnippetTieSettledLater(t *testing.T) {
	fn := func(name string) string {
		return "func " + name + "() {\n\tx := compute(1)\n\tstep()\n\treport(x)\n\tdone()\n}\n\n"
	}
	const middle = "func middle() {\n\talpha()\n\tbeta()\n\tkeep()\n\tgamma()\n}\n\n"
	const tail = "func c() {\n\tkeep()\n\tgamma()\n}\n\nfunc d() {\n\talpha()\n\tbeta()\n}\n"
	first := "// ... existing code ...\n\tx := compute(1)\n\tstep(2)\n\treport(x)\n\tdone()\n// ... existing code ...\n"
	t.Run("the other place leaves the next segment split", func(t *testing.T) {
		file := fn("a") + middle + fn("b") + tail
		snippet := first + "\talpha()\n\tbeta()\n\tdelta()\n\tkeep()\n\tgamma()\n// ... existing code ...\n"
		want := strings.Replace(fn("a"), "step()", "step(2)", 1) + strings.Replace(middle, "\tkeep()", "\tdelta()\n\tkeep()", 1) + fn("b") + tail
		checkMerge(t, file, snippet, want, nil)
	})
	t.Run("the next segment tied too", func(t *testing.T) {
		file := fn("a") + middle + fn("b") + middle
		snippet := first + "\talpha()\n\tbeta()\n\tdelta()\n\tkeep()\n\tgamma()\n// ... existing code ...\n"
		checkMerge(t, file, snippet, "", editkit.ErrAmbiguous)
	})
}

// A segment whose only lines of the file at its top are ones the file
// has all over (an example's "```go" and "func main() {"), below a new
// heading: those lines are the file's nearest copy above the bottom run,
// rewritten, or the whole a new section, like the ones above it. Nothing
// says which; with the previous section's last line of text on top, the
// section is new.
func TestMergeSnippetNewAboveCommonTop(t *testing.T) {
	example := func(name, body string) string {
		return "## " + name + "\n\nTo " + strings.ToLower(name) + ":\n\n```go\nfunc main() {\n" + body + "}\n```\n\n"
	}
	file := "# Guide\n\n" +
		example("Colors", "  gin.ForceConsoleColor()\n  router := gin.Default()\n  router.Run(\":8080\")\n") +
		example("Logging", "  f, _ := os.Create(\"gin.log\")\n  gin.DefaultWriter = io.MultiWriter(f)\n  router := gin.Default()\n") +
		example("Binding", "  router := gin.Default()\n  router.POST(\"/login\", login)\n") +
		example("Templates", "  router := gin.Default()\n  router.LoadHTMLGlob(\"templates/*\")\n") +
		example("Redirects", "  router := gin.Default()\n  router.GET(\"/old\", redirect)\n")
	const section = "## Query strings\n\n```go\nfunc main() {\n  router := gin.New()\n\n  // The logger leaves out the query string: /path?q=1 is logged as /path.\n  cfg := gin.LoggerConfig{SkipQueryString: true}\n  router.Use(gin.LoggerWithConfig(cfg))\n}\n```\n\n"
	want := strings.Replace(file, "## Binding", section+"## Binding", 1)
	runMergeCases(t, []mergeCase{{
		name:    "a blank line on top",
		content: file,
		snippet: "<!-- ... existing code ... -->\n\n" + section + "## Binding\n<!-- ... existing code ... -->\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the section above's last lines on top",
		content: file,
		snippet: "<!-- ... existing code ... -->\n  gin.DefaultWriter = io.MultiWriter(f)\n  router := gin.Default()\n}\n```\n\n" + section + "## Binding\n<!-- ... existing code ... -->\n",
		want:    want,
	}})
}

// A segment placed by its last lines whose first new lines open up the
// file's line above them over several (an argument written one a line):
// that line is rewritten, not kept above the new ones. The segment's
// blank first line is the file's above it. Where the file's line starts
// otherwise, the new lines are new. Likewise the file's signature over
// three lines, closed up onto one.
func TestMergeSnippetStatementOpenedUp(t *testing.T) {
	const file = "function build() {\n  const markdown = read(path)\n    .replace(/x/g, '');\n\n" +
		"  const $ = cheerio.load(marky(markdown, { 'sanitize': false }));\n  const $header = $('h1').first().remove();\n  return $header;\n}\n"
	const opened = "  const $ = cheerio.load(marky(markdown, {\n    'enableHeadingLinkIcons': false,\n    'sanitize': false\n  }));\n\n"
	runMergeCases(t, []mergeCase{{
		name:    "the file's line opened up",
		content: file,
		snippet: "  // ... existing code ...\n\n" + opened + "  const $header = $('h1').first().remove();\n  // ... existing code ...\n",
		want:    strings.Replace(file, "  const $ = cheerio.load(marky(markdown, { 'sanitize': false }));\n", opened, 1),
	}, {
		name:    "a new statement below it",
		content: file,
		snippet: "  // ... existing code ...\n\n  const $$ = cheerio.load(other, {\n    'enableHeadingLinkIcons': false,\n    'sanitize': false,\n  });\n  const $header = $('h1').first().remove();\n  // ... existing code ...\n",
		want:    strings.Replace(file, "  const $header", "\n  const $$ = cheerio.load(other, {\n    'enableHeadingLinkIcons': false,\n    'sanitize': false,\n  });\n  const $header", 1),
	}})

	const py = "class Hooks:\n    def register(self, event, hook):\n        if isinstance(hook, Callable):\n            self.hooks[event].append(hook)\n" +
		"        elif hasattr(hook, \"__iter__\"):\n            self.hooks[event].extend(h for h in hook if isinstance(h, Callable))  # type: ignore[reportUnnecessaryIsInstance]  # runtime filter\n\n" +
		"    def deregister(self, event, hook):\n        pass\n"
	const call = "            self.hooks[event].extend(\n                h for h in hook if isinstance(h, Callable)\n            )  # runtime filter\n"
	const sig = "    def _define_ref(\n        self, name: str, load: t.Optional[tuple[str, t.Optional[str]]] = None\n    ) -> str:\n"
	const symbols = "class Symbols:\n    def __init__(self):\n        self.refs = {}\n\n" + sig + "        ident = f\"l_{self.level}_{name}\"\n        self.refs[name] = ident\n        return ident\n"
	const joined = "    def _define_ref(self, name: str, load: tuple[str, str | None] | None = None) -> str:\n"
	t.Run("closed up onto one line", func(t *testing.T) {
		checkMerge(t, symbols, "    # ... existing code ...\n\n"+joined+"        ident = f\"l_{self.level}_{name}\"\n    # ... existing code ...\n",
			strings.Replace(symbols, sig, joined, 1), nil)
	})
	t.Run("at the segment's end, above a marker", func(t *testing.T) {
		checkMerge(t, py, "# ... existing code ...\n        elif hasattr(hook, \"__iter__\"):\n"+call+"\n# ... existing code ...\n",
			strings.Replace(py, "            self.hooks[event].extend(h for h in hook if isinstance(h, Callable))  # type: ignore[reportUnnecessaryIsInstance]  # runtime filter\n", call, 1), nil)
	})
}

// A doc comment rewritten shorter, in a segment placed by the function's
// first line below it, with the blank line above the comment on top: the
// file's whole comment is rewritten, not kept above the new one.
func TestMergeSnippetDocCommentShorter(t *testing.T) {
	const old = "// WithField creates an entry from the standard logger and adds a field to\n// it. If you want multiple fields, use `WithFields`.\n//\n" +
		"// Note that it doesn't log until you call Debug, Print, Info, Warn, Fatal\n// or Panic on the Entry it returns.\n"
	const file = "package logrus\n\nvar std = New()\n\n" + old + "func WithField(key string, value any) *Entry {\n\treturn std.WithField(key, value)\n}\n"
	const doc = "// WithField creates an entry from the standard logger and adds a single field.\n// For multiple fields, prefer [WithFields] over chaining WithField calls.\n"
	runMergeCases(t, []mergeCase{{
		name:    "rewritten",
		content: file,
		snippet: "// ... existing code ...\n\n" + doc + "func WithField(key string, value any) *Entry {\n// ... existing code ...\n",
		want:    strings.Replace(file, old, doc, 1),
	}, {
		name:    "a line added on top",
		content: file,
		snippet: "// ... existing code ...\n\n// Deprecated: use WithFields.\n" + old + "func WithField(key string, value any) *Entry {\n// ... existing code ...\n",
		want:    strings.Replace(file, old, "// Deprecated: use WithFields.\n"+old, 1),
	}})
}

// A long line edited in one place (a generated table grown by an entry, a
// Markdown table's header) is that line changed, as a short line is: the
// segment rewrites it rather than writing a copy beside it.
func TestMergeSnippetLongLineChanged(t *testing.T) {
	var names, index strings.Builder
	index.WriteString("var _Kind_index = [...]uint16{0")
	for i := range 120 {
		fmt.Fprintf(&names, "Kind%d", i)
		fmt.Fprintf(&index, ", %d", 5*(i+1))
	}
	name := `const _Kind_name = "` + names.String()
	file := "func _() {\n\tvar x [1]struct{}\n\t_ = x[Kind118-118]\n\t_ = x[Kind119-119]\n}\n\n" +
		name + "\"\n\n" + index.String() + "}\n\nfunc (i Kind) String() string {\n\treturn _Kind_name[_Kind_index[i]:_Kind_index[i+1]]\n}\n"
	grown := "func _() {\n\tvar x [1]struct{}\n\t_ = x[Kind118-118]\n\t_ = x[Kind119-119]\n\t_ = x[Kind120-120]\n}\n\n" +
		name + "Kind120\"\n\n" + index.String() + ", 607}\n\nfunc (i Kind) String() string {\n\treturn _Kind_name[_Kind_index[i]:_Kind_index[i+1]]\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "a generated table grown by an entry",
		content: file,
		snippet: "// ... existing code ...\n\t_ = x[Kind119-119]\n\t_ = x[Kind120-120]\n}\n\n" + name + "Kind120\"\n\n" + index.String() + ", 607}\n\n// ... existing code ...\n",
		want:    grown,
	}, {
		name:    "a long line unlike the file's, written new",
		content: file,
		snippet: "// ... existing code ...\n\t_ = x[Kind119-119]\n}\n\n" + `const _Other = "` + strings.Repeat("Other", 100) + "\"\n\n// ... existing code ...\n",
		want:    strings.Replace(file, "}\n\n"+name, "}\n\n"+`const _Other = "`+strings.Repeat("Other", 100)+"\"\n\n"+name, 1),
	}})
}

// A line that sets the key the file's line in its place sets is that line
// changed, however unlike the values: a table, a mapping or an object has
// a key once.
func TestMergeSnippetSameKey(t *testing.T) {
	const toml = "[dev-dependencies]\nserde = \"1.0\"\n\n[package.metadata.playground]\nfeatures = [\"raw_value\"]\n\n\n### FEATURES\n\n[features]\ndefault = [\"std\"]\n"
	const py = "def split_arg_string(string):\n    lex = shlex.shlex(string, posix=True)\n    lex.commenters = \"\"\n    out = []\n\n    try:\n        out.extend(lex)\n    except ValueError:\n        pass\n"
	const page = "---\ndescription: Avoid exclaim operator\nms.custom: PSSA v1.22.0\nms.date: 03/26/2024\nms.topic: reference\ntitle: AvoidExclaimOperator\n---\n# AvoidExclaimOperator\n\n**Severity Level: Warning**\n"
	runMergeCases(t, []mergeCase{{
		name:    "a TOML value rewritten",
		content: toml,
		snippet: "# ... existing code ...\n[package.metadata.playground]\nfeatures = [\"float_roundtrip\", \"raw_value\", \"unbounded_depth\"]\n\n# ... existing code ...\n",
		want:    strings.Replace(toml, "features = [\"raw_value\"]", "features = [\"float_roundtrip\", \"raw_value\", \"unbounded_depth\"]", 1),
	}, {
		name:    "a comment added to an assignment",
		content: py,
		snippet: "    # ... existing code ...\n    lex.commenters = \"\"\n    out = []  # type: list[str]\n\n    # ... existing code ...\n",
		want:    strings.Replace(py, "    out = []\n", "    out = []  # type: list[str]\n", 1),
	}, {
		name:    "another page's front matter, every value changed but one",
		content: page,
		snippet: "---\ndescription: Switch Parameters Should Not Default To True\nms.date: 06/28/2023\nms.topic: reference\ntitle: AvoidDefaultValueSwitchParameter\n<!-- ... existing code ... -->\n",
		err:     editkit.ErrAmbiguous,
	}})
}

// A short line the file has once ("os" in an import list) places the
// segment's line as a longer one does: the segment deletes the line
// between, rather than writing a second copy.
func TestMergeSnippetShortRareLine(t *testing.T) {
	const file = "package doc\n\nimport (\n\t\"bytes\"\n\t\"io/ioutil\"\n\t\"os\"\n\t\"path/filepath\"\n\t\"testing\"\n)\n\nfunc TestGen(t *testing.T) {\n\tdir, err := ioutil.TempDir(\"\", \"gen\")\n\t_ = dir\n}\n"
	snippet := "\t// ... existing code ...\n\t\"bytes\"\n\t\"os\"\n\t// ... existing code ...\n"
	checkMerge(t, file, snippet, strings.Replace(file, "\t\"io/ioutil\"\n", "", 1), nil)
}

// A snippet with no marker above whose first line reads as a line of the
// file changed, a few lines down from the file's top: it rewrites the
// file from its top, that line and those above it, as a segment that
// reaches the top does (a sponsors table reordered).
func TestMergeSnippetChangedAtOpenTop(t *testing.T) {
	const rest = "\n## Install\n\nRun the installer, then read the guide.\n"
	const file = "<h3>Gold sponsors</h3> <a href=\"https://famety.example\">Famety: likes</a>\n" +
		"<a href=\"https://buzzoid.example\">Buzzoid: followers</a>\n" +
		"<a href=\"https://stytch.example\">Stytch: API-first authentication</a>\n" +
		"<a href=\"https://principal.example\">Principal: retirement</a>\n</table>\n" + rest
	const table = "<h3>Gold sponsors</h3> <a href=\"https://stytch.example\">Stytch: API-first authentication</a>\n" +
		"<a href=\"https://principal.example\">Principal: retirement</a>\n</table>\n"
	checkMerge(t, file, table+"<!-- ... existing code ... -->\n", table+rest, nil)
}

// A segment below one blank line of context, placed by the next block's
// first line, whose lines are written like the block above that line: it
// may be a new block that copies its neighbour, or that neighbour
// rewritten. Nothing says which, and it is refused; a page whose lines it
// rewrites one for one, from the blank line on, is merged.
func TestMergeSnippetBlankEdgeTwoWays(t *testing.T) {
	const tests = "class TestNamespace:\n    def test_namespace_loop(self, env_trim):\n        tmpl = env_trim.from_string(\n" +
		"            \"{% set ns = namespace(found=false) %}\"\n            \"{{ ns.found }}\"\n        )\n        assert tmpl.render(v=3) == \"True\"\n\n" +
		"    def test_namespace_macro(self, env_trim):\n        tmpl = env_trim.from_string(\n            \"{% set ns = namespace() %}\"\n" +
		"            \"{% set ns.a = 13 %}\"\n            \"{% macro magic(x) %}\"\n            \"{% set x.b = 37 %}\"\n            \"{% endmacro %}\"\n" +
		"            \"{{ magic(ns) }}\"\n            \"{{ ns.a }}|{{ ns.b }}\"\n        )\n        assert tmpl.render() == \"13|37\"\n\n" +
		"    def test_block_escaping_filtered(self):\n        env = Environment(autoescape=True)\n"
	const page = "# acme.sh\n\n> Shell script.\n\n- Issue a certificate using webroot mode:\n\n`acme.sh --issue --domain {{example.com}} --webroot {{/path}}`\n\n" +
		"- Issue a certificate for multiple domains:\n\n`acme.sh --issue --standalone --domain {{example.com}} --domain {{www.example.com}}`\n\n" +
		"- Issue a certificate using TLS mode:\n\n`acme.sh --issue --alpn --domain {{example.com}}`\n"
	const rewritten = "`acme.sh --issue {{[-d|--domain]}} {{example.com}} {{[-w|--webroot]}} {{/path}}`\n\n- Issue a certificate for multiple domains:\n\n" +
		"`acme.sh --issue --standalone {{[-d|--domain]}} {{example.com}} {{[-d|--domain]}} {{www.example.com}}`\n"
	runMergeCases(t, []mergeCase{{
		name:    "a new test like the one it goes below",
		content: tests,
		snippet: "    # ... existing code ...\n\n    def test_namespace_set_tuple(self, env_trim):\n        tmpl = env_trim.from_string(\n" +
			"            \"{% set ns = namespace(a=12, b=36) %}\"\n            \"{% set ns.a, ns.b = ns.a + 1, ns.b + 1 %}\"\n            \"{{ ns.a }}|{{ ns.b }}\"\n" +
			"        )\n        assert tmpl.render() == \"13|37\"\n\n    def test_block_escaping_filtered(self):\n    # ... existing code ...\n",
		err: editkit.ErrAmbiguous,
	}, {
		name:    "a page's lines rewritten one for one",
		content: page,
		snippet: "<!-- ... existing code ... -->\n\n" + rewritten + "\n- Issue a certificate using TLS mode:\n<!-- ... existing code ... -->\n",
		want: strings.Replace(page, "`acme.sh --issue --domain {{example.com}} --webroot {{/path}}`\n\n- Issue a certificate for multiple domains:\n\n"+
			"`acme.sh --issue --standalone --domain {{example.com}} --domain {{www.example.com}}`\n", rewritten, 1),
	}})
}

// Alike segments for alike places, the first tied: where one way leaves
// every later segment a place and the other leaves a later one only a
// place it is refused at (a changed line at its edge, not a tie), the
// snippet has said which.
func TestMergeSnippetTieSettledPastRefusal(t *testing.T) {
	job := func(name, indent, toolchain, extra string) string {
		return "  " + name + ":\n    runs-on: ubuntu-latest\n    steps:\n" + indent + "- uses: actions/checkout@v4\n" + indent + "- uses: dtolnay/rust-toolchain@v1\n" +
			indent + "  with:\n" + indent + "    toolchain: " + toolchain + "\n" + extra + indent + "- run: cargo " + name + "\n\n"
	}
	pinned := func(indent, toolchain string) string {
		return "    runs-on: ubuntu-latest\n    steps:\n" + indent + "- uses: actions/checkout@v4\n" + indent + "  with:\n" + indent + "    persist-credentials: false\n" +
			indent + "- uses: dtolnay/rust-toolchain@v1\n" + indent + "  with:\n" + indent + "    toolchain: " + toolchain + "\n"
	}
	file := "jobs:\n" + job("check", "    ", "stable", "        components: clippy\n") + job("doc", "    ", "stable", "") +
		job("features", "      ", "nightly", "") + job("minimal", "      ", "nightly", "") + job("embedded", "      ", "stable", "")
	const marker = "  # ... existing code ...\n"
	snippet := marker + pinned("    ", "stable") + marker + pinned("    ", "stable") + marker + pinned("      ", "nightly") + marker + pinned("      ", "nightly") + marker
	want := "jobs:\n" + strings.Replace(job("check", "    ", "stable", "        components: clippy\n"), "    - uses: actions/checkout@v4\n", "    - uses: actions/checkout@v4\n      with:\n        persist-credentials: false\n", 1)
	for _, j := range []struct{ name, indent, toolchain string }{{"doc", "    ", "stable"}, {"features", "      ", "nightly"}, {"minimal", "      ", "nightly"}} {
		want += strings.Replace(job(j.name, j.indent, j.toolchain, ""), j.indent+"- uses: actions/checkout@v4\n", j.indent+"- uses: actions/checkout@v4\n"+j.indent+"  with:\n"+j.indent+"    persist-credentials: false\n", 1)
	}
	checkMerge(t, file, snippet, want+job("embedded", "      ", "stable", ""), nil)
}

// A declaration whose arguments are wrapped anew: its first line changed,
// its last line ending as the file's does, at another column. Both are
// the file's lines changed, not new lines above them.
func TestMergeSnippetWrappedAnew(t *testing.T) {
	const old = "LUAI_FUNC LClosure* luaU_undump (lua_State* L, ZIO* Z, const char* name,\n                                               int fixed);\n"
	const file = "/* load one chunk; from lundump.c */\n" + old + "\n/* dump one chunk; from ldump.c */\nLUAI_FUNC int luaU_dump (lua_State* L, const Proto* f, lua_Writer w,\n                         void* data, int strip);\n"
	const wrapped = "LUAI_FUNC LClosure* luaU_undump (lua_State* L, ZIO* Z, Table *anchor,\n                                 const char* name, int fixed);\n"
	checkMerge(t, file, "// ... existing code ...\n/* load one chunk; from lundump.c */\n"+wrapped+"\n// ... existing code ...\n", strings.Replace(file, old, wrapped, 1), nil)
}

// A snippet that shows the file from its first line to its last line that
// is not blank is the file's whole new text: blank lines the file has
// after that line go with it (a formatter's trailing blank lines). A
// snippet with a marker above its last segment does not show the whole
// file, and they stay.
func TestMergeSnippetWholeFileTrailingBlank(t *testing.T) {
	const file = "use std::sync::Mutex;\n\nfn main() {\n    let state = Mutex::new(0);\n    check_line(&state, 61);\n}\n\n"
	runMergeCases(t, []mergeCase{{
		name:    "the whole file",
		content: file,
		snippet: "use std::sync::Mutex;\n\nfn main() {\n    let state = Mutex::new(0);\n    check_line(&state, 60);\n}\n",
		want:    "use std::sync::Mutex;\n\nfn main() {\n    let state = Mutex::new(0);\n    check_line(&state, 60);\n}\n",
	}, {
		name:    "its end after a marker",
		content: file,
		snippet: "// ... existing code ...\n    let state = Mutex::new(0);\n    check_line(&state, 60);\n}\n",
		want:    "use std::sync::Mutex;\n\nfn main() {\n    let state = Mutex::new(0);\n    check_line(&state, 60);\n}\n\n",
	}})
}

// A snippet without markers, a piece of the file, whose top is the
// closing brackets of the function above a new one: the walk up from the
// next function's lines may read the new lines as the body of an alike
// function further up, changed, its first lines dropped; or as new, those
// brackets the file's just above the next function. The piece keeps every
// line of the file read the second way, and is read so, unless the walk
// read a line as changed that the fuzzy tier would take for the file's:
// then nothing says which, and it is refused — but for the name of the
// function the rewrite would drop, when the file has it once (see
// renamesBlock): a new function is written like its neighbour, whose name
// a rewrite keeps.
func TestMergeSnippetPieceNewAtTop(t *testing.T) {
	const body = "\tlogger := Logger{\n\t\tOut: out,\n\t}\n%s\n\tb.RunParallel(func(pb *testing.PB) {\n\t\tfor pb.Next() {\n" +
		"\t\t\tlogger.Info(\"aaa\")\n\t\t}\n\t})\n}\n\n"
	const next = "func BenchmarkJSON(b *testing.B) {\n\tdoWith(b, &JSONFormatter{})\n}\n"
	file := "package bench\n\nfunc doA(b *testing.B, out *os.File) {\n" + fmt.Sprintf(body, "") +
		"func doB(b *testing.B, out *os.File) {\n" + fmt.Sprintf(body, "\tlogger.SetNoLock()\n") +
		next + "\nfunc BenchmarkText(b *testing.B) {\n\tdoWith(b, &TextFormatter{})\n}\n"
	const added = "func BenchmarkLog(b *testing.B) {\n\tlogger := New()\n\tlogger.SetOutput(io.Discard)\n\n" +
		"\tb.Run(\"disabled_level\", func(b *testing.B) {\n\t\tb.ReportAllocs()\n" +
		"\t\tfor range b.N {\n\t\t\tlogger.Log(DebugLevel, \"test\")\n\t\t}\n\t})\n}\n\n"
	const alike = "func BenchmarkLog(b *testing.B) {\n\tlogger := New()\n\tb.Run(\"enabled\", func(b *testing.B) {\n" +
		"\t\tfor range b.N {\n\t\t\tlogger.Log(WarnLevel, \"test\")\n\t\t}\n\t})\n}\n\n"
	inits := strings.NewReplacer("func doA(b *testing.B, out *os.File) {", "func init() {", "func doB(b *testing.B, out *os.File) {", "func init() {").Replace(file)
	runMergeCases(t, []mergeCase{{
		name:    "new lines unlike the function above",
		content: file,
		snippet: "\t})\n}\n\n" + added + next,
		want:    strings.Replace(file, next, added+next, 1),
	}, {
		name:    "new lines that read as that function's changed, but for its name",
		content: file,
		snippet: "\t})\n}\n\n" + alike + next,
		want:    strings.Replace(file, next, alike+next, 1),
	}, {
		name:    "the same where that function's name is not its own (two init functions)",
		content: inits,
		snippet: "\t})\n}\n\n" + alike + next,
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetClosedUpAtTop: a segment whose first line, below a
// marker, is the file's statement above its run closed up onto one line
// (a Python string's format call, which opens on the line that closes
// the string) replaces that statement, rather than going above the run
// as a new line while the marker keeps the old one.
func TestMergeSnippetClosedUpAtTop(t *testing.T) {
	const head = "import sys\n\nif sys.version_info < (3, 9):\n    sys.stderr.write(\n        \"\"\"\nThis version of the tool needs Python {}.{}.\n"
	const tail = "    )\n    sys.exit(1)\n\n\nprint(\"ok\")\n"
	runMergeCases(t, []mergeCase{{
		name:    "closed up",
		content: head + "\"\"\".format(\n            *(3, 9)\n        )\n" + tail,
		snippet: "# ... existing code ...\n\"\"\".format(*(3, 9))\n    )\n    sys.exit(1)\n# ... existing code ...\n",
		want:    head + "\"\"\".format(*(3, 9))\n" + tail,
	}})
}

// TestMergeSnippetCopyAcross: a new subtest written like one further up,
// below the subtest the segment starts on, has that one's lines: the file
// has them on the other side of the lines the segment keeps, a subtest
// away. No marker forgotten over a stretch puts them there, so they are a
// copy, and the segment merges. Lines moved across the lines a segment
// keeps from right next to them are still refused as written twice, and
// so are the file's lines rearranged (a copy keeps its source's order) and
// a section moved and rewritten (a copy starts with a line of its own).
func TestMergeSnippetCopyAcross(t *testing.T) {
	sub := func(name, mode, want string) string {
		return "\tt.Run(\"" + name + "\", func(t *testing.T) {\n\t\tc, _ := CreateTestContext(httptest.NewRecorder())\n\t\tc.SetSameSite(" + mode + ")\n\t\tc.SetCookieData(&http.Cookie{Name: \"user\", Value: \"gin\"})\n\t\tsetCookie := c.Writer.Header().Get(\"Set-Cookie\")\n\t\tassert.Contains(t, setCookie, \"SameSite=" + want + "\")\n\t})\n"
	}
	strict, none := sub("strict mode", "http.SameSiteStrictMode", "Strict"), sub("none mode", "http.SameSiteNoneMode", "None")
	added := sub("default mode inherits", "http.SameSiteDefaultMode", "Strict")
	const next = "\nfunc TestGetMapFromFormData(t *testing.T) {\n\tm, ok := getMapFromFormData(nil, \"ids\")\n\tassert.False(t, ok)\n\tassert.Empty(t, m)\n}\n"
	file := "package gin\n\nfunc TestSetCookieData(t *testing.T) {\n" + strict + "\n" + none + "}\n" + next
	t.Run("a copy of a subtest further up", func(t *testing.T) {
		snippet := "// ... existing code ...\n\t\tassert.Contains(t, setCookie, \"SameSite=None\")\n\t})\n\n" + added + "}\n\nfunc TestGetMapFromFormData(t *testing.T) {\n// ... existing code ...\n"
		checkMerge(t, file, snippet, "package gin\n\nfunc TestSetCookieData(t *testing.T) {\n"+strict+"\n"+none+"\n"+added+"}\n"+next, nil)
	})
	t.Run("lines moved from right below", func(t *testing.T) {
		const fn = "func (s *Server) Close() error {\n\tconns := s.takeConns()\n\tlisteners := s.takeListeners()\n\tcloseAll(conns, listeners)\n\ts.cancelPendingRequests()\n\ts.reportShutdownMetrics()\n\treturn nil\n}\n"
		snippet := "// ... existing code ...\n\tconns := s.takeConns()\n\ts.cancelPendingRequests()\n\ts.reportShutdownMetrics()\n\tlisteners := s.takeListeners()\n\tcloseAll(conns, listeners)\n// ... existing code ...\n"
		checkMerge(t, "package gin\n\n"+fn, snippet, "", editkit.ErrConflict)
	})
	t.Run("the file's lines rearranged", func(t *testing.T) {
		const job = "jobs:\n  cleanup:\n    runs-on: ubuntu-latest\n    steps:\n"
		const schedule = "on:\n  schedule:\n    - cron: \"0 3 * * *\"\n"
		keys := []string{"close-message: \"Closed for inactivity.\"", "days-before-close: 5", "days-before-stale: 30", "stale-message: \"Marked stale after 30 days.\"", "exempt-labels: \"pinned,security\"", "operations-per-run: 100"}
		with := func(keys []string) string { return "          " + strings.Join(keys, "\n          ") + "\n" }
		file := "name: Cleanup\n\n" + job + "      # Marks and closes inactive issues\n      - uses: actions/stale@v9\n        with:\n" + with(keys) + "\n" + schedule
		reordered := slices.Clone(keys)
		slices.Reverse(reordered)
		snippet := "# ... existing code ...\n\n" + schedule + "\n" + job + "      - uses: actions/stale@v9\n        with:\n" + with(reordered)
		checkMerge(t, file, snippet, "", editkit.ErrConflict)
	})
	t.Run("a section moved below the one it was above, and rewritten", func(t *testing.T) {
		const features = "## Features\n- Add `--ignore-parent` to override `--no-ignore-parent`, see #1958.\n"
		const fixes = "## Bugfixes\n- Sanitize control characters in file names\n"
		file := "# Changelog\n\n" + fixes + "  when output goes to a terminal, and prefix paths\n  starting with a dash, to prevent argument injection.\n  Also reject placeholders as the executable.\n- Handle invalid working directories, see #1900.\n\n" + features + "\n# 10.4.2\n"
		snippet := "<!-- ... existing code ... -->\n\n" + features + "\n" + fixes + "  when output goes to a terminal, to prevent\n  escape-sequence injection. Also reject a placeholder\n  as the executable for `--exec-batch`.\n- Handle invalid working directories, see #1900.\n\n# 10.4.2\n<!-- ... existing code ... -->\n"
		checkMerge(t, file, snippet, "", editkit.ErrConflict)
	})
}

// TestMergeSnippetFileLineBelow: a new line that is the file's first line
// below the lines a segment replaces would stand right above that line,
// written twice; the segment reaches over it (two stretches joined where
// a marker was forgotten), and the merge is refused. A new line written
// above lines the segment keeps, which the file has below them (an early
// return like the function's last line, a line repeated in a new branch
// above the old one), or deeper than the file's (a clean-up repeated
// inside a new error branch), is a copy and merges.
func TestMergeSnippetFileLineBelow(t *testing.T) {
	t.Run("the next heading written again", func(t *testing.T) {
		var backends strings.Builder
		for n := range 30 {
			fmt.Fprintf(&backends, "//! - `backend_%d`: writes records to sink number %d.\n", n, n)
		}
		file := "//! # Examples\n//!\n//! ```\n//! # use kvlog::Record;\n//! let r = Record::new(\"hi\");\n//! # fn main() {}\n//! ```\n//!\n//! # Available backends\n//!\n" +
			backends.String() + "//!\n//! ```\n//! # fn main() {}\n//! ```\n\npub mod record;\n"
		snippet := "// ... existing code ...\n//! let r = Record::new(\"hi\");\n//! # fn main() {}\n//! ```\n//!\n//! See the [`record`] module for the fields a record has.\n//!\n//! # Available backends\n//!\n//! - `backend_29`: writes records to sink number 29.\n//!\n//! # fn main() {}\n//! ```\n// ... existing code ...\n"
		checkMerge(t, file, snippet, "", editkit.ErrConflict)
	})
	t.Run("an early return like the last line", func(t *testing.T) {
		const head = "package logfmt\n\nfunc (f *Formatter) Format(e *Entry) ([]byte, error) {\n\tb := f.buffer()\n"
		file := head + "\tif f.colored {\n\t\tf.printColored(b, e)\n\t} else {\n\t\tf.printPlain(b, e)\n\t}\n\tb.WriteByte('\\n')\n\treturn b.Bytes(), nil\n}\n"
		snippet := "// ... existing code ...\n\tb := f.buffer()\n\tif f.colored {\n\t\tf.printColored(b, e)\n\t\treturn b.Bytes(), nil\n\t}\n\tf.printPlain(b, e)\n\tb.WriteByte('\\n')\n// ... existing code ...\n"
		want := head + "\tif f.colored {\n\t\tf.printColored(b, e)\n\t\treturn b.Bytes(), nil\n\t}\n\tf.printPlain(b, e)\n\tb.WriteByte('\\n')\n\treturn b.Bytes(), nil\n}\n"
		checkMerge(t, file, snippet, want, nil)
	})
	t.Run("a clean-up repeated inside a new branch", func(t *testing.T) {
		check := func(call, extra string) string {
			return "\tif (" + call + " == -1) {\n\t\tsaved_errno = errno;\n" + extra + "\t\tclose(fd);\n\t\terrno = saved_errno;\n\t\tgoto fail;\n\t}\n"
		}
		const head = "int\nserver_listen(void)\n{\n\tmask = umask(S_IXUSR|S_IRWXG|S_IRWXO);\n"
		tail := "\tumask(mask);\n\n" + check("listen(fd, 128)", "") + "\treturn (fd);\n\nfail:\n\treturn (-1);\n}\n"
		file := head + check("bind(fd, &sa, sizeof sa)", "") + tail
		snippet := "// ... existing code ...\n\tmask = umask(S_IXUSR|S_IRWXG|S_IRWXO);\n\tif (bind(fd, &sa, sizeof sa) == -1) {\n\t\tsaved_errno = errno;\n\t\tumask(mask);\n\t\tclose(fd);\n\t\terrno = saved_errno;\n\t\tgoto fail;\n// ... existing code ...\n"
		checkMerge(t, file, snippet, head+check("bind(fd, &sa, sizeof sa)", "\t\tumask(mask);\n")+tail, nil)
	})
	t.Run("a line repeated in a new branch above the old one", func(t *testing.T) {
		const head = "func (e *Engine) handle(c *Context) {\n\tpath := c.Request.URL.Path\n\tunescape := false\n"
		const tail = "\t\tpath = c.Request.URL.RawPath\n\t\tunescape = e.UnescapePathValues\n\t}\n\tif e.RemoveExtraSlash {\n\t\tpath = cleanPath(path)\n\t}\n\te.serve(c, path, unescape)\n}\n"
		const added = "\tif e.UseEscapedPath {\n\t\tpath = c.Request.URL.EscapedPath()\n\t\tunescape = e.UnescapePathValues\n\t} else if e.UseRawPath && len(c.Request.URL.RawPath) > 0 {\n"
		file := head + "\tif e.UseRawPath && len(c.Request.URL.RawPath) > 0 {\n" + tail
		snippet := "// ... existing code ...\n\tunescape := false\n" + added + "\t\tpath = c.Request.URL.RawPath\n// ... existing code ...\n"
		checkMerge(t, "package gin\n\n"+file, snippet, "package gin\n\n"+head+added+tail, nil)
	})
}

// TestMergeSnippetStretchBelow: a segment whose last lines, new ones and
// the lines it ends on, are a stretch the file has once, further down,
// though each of its lines the file has in several places (a workflow's
// jobs), joins two stretches where a marker was forgotten: it is refused
// rather than read as new lines above the nearest place of its last
// lines. A stretch that starts with the segment's first lines below its
// place (a comment copied up from below) or holds one new line only (a
// line added to one of two alike lists) tells nothing: those merge.
func TestMergeSnippetStretchBelow(t *testing.T) {
	var steps strings.Builder
	for n := range 30 {
		fmt.Fprintf(&steps, "      - name: Step %d\n        run: make step-%d\n", n, n)
	}
	file := "name: ci\non: push\njobs:\n  build:\n    permissions:\n      contents: read\n    runs-on: ubuntu-latest\n    # The cache is keyed by the lock file.\n    strategy:\n      fail-fast: false\n\n    steps:\n      - uses: actions/checkout@v4\n" + steps.String() +
		"  docs:\n    permissions:\n      contents: write\n    runs-on: ubuntu-latest\n    strategy:\n      fail-fast: false\n\n    steps:\n      - uses: actions/checkout@v4\n      - run: make docs\n" +
		"  release:\n    permissions:\n      contents: write\n    runs-on: macos-latest\n    steps:\n      - run: make release\n"
	t.Run("two stretches joined", func(t *testing.T) {
		snippet := "# ... existing code ...\n      contents: read\n    runs-on: ubuntu-latest\n    # The cache is keyed by the lock file and the runner.\n    strategy:\n      fail-fast: false\n      contents: write\n    runs-on: ubuntu-latest\n    strategy:\n      fail-fast: false\n# ... existing code ...\n"
		checkMerge(t, file, snippet, "", editkit.ErrConflict)
	})
	t.Run("the same lines added where the segment stands", func(t *testing.T) {
		snippet := "# ... existing code ...\n      contents: read\n    runs-on: ubuntu-latest\n    # The cache is keyed by the lock file and the runner.\n    strategy:\n      fail-fast: false\n\n    steps:\n# ... existing code ...\n"
		checkMerge(t, file, snippet, strings.Replace(file, "lock file.\n", "lock file and the runner.\n", 1), nil)
	})
	t.Run("a comment copied up from below, under lines the file has there too", func(t *testing.T) {
		const merge = "\t\t// Merge the marks of the include expression into the\n\t\t// set of marks this loop returns\n"
		const skip = "\t\t\tknown = false\n\t\t\tcontinue\n\t\t}\n"
		head := "package eval\n\nfunc collect(items []Item) (vals []Value, marks Marks) {\n\tknown := true\n\tfor _, it := range items {\n\t\traw, err := it.Eval()\n\t\tif err != nil {\n" + skip
		tail := "\t\tinclude, err := convert(raw)\n\t\tif err != nil {\n\t\t\tif known {\n\t\t\t\treport(err)\n\t\t\t}\n" + skip +
			"\t\tif !include.IsKnown() {\n" + skip + "\n" + merge + "\t\tunmarked, includeMarks := include.Unmark()\n\t\tmarks = append(marks, includeMarks)\n\t\tif unmarked.False() {\n\t\t\tcontinue\n\t\t}\n\t\tvals = append(vals, it.Value())\n\t}\n\treturn vals, marks\n}\n\n" +
			"func tuple(it Item) Marks {\n\tvar marks Marks\n" + strings.ReplaceAll(merge, "\t\t", "\t") + "\t_, m := it.Unmark()\n\treturn append(marks, m)\n}\n"
		const added = "\n" + merge + "\t\t_, includeMarks := raw.Unmark()\n\t\tmarks = append(marks, includeMarks)\n\n"
		snippet := "// ... existing code ...\n" + skip + added + "\t\tinclude, err := convert(raw)\n\t\tif err != nil {\n\t\t\tif known {\n// ... existing code ...\n"
		checkMerge(t, head+tail, snippet, head+added+tail, nil)
	})
	t.Run("a line added to one of two alike lists", func(t *testing.T) {
		list := func(name string, features ...string) string {
			return "\t{ .name = \"" + name + "\",\n\t  .features = \"256,\"\n\t\t\t\"" + strings.Join(features, ",\"\n\t\t\t\"") + ",\"\n\t},\n"
		}
		file := "static const struct tty_term_code terms[] = {\n" + list("iterm2", "overline", "sixel") + list("mintty", "clipboard", "cstyle", "extkeys", "focus", "overline", "title") +
			list("foot", "bpaste", "cstyle", "extkeys", "focus", "hyperlinks", "osc7", "sync", "title") + "};\n"
		snippet := "// ... existing code ...\n\"cstyle,\"\n\"extkeys,\"\n\"focus,\"\n\"overline,\"\n\"hyperlinks,\"\n\"osc7,\"\n// ... existing code ...\n"
		want := strings.Replace(file, "\"focus,\"\n\t\t\t\"hyperlinks,", "\"focus,\"\n\t\t\t\"overline,\"\n\t\t\t\"hyperlinks,", 1)
		checkMerge(t, file, snippet, want, nil)
	})
}

// TestMergeSnippetStretchMoved: a block moved to the file's end, one
// segment deleting it and the other writing it after the last block,
// which is written like it. Each of its lines the file has more than
// once, and as a stretch once, where the first segment deletes it: the
// stretch is moved, not written twice, and the move merges. (Another
// block's end and the next one's start are alike to the segment's but
// for a changed line with one line past it, a block's first: too little
// to read the stretch as the file's there.)
func TestMergeSnippetStretchMoved(t *testing.T) {
	block := func(cfg, name, body string) string {
		args := "($args:expr)"
		if name == "__emit_value" {
			args = "($($args:tt)*)"
		}
		return "#[doc(hidden)]\n#[macro_export]\n#[cfg(" + cfg + ")]\nmacro_rules! " + name + " {\n    " + args + " => {\n" + body + "    };\n}\n"
	}
	refuse := func(what, feature string) string {
		return "        compile_error!(\n            \"capturing values as `" + what + "` requires the `" + feature + "` feature\"\n        )\n"
	}
	value := block("not(feature = \"kv\")", "__emit_value", "        compile_error!(\"key values require the `kv` feature\")\n")
	errOff := block("not(feature = \"kv_std\")", "__emit_error", refuse("std::error::Error", "kv_std"))
	svalOn := block("feature = \"kv_sval\"", "__emit_sval", "        $crate::__private::capture_sval(&&$args)\n")
	svalOff := block("not(feature = \"kv_sval\")", "__emit_sval", refuse("sval::Value", "kv_sval"))
	errOn := block("feature = \"kv_std\"", "__emit_error", "        $crate::__private::capture_error(&$args)\n")
	file := "// Macros for key values.\n\n" + value + "\n" + errOff + "\n" + svalOn + "\n" + svalOff + "\n" + errOn
	snippet := "// ... existing code ...\nmacro_rules! __emit_value {\n    ($($args:tt)*) => {\n        compile_error!(\"key values require the `kv` feature\")\n    };\n}\n\n#[doc(hidden)]\n#[macro_export]\n#[cfg(feature = \"kv_sval\")]\n" +
		"    // ... existing code ...\n    ($args:expr) => {\n        $crate::__private::capture_error(&$args)\n    };\n}\n\n" + errOff
	want := "// Macros for key values.\n\n" + value + "\n" + svalOn + "\n" + svalOff + "\n" + errOn + "\n" + errOff
	checkMerge(t, file, snippet, want, nil)
}

// TestMergeSnippetStretchAcrossChange: the stretch a segment's first
// lines are elsewhere in the file (see TestMergeSnippetStretchBelow) may
// hold a line the segment changes: the far window's version bumped,
// joined to the near one without a marker, is refused. A block's first
// line changed is not passed over: a struct written like one above it,
// under its own name, merges.
func TestMergeSnippetStretchAcrossChange(t *testing.T) {
	t.Run("two jobs joined", func(t *testing.T) {
		var steps strings.Builder
		for n := range 30 {
			fmt.Fprintf(&steps, "      - run: make step-%d\n", n)
		}
		job := func(name, os, more string) string {
			return "  " + name + ":\n    runs-on: ${{ matrix.os }}\n    strategy:\n      fail-fast: false\n      matrix:\n        os: [" + os + "]\n" + more
		}
		file := "name: ci\non: push\njobs:\n" + job("linux", "ubuntu-20.04", "\n    steps:\n      - uses: actions/checkout@v4\n"+steps.String()) +
			job("windows", "windows-latest", "        target:\n          - NONE\n          - NO_SSL\n    steps:\n      - uses: actions/checkout@v4\n      - run: make\n")
		snippet := "# ... existing code ...\n    strategy:\n      fail-fast: false\n      matrix:\n        os: [ubuntu-22.04]\n\n    steps:\n      - uses: actions/checkout@v4\n      matrix:\n        os: [windows-latest]\n        target:\n          - NONE\n# ... existing code ...\n"
		checkMerge(t, file, snippet, "", editkit.ErrConflict)
	})
	t.Run("a struct written like the one above", func(t *testing.T) {
		const head = "struct msg_read_data {\n\tint\tstream;\n};\n\nstruct msg_read_done {\n\tint\tstream;\n\tint\terror;\n};\n\nstruct msg_read_cancel {\n\tint\tstream;\n};\n\n" +
			"struct msg_write_data {\n\tint\tstream;\n}; /* followed by data */\n\nstruct msg_write_ready {\n\tint\tstream;\n\tint\terror;\n};\n\nstruct msg_write_close {\n\tint\tstream;\n};\n"
		const added = "\nstruct msg_write_done {\n\tint\tstream;\n\tint\terror;\n};\n"
		snippet := "// ... existing code ...\n\tint\tstream;\n};\n" + added + "\n#endif /* PROTO_H */\n"
		checkMerge(t, head+"\n#endif /* PROTO_H */\n", snippet, head+added+"\n#endif /* PROTO_H */\n", nil)
	})
}

// TestMergeSnippetChangedAmidBlanks: a line read as the file's line
// changed, with only blank lines paired around it and new lines past it,
// is new, as the lines past it are (a tldr page's new example written
// above the next one, its command like the one above).
func TestMergeSnippetChangedAmidBlanks(t *testing.T) {
	const file = "# tool\n\n> Does things.\n\n- List all possible modules for `tool`:\n\n`tool --list`\n\n- Display help:\n\n`tool --help`\n"
	t.Run("a new example above the next", func(t *testing.T) {
		snippet := "<!-- ... existing code ... -->\n\n- Open a module:\n\n`tool {{module}}`\n\n- Display help:\n<!-- ... existing code ... -->\n"
		want := "# tool\n\n> Does things.\n\n- List all possible modules for `tool`:\n\n`tool --list`\n\n- Open a module:\n\n`tool {{module}}`\n\n- Display help:\n\n`tool --help`\n"
		checkMerge(t, file, snippet, want, nil)
	})
	t.Run("the example changed", func(t *testing.T) {
		snippet := "<!-- ... existing code ... -->\n- List all possible modules for `tool`:\n\n`tool --list --all`\n\n- Display help:\n<!-- ... existing code ... -->\n"
		checkMerge(t, file, snippet, strings.Replace(file, "--list`", "--list --all`", 1), nil)
	})
	t.Run("a block like the one it follows", func(t *testing.T) {
		// Read as a rename or as a new block, never as both: the changed
		// lines next to the file's "#else" are not set apart by blank
		// lines, and the pairs around them stay (read as new, the lines
		// would also leave their "#ifdef" open: see closesConditionals).
		const windows = "#if EV_WINDOWS\n#define SKIP_UNDER_WINDOWS TT_SKIP\n#else\n#define SKIP_UNDER_WINDOWS 0\n#endif\n"
		const android = "#ifdef __ANDROID__\n#define SKIP_UNDER_ANDROID TT_SKIP\n#else\n#define SKIP_UNDER_ANDROID 0\n#endif\n"
		const tail = "\n/* set if a test needs to exit */\nstatic int exit_base;\n"
		file := "#include \"a.h\"\n\n" + windows + tail
		checkRightOrRefused(t, file, "// ... existing code ...\n\n"+android+"\n/* set if a test needs to exit */\n// ... existing code ...\n",
			"#include \"a.h\"\n\n"+android+tail, "#include \"a.h\"\n\n"+windows+"\n"+android+tail)
	})
	t.Run("a shell block like the one it follows", func(t *testing.T) {
		// As above, in shell: "if" and "fi" say which lines are a block.
		const windows = "if [ \"$OS\" = windows ]; then\n  SKIP=windows\nelse\n  SKIP=none\nfi\n"
		const android = "# skip where the emulator has no network\nif [ \"$OS\" = android ]; then\n  SKIP=android\nelse\n  SKIP=none\nfi\n"
		const tail = "\n# run the tests\nrun_tests\n"
		checkRightOrRefused(t, "#!/bin/sh\n\n"+windows+tail, "# ... existing code ...\n\n"+android+"\n# run the tests\n# ... existing code ...\n",
			"#!/bin/sh\n\n"+android+tail, "#!/bin/sh\n\n"+windows+"\n"+android+tail)
	})
	t.Run("a changed signature under a new line", func(t *testing.T) {
		// A line that opens a block has its body to say where it stands.
		checkMerge(t, "import os\n\n\ndef f(a):\n    return a\n",
			"# ... existing code ...\nLIMIT = 10\n\n\ndef f(a, b):\n    return a\n# ... existing code ...\n",
			"import os\nLIMIT = 10\n\n\ndef f(a, b):\n    return a\n", nil)
	})
	t.Run("a value assigned now", func(t *testing.T) {
		const file = "use Mojolicious::Lite;\n\n# Load plugin\nplugin 'Config';\n\n# Message condition\napp->routes->add_condition(message => sub {1});\n"
		checkMerge(t, file, "# ... existing code ...\n# Load plugin\nmy $config = plugin 'Config';\nmy $one    = $config->{one};\n\n# ... existing code ...\n",
			strings.Replace(file, "plugin 'Config';\n", "my $config = plugin 'Config';\nmy $one    = $config->{one};\n", 1), nil)
	})
	t.Run("new lines that lean on the file's closing line", func(t *testing.T) {
		// Read as new, the second "#if" would take the file's "#endif".
		const file = "/* header */\n\n#ifndef _POSIX_C_SOURCE\n#  define _POSIX_C_SOURCE 200112L\n#endif\n\n#include \"zlib.h\"\n#include <stdio.h>\n"
		const added = "#if defined(_WIN32) && !defined(_CRT_SECURE_NO_WARNINGS)\n#  define _CRT_SECURE_NO_WARNINGS\n#endif\n#if defined(_WIN32) && !defined(_CRT_NONSTDC_NO_DEPRECATE)\n#  define _CRT_NONSTDC_NO_DEPRECATE\n#endif\n"
		checkRightOrRefused(t, file, "// ... existing code ...\n\n"+added+"\n#include \"zlib.h\"\n// ... existing code ...\n",
			strings.Replace(file, "\n#include \"zlib.h\"", "\n"+added+"\n#include \"zlib.h\"", 1))
	})
	t.Run("a line of prose run on", func(t *testing.T) {
		const file = "# Title\n\n- a\n- b\n\nCobra provides a `completion` command,\nsimilarly to the `help` command.\n\n## Next\n\nMore text here.\n"
		checkMerge(t, file,
			"<!-- ... existing code ... -->\nCobra provides a `completion` command,\nsimilarly to the `help` command. If there are no other subcommands, the\ndefault command is hidden, but still works.\n\n<!-- ... existing code ... -->\n",
			strings.Replace(file, "command.\n", "command. If there are no other subcommands, the\ndefault command is hidden, but still works.\n", 1), nil)
	})
}

// TestMergeSnippetCutsBlock: new lines right below a marker that stand
// left of the line they go above, in the block of the line the marker
// keeps, would cut that block in two: refused, rather than read with the
// block's closing lines taken for theirs.
func TestMergeSnippetCutsBlock(t *testing.T) {
	t.Run("a new test above the closers of the one before", func(t *testing.T) {
		const file = "class T\n  def test_a\n    [1, 2].each do |c|\n      tmux.prepare\n      tmux.send_keys c, :Enter\n      tmux.until { |lines| assert_equal 1, lines.match_count }\n      tmux.send_keys 'C-c'\n    end\n  end\n\n  # Helper for the tests\n  def self.helper(name)\n    name\n  end\nend\n"
		snippet := "  # ... existing code ...\n\n  # The hook fires once\n  def test_hook\n    tmux.send_keys 'hook', :Enter\n    tmux.until do |lines|\n      assert_equal 1, lines.count { |l| l.include?('fired') }\n    end\n  end\n\n  # Helper for the tests\n  def self.helper(name)\n  # ... existing code ...\n"
		checkMerge(t, file, snippet, "", editkit.ErrAmbiguous)
		// With the file's closing lines above it, the test has its place.
		const added = "  # The hook fires once\n  def test_hook\n    tmux.send_keys 'hook', :Enter\n    tmux.until do |lines|\n      assert_equal 1, lines.count { |l| l.include?('fired') }\n    end\n  end\n\n"
		checkMerge(t, file, "  # ... existing code ...\n      tmux.send_keys 'C-c'\n    end\n  end\n\n"+added+"  # Helper for the tests\n  # ... existing code ...\n",
			strings.Replace(file, "  # Helper", added+"  # Helper", 1), nil)
	})
	t.Run("a list item above another's last line", func(t *testing.T) {
		const file = "## 8.2.0\n\n-   Drop support for Python 3.7.\n-   A CI workflow (`test-flask.yaml`)\n    runs Flask's test suite to catch downstream\n    regressions.\n-   Use `flit_core` as the build backend.\n"
		checkMerge(t, file, "<!-- ... existing code ... -->\n\n-   The nightly workflow\n    (`nightly.yaml`) runs the suite against `main`\n    regressions.\n<!-- ... existing code ... -->\n", "", editkit.ErrAmbiguous)
	})
	t.Run("a preprocessor line at the left edge", func(t *testing.T) {
		const file = "struct ctx {\n\tint fd;\n\tmbedtls_ctr_drbg_context ctr_drbg;\n\tmbedtls_entropy_context entropy;\n};\n"
		checkMerge(t, file, "// ... existing code ...\n#if MBEDTLS_VERSION_MAJOR < 4\n\tmbedtls_ctr_drbg_context ctr_drbg;\n\tmbedtls_entropy_context entropy;\n#endif\n};\n",
			"struct ctx {\n\tint fd;\n#if MBEDTLS_VERSION_MAJOR < 4\n\tmbedtls_ctr_drbg_context ctr_drbg;\n\tmbedtls_entropy_context entropy;\n#endif\n};\n", nil)
	})
	t.Run("new lines at the depth of the line below", func(t *testing.T) {
		const file = "def f():\n    a = 1\n    b = 2\n    return a + b\n"
		checkMerge(t, file, "# ... existing code ...\n    logging.debug(\"sum of %d and %d\", a, b)\n    return a + b\n",
			"def f():\n    a = 1\n    b = 2\n    logging.debug(\"sum of %d and %d\", a, b)\n    return a + b\n", nil)
	})
	t.Run("a tag rewritten, read as new inside itself", func(t *testing.T) {
		const file = "---\nlayout: default\n---\n\n<article>\n  <h2>\n    {{ page.title }}\n  </h2>\n  {{ content }}\n</article>\n"
		checkMerge(t, file, "<!-- ... existing code ... -->\n\n<article itemscope itemtype=\"http://schema.org/Article\">\n  <h2 itemprop=\"headline\">\n    {{ page.title }}\n<!-- ... existing code ... -->\n", "", editkit.ErrAmbiguous)
	})
	t.Run("a line under a heading, left of the lines below", func(t *testing.T) {
		const file = "# Changelog\n\n## 1.10.1\n\n  * Fix a regression in v1.10.0 where `TextFormatter` could panic\n    when formatting nil values.\n\n## 1.10.0\n\n  * Add slog support.\n"
		checkMerge(t, file, "<!-- ... existing code ... -->\n\nFixes:\n\n  * Fix a regression in v1.10.0 where `TextFormatter` could panic\n<!-- ... existing code ... -->\n",
			strings.Replace(file, "## 1.10.1\n\n", "## 1.10.1\n\nFixes:\n\n", 1), nil)
	})
	t.Run("a line after an inner block, at the depth of the line below", func(t *testing.T) {
		const file = "def f(a):\n    if a:\n        a = normalize(a)\n    return a\n"
		checkMerge(t, file, "# ... existing code ...\n    logging.debug(\"normalized %s\", a)\n    return a\n",
			strings.Replace(file, "    return", "    logging.debug(\"normalized %s\", a)\n    return", 1), nil)
	})
}

// TestMergeSnippetBlankSpelling: of a segment's blank lines between the
// same lines it pairs, the one spelt as the file's blank line there is
// that line; the others are written as the segment spells them.
func TestMergeSnippetBlankSpelling(t *testing.T) {
	const file = "static void\naccept_cb(void *arg)\n{\n\tbev = bufferevent_new(base);\n\n\tTT_BLATHER((\"accept\"));\n\tctx->bev = bev;\n}\n"
	tests := []struct{ name, snippet, want string }{
		{"a new line between blank lines",
			"// ... existing code ...\n\tbev = bufferevent_new(base);\n\t\n\ttt_assert(bev);\n\n\tTT_BLATHER((\"accept\"));\n// ... existing code ...\n",
			"static void\naccept_cb(void *arg)\n{\n\tbev = bufferevent_new(base);\n\t\n\ttt_assert(bev);\n\n\tTT_BLATHER((\"accept\"));\n\tctx->bev = bev;\n}\n"},
		{"the file's spelling kept",
			"// ... existing code ...\n\tbev = bufferevent_new(base);\n\t\n\tTT_BLATHER((\"accept\"));\n\tcount++;\n\tctx->bev = bev;\n// ... existing code ...\n",
			strings.Replace(file, "\"));\n", "\"));\n\tcount++;\n", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkMerge(t, file, tt.snippet, tt.want, nil) })
	}
	t.Run("a new block between the runs' closing lines", func(t *testing.T) {
		// Both runs grow over the file's "}" and blank line.
		const file = "void F()\n{\n    if (a)\n    {\n        throw X();\n    }\n\n    _ref = new Ref(a);\n    string n = _ref.ToString();\n}\n"
		checkMerge(t, file, "// ... existing code ...\n        throw X();\n    }\n    \n    if (b)\n    {\n        throw Y();\n    }\n\n    _ref = new Ref(a);\n// ... existing code ...\n",
			strings.Replace(file, "    }\n\n", "    }\n    \n    if (b)\n    {\n        throw Y();\n    }\n\n", 1), nil)
	})
}

// TestMergeSnippetPrepends: a snippet's first segment, with no marker
// above it and one below, that ends with the file's first lines is read
// as lines added at the file's top — as the tool's description asks such
// lines written — though its new lines are lines the file has many times
// further down (a changelog's new releases, whose headings each release
// has), places the segment would fit as well or better. With a marker
// above it, the segment does not start at the file's top, and is refused.
func TestMergeSnippetPrepends(t *testing.T) {
	n := 0
	items := func(k int) string {
		var b strings.Builder
		for range k {
			n++
			fmt.Fprintf(&b, "  * change %d\n", n)
		}
		return b.String()
	}
	file := "# 1.8.1\nCode quality:\n" + items(2) + "\nFixes:\n" + items(1) + "\n\n# 1.8.0\n\nCorrect versioning number replacing v1.7.1.\n\n" +
		"# 1.7.1\n\nBeware this release has a new public API.\n\nCode quality:\n" + items(2) + "\nFixes:\n" + items(2) + "\nFeatures:\n" + items(1) +
		"\n# 1.7.0\nFixes:\n" + items(1) + "\nFeatures:\n" + items(2) + "\n# 1.6.0\nFixes:\n" + items(3) + "\nFeatures:\n" + items(1) + "\n# 1.5.0\nCode quality:\n"
	backported := items(1) // a fix released twice
	releases := "# 1.9.1\n\nFixes:\n" + backported + "\n\n# 1.9.0\n\nFixes:\n" + items(2) + "\nCode quality:\n" + items(1) + "\n\n" +
		"# 1.8.3\n\nFixes:\n" + backported + "\n\n# 1.8.2\n\nFeatures:\n" + items(1) + "\nFixes:\n" + items(2) + "\n"
	release := "# 1.8.2\n\nFixes:\n  * Fix a race in the hooks\n\n"
	const top = "# 1.8.1\nCode quality:\n  * change 1\n<!-- ... existing code ... -->\n"
	runMergeCases(t, []mergeCase{{
		name:    "new releases above the first, their headings a tie",
		content: file,
		snippet: releases + top,
		want:    releases + file,
	}, {
		name:    "a new release above the first, its heading a place further down",
		content: file,
		snippet: release + top,
		want:    release + file,
	}, {
		name:    "the same with a marker above: the top is not where it starts",
		content: file,
		snippet: "<!-- ... existing code ... -->\n" + releases + top,
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetInStep: a segment held by one run, whose other lines
// the file does not have there but for two that stand at the same
// distance from the run as in the segment, rewrites the lines around the
// run line for line: a page's commands changed under the descriptions it
// keeps, new examples at its end, where no marker stands. With a marker
// after the new lines, they may be added there or replace the file's, and
// the segment is refused; so it is with no marker above it, when it starts
// below the file's first lines (which it may keep or drop).
func TestMergeSnippetInStep(t *testing.T) {
	page := func(path string, more string) string {
		return "# gofmt\n\n> Format Go source code.\n> More information: <https://pkg.go.dev/cmd/gofmt>.\n\n" +
			"- Format a file and display the result to the console:\n\n`gofmt {{" + path + "}}`\n\n" +
			"- Format a file, overwriting the original file in-place:\n\n`gofmt -w {{" + path + "}}`\n\n" +
			"- Format a file, and then simplify the code, overwriting the original file:\n\n`gofmt -s -w {{" + path + "}}`\n" + more
	}
	const more = "\n- Display diffs instead of rewriting files:\n\n`gofmt -d {{path/to/source.go}}`\n\n- List files that would be changed by gofmt:\n\n`gofmt -l {{path/to/directory}}`\n"
	file := page("source.go", "\n- Print all (including spurious) errors:\n\n`gofmt -e {{source.go}}`\n")
	body := strings.SplitN(page("path/to/source.go", more), "\n\n", 3)[2]
	runMergeCases(t, []mergeCase{{
		name:    "commands changed, new examples at the end",
		content: file,
		snippet: "<!-- ... existing code ... -->\n\n" + body,
		want:    page("path/to/source.go", more),
	}, {
		name:    "the same with a marker after the new examples",
		content: file,
		snippet: "<!-- ... existing code ... -->\n\n" + body + "<!-- ... existing code ... -->\n",
		err:     editkit.ErrNotFound,
	}, {
		name:    "a new example first, with no marker above, below the page's first lines",
		content: file,
		snippet: "- Display the version:\n\n`gofmt -V`\n\n" + strings.SplitN(body, "\n\n`gofmt -s", 2)[0] + "\n<!-- ... existing code ... -->\n",
		err:     editkit.ErrNotFound,
	}})
}

// TestMergeSnippetChangedToTwin: a line changed where it stands, between
// the file's lines, into a line the file has elsewhere (one workflow job's
// action bumped to the version the next job has, whose steps are this
// job's) is written, not refused as written twice. When the line next to
// it changes too, into the line next to its twin, the segment may be that
// other job's stretch, joined to this one where a marker was forgotten:
// that is refused still; so it is when the twin's lines run to the
// segment's end (resource entries alike, where the segment may go on at
// the twin, over the entries between, too many to drop unmarked).
func TestMergeSnippetChangedToTwin(t *testing.T) {
	const checkout = "      - uses: actions/checkout@v4\n        with:\n          persist-credentials: false\n"
	const file = "jobs:\n  minimal:\n    name: Minimal versions\n    runs-on: ubuntu-latest\n    steps:\n" + checkout +
		"      - uses: dtolnay/rust-toolchain@e97e2d8 # v1\n        with:\n          toolchain: nightly\n      - run: cargo build -Z minimal-versions\n\n" +
		"  msrv:\n    name: MSRV\n    runs-on: ubuntu-latest\n    steps:\n" + checkout +
		"      - uses: dtolnay/rust-toolchain@ae07f54 # 1.68.0\n      - uses: taiki-e/install-action@0abfcd5 # v2.75.7\n        with:\n          tool: cargo-hack\n      - run: cargo hack test --feature-powerset\n\n" +
		"  embedded:\n    name: Embedded\n    runs-on: ubuntu-latest\n    steps:\n" + checkout +
		"      - uses: dtolnay/rust-toolchain@e97e2d8 # v1\n      - uses: taiki-e/install-action@3ad5f2b # v2.80.0\n      - run: cargo build --target=thumbv6m-none-eabi\n"
	msrv := func(install string) string {
		return "# ... existing code ...\n    name: Minimal versions\n    runs-on: ubuntu-latest\n    steps:\n" + checkout + "      - uses: dtolnay/rust-toolchain@e97e2d8 # v1\n" +
			"# ... existing code ...\n    name: MSRV\n    runs-on: ubuntu-latest\n    steps:\n" + checkout +
			"      - uses: dtolnay/rust-toolchain@e97e2d8 # v1\n      - uses: taiki-e/install-action@" + install + "\n        with:\n          tool: cargo-hack\n" +
			"# ... existing code ...\n    name: Embedded\n    runs-on: ubuntu-latest\n    steps:\n" + checkout + "      - uses: dtolnay/rust-toolchain@e97e2d8 # v1\n# ... existing code ...\n"
	}
	runMergeCases(t, []mergeCase{{
		name:    "a version bumped to the next job's",
		content: file,
		snippet: msrv("0abfcd5 # v2.75.7"),
		want:    strings.Replace(file, "ae07f54 # 1.68.0", "e97e2d8 # v1", 1),
	}, {
		name:    "the line after it bumped to the next job's too",
		content: file,
		snippet: msrv("3ad5f2b # v2.80.0"),
		err:     editkit.ErrConflict,
	}, {
		name: "the twin's lines run to the segment's end",
		content: resources("Browse", "Browse for a folder...", "DNS_set", "DNS successfully set.", "DNS_failed", "Setting DNS failed.", "DNS_reboot", "Reboot is required.",
			"Download", "Downloading.", "Download_failed", "Download failed.", "Install", "Install the update.", "Status", "Status: {0}"),
		snippet: "        // ... existing code ...\n                return ResourceManager.GetString(\"Browse\", resourceCulture);\n            }\n        }\n        \n" +
			"        /// <summary>\n        ///   Looks up a localized string similar to Status: {0}.\n        /// </summary>\n        // ... existing code ...\n",
		err: editkit.ErrConflict,
	}})
}

// resources is a C# resource class with an entry for each name and text
// in pairs.
func resources(pairs ...string) string {
	var b strings.Builder
	b.WriteString("namespace ShareX.Properties {\n    internal class Resources {\n")
	for i := 0; i+1 < len(pairs); i += 2 {
		fmt.Fprintf(&b, "        \n        /// <summary>\n        ///   Looks up a localized string similar to %s.\n        /// </summary>\n"+
			"        internal static string %s {\n            get {\n                return ResourceManager.GetString(\"%[2]s\", resourceCulture);\n            }\n        }\n", pairs[i+1], pairs[i])
	}
	b.WriteString("    }\n}\n")
	return b.String()
}

// TestMergeSnippetChangedInTie: a line changed where it stands into a
// line the file has elsewhere (see TestMergeSnippetChangedToTwin) is
// written, but where a segment fits several places, those that would
// write it so are still passed over: a test's snapshot whose error
// blocks repeat, each message reworded, goes to the block whose other
// lines it has.
func TestMergeSnippetChangedInTie(t *testing.T) {
	const compute, in = "! Can't compute", "i In argument"
	newArg, sum := "`new = 1 + \"\"`.", "`n = sum(1 + \"\", na.rm = TRUE)`."
	code := func(fn, arg, indent string) string {
		return indent + "Code\n" + indent + "  (expect_error(" + fn + "(mtcars, " + arg + " = 1 + \"\")))\n"
	}
	output := func(fn, class, msg, indent string) string {
		return indent + "Output\n" + indent + "  <error/" + class + ">\n" + indent + "  Error in `" + fn + "()`:\n" + indent + "  " + msg + "\n" +
			indent + "  Caused by error in `1 + \"\"`:\n" + indent + "  ! non-numeric argument to binary operator\n"
	}
	const mutate, rlang = "dplyr:::mutate_error", "rlang_error"
	snap := func(say, indent string) string {
		return "# count() owns errors (#6139)\n\n" + code("count", "new", indent) + output("count", mutate, say+" "+newArg, indent) + code("count", "wt", indent) + output("count", rlang, say+" "+sum, indent) +
			"\n# tally() owns errors (#6139)\n\n" + code("tally", "wt", indent) + output("tally", rlang, say+" "+sum, indent) +
			"\n# add_count() owns errors (#6139)\n\n" + code("add_count", "new", indent) + output("add_count", mutate, say+" "+newArg, indent) + code("add_count", "wt", indent) + output("add_count", mutate, say+" "+sum, indent) +
			"\n# add_tally() owns errors (#6139)\n\n" + code("add_tally", "wt", indent) + output("add_tally", mutate, say+" "+sum, indent)
	}
	const marker = "<!-- ... existing code ... -->\n"
	snippet := marker + output("count", mutate, in+" "+newArg, "") + code("count", "wt", "") + output("count", rlang, in+" "+sum, "") + "\n" +
		marker + output("tally", rlang, in+" "+sum, "") + "\n" +
		marker + output("add_count", mutate, in+" "+newArg, "") + code("add_count", "wt", "") + output("add_count", mutate, in+" "+sum, "") + "\n" +
		marker + output("add_tally", mutate, in+" "+sum, "")
	checkMerge(t, snap(compute, "    "), snippet, snap(in, "    "), nil)
}

// TestMergeSnippetNewBesideNamed: a segment whose top is the closing
// brackets of the file's block above, then a new block written like its
// neighbours, reads as new lines or as that block rewritten; read as the
// rewrite, it would rename the block (a resource entry's name, which the
// file has once, gone), and a model that changes a block keeps its name:
// the lines are new. (The entries' "/// <summary>" lines are too many to
// place anything.) Sent dedented, with empty lines where the file's blank
// lines are indented, the new blank line is indented as the file's are
// (see blankStyle).
func TestMergeSnippetNewBesideNamed(t *testing.T) {
	var entries []string
	for n := range 70 {
		name := fmt.Sprintf("ShapeManager_Entry%02d", n*2)
		entries = append(entries, name, strings.ReplaceAll(name, "_", " "))
	}
	with := slices.Concat(entries[:40], []string{"ShapeManager_Entry39", "Show center crosshair"}, entries[40:])
	file, want := resources(entries...), resources(with...)
	entry := strings.SplitN(resources("ShapeManager_Entry39", "Show center crosshair"), "\n", 3)[2]
	snippet := "            }\n        }\n" + strings.TrimSuffix(entry, "    }\n}\n") +
		"        \n        /// <summary>\n        ///   Looks up a localized string similar to ShapeManager Entry40.\n        /// </summary>\n"
	dedented := strings.ReplaceAll("\n"+snippet, "\n        ", "\n")[1:]
	runMergeCases(t, []mergeCase{{
		name:    "a new entry",
		content: file,
		snippet: "        // ... existing code ...\n" + snippet + "        // ... existing code ...\n",
		want:    want,
	}, {
		name:    "a new entry, dedented",
		content: file,
		snippet: "// ... existing code ...\n" + dedented + "// ... existing code ...\n",
		want:    want,
	}})
}

// TestMergeSnippetDropBeforeCommonLines: a segment that deletes a
// resource between two others shows the one above by its own line, the
// lines every entry has, and the one below by its own line. The run it
// goes on with after the deletion starts with lines the file has all
// over (braces, a blank line, the doc comment every entry has), but its
// fourth line that says something is the next entry's own: that line, not
// nearness, says where the deletion ends. Where the run holds no such line
// (TestMergeSnippetResume), it is still refused.
func TestMergeSnippetDropBeforeCommonLines(t *testing.T) {
	const text = "an icon"
	file := resources("application_block", text, "arrow_skip", text, "bin", text, "block", text)
	snippet := "                // ... existing code ...\n                return ResourceManager.GetString(\"application_block\", resourceCulture);\n" +
		"            }\n        }\n        \n        /// <summary>\n        ///   Looks up a localized string similar to an icon.\n        /// </summary>\n" +
		"        internal static string bin {\n            // ... existing code ...\n"
	checkMerge(t, file, snippet, resources("application_block", text, "bin", text, "block", text), nil)
}

// TestMergeSnippetReindentedTwin: a segment that unwraps a step from a
// retry wrapper, written at the step's new depth, fits as it stands a
// sibling job whose step was never wrapped, but for one line; its changed
// line and the lines after it are the wrapped step's, deeper. Read at
// the sibling, it rewrites that job; read at the wrapped step, it
// re-indents it: nothing in it says which, so it is refused. Where the
// wrapped step's lines are not the segment's (another host), the sibling
// is the only reading; and lines the file has at the segment's own depth
// are code it copies (a check made like the one in the function above).
func TestMergeSnippetReindentedTwin(t *testing.T) {
	job := func(name, step string) string {
		return "  " + name + ":\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n" + step +
			"\n      - name: Upload\n        if: failure()\n        with:\n          path: build\n"
	}
	script := func(host, indent, extra string) string {
		var b strings.Builder
		for _, l := range []string{"ssh " + host + " sh <<EOF", extra, "cd work", "make", "make check", "make install", "make dist", "EOF"} {
			if l != "" {
				b.WriteString(indent + l + "\n")
			}
		}
		return b.String()
	}
	wrapped := func(host string) string {
		return "      - name: Test\n        uses: nick-fields/retry@v3\n        with:\n          max_attempts: 3\n          command: |\n" + script(host, "            ", "")
	}
	plain := func(host, extra string) string {
		return "      - name: Test\n        shell: bash\n        run: |\n" + script(host, "          ", extra)
	}
	snippet := "    # ... existing code ...\n" + plain("alpha", "") + "\n      - name: Upload\n    # ... existing code ...\n"
	fn := func(name, check string) string {
		return "func " + name + "() error {\n\tx := load()\n" + check + "\tsave(x)\n\tx.flush()\n\tx.close()\n\tnotify(x)\n\treturn nil\n}\n"
	}
	var between strings.Builder
	for n := range 16 {
		fmt.Fprintf(&between, "\nfunc helper%d() int {\n\tv := %d\n\treturn v * v\n}\n", n, n)
	}
	between.WriteString("\n")
	const check, nilCheck = "\tif err := verify(x); err != nil {\n\t\treturn err\n\t}\n", "\tif x == nil {\n\t\treturn nil\n\t}\n"
	both := "jobs:\n" + job("alpha", wrapped("alpha")) + job("beta", plain("beta", "ulimit -n 1024"))
	_, _, err := editkit.MergeSnippet(both, snippet)
	const msg = `it would change file lines 27-39, and its lines 5-13, line 5 ("ssh alpha sh <<EOF") among them, are the file's lines 11-19 at another depth`
	if err == nil || !strings.Contains(err.Error(), msg) {
		t.Errorf("err = %v, want one saying %q", err, msg)
	}
	runMergeCases(t, []mergeCase{{
		name:    "the wrapped step's lines, unwrapped, or a sibling's rewritten: refused",
		content: both,
		snippet: snippet,
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the wrapped step runs elsewhere: the sibling is rewritten",
		content: "jobs:\n" + job("alpha", wrapped("gamma")) + job("beta", plain("beta", "ulimit -n 1024")),
		snippet: snippet,
		want:    "jobs:\n" + job("alpha", wrapped("gamma")) + job("beta", plain("alpha", "")),
	}, {
		// The same lines at the segment's own depth, too far off for
		// twice, are code it copies.
		name:    "a function's check made like the one above it",
		content: fn("a", check) + between.String() + fn("b", nilCheck),
		snippet: "// ... existing code ...\n" + fn("b", check) + "// ... existing code ...\n",
		want:    fn("a", check) + between.String() + fn("b", check),
	}})
}

// TestMergeSnippetHoldsAll: two tests start alike and go on alike; a
// segment that wraps the first test's first checks in a condition shows
// them between the lines both tests start with and the next check. Read
// at the second test, it writes those checks again, far from the first
// one's; read at the first, every line of the file there is one it shows,
// and it only adds the condition: that place holds by every line the
// other does and more. Where it would also drop a line there, nothing
// settles the tie (TestMergeSnippetSettledTies, the dependabot block).
func TestMergeSnippetHoldsAll(t *testing.T) {
	var filler strings.Builder
	for n := range 12 {
		fmt.Fprintf(&filler, "static void\ntest_filler_%d(void *arg)\n{\n\tint v%d = compute_%d();\n\ttt_int_op(v%d, ==, %d);\n}\n\n", n, n, n, n, n)
	}
	checks := "\t/* Parse the defaults first. */\n\tr = config_parse(&cfg, NULL);\n\ttt_int_op(r, ==, 0);\n\ttt_assert(cfg.ready);\n\tconfig_free(&cfg);\n"
	file := func(checks string) string {
		return "static void\ntest_parse(void *arg)\n{\n\tstruct config cfg;\n\tint r;\n\n" + checks +
			"\n\t/* Parse a file next. */\n\tmemset(&cfg, 0, sizeof(cfg));\n\tr = config_parse(&cfg, \"a.conf\");\n\ttt_int_op(r, ==, 0);\n}\n\n" +
			filler.String() +
			"static void\ntest_parse_flags(void *arg)\n{\n\tstruct config cfg;\n\tint r;\n\n\tmemset(&cfg, 0, sizeof(cfg));\n\tcfg.flags = CONFIG_STRICT;\n\tr = config_parse(&cfg, \"b.conf\");\n\ttt_int_op(r, ==, 0);\n}\n"
	}
	wrapped := "#ifndef _WIN32\n" + checks + "#endif\n"
	checkMerge(t, file(checks), "// ... existing code ...\n\tstruct config cfg;\n\tint r;\n\n"+wrapped+"\n\t/* Parse a file next. */\n\tmemset(&cfg, 0, sizeof(cfg));\n// ... existing code ...\n", file(wrapped), nil)
}

// TestMergeSnippetConditionalCloserEdge: a segment that starts with an
// "#endif" closing a new "#if 0" the segment above opened, then goes on
// with lines the file has, pairs that "#endif" with the file's a few
// lines up, which closes another conditional, and would drop the lines
// between, the brace that closes a block among them. A conditional's
// closer places a segment no better than a bracket: the segment is held
// to close what the lines it replaces close, and is refused.
func TestMergeSnippetConditionalCloserEdge(t *testing.T) {
	const file = "int\nmain(int argc, char **argv)\n{\n\tsetup();\n\n#ifndef NO_FORKING\n\tif (jobs < 0) {\n\t\tlong n = 0;\n" +
		"#ifdef _WIN32\n\t\tn = win_count();\n#else\n\t\tn = posix_count();\n#endif\n\t\tif (n < 1)\n\t\t\tn = 1;\n\t\tjobs = (int)(n * 4);\n\t}\n" +
		"\tif (jobs > 0)\n\t\treturn run_parallel(argv[0]);\n#endif\n\n\trun_serial();\n\treturn 0;\n}\n"
	const snippet = "// ... existing code ...\n#ifndef NO_FORKING\n\t/* FIXME: enable on CI */\n#if 0\n\tif (jobs < 0) {\n\t\tlong n = 0;\n" +
		"// ... existing code ...\n#endif\n\tif (jobs > 0)\n\t\treturn run_parallel(argv[0]);\n// ... existing code ...\n"
	checkMerge(t, file, snippet, "", editkit.ErrAmbiguous)
}

// TestMergeSnippetAboveRun: a new test added above an existing one, after
// the closing brackets of the test before, holds by the existing test's
// first lines below it, and its own second line is the file's only
// further down, in another test. The two runs cross the file's order, so
// both cannot be the file's: the one that holds by more places the
// segment, and the other line is new code that repeats it.
func TestMergeSnippetAboveRun(t *testing.T) {
	const head = "func TestRenderData(t *testing.T) {\n\tw := httptest.NewRecorder()\n\tdata := []byte(\"#!PNG some raw data\")\n\n\terr := (Data{ContentType: \"image/png\", Data: data}).Render(w)\n\n\trequire.NoError(t, err)\n\tfor _, h := range []string{\"Content-Type\"} {\n\t\tassert.NotEmpty(t, w.Header().Get(h))\n\t}\n}\n\n"
	const rest = "func TestRenderString(t *testing.T) {\n\tw := httptest.NewRecorder()\n\n\terr := (String{Format: \"hola %s %d\", Data: []any{\"manu\", 2}}).Render(w)\n\n\trequire.NoError(t, err)\n\tassert.Equal(t, \"hola manu 2\", w.Body.String())\n}\n\n" +
		"func TestRenderWriterError(t *testing.T) {\n\tew := &errorWriter{\n\t\tbufString:        \"(\",\n\t\tResponseRecorder: httptest.NewRecorder(),\n\t}\n\n\terr := (JSON{Data: nil}).Render(ew)\n\tassert.Equal(t, `write \"(\" error`, err.Error())\n}\n"
	const added = "func TestRenderDataError(t *testing.T) {\n\tew := &errorWriter{\n\t\tErrThreshold:     1,\n\t\tResponseRecorder: httptest.NewRecorder(),\n\t}\n\n\terr := (Data{ContentType: \"image/png\", Data: []byte(\"raw\")}).Render(ew)\n\n\trequire.Error(t, err)\n\tassert.Equal(t, \"write error\", err.Error())\n}\n\n"
	snippet := "// ... existing code ...\n\t}\n}\n\n" + added +
		"func TestRenderString(t *testing.T) {\n\tw := httptest.NewRecorder()\n// ... existing code ...\n"
	checkMerge(t, head+rest, snippet, head+added+rest, nil)
}

// TestMergeSnippetShrinkingTwin: a match that loses the semicolon after
// its last arm fits two alike matches; the second has a "let" between
// the arms and the line after them, which the segment would delete
// there. Where it holds by as many lines and only changes one, it goes.
func TestMergeSnippetShrinkingTwin(t *testing.T) {
	const arms = "        Some(_) => {}\n        None => {\n            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));\n        }\n"
	file := func(closer string) string {
		return "fn parse_i128(&mut self) -> Result<i128> {\n    let mut buf = String::new();\n\n    match tri!(self.parse_whitespace()) {\n        Some(b'-') => {\n            self.eat_char();\n            buf.push('-');\n        }\n" +
			arms + "    " + closer + "\n\n    tri!(self.scan_integer128(&mut buf));\n    buf.parse().map_err(|_| self.error(ErrorCode::NumberOutOfRange))\n}\n\n" +
			"fn parse_u128(&mut self) -> Result<u128> {\n    match tri!(self.parse_whitespace()) {\n        Some(b'-') => {\n            return Err(self.peek_error(ErrorCode::NumberOutOfRange));\n        }\n" +
			arms + "    }\n\n    let mut buf = String::new();\n    tri!(self.scan_integer128(&mut buf));\n    buf.parse().map_err(|_| self.error(ErrorCode::NumberOutOfRange))\n}\n"
	}
	const snippet = "// ... existing code ...\n        None => {\n            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));\n        }\n    }\n\n    tri!(self.scan_integer128(&mut buf));\n// ... existing code ...\n"
	checkMerge(t, file("};"), snippet, file("}"), nil)
}

// TestMergeSnippetLineSpacing: a line the segment keeps takes the file's
// indentation, tabs where the snippet has spaces, and the rest as the
// segment writes it, without the trailing spaces the file had; a blank
// line keeps the file's spaces.
func TestMergeSnippetLineSpacing(t *testing.T) {
	const file = "func run() {\n\tstart()  \n\t\n\tstep(1)\n\tstop()\n}\n"
	const snippet = "func run() {\n    start()\n\n    step(2)\n    stop()\n}\n"
	checkMerge(t, file, snippet, "func run() {\n\tstart()\n\t\n\tstep(2)\n\tstop()\n}\n", nil)
}

// TestMergeSnippetDisplacingTwin: a new branch added above a comment,
// after the closing lines of the branch before, fits there and after the
// branch above that one, ending alike; there it would put its comment and
// condition in place of that branch's, which they are not. Where it only
// adds lines, it goes.
func TestMergeSnippetDisplacingTwin(t *testing.T) {
	const top = "struct request *\nresolve(struct base *base, const char *name, callback cb, void *arg)\n{\n\tstruct addrinfo *res = NULL;\n\tint err;\n\n" +
		"\terr = lookup_numeric(name, &res);\n\tif (err != NEED_RESOLVE) {\n\t\tcb(err, res, arg);\n\t\treturn NULL;\n\t}\n\n" +
		"\t/* If there is an entry in the hosts file, we should give it now. */\n\tif (!lookup_hosts(base, name, &res)) {\n\t\tcb(0, res, arg);\n\t\treturn NULL;\n\t}\n"
	const added = "\n\t/* See if we have it in the cache */\n\tif (!base->disable_cache && !cache_lookup(base, name, &res)) {\n\t\tcb(0, res, arg);\n\t\treturn NULL;\n\t}\n"
	const rest = "\n\t/* Okay, things are serious now. We're going to need to actually\n\t * launch a request.\n\t */\n\treturn launch(base, name, cb, arg);\n}\n"
	const snippet = "// ... existing code ...\n\t\treturn NULL;\n\t}\n" + added +
		"\n\t/* Okay, things are serious now. We're going to need to actually\n\t * launch a request.\n\t */\n// ... existing code ...\n"
	checkMerge(t, top+rest, snippet, top+added+rest, nil)
}

// TestMergeSnippetHollowAtEnd: a segment that ends with a new function
// written like the file's last one, its first line changed and none of
// its body kept, reads as new code above that function or as that
// function rewritten. With no marker below, the segment reaches the
// file's end, and nothing stands for the function after new lines: it is
// rewritten. With a marker below, the two readings stand, and it is
// refused.
func TestMergeSnippetHollowAtEnd(t *testing.T) {
	const head = "package logrus\n\nimport \"fmt\"\n\nfunc (entry *Entry) Panic(args ...any) {\n\tentry.Log(PanicLevel, args...)\n}\n\n"
	const panicln = "func (entry *Entry) Panicln(args ...any) {\n\tentry.Logln(PanicLevel, args...)\n}\n\n"
	const old = "// sprintlnn => Sprint no newline.\nfunc (entry *Entry) sprintlnn(args ...any) string {\n\tif len(args) == 1 {\n\t\tif v, ok := args[0].(string); ok {\n\t\t\treturn v\n\t\t}\n\t}\n\tmsg := fmt.Sprintln(args...)\n\treturn msg[:len(msg)-1]\n}\n"
	const sprint = "// sprint is fmt.Sprint with fast paths for zero or one string argument.\nfunc sprint(args ...any) string {\n\tswitch len(args) {\n\tcase 0:\n\t\treturn \"\"\n\tcase 1:\n\t\tif msg, ok := args[0].(string); ok {\n\t\t\treturn msg\n\t\t}\n\t}\n\treturn fmt.Sprint(args...)\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "no marker below: the last function rewritten",
		content: head + panicln + old,
		snippet: "// ... existing code ...\n" + panicln + sprint,
		want:    head + panicln + sprint,
	}, {
		name:    "a marker below: new above it, or it rewritten",
		content: head + panicln + old,
		snippet: "// ... existing code ...\n" + panicln + sprint + "// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}})
}

// TestMergeSnippetRetouchPastRuns: a segment that changes a function's
// first line and its returns holds by the lines between them at that
// function and at its twin below; its lines past those runs are the
// function's own lines retouched, one for one, where at the twin the
// first line would be another function's. It goes where it retouches.
func TestMergeSnippetRetouchPastRuns(t *testing.T) {
	const twin = "\n  // eslint-disable-next-line consistent-return\n  function defaultToConfig2(a, b) {\n    if (!utils.isUndefined(b)) {\n      return getMergedValue(undefined, b);\n    } else if (!utils.isUndefined(a)) {\n      return getMergedValue(undefined, a);\n    }\n  }\n"
	file := func(params string) string {
		return "export default function mergeConfig(config1, config2) {\n  const config = {};\n\n  function getMergedValue(target, source) {\n    return source;\n  }\n\n  // eslint-disable-next-line consistent-return\n  function mergeDeepProperties(" + params + ") {\n    if (!utils.isUndefined(b)) {\n      return getMergedValue(" + params + ");\n    } else if (!utils.isUndefined(a)) {\n      return getMergedValue(undefined, " + strings.Replace(params, "a, b", "a", 1) + ");\n    }\n  }\n" + twin + "\n  return config;\n}\n"
	}
	const snippet = "  // ... existing code ...\n  }\n\n  // eslint-disable-next-line consistent-return\n  function mergeDeepProperties(a, b, prop, caseless) {\n    if (!utils.isUndefined(b)) {\n      return getMergedValue(a, b, prop, caseless);\n    } else if (!utils.isUndefined(a)) {\n      return getMergedValue(undefined, a, prop, caseless);\n    }\n  }\n  // ... existing code ...\n"
	checkMerge(t, file("a, b, caseless"), snippet, file("a, b, prop, caseless"), nil)
}

// TestMergeSnippetTieWithNoPlace: two alike CI jobs, each with its
// checkout bumped, sent as two alike segments. The first fits both jobs;
// at the second, the segment after it would be held by one line among
// many the file does not have there (a "run: |" of two later steps),
// which places it nowhere. Only the first job leaves it a place, so the
// first segment goes there.
func TestMergeSnippetTieWithNoPlace(t *testing.T) {
	job := func(name, version string) string {
		return "  " + name + ":\n    runs-on: ubuntu-24.04\n    steps:\n      - name: Clone repository\n        uses: actions/checkout@" + version + "\n      - name: Install packages\n        run: |\n          sudo apt-get update\n          sudo apt-get install -y automake\n"
	}
	const tail = "      - name: Build\n        run: |\n          make\n      - name: Test\n        run: |\n          make check\n"
	file := func(version string) string {
		return "name: CI\non: [push]\njobs:\n" + job("linux", version) + tail + job("macos", version) + tail
	}
	const seg = "    runs-on: ubuntu-24.04\n    steps:\n      - name: Clone repository\n        uses: actions/checkout@v6\n      - name: Install packages\n        run: |\n          sudo apt-get update\n"
	const snippet = "    # ... existing code ...\n" + seg + "    # ... existing code ...\n" + seg + "          # ... existing code ...\n"
	checkMerge(t, file("v5"), snippet, file("v6"), nil)
}

// TestMergeSnippetNestsAtOnePlace: a segment that starts with the
// bracket closing an if, then a function literal's last lines, fits two
// tests alike. At the second, whose literal has no if, the lines it would
// replace close other brackets than its own. It goes to the one place
// where it nests as the file does.
func TestMergeSnippetNestsAtOnePlace(t *testing.T) {
	const top = "package shells\n" +
		"\n" +
		"func TestRenderFails(t *testing.T) {\n" +
		"\tname := \"bogus-shell\"\n" +
		"\n" +
		"\tfailing := true\n" +
		"\trenderers[name] = func(c *Command, app string) (string, error) {\n" +
		"\t\tif failing {\n" +
		"\t\t\treturn \"\", errors.New(\"cannot render\")\n" +
		"\t\t}\n" +
		"\t\treturn \"script\", nil\n" +
		"\t}\n"
	const rest = "\tdefer func(orig []string) { known = orig }(known)\n" +
		"\tknown = append(known, name)\n" +
		"\tdefer func() {\n" +
		"\t\tdelete(renderers, name)\n" +
		"\t}()\n" +
		"\n" +
		"\tcmd := &Command{\n" +
		"\t\tCompletion: true,\n" +
		"\t}\n" +
		"\n" +
		"\terr := cmd.Run(context.Background(), []string{\"app\", \"completion\", name})\n" +
		"\tassert.ErrorContains(t, err, \"cannot render\")\n" +
		"}\n" +
		"\n" +
		"type failingWriter struct {\n" +
		"\terr error\n" +
		"}\n" +
		"\n" +
		"func (w *failingWriter) Write(p []byte) (int, error) {\n" +
		"\tif w.err != nil {\n" +
		"\t\treturn 0, w.err\n" +
		"\t}\n" +
		"\treturn len(p), nil\n" +
		"}\n" +
		"\n" +
		"func TestWriteFails(t *testing.T) {\n" +
		"\tshell := \"mock-shell\"\n" +
		"\trenderers[shell] = func(c *Command, app string) (string, error) {\n" +
		"\t\treturn \"script\", nil\n" +
		"\t}\n" +
		"\tdefer func(orig []string) { known = orig }(known)\n" +
		"\tknown = append(known, shell)\n" +
		"\tdefer func() {\n" +
		"\t\tdelete(renderers, shell)\n" +
		"\t}()\n" +
		"\n" +
		"\tcmd := &Command{\n" +
		"\t\tCompletion: true,\n" +
		"\t\tWriter:     &failingWriter{err: errors.New(\"cannot write\")},\n" +
		"\t}\n" +
		"\terr := cmd.Run(context.Background(), []string{\"app\", \"completion\", shell})\n" +
		"\tassert.ErrorContains(t, err, \"cannot write\")\n" +
		"}\n"
	const note = "\t// the renderer only runs for the shells listed in known, so list\n" +
		"\t// the injected one there too (restoring the original afterwards)\n" +
		"\t// for it to be reachable.\n"
	const snippet = "\t\t// ... existing code ...\n\t\t}\n\t\treturn \"script\", nil\n\t}\n" + note +
		"\tdefer func(orig []string) { known = orig }(known)\n\tknown = append(known, name)\n\tdefer func() {\n\t// ... existing code ...\n"
	checkMerge(t, top+rest, snippet, top+note+rest, nil)
}

// TestMergeSnippetHeldByClosers: a snippet from another Ruby file, new
// methods then the "end" lines that close them, their class and modules,
// fits the end of this file only by those "end" lines. Like "}", they say
// nothing of where the methods go: the segment is held by no line that
// says something, and refused. With the file's lines above them, it is
// placed.
func TestMergeSnippetHeldByClosers(t *testing.T) {
	const file = "module Thor\n  class Argument\n    def initialize(name)\n      @name = name\n    end\n\n    def default_banner\n      case type\n      when :hash\n        \"key:value\"\n      when :array\n        \"one two three\"\n      end\n    end\n  end\nend\n"
	const methods = "\n      def truncate(string)\n        return string unless @truncate\n        chars = string.chars.to_a\n        chars[0, @truncate - 3].join + \"...\"\n      end\n\n      def indentation\n        \" \" * @indent\n      end\n"
	runMergeCases(t, []mergeCase{{
		name:    "held by the closers alone",
		content: file,
		snippet: "      # ... existing code ...\n" + methods + "    end\n  end\nend\n",
		err:     editkit.ErrNotFound,
	}, {
		name:    "held by the closers alone, with a few new lines",
		content: "module Thor\n  class Argument\n    def default_banner\n      case type\n      when :hash\n        \"key:value\"\n      end\n    end\n\n    attr_reader :name\n  end\n\nend\n",
		snippet: "      # ... existing code ...\n        say \"Please specify a merge tool\"\n      else\n        say help\n      end\n    end\n    # ... existing code ...\n",
		err:     editkit.ErrNotFound,
	}, {
		name:    "after the file's method",
		content: file,
		snippet: "    # ... existing code ...\n        \"one two three\"\n      end\n    end\n" + strings.ReplaceAll(methods, "\n  ", "\n") + "  end\nend\n",
		want:    strings.TrimSuffix(file, "  end\nend\n") + strings.ReplaceAll(methods, "\n  ", "\n") + "  end\nend\n",
	}})
}

// TestMergeSnippetClosersAboveNewBlock: a new function written between
// two, after the closing brackets of the one above it. Its own closing
// brackets look like that function's inner ones, and paired with them the
// segment would start inside it; its first lines, the brackets that close
// that function, are the file's right above the next one, and the new
// function goes between.
func TestMergeSnippetClosersAboveNewBlock(t *testing.T) {
	const above = "package algo\n\nfunc debugV2(T []rune, F []int32, C []int16, width int) {\n\tfor i, f := range F {\n\t\tI := i * width\n\t\tfor idx, p := range C[I : I+width] {\n\t\t\tif p > 0 {\n\t\t\t\tfmt.Printf(\"%2d \", p)\n\t\t\t} else {\n\t\t\t\tfmt.Print(\"   \")\n\t\t\t}\n\t\t}\n\t\tfmt.Println(f)\n\t}\n}\n\n"
	const added = "// matchSingle is the fast path for a pattern of one byte.\nfunc matchSingle(input []byte, b byte) int {\n\tbest := -1\n\tfor idx := 0; idx < len(input); idx++ {\n\t\tif input[idx] == b {\n\t\t\tif best < 0 {\n\t\t\t\tbest = idx\n\t\t\t}\n\t\t}\n\t}\n\treturn best\n}\n\n"
	const below = "func FuzzyMatchV2(caseSensitive bool, input []byte, pattern []rune) int {\n\t// Assume that pattern is given in lowercase if case-insensitive.\n\treturn len(pattern)\n}\n"
	const snippet = "// ... existing code ...\n\t}\n}\n\n" + added + "func FuzzyMatchV2(caseSensitive bool, input []byte, pattern []rune) int {\n\t// Assume that pattern is given in lowercase if case-insensitive.\n// ... existing code ...\n"
	checkMerge(t, above+below, snippet, above+added+below, nil)
}

// TestMergeSnippetRenamesOrAdds: a new C function written like the one
// above it (its name on a line of its own, its brace on the next), after
// that function's closing lines, which the one before it ends with too.
// Read there, the segment rewrites the function above under the new name;
// read after it, it adds the new one and keeps the old. Both read the
// same lines, and the segment is refused. With a line of that function
// that says where the new one goes, it is added. The same for a new C#
// property written above the doc comment of one written like it, the
// segment ending on that comment's first line; showing that property's
// name places it.
func TestMergeSnippetRenamesOrAdds(t *testing.T) {
	const file = "static int\ncount_digits(const char *s)\n{\n\tint n = 0;\n\twhile (isdigit(*s++))\n\t\tn++;\n\treturn n;\n}\n\n" +
		"static int\nparse_number(const char *s)\n{\n\tint n = 0;\n\twhile (*s >= '0' && *s <= '9')\n\t\tn = n * 10 + (*s++ - '0');\n\treturn n;\n}\n\n" +
		"int\nmain(void)\n{\n\treturn parse_number(\"42\") + count_digits(\"7\");\n}\n"
	// resx is a C# file of generated resources, each property written like
	// the others, its doc comment above it; robot is one more, with its own.
	const (
		resx = "namespace App.Properties {\n    internal class Resources {\n" +
			"        /// <summary>\n        ///   Looks up a localized string similar to Open.\n        /// </summary>\n" +
			"        internal static string Open {\n            get {\n                return ResourceManager.GetString(\"Open\", resourceCulture);\n            }\n        }\n        \n" +
			"        /// <summary>\n        ///   Looks up a localized resource of type System.Drawing.Bitmap.\n        /// </summary>\n" +
			"        internal static System.Drawing.Bitmap star {\n            get {\n                object obj = ResourceManager.GetObject(\"star\", resourceCulture);\n                return ((System.Drawing.Bitmap)(obj));\n            }\n        }\n        \n" +
			"        /// <summary>\n        ///   Looks up a localized string similar to Total.\n        /// </summary>\n" +
			"        internal static string Total {\n            get {\n                return ResourceManager.GetString(\"Total\", resourceCulture);\n            }\n        }\n    }\n}\n"
		robot = "        /// <summary>\n        ///   Looks up a localized resource of type System.Drawing.Bitmap.\n        /// </summary>\n" +
			"        internal static System.Drawing.Bitmap robot {\n            get {\n                object obj = ResourceManager.GetObject(\"robot\", resourceCulture);\n                return ((System.Drawing.Bitmap)(obj));\n            }\n        }\n        \n"
	)
	resxLines := strings.SplitAfter(resx, "\n")
	openEnd, starTop := strings.Join(resxLines[6:11], ""), strings.Join(resxLines[11:18], "") // Open's last lines; star's doc comment and first lines
	const added = "static int\nparse_hex(const char *s)\n{\n\tint n = 0;\n\twhile (isxdigit(*s))\n\t\tn = n * 16 + hexval(*s++);\n\treturn n;\n}\n\n"
	runMergeCases(t, []mergeCase{{
		name:    "the function above's last lines on top",
		content: file,
		snippet: "/* ... existing code ... */\n\treturn n;\n}\n\n" + added + "int\nmain(void)\n/* ... existing code ... */\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a line of the function above on top",
		content: file,
		snippet: "/* ... existing code ... */\n\t\tn = n * 10 + (*s++ - '0');\n\treturn n;\n}\n\n" + added + "int\nmain(void)\n/* ... existing code ... */\n",
		want:    strings.Replace(file, "int\nmain(void)", added+"int\nmain(void)", 1),
	}, {
		name:    "a new property above the doc comment of one written like it",
		content: resx,
		snippet: "// ... existing code ...\n" + openEnd + robot + "        /// <summary>\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a new property above the one written like it, its name shown",
		content: resx,
		snippet: "// ... existing code ...\n" + openEnd + robot + starTop + "// ... existing code ...\n",
		want:    strings.Replace(resx, "        /// <summary>\n        ///   Looks up a localized resource", robot+"        /// <summary>\n        ///   Looks up a localized resource", 1),
	}})
}

func TestMergeSnippetCloserAcrossMarker(t *testing.T) {
	const imports = "from .cookies import (\n    RequestsCookieJar,\n    merge_cookies,\n)\nfrom .exceptions import (\n    ChunkedEncodingError,\n    ContentDecodingError,\n)\n" +
		"from .hooks import default_hooks\n\nfrom .models import (\n    PreparedRequest,\n    Request,\n)\nfrom .status_codes import codes\n"
	const funcs = "func a() {\n\tx := 1\n\tuse(x)\n}\n\nfunc b() {\n\ty := 2\n\tuse(y)\n}\n\nfunc c() {\n\tuse(3)\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "names added to the list the marker's lines close",
		content: imports,
		snippet: "# ... existing code ...\nfrom .exceptions import (\n    ChunkedEncodingError,\n# ... existing code ...\n    HTTPError,\n    InvalidURL,\n)\nfrom .status_codes import codes\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "names added to the list the snippet opens",
		content: imports,
		snippet: "# ... existing code ...\nfrom .exceptions import (\n    ChunkedEncodingError,\n# ... existing code ...\n    HTTPError,\n    InvalidURL,\n)\nfrom .hooks import default_hooks\n# ... existing code ...\n",
		want:    strings.Replace(imports, "    ContentDecodingError,\n", "    ContentDecodingError,\n    HTTPError,\n    InvalidURL,\n", 1),
	}, {
		name:    "a line added at the end of a function the marker's lines close",
		content: funcs,
		snippet: "func a() {\n\tx := 1\n// ... existing code ...\n\tlog.Print(\"done\")\n}\n\nfunc c() {\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a line added at the end of the function the snippet opens",
		content: funcs,
		snippet: "// ... existing code ...\nfunc b() {\n\ty := 2\n// ... existing code ...\n\tlog.Print(\"done\")\n}\n\nfunc c() {\n// ... existing code ...\n",
		want:    strings.Replace(funcs, "\tuse(y)\n", "\tuse(y)\n\tlog.Print(\"done\")\n", 1),
	}})
}

func TestMergeSnippetStatementAcrossMarker(t *testing.T) {
	const file = "package main\n\nimport (\n\t\"fmt\"\n\n\t\"github.com/charmbracelet/lipgloss\"\n)\n\n" +
		"var docStyle = lipgloss.NewStyle().\n\tPadding(1, 2).\n\tBorder(lipgloss.RoundedBorder())\n\n" +
		"type styles struct {\n\tdoc lipgloss.Style\n}\n\nfunc main() {\n\tfmt.Println(docStyle.Render(\"hi\"))\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "a new chain cut off above another declaration",
		content: file,
		snippet: "// ... existing code ...\n\tBorder(lipgloss.RoundedBorder())\n\nvar baseStyle = lipgloss.NewStyle().\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a call added to the file's chain, whose next lines the marker keeps",
		content: file,
		snippet: "// ... existing code ...\nvar docStyle = lipgloss.NewStyle().\n\tBold(true).\n// ... existing code ...\n",
		want:    strings.Replace(file, "NewStyle().\n", "NewStyle().\n\tBold(true).\n", 1),
	}, {
		name:    "a new statement whole above the marker",
		content: file,
		snippet: "// ... existing code ...\n\tBorder(lipgloss.RoundedBorder())\n\nvar baseStyle = lipgloss.NewStyle().\n\tBold(true)\n// ... existing code ...\n",
		want:    strings.Replace(file, "RoundedBorder())\n\n", "RoundedBorder())\n\nvar baseStyle = lipgloss.NewStyle().\n\tBold(true)\n", 1),
	}})
}

func TestMergeSnippetDatedTwice(t *testing.T) {
	var b strings.Builder
	b.WriteString("# History\n")
	for v := 9; v > 0; v-- {
		fmt.Fprintf(&b, "\n2.5.%d / 2018-0%d-11\n==================\n\n**fixes**\n  * fix the router's case %d\n\n**others**\n  * docs: the guide's part %d\n", v, v, v, v)
	}
	b.WriteString("\n2.4.0 / 2017-11-06\n==================\n\nUNPUBLISHED\n\n * update `package.engines.node` to be more strict\n * update `fresh@^0.5.2`\n")
	file := b.String()
	const section = "2.6.0 / 2018-10-23\n==================\n\n**features**\n  * feat: use :authority header\n  * feat: response.attachment options\n\n**others**\n  * docs: update error handling\n\n"
	runMergeCases(t, []mergeCase{{
		name:    "the next release's heading written again above lines far below it",
		content: file,
		snippet: "<!-- ... existing code ... -->\n\n" + section + "2.5.9 / 2018-09-11\n==================\n\n\nUNPUBLISHED\n\n * update `package.engines.node` to be more strict\n<!-- ... existing code ... -->\n",
		err:     editkit.ErrConflict,
	}, {
		name:    "a new release above the file's last one",
		content: file,
		snippet: "<!-- ... existing code ... -->\n\n" + section + "2.5.9 / 2018-09-11\n==================\n\n**fixes**\n  * fix the router's case 9\n<!-- ... existing code ... -->\n",
		want:    strings.Replace(file, "\n2.5.9", "\n"+section+"2.5.9", 1),
	}})
}

func TestMergeSnippetDoubledSibling(t *testing.T) {
	test := func(name, call string) string {
		return "  @Test fun " + name + "() {\n    lint()\n        .files(TIMBER_STUB,\n            java(\"\"\"\n                |package foo;\n                |import timber.log.Timber;\n" +
			"                |public class Example {\n                |  public void log() {\n                |    Timber.d(\"%tc\", " + call + ");\n                |  }\n                |}\"\"\".trimMargin())\n" +
			"        )\n        .issues(*WrongTimberUsageDetector.getIssues())\n        .run()\n        .expectClean()\n  }\n"
	}
	file := "class WrongTimberUsageDetectorTest {\n" + test("dateFormatValid", "new java.util.Date()") + "\n" + test("calendarValid", "java.util.Calendar.getInstance()") + "\n" +
		"  @Test fun wrappedBooleanType() {\n    lint()\n        .files(TIMBER_STUB,\n            java(\"\"\"\n                |package foo;\n                |import timber.log.Timber;\n                |public class Example {\n                |}\"\"\".trimMargin())\n        )\n        .run()\n        .expectClean()\n  }\n}\n"
	added := test("systemTimeMillisValid", "System.currentTimeMillis()")
	runMergeCases(t, []mergeCase{{
		name:    "a test like the one above, between that one's end and the next test's top",
		content: file,
		snippet: "  // ... existing code ...\n        .expectClean()\n  }\n\n" + added + "\n  @Test fun wrappedBooleanType() {\n    lint()\n        .files(TIMBER_STUB,\n  // ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "the same test after a line of the one above that occurs once",
		content: file,
		snippet: "  // ... existing code ...\n                |    Timber.d(\"%tc\", java.util.Calendar.getInstance());\n                |  }\n                |}\"\"\".trimMargin())\n        )\n        .issues(*WrongTimberUsageDetector.getIssues())\n        .run()\n        .expectClean()\n  }\n\n" + added + "\n  @Test fun wrappedBooleanType() {\n  // ... existing code ...\n",
		want:    strings.Replace(file, "\n  @Test fun wrappedBooleanType", "\n"+added+"\n  @Test fun wrappedBooleanType", 1),
	}})
}

func TestMergeSnippetSplitsBlock(t *testing.T) {
	const file = "package viper\n\n// New returns an initialized Viper instance.\nfunc New() *Viper {\n\tv := new(Viper)\n\tv.keyDelim = \".\"\n\treturn v\n}\n\n" +
		"// NewWithOptions creates a new Viper instance.\nfunc NewWithOptions(opts ...Option) *Viper {\n\tv := New()\n\n\tfor _, opt := range opts {\n\t\topt.apply(v)\n\t}\n\n\treturn v\n}\n"
	runMergeCases(t, []mergeCase{{
		name:    "a test's end and the next test's top above a constructor's first statement",
		content: file,
		snippet: "// ... existing code ...\n\tassert.Equal(t, 45000, v.GetInt(\"hello.pop\"))\n}\n\nfunc TestWrongFileNotFound(t *testing.T) {\n\t_, config := initDirs(t)\n\n\tv := New()\n// ... existing code ...\n",
		err:     editkit.ErrAmbiguous,
	}, {
		name:    "a new function after the file's closing lines",
		content: file,
		snippet: "// ... existing code ...\n\treturn v\n}\n\n// Must panics on an error.\nfunc Must(v *Viper, err error) *Viper {\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn v\n}\n\n// NewWithOptions creates a new Viper instance.\n// ... existing code ...\n",
		want:    strings.Replace(file, "\n// NewWithOptions", "\n// Must panics on an error.\nfunc Must(v *Viper, err error) *Viper {\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn v\n}\n\n// NewWithOptions", 1),
	}})
}
