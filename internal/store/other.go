//go:build !unix

package store

import (
	"fmt"
	"io/fs"
	"os"
)

const oNonblock = 0

type fileID struct{}

func idOf(fs.FileInfo) fileID { return fileID{} }

func version(fi fs.FileInfo) string {
	return fi.ModTime().String() + ":" + fmt.Sprint(fi.Size())
}

func writable(fi fs.FileInfo) bool { return fi.Mode().Perm()&0o200 != 0 }

func keepOwner(*os.File, fs.FileInfo) error { return nil }
