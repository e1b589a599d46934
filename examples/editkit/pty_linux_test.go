package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal and returns its two ends: what a
// terminal emulator holds, and what a program run in it reads.
func openPTY(t *testing.T) (control, term *os.File) {
	t.Helper()
	control, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	t.Cleanup(func() { control.Close() })
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, control.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("unlockpt: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, control.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("ptsname: %v", e)
	}
	term, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("opening the terminal: %v", err)
	}
	t.Cleanup(func() { term.Close() })
	return control, term
}

// TestTerminalInput: the commands that read from standard input refuse a
// terminal, where a person would type the input and end it with Ctrl-D,
// instead of waiting silently; and the file is unchanged. Typing Ctrl-D at
// once used to delete every line from START to the end.
func TestTerminalInput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	orig := "one\ntwo\nthree\n"
	os.WriteFile(filepath.Join(dir, "f.txt"), []byte(orig), 0o644)
	control, term := openPTY(t)
	for _, args := range [][]string{{"lines", "f.txt", "2"}, {"tool", "view"}} {
		var out, errb bytes.Buffer
		code := run(args, term, &out, &errb)
		if code != exitUsage || !strings.Contains(errb.String(), "standard input") || !strings.Contains(errb.String(), "terminal") {
			t.Errorf("editkit %s at a terminal: exit %d, stderr %q; want exit 2 saying standard input is a terminal", strings.Join(args, " "), code, errb.String())
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(b) != orig {
		t.Errorf("the file changed to %q", b)
	}
	// Asked for explicitly, the terminal is read.
	control.Write([]byte("TWO\n\x04"))
	var out, errb bytes.Buffer
	if code := run([]string{"lines", "-content", "-", "f.txt", "2", "2"}, term, &out, &errb); code != exitOK {
		t.Fatalf("lines -content - at a terminal: exit %d: %s", code, errb.String())
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(b) != "one\nTWO\nthree\n" {
		t.Errorf("after typing the line: %q", b)
	}
}
