package editkit

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLineNumbered: a search copied from a numbered view with its
// numbers is found without them, at the lines they name, or where the
// file has it once; anything that is not every line numbered in order is
// left to the other replacers.
func TestLineNumbered(t *testing.T) {
	const file = "package x\n\nfunc A() int {\n\treturn 1\n}\n\nfunc B() int {\n\tx := 2\n\n\treturn x\n}\n"
	view := func(from int, lines ...string) string {
		var b strings.Builder
		for i, l := range lines {
			fmt.Fprintf(&b, "%6d\t%s\n", from+i, l)
		}
		return b.String()
	}
	b := []string{"func B() int {", "\tx := 2", "", "\treturn x", "}"}
	newB := "func B() int {\n\tx := 3\n\n\treturn x\n}\n"
	want := strings.Replace(file, "x := 2", "x := 3", 1)
	tests := []struct {
		name, search, replace, want string
		err                         error
	}{
		{name: "as view shows it", search: view(7, b...), replace: newB, want: want},
		{name: "a blank line's number alone", search: strings.Replace(view(7, b...), "     9\t\n", "     9\n", 1), replace: newB, want: want},
		{name: "arrows", search: "7→func B() int {\n8→\tx := 2\n", replace: "func B() int {\n\tx := 3\n", want: want},
		{name: "colons", search: "7: func B() int {\n8: \tx := 2\n", replace: "func B() int {\n\tx := 3\n", want: want},
		{name: "the replacement numbered too", search: view(7, b[:2]...), replace: view(7, "func B() int {", "\tx := 3"), want: want},
		{name: "numbers off, the text once in the file", search: view(20, b...), replace: newB, want: want},
		{name: "numbers out of order", search: "     7\tfunc B() int {\n     9\t\tx := 2\n", replace: newB, err: ErrNotFound},
		{name: "numbers alone are text", search: "7\n8\n", replace: "9\n", err: ErrNotFound},
		{name: "a view counts from 1", search: "0\tpackage x\n", replace: "package y\n", err: ErrNotFound},
		{name: "numbers off, the text twice", search: view(1, "}"), replace: "};\n", err: ErrAmbiguous},
		{name: "only inside a line", search: view(1, "int {"), replace: "int64 {\n", err: ErrNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, res, err := Replace(file, tc.search, tc.replace, ReplaceOptions{})
			if tc.err != nil {
				if !errors.Is(err, tc.err) || got != file {
					t.Fatalf("err = %v, content changed: %v; want %v", err, got != file, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s\n%s", diff, res.Message)
			}
			if res.Strategy != "line-numbered" {
				t.Errorf("strategy %q", res.Strategy)
			}
		})
	}
}

// FuzzUnnumber: unnumber never panics, and what it accepts keeps its
// line count.
func FuzzUnnumber(f *testing.F) {
	f.Add("     1\tpackage x\n     2\t\n")
	f.Add("7→a\n8→b")
	f.Add("12: x\n13\n14: y\n")
	f.Fuzz(func(t *testing.T, s string) {
		text, first, ok := unnumber(s)
		if !ok {
			return
		}
		if strings.Count(text, "\n") != strings.Count(s, "\n") || first < 0 {
			t.Fatalf("unnumber(%q) = %q, %d", s, text, first)
		}
	})
}
