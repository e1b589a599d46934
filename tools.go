package editkit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"

	"github.com/editkit/editkit/internal/schema"
)

// A Tool is one operation as an agent sees it: a name, a description
// written for a model, and the JSON Schema of its input. [Tools] lists them
// and [Editor.Call] runs one.
type Tool struct {
	Name string `json:"name"`
	// Title is the tool's name for people, as a client shows it.
	Title       string          `json:"title"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
	// OutputSchema is the JSON Schema of the tool's JSON result — a
	// refusal's {"success": false, "message": …} included — as an MCP
	// server's outputSchema.
	OutputSchema json.RawMessage `json:"outputSchema"`
	// ReadOnly tools never change a file, so an agent may run them
	// without asking.
	ReadOnly bool `json:"readOnly,omitempty"`

	run runner
	// legacy, when set, is an older request shape the tool also takes.
	legacy *legacyShape
}

// A runner runs a tool on a JSON request; result is the type of what it
// returns.
type runner struct {
	run    func(ctx context.Context, e *Editor, input []byte) (any, error)
	result reflect.Type
}

// A legacyShape is an older shape of a tool's request, told from the
// current one by its top-level fields, read against its own schema.
type legacyShape struct {
	fields []string // top-level fields only the older shape has
	schema string
	run    runner
}

// matches reports whether input is in the older shape: a JSON object with
// one of its fields at the top level.
func (l *legacyShape) matches(input []byte) bool {
	var top map[string]json.RawMessage
	if json.Unmarshal(input, &top) != nil {
		return false
	}
	for _, f := range l.fields {
		if _, ok := top[f]; ok {
			return true
		}
	}
	return false
}

// Tools returns every operation as a tool, in a fixed order.
func Tools() []Tool {
	return append([]Tool(nil), tools...)
}

// GeminiTools returns the tools of [Tools] with input schemas in the subset
// Gemini's function calling takes: no list of types (an optional number
// that may be null is a nullable number), no additionalProperties. The
// requests they describe are the same; [Editor.Call] still refuses unknown
// fields.
func GeminiTools() []Tool {
	ts := Tools()
	for i := range ts {
		ts[i].InputSchema = schema.Gemini(ts[i].InputSchema)
	}
	return ts
}

var tools = []Tool{
	{
		Name:  "view",
		Title: "View a file",
		Description: `Show lines of a text file with their line numbers, plus the file's line count, encoding, line ending, final newline and SHA-256.
Use it to read a file before editing it and to pick exact line numbers for line-based edits. Without startLine and endLine it returns the whole file, as numbered lines in text (format json gives them one by one); past maxChars characters the rest is cut and the message says which lines to ask for next. An endLine past the end is cut to the last line.
Errors: "file does not exist" (check the path, it is relative to the workspace root), "leads outside the workspace", "binary file", "past the end" (the message gives the line count).`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "Path of the file relative to the workspace root"},
    "startLine": {"type": "integer", "minimum": 1, "description": "First line to show (1-based). Default 1"},
    "endLine": {"type": "integer", "minimum": 1, "description": "Last line to show (inclusive). Default the last line of the file"},
    "format": {"type": "string", "enum": ["text", "json"], "description": "text (the default: numbered lines as cat -n shows them) or json (a list of numbered lines for programs)"},
    "maxChars": {"type": "integer", "minimum": 1, "description": "Most characters of lines to show. Default 50000; the message says which lines to ask for next"}
  },
  "required": ["path"],
  "additionalProperties": false
}`),
		ReadOnly: true,
		run:      handler((*Editor).View),
	},
	{
		Name:  "edit_block",
		Title: "Replace text in a file",
		Description: `Replace one piece of text in a file with new text, or create a file.
Copy the search text from the file: whole lines, exactly, with enough surrounding lines that it occurs only once. Small slips are tolerated: different indentation or tabs versus spaces (the replacement is re-indented to the file's), trailing spaces, curly quotes, text escaped as \n and \t, line numbers copied with the lines from view, and a typo in a middle line when the first and last lines are exact; the result says how it matched. Write the replacement in full: a placeholder such as "// ... rest unchanged" is refused. An empty search creates a new file. To change every occurrence set replaceAll, or expectedReplacements to the count. Use batch_edit_blocks for many edits to one file.
Errors: "not found" shows the nearest text with its line numbers and what differs (copy the lines exactly and retry); "matches N places" names their lines (add context, set startLine near the one you mean, or replaceAll); "already applied" means the file has the replacement; "identical" means nothing would change.`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "Path of the file relative to the workspace root"},
    "search": {"type": "string", "description": "The exact text to find: whole lines copied from the file with enough context to occur once. Empty creates a new file"},
    "replace": {"type": "string", "description": "The text to put in its place. Write it out in full: no placeholders like '// ... rest unchanged'"},
    "expectedReplacements": {"type": "integer", "minimum": 1, "description": "How many places the search must match; all of them are replaced. Default 1"},
    "replaceAll": {"type": "boolean", "description": "Replace every place the search matches"},
    "exact": {"type": "boolean", "description": "Find the search only exactly as written: no tolerance for indentation or whitespace or quotes or typos"},
    "fuzzyThreshold": {"type": "number", "minimum": 0, "maximum": 1, "description": "Least similarity (0 to 1) of a fuzzy match. Default 0.7"},
    "startLine": {"type": "integer", "minimum": 1, "description": "Line where you expect the text to start; picks the nearest of several matches"},
    "dryRun": {"type": "boolean", "description": "Show the diff without writing the file"},
    "force": {"type": "boolean", "description": "Write even a file whose mode makes it read-only"}
  },
  "required": ["path", "search", "replace"],
  "additionalProperties": false
}`),
		run: handler((*Editor).EditBlock),
	},
	{
		Name:  "batch_edit_blocks",
		Title: "Replace many texts in a file",
		Description: `Apply many search-and-replace edits to one file in one call, in order: each edit searches the text as the edits before it left it. The file is read once and written once, atomically, at the end.
Use it instead of many edit_block calls, for example to reformat hundreds of sections of a long document. Each edit is found the way edit_block finds text (tolerating indentation, whitespace, quotes and escapes) and must match one place unless expectedReplacements says how many.
An edit that fails is reported in results with the same detail as edit_block (nearest text, line numbers) and skipped; the others still apply and are written. With stopOnError the batch stops at the first failure and writes the edits before it. dryRun reports everything without writing. results[i].diff shows each edit; finalDiff shows the whole change.`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "Path of the file relative to the workspace root"},
    "edits": {
      "type": "array",
      "minItems": 1,
      "description": "The edits in the order to apply them",
      "items": {
        "type": "object",
        "properties": {
          "search": {"type": "string", "description": "The exact text to find in the file as the earlier edits left it"},
          "replace": {"type": "string", "description": "The text to put in its place"},
          "label": {"type": "string", "description": "A name for this edit to find it in the results"},
          "expectedReplacements": {"type": "integer", "minimum": 1, "description": "How many places the search must match; all of them are replaced. Default 1"}
        },
        "required": ["search", "replace"],
        "additionalProperties": false
      }
    },
    "stopOnError": {"type": "boolean", "description": "Stop at the first edit that fails. The edits before it are still written"},
    "exact": {"type": "boolean", "description": "Find each search only exactly as written: no tolerance for indentation or whitespace or quotes or typos"},
    "dryRun": {"type": "boolean", "description": "Report what would happen without writing the file"},
    "fuzzyThreshold": {"type": "number", "minimum": 0, "maximum": 1, "description": "Least similarity (0 to 1) of a fuzzy match. Default 0.7"},
    "force": {"type": "boolean", "description": "Write even a file whose mode makes it read-only"}
  },
  "required": ["path", "edits"],
  "additionalProperties": false
}`),
		run: handler((*Editor).BatchEditBlocks),
	},
	{
		Name:  "write_from_line",
		Title: "Write lines by number",
		Description: `Replace a range of lines of a file with new content, by line number; keep every other line as it is.
Use it to rewrite a long stretch of a file without quoting the old text: "startLine 2070, no endLine" keeps lines 1-2069 and replaces everything after; with endLine it keeps the lines after endLine too. endLine = startLine - 1 inserts before startLine without replacing; startLine = line count + 1 appends; empty content deletes the range. A final newline in content ends its last line and adds no empty line. Get the line numbers from view just before, because earlier edits move them. The file's encoding, line endings and final newline are kept.
Errors: a line number outside the file names the file's line count.`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "Path of the file relative to the workspace root"},
    "startLine": {"type": "integer", "minimum": 1, "description": "First line to replace (1-based). The line count plus 1 appends to the file"},
    "endLine": {"type": "integer", "minimum": 0, "description": "Last line to replace (inclusive). Omit it to replace to the end of the file; startLine minus 1 inserts before startLine without replacing"},
    "content": {"type": "string", "description": "The new lines. Empty deletes the range. A final newline ends the last line and adds no empty line"},
    "dryRun": {"type": "boolean", "description": "Show the diff without writing the file"},
    "force": {"type": "boolean", "description": "Write even a file whose mode makes it read-only"}
  },
  "required": ["path", "startLine", "content"],
  "additionalProperties": false
}`),
		run: handler((*Editor).WriteFromLine),
	},
	{
		Name:  "batch_edit",
		Title: "Edit lines across files",
		Description: `Apply line operations to one or more files in one call: create a file, insert lines, delete lines, replace lines, or patch text. Every line number refers to the file as you viewed it before this call (for a file created in the call, to its content): do not adjust numbers for the effect of other operations, the tool does that. Their order does not matter, except that patches run after the line operations of their file, in the order given.
Use it for changes by line number across several files that must land together; to change text you can quote, edit_block and batch_edit_blocks need no line numbers.
Operations: create {file, content}; insert {file, line, content} puts lines before line (0 = top, -1 = end); delete {file, start_line, end_line}; replace {file, start_line, end_line, content}; patch {file, search, replace, all} finds text as edit_block does.
Everything is checked first and then all files are written, or none: overlapping delete/replace ranges, an insert inside a deleted or replaced range, line numbers outside a file, a create of an existing file and a patch whose text is not found are all refused, naming the operations by position ("operation 2 conflicts with operation 1: lines 15-18 overlap lines 10-20 in a.py"). dryRun returns the plan and the diffs without writing.`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "operations": {
      "type": "array",
      "minItems": 1,
      "description": "The operations; their order does not matter except among patches",
      "items": {
        "type": "object",
        "properties": {
          "type": {"type": "string", "enum": ["create", "insert", "delete", "replace", "patch"], "description": "create or insert or delete or replace or patch"},
          "file": {"type": "string", "description": "Path of the file relative to the workspace root"},
          "start_line": {"type": "integer", "minimum": 1, "description": "delete and replace: first line (1-based) in the file before this request"},
          "end_line": {"type": "integer", "minimum": 1, "description": "delete and replace: last line (inclusive). Default start_line"},
          "line": {"type": "integer", "minimum": -1, "description": "insert: the line to insert before. 0 is the top; -1 or the line count plus 1 is the end"},
          "content": {"type": "string", "description": "create and insert and replace: the new lines"},
          "search": {"type": "string", "description": "patch: the text to find"},
          "find": {"type": "string", "description": "patch: another name for search"},
          "replace": {"type": "string", "description": "patch: the text to put in its place"},
          "all": {"type": "boolean", "description": "patch: replace every place the search matches"}
        },
        "required": ["type", "file"],
        "additionalProperties": false
      }
    },
    "exact": {"type": "boolean", "description": "Find the text of patch operations only exactly as written: no tolerance for indentation or whitespace or quotes or typos"},
    "dryRun": {"type": "boolean", "description": "Return the plan and diffs without writing"},
    "force": {"type": "boolean", "description": "Write even a file whose mode makes it read-only"}
  },
  "required": ["operations"],
  "additionalProperties": false
}`),
		run: handler((*Editor).BatchEdit),
	},
	{
		Name:  "patch_text_file_contents",
		Title: "Patch checked line ranges",
		Description: `Replace line ranges of text files, checking first that each range still holds the text you expect. For each patch give old_string (the exact current text of the range: its lines with their line ends) and new_string, and the ranges (start and end lines, end null for the end of the file) that hold it; a patch with several ranges replaces each. An empty old_string inserts new_string before line start. Get the text and line numbers with get_text_file_contents first.
Files keep their encoding (name it in encoding: shift_jis, latin1, …), line endings and final newline; expected_hash (the file_hash from get_text_file_contents) guards against changes made since. Everything is checked before anything is written, and all files are written or none.
Errors: a range that does not hold old_string quotes what it holds and names the first line that differs; overlapping ranges name both; a changed file's hash fails; text the encoding cannot hold is refused.
The older request shape of mcp-text-editor is accepted too: {file_path, file_hash, encoding, patches: [{start, end, contents, range_hash}]}, each range named by the SHA-256 of its text (end before start inserts; an empty file_hash creates a missing file).`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "files": {
      "type": "array",
      "minItems": 1,
      "description": "The files to patch",
      "items": {
        "type": "object",
        "properties": {
          "file_path": {"type": "string", "description": "Path of the file relative to the workspace root"},
          "encoding": {"type": "string", "description": "The file's encoding such as utf-8 or shift_jis or latin1. Omitted: utf-8 (utf-16 by its BOM; latin1 when the bytes are not utf-8)"},
          "expected_hash": {"type": "string", "description": "SHA-256 (hex) the file must still have: the file_hash from get_text_file_contents"},
          "patches": {
            "type": "array",
            "minItems": 1,
            "description": "The patches; their ranges may not overlap",
            "items": {
              "type": "object",
              "properties": {
                "old_string": {"type": "string", "description": "The exact current text of each range: the lines with their line ends. Empty inserts before the range's start line"},
                "new_string": {"type": "string", "description": "The text to put in place of each range"},
                "ranges": {
                  "type": "array",
                  "minItems": 1,
                  "description": "The line ranges that hold old_string",
                  "items": {
                    "type": "object",
                    "properties": {
                      "start": {"type": "integer", "minimum": 1, "description": "First line (1-based)"},
                      "end": {"type": ["integer", "null"], "minimum": 1, "description": "Last line (inclusive). Null or omitted means the end of the file"}
                    },
                    "required": ["start"],
                    "additionalProperties": false
                  }
                }
              },
              "required": ["old_string", "new_string", "ranges"],
              "additionalProperties": false
            }
          }
        },
        "required": ["file_path", "patches"],
        "additionalProperties": false
      }
    },
    "force": {"type": "boolean", "description": "Write even a file whose mode makes it read-only"}
  },
  "required": ["files"],
  "additionalProperties": false
}`),
		run: handler((*Editor).PatchTextFileContents),
		legacy: &legacyShape{
			fields: []string{"file_path", "file_hash"},
			schema: legacyPatchSchema,
			run: handler(func(e *Editor, ctx context.Context, l legacyPatchRequest) (*PatchTextFileContentsResult, error) {
				return e.PatchTextFileContents(ctx, l.request())
			}),
		},
	},
	{
		Name:  "get_text_file_contents",
		Title: "Read line ranges with hashes",
		Description: `Read line ranges of text files with their line numbers, each range's text and SHA-256 (range_hash), and each file's SHA-256 (file_hash) and line count. Use it before patch_text_file_contents: copy a range's lines as old_string (without the line numbers; with format raw the range's text comes as it is, in content), and pass file_hash as expected_hash. Omit ranges to read a whole file; an end past the last line is cut to it. Name the files' encoding if they are not UTF-8 (shift_jis, latin1, …). To read a file to understand it, view is simpler; this tool is for the hashes the patches need.
Errors are per file, and the other files are still read: "file does not exist" (check the path, relative to the workspace root), "past the end" (the message gives the line count), "binary file", and bytes the named encoding cannot decode.`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "files": {
      "type": "array",
      "minItems": 1,
      "description": "The files to read",
      "items": {
        "type": "object",
        "properties": {
          "file_path": {"type": "string", "description": "Path of the file relative to the workspace root"},
          "ranges": {
            "type": "array",
            "description": "The line ranges to read. Omitted: the whole file",
            "items": {
              "type": "object",
              "properties": {
                "start": {"type": "integer", "minimum": 1, "description": "First line (1-based)"},
                "end": {"type": ["integer", "null"], "minimum": 1, "description": "Last line (inclusive). Null or omitted means the end of the file"}
              },
              "required": ["start"],
              "additionalProperties": false
            }
          }
        },
        "required": ["file_path"],
        "additionalProperties": false
      }
    },
    "encoding": {"type": "string", "description": "The files' encoding such as utf-8 or shift_jis or latin1. Omitted: utf-8 (utf-16 by its BOM; latin1 when the bytes are not utf-8)"},
    "format": {"type": "string", "enum": ["text", "raw"], "description": "text (the default: each range as numbered lines as cat -n shows them) or raw (each range's text as it is in content as mcp-text-editor gives it)"}
  },
  "required": ["files"],
  "additionalProperties": false
}`),
		ReadOnly: true,
		run:      handler((*Editor).GetTextFileContents),
	},
	{
		Name:  "apply_edit_response",
		Title: "Apply edit blocks from a response",
		Description: `Apply the edit blocks written in a model's response, in either format. v3: the file path on its own line, then "««« EDIT", the lines to change with a few unchanged lines before them, "═══════ REPL", the same unchanged lines followed by the new lines, "»»» EDIT END" (the unchanged lines both sides start with are the anchor). SEARCH/REPLACE: the file name, then "<<<<<<< SEARCH", the old lines, "=======", the new lines, ">>>>>>> REPLACE".
Use it to apply an answer already written as edit blocks, several files at once; for one change edit_block is simpler. A V4A patch (*** Begin Patch ... *** End Patch) or a unified diff in a diff fence in the response is applied as apply_patch applies it, all its files or none.
The anchor and old lines must occur in the file exactly once, as whole lines. Lines copied with another indentation, other spacing, curly quotes or a typo in a middle line are still found, as edit_block finds them, and the result says how each block matched (set exact to accept only exact copies); a block with no old lines (and no anchor) creates the file. Blocks apply in order; after a block fails, the later blocks of its file are skipped, and other files go on. Files keep their own final newline and line endings (normalizeEnding ends each with exactly one newline).
Errors per block: "Anchor not found in file", "Edit location is ambiguous (matches at lines X and Y)", "Old lines don't match content after anchor", "Content sequence not found in file" (each shows the nearest text), "File not found", "File already exists", "Cannot edit binary file", "Previous edit to this file failed". Malformed blocks are listed in parseIssues with their line.`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "response": {"type": "string", "description": "The model's response: prose with edit blocks in the v3 or SEARCH/REPLACE format"},
    "dryRun": {"type": "boolean", "description": "Check every block without writing"},
    "format": {"type": "string", "enum": ["auto", "v3", "search-replace", "patch"], "description": "auto (the default) or v3 or search-replace or patch"},
    "exact": {"type": "boolean", "description": "Find each block's lines only exactly as written: no tolerance for indentation or whitespace or quotes or typos"},
    "normalizeEnding": {"type": "boolean", "description": "End each written file with exactly one newline. By default a file keeps its own ending"},
    "fuzzy": {"type": "boolean", "description": "Deprecated and ignored: tolerant matching is the default; set exact for exact matching"},
    "keepEnding": {"type": "boolean", "description": "Deprecated and ignored: files keep their own ending by default; set normalizeEnding to end them with one newline"},
    "force": {"type": "boolean", "description": "Write even a file whose mode makes it read-only"}
  },
  "required": ["response"],
  "additionalProperties": false
}`),
		run: handler((*Editor).ApplyEditResponse),
	},
	{
		Name:  "apply_patch",
		Title: "Apply a patch",
		Description: `Apply a patch to files: a V4A patch or a unified diff, all files or none.
V4A: "*** Begin Patch", then for each file "*** Add File: path" followed by its lines each starting with "+", or "*** Delete File: path", or "*** Update File: path" (optionally "*** Move to: new/path") followed by hunks; then "*** End Patch". A hunk starts with "@@" or "@@ <a line of the file it comes after, such as its def or func line>"; its lines start with " " (unchanged context, about three lines before and after), "-" (removed) or "+" (added); "*** End of File" after a hunk pins it to the end of the file. Unified diff: "--- a/path", "+++ b/path", "@@ -12,7 +12,8 @@" hunks (/dev/null for a new or deleted file).
Use it for changes to several places or files at once, or when a patch is the natural answer; for one replacement edit_block is simpler. Instead of input, operations takes the calls of OpenAI's apply_patch tool ({type: create_file|update_file|delete_file, path, diff}).
Each hunk's context and removed lines must be in the file, in order, and say where they are: lines copied with another indentation or spacing or quotes are still found, and re-indented; line numbers in @@ headers are only hints. Lines the file has twice inside the block an @@ header line opens (one function, or a class or namespace around the whole file) are not told apart by it: give more context, or a second @@ line naming the function inside it. Files keep their line endings, encoding and final newline. If any hunk or file fails, nothing is written.
Errors: "not in the file" (shows the nearest text), "occur in N places" (add context or an @@ header), "only adds lines" (give context), "exists" (an added or moved-to file that exists), "does not exist", "cannot be read: line N" (the patch's syntax).`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "input": {"type": "string", "description": "The patch: a V4A patch from *** Begin Patch to *** End Patch or a unified diff with --- and +++ headers and @@ hunks"},
    "operations": {
      "type": "array",
      "description": "Instead of input: the operations of an apply_patch call",
      "items": {
        "type": "object",
        "properties": {
          "type": {"type": "string", "enum": ["create_file", "update_file", "delete_file"], "description": "create_file or update_file or delete_file"},
          "path": {"type": "string", "description": "The file relative to the workspace root"},
          "diff": {"type": "string", "description": "The V4A diff: hunks for update_file or lines starting with + for create_file"}
        },
        "required": ["type", "path"],
        "additionalProperties": false
      }
    },
    "dryRun": {"type": "boolean", "description": "Check the whole patch without writing"},
    "force": {"type": "boolean", "description": "Write even a file whose mode makes it read-only"}
  },
  "additionalProperties": false
}`),
		run: handler((*Editor).ApplyPatch),
	},
	{
		Name:  "edit_file",
		Title: "Merge a snippet into a file",
		Description: `Edit a file by writing only the parts that change: code_edit is the new text of those parts, and a marker line such as "// ... existing code ..." (in the file's comment syntax: #, --, <!-- -->, ...) stands for each stretch of the file that stays as it is.
Use it for changes to one file that are easier to show than to describe as search and replace: several places in one function, a rewritten method, a new method between two existing ones. Start and end each part with a line of the file that is unchanged and occurs once (a function's first line, a distinctive statement) and put a marker between parts, above the first unless it starts at the file's first line, and below the last unless it ends at the file's last line (without it, the few lines of the file past the part are neither kept nor deleted: refused; but when code_edit has markers only between parts and at neither end, and neither starts at the file's first line nor ends at its last, the file's lines past both ends stay). To add code at the end of the file: a marker, the file's last three lines, then the new code.
Each part replaces the file's lines from its first line that the file has to its last; lines with other indentation are still found and re-indented (a line whose depth differs from the one the part's other lines give it is an indentation change, and written so); closing brackets and blank lines are placed at their depth (blank lines next to a marker are the file's), and a part must close the brackets the lines it replaces close. A part may start with a block's first line changed (a function's signature, on one line or several, declaring the same name) right above the body the file has under it, or end with one right above a marker that stands for that body; any other changed line needs an unchanged line of the file beyond it. A part that is a whole function, from its unchanged first line (one that names it) to its closing bracket (by indentation, as in Python: to its last line, changed or not, the marker after it no deeper than its first line; a marker at the body's depth stands for the rest of the body), between markers, replaces that function, body and all. Parts go in file order: parts that look alike take places that look alike in turn. Lines of the file with no marker standing for them are deleted; a part never drops a long stretch (over 20 lines) it does not rewrite, nor goes on after five or more deleted lines with lines the file has all over (a closing brace, "return nil"): that is refused, unless those lines close, where the file's block closes, the block whose unchanged first line ending in "{" the part shows (a body cut back to its last "return" and "}"). A part's first line after a marker (its last before one) that the file has twice within the part's reach is taken at the occurrence nearer the rest of the part when only the part's new lines come between; when the lines between the farther one and the rest may be what the part rewrites, the part is refused as fitting two places. When the last line of a part is one every function has (a closing brace, a test attribute), the part ends at the first such line where it keeps every line of the file before it. Without markers, code_edit creates a new file, or replaces the stretch of an existing file its first and last lines mark.
Errors: "has no line that the file has", "has one line that is the file's" or "is the file's only in lines that close blocks" (copy two or three unchanged lines from the file around the change), "cannot be told whether the segment rewrites that line" (end the part with the file's unchanged lines after the change; start it with those before it when the line is above), "fits N places" or "is already in the file as written at line N, and also fits" (add a line that occurs once), "changes nothing at file lines ..., where it fits as written" (to delete the lines it names, start the part with the last line above them that says something; otherwise leave the part out), "does not close what the file lines ... close" (start and end the part with unchanged lines around the change), "no marker stands there", "not where the rest of the segment fits", "would be there twice" or "the file has that line at line N, ... below" or "... above" (add a marker; start and end the part on unchanged lines of the file), "which lines keep their indentation and which change it is not clear" (change indentation with edit_block), "at another depth than the segment before it" (write each part at the file's indentation, and start it with a line that occurs once), "does not say whether it replaces that line" (add the file's line on the other side of it), "would delete whole blocks it does not show" (end the part with a line of the file after its new lines), "would be left with no body" (start the part with the file's line above the one it rewrites), "would close the block those two are in" (start the part with the file's lines just above where the new lines go, the end of the block before them), "the block would end with both" (end the part with the file's line after the one it rewrites), "may stay after them or be what they replace" or "may stay or be deleted" (end code_edit with a marker if the rest of the file stays, or send the whole file with write_from_line), "reads two ways" (start or end the part with a line of the file that says something, not only brackets; after a new block, the file's line that follows it; when it says "re-indents those lines", start the part with a line that occurs once, at the file's indentation there; when it says "a new block written above", start the part with a line of the block above that occurs once, or show the lines around the renamed block that stay), "open a block that the new lines after it do not close" (write a new block whole; a marker stands only for lines the file has), "into another block than the one the snippet shows" (start the part with the file's line above its new lines), "the rest of a statement the file does not have" (write the statement whole before the marker), "that block would close there" (start the part with the file's lines above its new ones).`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "Path of the file relative to the workspace root"},
    "code_edit": {"type": "string", "description": "The new text of the parts that change with a marker line such as '// ... existing code ...' for each stretch of the file left as it is"},
    "instruction": {"type": "string", "description": "One sentence saying what the edit does"},
    "dryRun": {"type": "boolean", "description": "Show the diff without writing the file"},
    "force": {"type": "boolean", "description": "Write even a file whose mode makes it read-only"}
  },
  "required": ["path", "code_edit"],
  "additionalProperties": false
}`),
		run: handler((*Editor).EditFile),
	},
	{
		Name:  "str_replace_based_edit_tool",
		Title: "Claude's text editor",
		Description: `Claude's text editor tool. Commands: view (a file's numbered lines, view_range [start, end] with -1 for the end; or a directory's files two levels deep), create (file_text; overwrites), str_replace (old_str must occur exactly once; new_str replaces it), insert (insert_text after line insert_line, 0 for the top), undo_edit (undo the last edit to the file).
Paths may be absolute inside the workspace. str_replace finds old_str as edit_block does: text copied with other indentation, spacing or quotes is still found, never guessing between places.
Errors: "No match found for replacement" (shows the nearest text), "Found N matches for replacement text" (names them), "does not exist", "past the end".`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "command": {"type": "string", "enum": ["view", "create", "str_replace", "insert", "undo_edit"], "description": "view or create or str_replace or insert or undo_edit"},
    "path": {"type": "string", "description": "The file or directory: absolute inside the workspace or relative to its root"},
    "file_text": {"type": "string", "description": "create: the file's content"},
    "old_str": {"type": "string", "description": "str_replace: the text to replace (it must occur once)"},
    "new_str": {"type": "string", "description": "str_replace: the replacement; insert: the text to insert when insert_text is absent"},
    "insert_line": {"type": "integer", "minimum": 0, "description": "insert: the line to insert after (0 for the top)"},
    "insert_text": {"type": "string", "description": "insert: the text to insert"},
    "view_range": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2, "description": "view: the first and last line to show with -1 for the end"}
  },
  "required": ["command", "path"],
  "additionalProperties": false
}`),
		run: handler((*Editor).TextEditor),
	},
	{
		Name:  "undo",
		Title: "Undo an edit",
		Description: `Undo a change editkit made: the last change to a file (path), or every file of one request (request, the requestId a result gave). Nothing is written if a file changed since editkit wrote it. The undo has its own requestId: undo it to redo.
Use it to take back an edit that went wrong. Without path or request it undoes the last request.
Errors: "changed after request … wrote it" (the file was edited since; undo refused), "no change … is recorded".`,
		InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "Undo the last change to this file"},
    "request": {"type": "string", "description": "Undo every file of the request with this requestId (an undo's requestId redoes)"},
    "dryRun": {"type": "boolean", "description": "Check that the undo can be done without doing it"}
  },
  "additionalProperties": false
}`),
		run: handler((*Editor).Undo),
	},
}

// requestType is the contract of every request struct: it can say what is
// wrong with it before anything is read.
type requestType interface{ validate() error }

// handler adapts a typed operation to a JSON one. A request that is not
// valid JSON for the operation returns a nil result.
func handler[Req requestType, Res any](op func(*Editor, context.Context, Req) (Res, error)) runner {
	return runner{result: reflect.TypeFor[Res](), run: func(ctx context.Context, e *Editor, input []byte) (any, error) {
		var req Req
		if err := decodeRequest(input, &req); err != nil {
			return nil, err
		}
		if err := req.validate(); err != nil {
			return nil, err
		}
		return op(e, ctx, req)
	}}
}

func init() {
	for i := range tools {
		tools[i].OutputSchema = outputSchema(tools[i].run.result)
	}
}

// outputSchema is the JSON Schema of a tool's result of type t, a struct
// or a pointer to one: an object, never null. Only success and message are
// required at the top, as a refused request's result has no other field.
func outputSchema(t reflect.Type) json.RawMessage {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s := schema.For(t)
	s["required"] = []string{"success", "message"}
	out, err := json.Marshal(s)
	if err != nil {
		panic(err) // maps of strings, bools and lists: always marshal
	}
	return out
}

// Call runs the tool with the given name on a JSON request and returns its
// JSON result, which always says what happened, failures included; the
// error is nil only when the operation fully succeeded. A request that is
// not valid for the tool (an unknown tool or field, a wrong type, a missing
// or invalid field) gets the result {"success": false, "message": …} and an
// error matching ErrInvalidRequest.
func (e *Editor) Call(ctx context.Context, name string, input []byte) (json.RawMessage, error) {
	res, err := e.call(ctx, name, input)
	if res == nil {
		res = refusal{Message: err.Error()}
	}
	out, merr := json.Marshal(res)
	if merr != nil {
		return nil, merr
	}
	return out, err
}

// refusal is the result of a request that was not run.
type refusal struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
}

func (e *Editor) call(ctx context.Context, name string, input []byte) (any, error) {
	t, ok := lookupTool(name)
	if !ok {
		return nil, errorf(ErrInvalidRequest, "", "there is no tool %q", name).withHint("The tools are: %s", strings.Join(toolNames(), ", "))
	}
	if limit := e.requestLimit(); int64(len(input)) > limit {
		return nil, errorf(ErrTooLarge, "", "the request is %d bytes, over the limit of %d", len(input), limit).
			withHint("Send the edit in smaller requests")
	}
	if err := t.Check(input); err != nil {
		return nil, err
	}
	if t.legacy != nil && t.legacy.matches(input) {
		return t.legacy.run.run(ctx, e, input)
	}
	return t.run.run(ctx, e, input)
}

// Check reports whether input is a request the tool takes, as
// [Editor.Call] checks it before running the tool: one JSON object with
// every required field, no field the schema does not name (in exactly
// that case) or names twice, and values of the right type and range. The
// error, an [ErrInvalidRequest], lists every problem found.
func (t Tool) Check(input []byte) error {
	key := t.Name
	if l, ok := lookupTool(t.Name); ok && l.legacy != nil && l.legacy.matches(input) {
		key = t.Name + "#legacy"
	}
	if _, ok := schemas()[key]; !ok {
		return errorf(ErrInvalidRequest, "", "there is no tool %q", t.Name)
	}
	return checkRequest(key, input)
}

// maxItems is the most items any list of a request may have: edits,
// operations, files, patches, ranges. A longer list is refused before it
// is read to its end.
const maxItems = 100_000

// requestLimit is the largest JSON request Call reads: room for a file of
// the editor's size limit, however it is escaped, and then some.
func (e *Editor) requestLimit() int64 { return 4*e.limit() + 1<<20 }

// schemas are the tools' input schemas, compiled once.
var schemas = sync.OnceValue(func() map[string]*schema.Schema {
	m := make(map[string]*schema.Schema, len(tools))
	for _, t := range tools {
		m[t.Name] = schema.MustCompile(t.InputSchema)
		if t.legacy != nil {
			m[t.Name+"#legacy"] = schema.MustCompile([]byte(t.legacy.schema))
		}
	}
	return m
})

// checkRequest reads input strictly against the tool's schema: a missing
// required field, a field the schema does not name (in exactly that case),
// a field given twice, a value of the wrong type or out of range, and a
// list of more than maxItems items are refused before anything else.
func checkRequest(tool string, input []byte) error {
	if len(bytes.TrimSpace(input)) == 0 {
		return errorf(ErrInvalidRequest, "", "the request is empty").withHint("Send a JSON object with the fields the tool's schema gives")
	}
	err := schemas()[tool].Check(input, maxItems)
	var ps *schema.Problems
	if !errors.As(err, &ps) {
		return err
	}
	e := errorf(ErrInvalidRequest, "", "%s", ps.Error())
	for _, p := range ps.List {
		if len(p.Fields) > 0 {
			e.Hint = "The fields are: " + strings.Join(p.Fields, ", ")
			break
		}
	}
	return e
}

func lookupTool(name string) (Tool, bool) {
	for _, t := range tools {
		if t.Name == name {
			return t, true
		}
	}
	return Tool{}, false
}

func toolNames() []string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	return names
}

// decodeRequest decodes one JSON object into req, refusing unknown fields
// (a misspelled "dryRun" must not write a file) and trailing data, with
// messages that name the fields the request may have.
func decodeRequest(input []byte, req any) error {
	if len(bytes.TrimSpace(input)) == 0 {
		return errorf(ErrInvalidRequest, "", "the request is empty").withHint("Send a JSON object with the fields %s", fieldList(req))
	}
	dec := json.NewDecoder(bytes.NewReader(input))
	dec.DisallowUnknownFields()
	err := dec.Decode(req)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("unexpected data after the JSON object")
		}
	}
	if err == nil {
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	var synErr *json.SyntaxError
	msg := err.Error()
	switch {
	case errors.As(err, &typeErr) && typeErr.Field != "":
		msg = fmt.Sprintf("field %q must be %s, not a JSON %s", typeErr.Field, jsonKind(typeErr.Type), typeErr.Value)
	case errors.As(err, &typeErr):
		msg = fmt.Sprintf("the request must be a JSON object, not a JSON %s", typeErr.Value)
	case errors.As(err, &synErr):
		msg = fmt.Sprintf("the request is not valid JSON: %v (at byte %d)", synErr, synErr.Offset)
	case strings.HasPrefix(msg, "json: unknown field "):
		msg = "unknown field " + strings.TrimPrefix(msg, "json: unknown field ")
	default:
		msg = "the request is not valid JSON: " + strings.TrimPrefix(msg, "json: ")
	}
	return errorf(ErrInvalidRequest, "", "%s", msg).withHint("The fields are: %s", fieldList(req))
}

// fieldList names the JSON fields of a request struct.
func fieldList(req any) string {
	t := reflect.TypeOf(req)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var names []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return strings.Join(names, ", ")
}

func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "an object"
}
