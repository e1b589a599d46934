package testcache_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/editkit/editkit/internal/testcache"
)

func TestMain(m *testing.M) { os.Exit(testcache.Run(m)) }

// TestUserCacheDir: inside Run, the user's cache directory is in a new
// directory under the system's temporary one, which exists.
func TestUserCacheDir(t *testing.T) {
	dir, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(os.TempDir(), dir)
	if err != nil || !strings.HasPrefix(rel, "editkit-cache") {
		t.Fatalf("os.UserCacheDir() = %s, want it in a new directory under %s", dir, os.TempDir())
	}
	made := filepath.Join(os.TempDir(), strings.SplitN(rel, string(filepath.Separator), 2)[0])
	if _, err := os.Stat(made); err != nil {
		t.Errorf("the directory Run made: %v", err)
	}
}
