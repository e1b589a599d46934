// Package atomicfile replaces files so that a reader sees the old contents or
// the new ones, never a mix, and a crash leaves one of the two.
package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path"
)

// Write replaces the file name inside root with data: it writes a temporary
// file in the same directory, syncs it, renames it over name, and syncs the
// directory. An existing file keeps its permission bits; a new one gets perm,
// and missing parent directories are created. name must be a clean,
// slash-separated path without symbolic links; on error the file is as it
// was and no temporary file remains.
func Write(root *os.Root, name string, data []byte, perm fs.FileMode) (err error) {
	mode := perm.Perm()
	switch fi, err := root.Stat(name); {
	case err == nil && !fi.Mode().IsRegular():
		return &fs.PathError{Op: "write", Path: name, Err: errors.New("not a regular file")}
	case err == nil:
		mode = fi.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	dir := path.Dir(name)
	if err := root.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := tempName(name)
	if err != nil {
		return err
	}
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			root.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(mode); err != nil { // exact bits, whatever the umask
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = root.Rename(tmp, name); err != nil {
		return err
	}
	syncDir(root, dir)
	return nil
}

// tempName is a hidden name next to name that no other writer picks.
func tempName(name string) (string, error) {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return path.Join(path.Dir(name), "."+path.Base(name)+".editkit-"+hex.EncodeToString(b[:])), nil
}

// syncDir makes the rename durable. Some systems cannot sync a directory;
// the rename has happened either way, so failure is not reported.
func syncDir(root *os.Root, dir string) {
	d, err := root.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}
