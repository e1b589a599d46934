package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// Lock takes the advisory locks of the named files, in a fixed order so
// that two processes cannot deadlock, waiting while another process holds
// one until ctx is done. The locks are files in the state directory, named
// by a hash of each file's path, and are removed when released. Without a
// state directory, or on a system without advisory locks, Lock takes none.
func (t *Tree) Lock(ctx context.Context, names []string) (unlock func(), err error) {
	if t.state == "" || !lockSupported {
		return func() {}, nil
	}
	dir := filepath.Join(t.state, "locks")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return func() {}, nil // no usable state directory: no cross-process locks
	}
	keys := make([]string, len(names))
	for i, n := range names {
		sum := sha256.Sum256([]byte(t.real + "/" + n))
		keys[i] = filepath.Join(dir, hex.EncodeToString(sum[:16]))
	}
	keys = slices.Compact(slices.Sorted(slices.Values(keys)))
	var held []*os.File
	release := func() {
		for _, f := range held {
			// Removed while locked: a process that opened it meanwhile
			// finds, once it holds it, that it is no longer the lock file,
			// and opens the new one.
			os.Remove(f.Name())
			f.Close()
		}
	}
	for _, k := range keys {
		f, err := acquire(ctx, k)
		if err != nil {
			release()
			return nil, err
		}
		held = append(held, f)
	}
	return release, nil
}

// acquire locks the lock file at p, waiting with growing pauses.
func acquire(ctx context.Context, p string) (*os.File, error) {
	wait := 50 * time.Microsecond
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, err
		}
		for {
			ok, err := tryLock(f)
			if err != nil {
				f.Close()
				return nil, err
			}
			if ok {
				break
			}
			select {
			case <-ctx.Done():
				f.Close()
				return nil, ctx.Err()
			case <-time.After(wait):
			}
			wait = min(2*wait, 20*time.Millisecond)
		}
		fi, err1 := f.Stat()
		cur, err2 := os.Stat(p)
		if err1 == nil && err2 == nil && os.SameFile(fi, cur) {
			return f, nil
		}
		f.Close() // its holder removed it as we waited: lock the new one
	}
}
