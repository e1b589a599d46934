package editkit

import (
	"context"
	"testing"
)

// FuzzApplyPatch: any patch on any file never panics, and a failed patch
// leaves the workspace as it was.
func FuzzApplyPatch(f *testing.F) {
	f.Add("a\nb\nc\n", "*** Begin Patch\n*** Update File: f.txt\n@@\n a\n-b\n+B\n*** End Patch\n")
	f.Add("x\r\ny", "--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+Y\n")
	f.Add("a\na\n", "*** Begin Patch\n*** Update File: f.txt\n@@ a\n+z\n*** End of File\n*** End Patch\n")
	f.Add("", "*** Begin Patch\n*** Add File: g.txt\n+1\n*** Delete File: f.txt\n*** End Patch\n")
	f.Fuzz(func(t *testing.T, content, patch string) {
		var ws MemWorkspace
		ws.WriteFile("f.txt", []byte(content), 0o644)
		ed := &Editor{Workspace: &ws}
		res, err := ed.ApplyPatch(context.Background(), ApplyPatchRequest{Input: patch})
		if res == nil {
			t.Fatal("no result")
		}
		if err != nil {
			names := ws.Names()
			b, rerr := ws.ReadFile("f.txt")
			if len(names) != 1 || rerr != nil || string(b) != content {
				t.Fatalf("a failed patch changed the workspace: %v, f.txt %q (%v)", names, b, rerr)
			}
		}
	})
}
