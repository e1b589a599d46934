//go:build unix

package store

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/editkit/editkit/internal/txn"
	"github.com/google/go-cmp/cmp"
)

// newTree is a tree on a fresh directory holding files, with its own state
// directory.
func newTree(t *testing.T, files map[string]string) (*Tree, string) {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	return Open(root, dir, t.TempDir()), dir
}

// contents reads every file under dir, temporary ones included.
func contents(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		got[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	return got
}

func replace(name, orig, data string) txn.Change {
	return txn.Change{Name: name, Existed: true, Orig: []byte(orig), Data: []byte(data), Perm: 0o644}
}

func TestRead(t *testing.T) {
	tr, dir := newTree(t, map[string]string{"a.txt": "hello\n", "d/b.txt": "b"})
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	got, info, err := tr.Read("a.txt", 0)
	if err != nil || string(got) != "hello\n" || !info.Mode.IsRegular() {
		t.Errorf("Read(a.txt) = %q, %v, %v", got, info, err)
	}
	if got, _, err := tr.Read("a.txt", 6); err != nil || string(got) != "hello\n" {
		t.Errorf("Read at exactly the limit = %q, %v", got, err)
	}
	var size *SizeError
	if _, _, err := tr.Read("a.txt", 5); !errors.As(err, &size) || !errors.Is(err, ErrTooLarge) || size.Size != 6 {
		t.Errorf("Read over the limit = %v, want a SizeError of 6 bytes", err)
	}
	// A named pipe is refused before it is read: reading it would wait for
	// a writer forever.
	done := make(chan error, 1)
	go func() { _, _, err := tr.Read("pipe", 0); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a named pipe") {
			t.Errorf("Read(pipe) = %v, want ErrNotRegular naming a named pipe", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read(pipe) hangs")
	}
	if _, _, err := tr.Read("d", 0); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Read(d) = %v, want ErrNotRegular", err)
	}
	if _, _, err := tr.Read("missing", 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Read(missing) = %v, want not exist", err)
	}
}

func TestCommit(t *testing.T) {
	start := map[string]string{"a.txt": "A\n", "sub/b.txt": "B\n", "c.txt": "C\n"}
	for _, fallback := range []bool{false, true} {
		for _, tc := range []struct {
			name    string
			changes []txn.Change
			meddle  func(dir string) // runs once the temporary files are written
			want    map[string]string
			kind    error
		}{
			{
				name:    "replace, create in a new directory, delete",
				changes: []txn.Change{replace("a.txt", "A\n", "A2\n"), {Name: "new/dir/n.txt", Data: []byte("N"), Perm: 0o600}, {Name: "c.txt", Existed: true, Orig: []byte("C\n"), Delete: true}},
				want:    map[string]string{"a.txt": "A2\n", "sub/b.txt": "B\n", "new/dir/n.txt": "N"},
			},
			{
				name:    "a file another program saved meanwhile is kept, and nothing else changes",
				changes: []txn.Change{replace("a.txt", "A\n", "A2\n"), replace("sub/b.txt", "B\n", "B2\n"), replace("c.txt", "C\n", "C2\n")},
				meddle:  func(dir string) { saveAtomically(t, filepath.Join(dir, "sub/b.txt"), "theirs\n") },
				want:    map[string]string{"a.txt": "A\n", "sub/b.txt": "theirs\n", "c.txt": "C\n"},
				kind:    txn.ErrStale,
			},
			{
				name:    "a file rewritten in place meanwhile is kept",
				changes: []txn.Change{replace("a.txt", "A\n", "A2\n"), replace("c.txt", "C\n", "C2\n")},
				meddle:  func(dir string) { os.WriteFile(filepath.Join(dir, "c.txt"), []byte("X\n"), 0o644) },
				want:    map[string]string{"a.txt": "A\n", "sub/b.txt": "B\n", "c.txt": "X\n"},
				kind:    txn.ErrStale,
			},
			{
				name:    "a file created meanwhile is not overwritten",
				changes: []txn.Change{replace("a.txt", "A\n", "A2\n"), {Name: "n.txt", Data: []byte("ours")}},
				meddle:  func(dir string) { os.WriteFile(filepath.Join(dir, "n.txt"), []byte("theirs"), 0o644) },
				want:    map[string]string{"a.txt": "A\n", "sub/b.txt": "B\n", "c.txt": "C\n", "n.txt": "theirs"},
				kind:    txn.ErrStale,
			},
			{
				name:    "a file deleted meanwhile is not brought back",
				changes: []txn.Change{replace("a.txt", "A\n", "A2\n"), replace("c.txt", "C\n", "C2\n")},
				meddle:  func(dir string) { os.Remove(filepath.Join(dir, "c.txt")) },
				want:    map[string]string{"a.txt": "A\n", "sub/b.txt": "B\n"},
				kind:    txn.ErrStale,
			},
			{
				name:    "a delete of a changed file is undone",
				changes: []txn.Change{replace("a.txt", "A\n", "A2\n"), {Name: "c.txt", Existed: true, Orig: []byte("C\n"), Delete: true}},
				meddle:  func(dir string) { os.WriteFile(filepath.Join(dir, "c.txt"), []byte("X\n"), 0o644) },
				want:    map[string]string{"a.txt": "A\n", "sub/b.txt": "B\n", "c.txt": "X\n"},
				kind:    txn.ErrStale,
			},
			{
				name:    "the last file cannot be written: the first is put back",
				changes: []txn.Change{replace("a.txt", "A\n", "A2\n"), {Name: "a.txt/x", Data: []byte("X")}},
				want:    start,
				kind:    syscall.ENOTDIR,
			},
			{
				name:    "a blind write replaces whatever is there",
				changes: []txn.Change{{Name: "a.txt", Existed: true, Data: []byte("A3"), Blind: true}},
				meddle:  func(dir string) { os.WriteFile(filepath.Join(dir, "a.txt"), []byte("X\n"), 0o644) },
				want:    map[string]string{"a.txt": "A3", "sub/b.txt": "B\n", "c.txt": "C\n"},
			},
		} {
			name := tc.name
			if fallback {
				name = "hard links: " + name
			}
			t.Run(name, func(t *testing.T) {
				tr, dir := newTree(t, start)
				tr.noExchange = fallback
				if tc.meddle != nil {
					tr.SetHook(func(point string) {
						if point == "prepared" {
							tc.meddle(dir)
						}
					})
				}
				err := tr.Commit(tc.changes)
				switch {
				case tc.kind == nil && err != nil:
					t.Fatalf("Commit: %v", err)
				case tc.kind != nil && !errors.Is(err, tc.kind):
					t.Fatalf("Commit = %v, want %v", err, tc.kind)
				}
				if diff := cmp.Diff(tc.want, contents(t, dir)); diff != "" {
					t.Errorf("files after the commit, temporary files included (-want +got):\n%s", diff)
				}
				if entries, _ := os.ReadDir(tr.recordDir()); len(entries) > 0 {
					t.Errorf("commit records left: %v", entries)
				}
				if _, err := os.Stat(tr.recordDir()); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the tree's directory of records is left in the state directory (%v)", err)
				}
			})
		}
	}
}

// saveAtomically saves a file as editors do: a new file renamed over it.
func saveAtomically(t *testing.T, p, data string) {
	tmp := p + ".save"
	if err := os.WriteFile(tmp, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
}

func TestCommitKeepsModeAndOwner(t *testing.T) {
	tr, dir := newTree(t, map[string]string{"x.sh": "old"})
	p := filepath.Join(dir, "x.sh")
	mode := fs.FileMode(0o751) | fs.ModeSetuid | fs.ModeSetgid
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	root := os.Geteuid() == 0
	if root {
		if err := os.Chown(p, 4321, 4322); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil { // chown cleared the set-ID bits
			t.Fatal(err)
		}
	}
	if err := tr.Commit([]txn.Change{replace("x.sh", "old", "new")}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid); got != mode {
		t.Errorf("mode after the commit = %v, want %v", got, mode)
	}
	if st := fi.Sys().(*syscall.Stat_t); root && (st.Uid != 4321 || st.Gid != 4322) {
		t.Errorf("owner after the commit = %d:%d, want 4321:4322", st.Uid, st.Gid)
	}
	if err := tr.Commit([]txn.Change{{Name: "n/new.txt", Data: []byte("n"), Perm: 0o640}}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "n/new.txt")); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("new file: %v, %v; want mode 0640", fi, err)
	}
}

// TestRecover interrupts commits at each point a crash may hit — a panic
// in the hook leaves the commit as a killed process would, its record
// unlocked — and checks that Recover leaves every file old, or every file
// new, and no temporary file.
func TestRecover(t *testing.T) {
	start := map[string]string{"a.txt": "A\n", "b.txt": "B\n", "c.txt": "C\n"}
	changes := []txn.Change{replace("a.txt", "A\n", "A2\n"), {Name: "b.txt", Existed: true, Orig: []byte("B\n"), Delete: true}, {Name: "d/n.txt", Data: []byte("N\n")}, replace("c.txt", "C\n", "C2\n")}
	done := map[string]string{"a.txt": "A2\n", "c.txt": "C2\n", "d/n.txt": "N\n"}
	for _, fallback := range []bool{false, true} {
		for _, tc := range []struct {
			point string
			nth   int // crash at the nth time the hook passes point
			want  map[string]string
		}{
			{"prepared", 1, start},
			{"swapped", 1, start},
			{"swapped", 2, start},
			{"swapped", 3, start},
			{"swapped", 4, done}, // every file swapped: forward
			{"done", 1, done},
		} {
			t.Run(tc.point+"-"+string(rune('0'+tc.nth)), func(t *testing.T) {
				tr, dir := newTree(t, start)
				tr.noExchange = fallback
				seen := 0
				tr.SetHook(func(point string) {
					if point == tc.point {
						if seen++; seen == tc.nth {
							panic("crash")
						}
					}
				})
				func() {
					defer func() { recover() }()
					tr.Commit(changes)
				}()
				tr.SetHook(nil)
				if _, err := tr.Recover(context.Background()); err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(tc.want, contents(t, dir)); diff != "" {
					t.Errorf("files after recovery, temporary files included (-want +got):\n%s", diff)
				}
				if entries, _ := os.ReadDir(tr.recordDir()); len(entries) > 0 {
					t.Errorf("commit records left: %v", entries)
				}
				if _, err := os.Stat(tr.recordDir()); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the tree's directory of records is left in the state directory (%v)", err)
				}
			})
		}
	}
}

// TestRecoverPutsBackAForeignSave: a crash between a swap and its check
// leaves displaced a file someone saved meanwhile; recovery must put that
// file back, not the file that was read.
func TestRecoverPutsBackAForeignSave(t *testing.T) {
	tr, dir := newTree(t, map[string]string{"a.txt": "A\n"})
	tr.SetHook(func(point string) {
		switch point {
		case "prepared":
			saveAtomically(t, filepath.Join(dir, "a.txt"), "theirs\n")
		case "swapped":
			panic("crash") // before the check that would have found it
		}
	})
	func() {
		defer func() { recover() }()
		tr.Commit([]txn.Change{replace("a.txt", "A\n", "A2\n")})
	}()
	if _, err := tr.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]string{"a.txt": "theirs\n"}, contents(t, dir)); diff != "" {
		t.Errorf("files after recovery (-want +got):\n%s", diff)
	}
}

func TestRecoverLeavesLiveCommits(t *testing.T) {
	tr, dir := newTree(t, map[string]string{"a.txt": "A\n"})
	other := Open(tr.root, tr.real, tr.state)
	var once sync.Once
	tr.SetHook(func(point string) {
		if point == "prepared" {
			once.Do(func() {
				if _, err := other.Recover(context.Background()); err != nil {
					t.Error(err)
				}
			})
		}
	})
	if err := tr.Commit([]txn.Change{replace("a.txt", "A\n", "A2\n")}); err != nil {
		t.Fatalf("a commit recovered while it ran: %v", err)
	}
	if diff := cmp.Diff(map[string]string{"a.txt": "A2\n"}, contents(t, dir)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

func TestLock(t *testing.T) {
	tr, _ := newTree(t, nil)
	// Another tree on the same directory stands for another process: its
	// lock files are opened separately, so the locks exclude each other.
	other := Open(tr.root, tr.real, tr.state)
	unlock, err := tr.Lock(context.Background(), []string{"a.txt", "b.txt"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := other.Lock(ctx, []string{"b.txt"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Lock of a held file = %v, want it to wait until the deadline", err)
	}
	got := make(chan error, 1)
	go func() {
		u, err := other.Lock(context.Background(), []string{"a.txt"})
		if err == nil {
			u()
		}
		got <- err
	}()
	time.Sleep(20 * time.Millisecond)
	unlock()
	select {
	case err := <-got:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the lock was not handed over after it was released")
	}
	entries, _ := os.ReadDir(filepath.Join(tr.state, "locks"))
	if len(entries) != 0 {
		t.Errorf("lock files left after release: %v", entries)
	}
}
