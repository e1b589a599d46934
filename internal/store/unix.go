//go:build unix

package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"syscall"
)

// oNonblock opens a named pipe without waiting for a writer, so that it can
// be told from a file and refused.
const oNonblock = syscall.O_NONBLOCK

// fileID is a file's identity: its device and inode.
type fileID struct{ dev, ino uint64 }

func idOf(fi fs.FileInfo) fileID {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return fileID{uint64(st.Dev), uint64(st.Ino)}
	}
	return fileID{}
}

// writable reports whether the mode bits let this process's user write the
// file. The superuser may write anything, so for it a file is read-only
// when no write bit is set at all: someone made it so on purpose.
func writable(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	perm := fi.Mode().Perm()
	if !ok {
		return perm&0o200 != 0
	}
	euid := os.Geteuid()
	switch {
	case euid == 0:
		return perm&0o222 != 0
	case int(st.Uid) == euid:
		return perm&0o200 != 0
	case inGroup(int(st.Gid)):
		return perm&0o020 != 0
	}
	return perm&0o002 != 0
}

func inGroup(gid int) bool {
	if gid == os.Getegid() {
		return true
	}
	groups, err := os.Getgroups()
	return err == nil && slices.Contains(groups, gid)
}

// keepOwner gives the new file f the owner and group of the file it
// replaces, cur. A process that may not do so (it is not the superuser and
// the file is another user's) cannot replace the file without taking it
// over, so it must not replace it at all.
func keepOwner(f *os.File, cur fs.FileInfo) error {
	st, ok := cur.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	mine, err := f.Stat()
	if err != nil {
		return err
	}
	if m, ok := mine.Sys().(*syscall.Stat_t); ok && m.Uid == st.Uid && m.Gid == st.Gid {
		return nil
	}
	if err := f.Chown(int(st.Uid), int(st.Gid)); err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return fmt.Errorf("%w: the file belongs to user %d, group %d, and this process cannot write a file with that owner", fs.ErrPermission, st.Uid, st.Gid)
		}
		return err
	}
	return nil
}

// version identifies a file: a file saved by renaming another over it has
// another inode; one rewritten in place, another size or time.
func version(fi fs.FileInfo) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%d:%d:%d:%d", st.Dev, st.Ino, st.Size, fi.ModTime().UnixNano())
}
