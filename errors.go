package editkit

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// The kinds of failure. Every error editkit returns is an [*Error] that
// matches one of them with [errors.Is], or, when reading or writing a file
// failed, the file system's own error (such as [io/fs.ErrPermission]).
var (
	// ErrNotFound: the search text is not in the file, under any strategy tried.
	ErrNotFound = errors.New("editkit: search text not found")
	// ErrAmbiguous: the search text matches several places and the request
	// did not ask to replace them all.
	ErrAmbiguous = errors.New("editkit: search text matches more than one place")
	// ErrConflict: two operations of one request touch the same lines.
	ErrConflict = errors.New("editkit: operations conflict")
	// ErrOutOfRange: a line number is outside the file.
	ErrOutOfRange = errors.New("editkit: line number out of range")
	// ErrMismatch: the text at the given lines is not the text the request expected.
	ErrMismatch = errors.New("editkit: text at the given lines does not match")
	// ErrNoOp: the edit would change nothing.
	ErrNoOp = errors.New("editkit: edit changes nothing")
	// ErrBinary: the file is binary and is not edited.
	ErrBinary = errors.New("editkit: binary file")
	// ErrEncoding: the file is not valid in its encoding, the encoding is
	// unknown, or the new text cannot be written in it.
	ErrEncoding = errors.New("editkit: encoding error")
	// ErrFileNotFound: the file does not exist.
	ErrFileNotFound = errors.New("editkit: file not found")
	// ErrFileExists: the request would create a file that already exists.
	ErrFileExists = errors.New("editkit: file already exists")
	// ErrStale: the file changed on disk since it was read, or does not have
	// the hash the request expected.
	ErrStale = errors.New("editkit: file changed since it was read")
	// ErrOutsideRoot: the path leads outside the workspace.
	ErrOutsideRoot = errors.New("editkit: path outside the workspace root")
	// ErrTooLarge: the file is larger than the editor's size limit.
	ErrTooLarge = errors.New("editkit: file too large")
	// ErrInvalidRequest: the request is malformed: a missing or invalid field.
	ErrInvalidRequest = errors.New("editkit: invalid request")
	// ErrPermission: the file may not be written: its mode makes it
	// read-only (and the request did not force the write), or it belongs
	// to a user this process cannot give a file to, or the file system
	// refused. It also matches [io/fs.ErrPermission].
	ErrPermission = permissionError{}
)

// permissionError is ErrPermission: an error of its own that also matches
// fs.ErrPermission, so that callers testing either find it.
type permissionError struct{}

func (permissionError) Error() string        { return "editkit: permission denied" }
func (permissionError) Is(target error) bool { return target == fs.ErrPermission }

// Status is what became of one edit, block or operation of a request.
type Status string

// The statuses a result reports.
const (
	StatusApplied    Status = "applied"     // made (written, unless a dry run)
	StatusPlanned    Status = "planned"     // would be made: a dry run
	StatusFailed     Status = "failed"      // refused; the message says why
	StatusSkipped    Status = "skipped"     // not tried, after a failure it depends on
	StatusNotApplied Status = "not applied" // fine itself, but its request was refused as a whole
)

// An Error is a failure described for the model that must fix its request:
// what was wrong, where, what was found instead, and what to send instead.
// It unwraps to one of the Err* kinds.
type Error struct {
	Err  error  // the kind (ErrNotFound, ErrAmbiguous, …) or the file system's error
	Op   int    // 1-based position of the failing edit or operation in the request; 0 if none
	Path string // the file, as a workspace path
	// Lines is where the problem is, and for ErrAmbiguous every candidate.
	Lines []LineRange
	Msg   string // what was wrong and what was found instead
	Hint  string // how to fix the request, if there is more to say
}

// A LineRange is lines Start through End of a file, 1-based and inclusive.
type LineRange struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// String writes the range as "line 3" or "lines 3-5".
func (r LineRange) String() string {
	if r.Start == r.End {
		return fmt.Sprintf("line %d", r.Start)
	}
	return fmt.Sprintf("lines %d-%d", r.Start, r.End)
}

// Error returns the message for the model: the path, what was wrong, and
// the hint.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	msg := e.Msg
	if msg == "" && e.Err != nil {
		msg = strings.TrimPrefix(e.Err.Error(), "editkit: ")
	}
	b.WriteString(msg)
	if e.Hint != "" {
		switch {
		case strings.HasSuffix(msg, "\n"):
		case strings.Contains(msg, "\n"): // the message ends with quoted lines
			b.WriteString("\n")
		default:
			b.WriteString(". ")
		}
		b.WriteString(e.Hint)
		if !strings.HasSuffix(e.Hint, ".") {
			b.WriteString(".")
		}
	}
	return b.String()
}

// Unwrap returns the kind of the error, one of the Err values.
func (e *Error) Unwrap() error { return e.Err }

// errorf returns an *Error of the given kind about path.
func errorf(kind error, path, format string, args ...any) *Error {
	return &Error{Err: kind, Path: path, Msg: fmt.Sprintf(format, args...)}
}

// withHint sets the hint and returns e, for building errors in one line.
func (e *Error) withHint(format string, args ...any) *Error {
	e.Hint = fmt.Sprintf(format, args...)
	return e
}

// at records where the error is, and returns e.
func (e *Error) at(ranges ...LineRange) *Error {
	e.Lines = append(e.Lines, ranges...)
	return e
}

// asError returns err as an *Error, filling in the operation's position and
// path when it has none.
func asError(err error, op int, path string) *Error {
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Err: kindOf(err), Msg: err.Error()}
	}
	if e.Op == 0 {
		e.Op = op
	}
	if e.Path == "" {
		e.Path = path
	}
	return e
}

// kindOf finds the Err* kind err matches; an error of none, such as a
// failed write, is its own kind.
func kindOf(err error) error {
	for _, k := range []error{ErrNotFound, ErrAmbiguous, ErrConflict, ErrOutOfRange, ErrMismatch, ErrNoOp,
		ErrBinary, ErrEncoding, ErrFileNotFound, ErrFileExists, ErrStale, ErrOutsideRoot, ErrTooLarge, ErrInvalidRequest, ErrPermission} {
		if errors.Is(err, k) {
			return k
		}
	}
	if errors.Is(err, fs.ErrPermission) {
		return ErrPermission
	}
	return err
}

// plural is "1 line", "2 lines", "2 patches".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	for _, end := range []string{"s", "x", "ch", "sh"} {
		if strings.HasSuffix(noun, end) {
			return fmt.Sprintf("%d %ses", n, noun)
		}
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// maxProblems is how many problems a message lists before it counts the
// rest: a request with a million bad operations gets a message a model can
// read, not a million lines.
const maxProblems = 20

// problemList joins the first maxProblems problems with sep and counts the
// others.
func problemList(problems []string, sep string) string {
	if len(problems) <= maxProblems {
		return strings.Join(problems, sep)
	}
	return strings.Join(problems[:maxProblems], sep) + sep + fmt.Sprintf("… and %d more problems", len(problems)-maxProblems)
}

// tooMany refuses a list of a request longer than maxItems.
func tooMany(path, what string, n int) error {
	if n <= maxItems {
		return nil
	}
	return errorf(ErrInvalidRequest, path, "%s has %d items; send at most %d in one request", what, n, maxItems)
}
