// Package editkit applies the edits that LLM coding agents ask for to text
// files — correctly, safely and fast — and reports exactly what happened, so
// the model can fix what failed.
//
// An [Editor] works on the files of a [Workspace]: [OpenDir] for a directory
// of the file system (every path confined to it by [os.Root]) or a
// [MemWorkspace] in memory. Each operation is a method taking a JSON-tagged
// request and returning a result with a Message for the model:
//
//	ws, err := editkit.OpenDir("path/to/repo")
//	if err != nil { … }
//	defer ws.Close()
//	ed := &editkit.Editor{Workspace: ws}
//	res, err := ed.View(ctx, editkit.ViewRequest{Path: "main.go", StartLine: 10, EndLine: 20})
//
// [Tools] describes every operation as a tool (name, description, JSON
// Schema) and [Editor.Call] runs one from JSON, so an agent framework or an
// MCP server registers them all in a few lines.
//
// # Files are kept as they were
//
// A file is decoded into UTF-8 text with "\n" line ends: UTF-8 by default,
// UTF-16 when a byte order mark says so, any encoding the request names
// ("latin1", "shift_jis", "windows-1252", …), and ISO-8859-1 — which reads
// any byte — for a file that is not valid UTF-8 when no encoding is named.
// Edits apply to that text, and writing it back copies every byte outside
// the edited spans from the original: its encoding, byte order mark, the
// ending of each line (LF, CRLF or CR), and the presence or absence of a
// final newline. New lines take the ending of the lines they replace or sit
// next to. Binary files and files over [Editor.MaxFileSize] are refused.
//
// # Writes are all or nothing
//
// The files a request changes are written together: each one atomically
// (a temporary file in the same directory, synced and renamed over the
// original, keeping its permission bits), after checking that it has not
// changed since it was read ([ErrStale]); if a later write fails, the files
// already written are restored. Requests on the same file within one process
// run one after another.
//
// # Errors
//
// Every failure is an [*Error] written for the model that must fix its
// request — what was wrong, where, what was found instead — and matches one
// of the kinds [ErrNotFound], [ErrAmbiguous], [ErrOutOfRange], … with
// [errors.Is]. Bad input never panics and never changes a file.
package editkit
