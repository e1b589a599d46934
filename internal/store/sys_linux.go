package store

import (
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// renameat2's number, which package syscall does not export for every
// architecture; 0 where it is not known, and the swaps fall back to hard
// links.
var renameat2 = map[string]uintptr{
	"386": 353, "amd64": 316, "arm": 382, "arm64": 276, "loong64": 276,
	"mips": 4351, "mipsle": 4351, "mips64": 5311, "mips64le": 5311,
	"ppc64": 357, "ppc64le": 357, "riscv64": 276, "s390x": 347,
}[runtime.GOARCH]

const (
	flagNoReplace = 1 << 0
	flagExchange  = 1 << 1
)

// exchange swaps the files a and b of directory d atomically.
func exchange(d *os.File, a, b string) error {
	return rename2(d, a, b, flagExchange)
}

// noReplace renames a to b in directory d unless b exists.
func noReplace(d *os.File, a, b string) error {
	return rename2(d, a, b, flagNoReplace)
}

func rename2(d *os.File, a, b string, flags uintptr) error {
	if renameat2 == 0 || d == nil {
		return errUnsupported
	}
	pa, err := syscall.BytePtrFromString(a)
	if err != nil {
		return err
	}
	pb, err := syscall.BytePtrFromString(b)
	if err != nil {
		return err
	}
	fd := d.Fd()
	_, _, e := syscall.Syscall6(renameat2, fd, uintptr(unsafe.Pointer(pa)), fd, uintptr(unsafe.Pointer(pb)), flags, 0)
	runtime.KeepAlive(d)
	switch {
	case e == 0:
		return nil
	case e == syscall.ENOSYS || e == syscall.EINVAL || e == syscall.EOPNOTSUPP:
		return errUnsupported // an old kernel, or a file system that cannot
	}
	return &os.LinkError{Op: "renameat2", Old: a, New: b, Err: e}
}
