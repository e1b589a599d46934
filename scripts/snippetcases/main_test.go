package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSlide(t *testing.T) {
	tests := []struct {
		name    string
		lines   []string // the new file
		at      int
		deleted []string
		want    [2]int
	}{{
		name:    "a block after one that ends alike, a blank line between",
		lines:   []string{"a {", "}", "", "c"},
		at:      3,
		deleted: []string{"", "b {", "}"},
		want:    [2]int{2, 0},
	}, {
		name:    "a block before one that starts alike",
		lines:   []string{"x", "#[doc(hidden)]", "#[macro_export]", "fn y() {}"},
		at:      1,
		deleted: []string{"#[doc(hidden)]", "#[macro_export]", "fn x() {}"},
		want:    [2]int{0, 2},
	}, {
		name:    "nothing alike",
		lines:   []string{"a", "b"},
		at:      1,
		deleted: []string{"c"},
		want:    [2]int{0, 0},
	}, {
		name:    "at the file's ends",
		lines:   []string{"}"},
		at:      0,
		deleted: []string{"}"},
		want:    [2]int{0, 1},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, slide(tt.lines, tt.at, tt.deleted)); diff != "" {
				t.Errorf("slide (-want +got):\n%s", diff)
			}
		})
	}
}
