package editkit_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/google/go-cmp/cmp"
)

func TestDbgSnippets(t *testing.T) {
	f, err := os.Open(os.Getenv("CASES"))
	if err != nil {
		t.Skip()
	}
	only := os.Getenv("ID")
	kind := os.Getenv("KIND")
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	stats := map[string]int{}
	shown := 0
	for sc.Scan() {
		var c struct {
			ID, Kind, File, Before, After string
			Refuse                        bool
			Request                       struct {
				CodeEdit string `json:"code_edit"`
			}
		}
		json.Unmarshal(sc.Bytes(), &c)
		if kind != "" && c.Kind != kind || only != "" && c.ID != only {
			continue
		}
		out, mres, err := editkit.MergeSnippet(c.Before, c.Request.CodeEdit)
		res := "right"
		switch {
		case c.Refuse && err == nil:
			res = "wrong"
		case c.Refuse:
		case err != nil:
			res = "refused"
		case out != c.After:
			res = "wrong"
		}
		stats[c.Kind+" "+res]++
		if res != "right" && shown < maxShow() && (os.Getenv("SHOW") == "" || os.Getenv("SHOW") == res) {
			shown++
			fmt.Printf("===== %s %s %s\n", c.ID, c.File, res)
			if os.Getenv("SNIP") != "" {
				fmt.Printf("--- snippet:\n%s\n", c.Request.CodeEdit)
			}
			if err != nil {
				fmt.Println("ERR:", err)
			} else {
				d := cmp.Diff(strings.Split(c.After, "\n"), strings.Split(out, "\n"))
				if len(d) > 3000 {
					d = d[:3000]
				}
				fmt.Println(mres.Message)
				if !c.Refuse {
					fmt.Println("DIFF (-want +got):\n" + d)
				}
			}
		}
	}
	fmt.Println(stats)
}

func maxShow() int {
	n := 6
	fmt.Sscan(os.Getenv("MAXSHOW"), &n)
	return n
}
