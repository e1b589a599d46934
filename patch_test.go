package editkit

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPatchAllOrNothing: when writing the second of three files fails, no
// file changes, and every result says so.
func TestPatchAllOrNothing(t *testing.T) {
	dir, orig := threeFiles(t)
	dws, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer dws.Close()
	ed := &Editor{Workspace: &faultyWorkspace{Workspace: dws, failWrite: "b.txt"}}
	res, err := ed.PatchTextFileContents(context.Background(), PatchTextFileContentsRequest{Files: []FilePatches{
		{FilePath: "a.txt", Patches: []StringPatch{{OldString: "alpha\n", NewString: "ALPHA\n", Ranges: []PatchRange{{Start: 1, End: intp(1)}}}}},
		{FilePath: "b.txt", Patches: []StringPatch{{OldString: "two", NewString: "TWO", Ranges: []PatchRange{{Start: 2}}}}},
		{FilePath: "c.txt", Encoding: "latin1", Patches: []StringPatch{{OldString: "caf\u00e9\n", NewString: "th\u00e9\n", Ranges: []PatchRange{{Start: 1, End: intp(1)}}}}},
	}})
	if err == nil || res.Success {
		t.Fatal("patching succeeded despite the failing write")
	}
	for _, f := range res.Files {
		if f.Success {
			t.Errorf("%s reports success", f.FilePath)
		}
	}
	if !strings.Contains(res.Message, "Nothing was written") || !strings.Contains(res.Message, "injected failure") {
		t.Errorf("message %q", res.Message)
	}
	if diff := cmp.Diff(orig, readDir(t, dir)); diff != "" {
		t.Errorf("files after the failed request (-want +got):\n%s", diff)
	}
}
