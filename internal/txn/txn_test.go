package txn

import (
	"errors"
	"io/fs"
	"maps"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// memFS is a map of files whose writes can be made to fail.
type memFS struct {
	files   map[string]string
	failOn  string // WriteFile of this name fails
	onWrite func(name string)
}

func (m *memFS) ReadFile(name string) ([]byte, error) {
	s, ok := m.files[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return []byte(s), nil
}

func (m *memFS) WriteFile(name string, data []byte, _ fs.FileMode) error {
	if name == m.failOn {
		return errors.New("disk full")
	}
	if m.onWrite != nil {
		m.onWrite(name)
	}
	m.files[name] = string(data)
	return nil
}

func (m *memFS) Remove(name string) error {
	delete(m.files, name)
	return nil
}

func TestCommit(t *testing.T) {
	start := map[string]string{"a": "A", "b": "B", "c": "C"}
	for _, tc := range []struct {
		name     string
		failOn   string
		meddle   func(m *memFS, written string) // runs as each file is written
		want     map[string]string
		wantErr  error
		restored []string
	}{
		{
			name: "all three written",
			want: map[string]string{"a": "A2", "b": "B2", "c": "C2", "new": "N"},
		},
		{
			name:     "second write fails: the first is restored, nothing else changes",
			failOn:   "b",
			want:     start,
			restored: []string{"a"},
		},
		{
			name:     "last write fails: created file removed, others restored",
			failOn:   "new",
			want:     start,
			restored: []string{"c", "b", "a"},
		},
		{
			name: "a file changed by someone else is not overwritten",
			meddle: func(m *memFS, written string) {
				if written == "a" {
					m.files["b"] = "edited elsewhere"
				}
			},
			want:     map[string]string{"a": "A", "b": "edited elsewhere", "c": "C"},
			wantErr:  ErrStale,
			restored: []string{"a"},
		},
		{
			name: "a file created meanwhile is not overwritten",
			meddle: func(m *memFS, written string) {
				if written == "c" {
					m.files["new"] = "theirs"
				}
			},
			want:     map[string]string{"a": "A", "b": "B", "c": "C", "new": "theirs"},
			wantErr:  ErrStale,
			restored: []string{"c", "b", "a"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &memFS{files: maps.Clone(start), failOn: tc.failOn}
			if tc.meddle != nil {
				m.onWrite = func(name string) { tc.meddle(m, name) }
			}
			changes := []Change{
				{Name: "a", Existed: true, Orig: []byte("A"), Data: []byte("A2"), Perm: 0o644},
				{Name: "b", Existed: true, Orig: []byte("B"), Data: []byte("B2"), Perm: 0o644},
				{Name: "c", Existed: true, Orig: []byte("C"), Data: []byte("C2"), Perm: 0o644},
				{Name: "new", Data: []byte("N"), Perm: 0o644},
			}
			m.onWrite, m.failOn = wrapOnce(m.onWrite), tc.failOn
			err := Commit(m, changes)
			if diff := cmp.Diff(tc.want, m.files); diff != "" {
				t.Errorf("files after commit (-want +got):\n%s", diff)
			}
			if tc.failOn == "" && tc.wantErr == nil {
				if err != nil {
					t.Fatalf("Commit: %v", err)
				}
				return
			}
			var te *Error
			if !errors.As(err, &te) {
				t.Fatalf("Commit error = %v, want *Error", err)
			}
			if tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
				t.Errorf("Commit error = %v, want %v", err, tc.wantErr)
			}
			if diff := cmp.Diff(tc.restored, te.Restored); diff != "" {
				t.Errorf("restored (-want +got):\n%s", diff)
			}
		})
	}
}

// wrapOnce stops the meddling hook from firing for the rollback's writes.
func wrapOnce(f func(string)) func(string) {
	if f == nil {
		return nil
	}
	done := map[string]bool{}
	return func(name string) {
		if !done[name] {
			done[name] = true
			f(name)
		}
	}
}

func TestCommitDeleteAndBlind(t *testing.T) {
	m := &memFS{files: map[string]string{"a": "A", "b": "B"}}
	err := Commit(m, []Change{
		{Name: "a", Existed: true, Orig: []byte("A"), Delete: true},
		{Name: "b", Existed: true, Orig: []byte("not what it holds"), Data: []byte("B2"), Blind: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]string{"b": "B2"}, m.files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	// A delete of a file that changed is refused, and the delete before it
	// undone.
	m = &memFS{files: map[string]string{"a": "A", "b": "B"}}
	err = Commit(m, []Change{
		{Name: "a", Existed: true, Orig: []byte("A"), Delete: true},
		{Name: "b", Existed: true, Orig: []byte("old B"), Delete: true},
	})
	if !errors.Is(err, ErrStale) {
		t.Fatalf("Commit = %v, want ErrStale", err)
	}
	if diff := cmp.Diff(map[string]string{"a": "A", "b": "B"}, m.files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}
