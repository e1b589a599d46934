package main

import (
	"fmt"
	"os"
	"runtime"
	"testing"
)

// TestMain gives the tests a cache directory of their own: the commands
// keep their journals under the user's (see editkit.JournalDir), which a
// test run must not fill.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "editkit-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cacheHome(dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// cacheHome makes dir what os.UserCacheDir returns, on every system.
func cacheHome(dir string) {
	os.Setenv("XDG_CACHE_HOME", dir)
	os.Setenv("LocalAppData", dir)
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" || runtime.GOOS == "plan9" {
		os.Setenv("HOME", dir) // the cache is under $HOME there
		os.Setenv("home", dir)
	}
}
