// Package testcache gives a test binary a user cache directory of its
// own. editkit keeps its undo journals under the user's cache directory
// (see editkit.JournalDir), and a test run must not fill the user's.
package testcache

import (
	"fmt"
	"os"
	"runtime"
	"testing"
)

// Run makes a temporary directory what os.UserCacheDir returns, for the
// test binary and the processes it starts, runs the tests, removes the
// directory and returns m.Run's exit code. It returns 1, running nothing,
// when the directory cannot be made.
func Run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "editkit-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	os.Setenv("XDG_CACHE_HOME", dir)
	os.Setenv("LocalAppData", dir)
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" || runtime.GOOS == "plan9" {
		os.Setenv("HOME", dir) // the cache is under $HOME there
		os.Setenv("home", dir)
	}
	return m.Run()
}
