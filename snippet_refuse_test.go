package editkit

import "testing"

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
		{"comment lines", []string{"// f(", "# g[", "/* h{ */", " * i(", "-- j(", "<!-- k( -->"}, brackets{}},
		{"trailing comments", []string{"x := f() // see (1", "y = [1] # note ("}, brackets{}},
		{"a URL is no comment", []string{"[docs](https://example.com/a)"}, brackets{}},
		{"shell blocks", []string{`if [ -z "$1" ]; then`, "  echo", "fi", "case $a in", "esac", "for f in *; do", "done < list"}, brackets{}},
		{"a shell fi without its if", []string{"    exit 2", "  fi"}, brackets{4: -1}},
		{"a shell loop left open", []string{"while read -r l; do"}, brackets{4: 1}},
		{"one line opens and closes", []string{`if [ -n "$x" ]; then echo "$x"; fi`}, brackets{}},
		{"Lua and Ruby blocks are not the shell's", []string{"if x then", "loop do", "end"}, brackets{}},
	} {
		if got := balance(tc.lines); got != tc.want {
			t.Errorf("%s: balance = %v, want %v", tc.name, got, tc.want)
		}
	}
}
