package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if err := os.WriteFile(filepath.Join(dir, "x.sh"), []byte("old"), 0o751); err != nil {
		t.Fatal(err)
	}
	if err := Write(root, "x.sh", []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(dir, "x.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o751 {
		t.Errorf("mode after replace = %v, want the file's own 0751", got)
	}
	if err := Write(root, "new/dir/y.txt", []byte("y"), 0o640); err != nil {
		t.Fatal(err)
	}
	fi, err = os.Stat(filepath.Join(dir, "new/dir/y.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o640 {
		t.Errorf("mode of new file = %v, want 0640", got)
	}
	if err := Write(root, "new", []byte("z"), 0o644); err == nil {
		t.Error("replacing a directory succeeded")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "x.sh" && e.Name() != "new" {
			t.Errorf("stray file %q left behind", e.Name())
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "x.sh")); string(b) != "new" {
		t.Errorf("contents = %q", b)
	}
}
