//go:build !linux

package store

import "os"

// Only Linux swaps two files atomically (renameat2); elsewhere the swaps
// fall back to hard links.

func exchange(d *os.File, a, b string) error  { return errUnsupported }
func noReplace(d *os.File, a, b string) error { return errUnsupported }
