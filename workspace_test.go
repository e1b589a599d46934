package editkit

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tree builds a workspace directory next to an outside directory holding a
// secret, with symbolic links that stay inside and links that lead out.
func tree(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "root"), filepath.Join(base, "outside")
	for _, d := range []string{root + "/sub", outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(root+"/a.txt", "A\n")
	write(root+"/sub/in.txt", "IN\n")
	write(outside+"/secret.txt", "SECRET\n")
	links := map[string]string{
		"rel_in":       "sub/in.txt",
		"abs_in":       root + "/sub/in.txt",
		"sub/up_in":    "../a.txt",
		"rel_out":      "../outside/secret.txt",
		"abs_out":      outside + "/secret.txt",
		"dir_out":      "../outside",
		"sub/up_out":   "../../outside/secret.txt",
		"loop":         "loop",
		"chain_in":     "rel_in",
		"dir_in":       "sub",
		"abs_root_dir": root,
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Skipf("symlinks unavailable: %v", err)
		}
	}
	return root, outside
}

func TestDirWorkspaceRead(t *testing.T) {
	root, outside := tree(t)
	ws, err := OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	for _, tc := range []struct {
		name string
		want string // contents, or the error kind's text
		kind error
	}{
		{name: "a.txt", want: "A\n"},
		{name: "./sub/../a.txt", want: "A\n"},
		{name: root + "/a.txt", want: "A\n"},
		{name: "rel_in", want: "IN\n"},
		{name: "abs_in", want: "IN\n"},
		{name: "sub/up_in", want: "A\n"},
		{name: "chain_in", want: "IN\n"},
		{name: "dir_in/in.txt", want: "IN\n"},
		{name: "abs_root_dir/a.txt", want: "A\n"},
		{name: "../outside/secret.txt", kind: ErrOutsideRoot},
		{name: "sub/../../outside/secret.txt", kind: ErrOutsideRoot},
		{name: outside + "/secret.txt", kind: ErrOutsideRoot},
		{name: "/etc/passwd", kind: ErrOutsideRoot},
		{name: "rel_out", kind: ErrOutsideRoot},
		{name: "abs_out", kind: ErrOutsideRoot},
		{name: "dir_out/secret.txt", kind: ErrOutsideRoot},
		{name: "sub/up_out", kind: ErrOutsideRoot},
		{name: "a.txt\x00.go", kind: ErrOutsideRoot},
		{name: "", kind: ErrInvalidRequest},
		{name: "loop", kind: ErrInvalidRequest},
		{name: "missing.txt", kind: fs.ErrNotExist},
	} {
		got, err := ws.ReadFile(tc.name)
		switch {
		case tc.kind != nil && !errors.Is(err, tc.kind):
			t.Errorf("ReadFile(%q) = %q, %v; want error %v", tc.name, got, err, tc.kind)
		case tc.kind == nil && (err != nil || string(got) != tc.want):
			t.Errorf("ReadFile(%q) = %q, %v; want %q", tc.name, got, err, tc.want)
		}
		if string(got) == "SECRET\n" {
			t.Errorf("ReadFile(%q) read the file outside the root", tc.name)
		}
	}
}

func TestDirWorkspaceWrite(t *testing.T) {
	root, outside := tree(t)
	ws, err := OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if err := os.Chmod(filepath.Join(root, "sub/in.txt"), 0o640); err != nil {
		t.Fatal(err)
	}

	// Writing through a link inside the root replaces its target and keeps
	// the link and the target's mode.
	if err := ws.WriteFile("rel_in", []byte("NEW\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "sub/in.txt")); string(b) != "NEW\n" {
		t.Errorf("target holds %q, want NEW", b)
	}
	if fi, err := os.Lstat(filepath.Join(root, "rel_in")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file")
	}
	if fi, _ := os.Stat(filepath.Join(root, "sub/in.txt")); fi.Mode().Perm() != 0o640 {
		t.Errorf("target mode = %v, want 0640", fi.Mode().Perm())
	}

	// Links and paths that lead out are refused, and the outside is untouched.
	for _, name := range []string{"rel_out", "abs_out", "dir_out/secret.txt", "../outside/secret.txt", outside + "/new.txt"} {
		if err := ws.WriteFile(name, []byte("PWNED"), 0o644); !errors.Is(err, ErrOutsideRoot) {
			t.Errorf("WriteFile(%q) = %v, want ErrOutsideRoot", name, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "secret.txt")); string(b) != "SECRET\n" {
		t.Errorf("outside file changed to %q", b)
	}
	if _, err := os.Stat(filepath.Join(outside, "new.txt")); err == nil {
		t.Errorf("a file was created outside the root")
	}

	// A new file in new directories.
	if err := ws.WriteFile("x/y/z.txt", []byte("Z"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fi, err := ws.Stat("x/y/z.txt"); err != nil || fi.Mode().Perm() != 0o600 || fi.Size() != 1 {
		t.Errorf("Stat of the new file = %v, %v", fi, err)
	}
	if err := ws.Remove("x/y/z.txt"); err != nil {
		t.Fatal(err)
	}
	if _, err := ws.Stat("x/y/z.txt"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Stat after Remove = %v, want not exist", err)
	}
}

func TestMemWorkspace(t *testing.T) {
	var ws MemWorkspace // the zero value is ready
	if err := ws.WriteFile("d/a.txt", []byte("A"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := ws.WriteFile("d/a.txt", []byte("A2"), 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := ws.Stat("d/a.txt")
	if err != nil || fi.Mode().Perm() != 0o600 || fi.Size() != 2 {
		t.Errorf("Stat = %v, %v; want mode kept at 0600, size 2", fi, err)
	}
	if fi, err := ws.Stat("d"); err != nil || !fi.IsDir() {
		t.Errorf("Stat(d) = %v, %v; want a directory", fi, err)
	}
	if err := ws.WriteFile("d", nil, 0o644); err == nil {
		t.Error("writing over a directory succeeded")
	}
	if err := ws.WriteFile("d/a.txt/b", nil, 0o644); err == nil {
		t.Error("writing below a file succeeded")
	}
	for _, name := range []string{"../x", "/abs", "d/../../x"} {
		if _, err := ws.ReadFile(name); !errors.Is(err, ErrOutsideRoot) {
			t.Errorf("ReadFile(%q) = %v, want ErrOutsideRoot", name, err)
		}
	}
	if _, err := ws.ReadFile("nope"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile(nope) = %v, want not exist", err)
	}
	b, _ := ws.ReadFile("./d/a.txt")
	b[0] = 'X' // the caller's copy
	if diff := cmp.Diff([]string{"d/a.txt"}, ws.Names()); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	if b2, _ := ws.ReadFile("d/a.txt"); string(b2) != "A2" {
		t.Errorf("stored data changed through a returned slice: %q", b2)
	}
}
