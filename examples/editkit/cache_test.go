package main

import (
	"os"
	"testing"

	"github.com/editkit/editkit/internal/testcache"
)

// TestMain gives the tests a cache directory of their own: the commands
// keep their journals under the user's (see editkit.JournalDir), which a
// test run must not fill.
func TestMain(m *testing.M) { os.Exit(testcache.Run(m)) }
