// Package editkit applies the edits that LLM coding agents ask for to text
// files — correctly, safely and fast — and reports exactly what happened, so
// the model can fix what failed.
//
// It has two layers. The pure layer edits text held in a string, such as
// an editor's buffer:
//
//	Replace           one search-and-replace, found by a Chain of Replacers
//	BatchEditor       many search-and-replace Edits, in order, each reported
//	LineRangeWriter   replace, insert or delete lines by number
//	StringPatcher     replace line ranges whose text must be what a StringPatch says
//	MergeSnippet      a lazy snippet: the lines that change, "// ... existing code ..." for the rest
//	ParseResponse     the edit Blocks a model wrote in its answer (ParseV3,
//	                  ParseSearchReplace, StreamParser for an answer as it arrives)
//
// An [Editor] applies the same operations to the files of a [Workspace] —
// [OpenDir] for a directory (every path confined to it by [os.Root]),
// [MemWorkspace] in memory — reading, locking and writing each file safely.
// Each operation is a method named after its tool, taking a JSON-tagged
// request and returning a result whose Message is written for a model (on
// failure too):
//
//	ws, err := editkit.OpenDir("path/to/repo")
//	if err != nil { … }
//	defer ws.Close()
//	ed := &editkit.Editor{Workspace: ws}
//	res, err := ed.EditBlock(ctx, editkit.EditBlockRequest{Path: "main.go", Search: old, Replace: new})
//
//	View                   view                        numbered lines of a file
//	EditBlock              edit_block                  Replace on a file
//	BatchEditBlocks        batch_edit_blocks           a BatchEditor on a file
//	WriteFromLine          write_from_line             a LineRangeWriter on a file
//	BatchEdit              batch_edit                  line operations across files, numbered against the originals
//	PatchTextFileContents  patch_text_file_contents    a StringPatcher on files, in any encoding
//	GetTextFileContents    get_text_file_contents      line ranges and hashes for those patches
//	ApplyEditResponse      apply_edit_response         a model's answer, parsed and applied (ApplyBlocks for parsed Blocks)
//	ApplyPatch             apply_patch                 a V4A patch or unified diff, all files or none
//	EditFile               edit_file                   MergeSnippet on a file
//	TextEditor             str_replace_based_edit_tool Claude's built-in text editor tool
//	Undo                   undo                        put back what a request wrote
//
// [Tools] describes every operation as a tool (name, description, the JSON
// Schemas of its request and result; [GeminiTools] in the schema subset
// Gemini takes) and
// [Editor.Call] runs one from JSON and always answers in JSON, so an agent
// framework or an MCP server registers them all in a few lines.
// Every operation that finds text by its content finds it the same way —
// the default chain, tolerant of indentation, spacing, quotes, escapes and
// a typo — unless its request sets exact; results say how each piece
// matched, and per-item results report a [Status].
//
// # Finding the text to replace
//
// [Replace] (on a string) and [Editor.EditBlock] (on a file) find the search
// text with a [Chain] of replacers (each a [Replacer]), from strict to lax; the first that
// finds anything decides ([DefaultChain]):
//
//	exact                  the text byte for byte
//	line-numbered          the text copied from view with its line numbers, numbers left out
//	trailing-whitespace    whole lines, trailing whitespace ignored
//	line-trimmed           whole lines, indentation ignored
//	indentation-flexible   whole lines, the block's common indentation ignored
//	whitespace-normalized  whole lines, runs of spaces and tabs as one space
//	unicode-normalized     curly quotes, dashes, special spaces, "…" as typed
//	escape-normalized      \n, \t, \" written out where the file has the characters
//	trimmed-boundary       blank lines and spaces around the search ignored
//	blank-lines-ignored    whole lines, indentation and blank lines between them ignored
//	block-anchor           fuzzy: first and last lines equal, every line between alike
//	context-aware          fuzzy: anchored on the lines that are equal
//	multi-occurrence       every exact occurrence, for replace-all
//
// Each returns every location it accepts, as byte spans. One location is
// replaced; several are an [ErrAmbiguous] naming them all, unless the
// request asks to replace them all or gives their number. Fuzzy replacers
// never replace several, need three or more lines, anchor only on lines
// that say something (not "}" or blank), accept typos and drift but no line
// that is simply different or missing, and must lead any other candidate
// clearly. The replacement is fitted to what was found: re-indented in the
// file's indent characters, unescaped as the search shows it was escaped
// (a backslash that may be the code's own is refused, never guessed),
// given the file's quotes. A search not found is an [ErrNotFound] that
// shows the nearest text with its line numbers and how it differs.
//
// # Edit blocks in a model's response
//
// [ParseResponse] finds the edit blocks a model wrote in its answer, in the
// v3 format ([ParseV3]) or aider's SEARCH/REPLACE format
// ([ParseSearchReplace]); malformed blocks are reported with their line and
// do not stop the others. A [StreamParser] does the same as the response
// arrives. [Editor.ApplyEditResponse] parses and applies a response, and
// [Editor.ApplyBlocks] applies blocks: each block's anchor and old lines
// must occur exactly once as whole lines — found exactly, or else by the
// replacers that match whole lines, and the result names the one that did;
// files are independent, and after a failed block the later blocks of its
// file are skipped. A file keeps its own final newline and blank lines at
// its end unless [ApplyOptions] NormalizeEnding says otherwise.
//
// # Patches
//
// [Editor.ApplyPatch] applies OpenAI's V4A patches ("*** Begin Patch", as
// codex's apply_patch tool takes them, heredoc and all) and unified diffs,
// or the operations of a Responses API apply_patch call. Each hunk's
// context and removed lines are found by their content with the line
// replacers, in file order; "@@" headers, line numbers and the hunks
// that follow only choose between several places, and only when one is
// clearly meant. Files are added, updated, moved and deleted in one
// commit: all or none. A response's patches (and ```diff blocks) are found
// by [ParseResponse] and applied by [Editor.ApplyEditResponse]; a
// [ResponseApplier] checks each block of a streaming response as it
// arrives and writes at the end.
//
// # Lazy snippets
//
// [MergeSnippet] (on a string) and [Editor.EditFile] (on a file) merge what
// fast-apply models merge, without a model: the new text of the parts of a
// file that change, with a marker line ("// ... existing code ...", "# ...
// rest unchanged", "/* ... existing methods ... */", in any comment syntax:
// "..." with a few words of elision, or a comment that only says code is
// left out, "// existing code") for each stretch that stays (a code fence
// around it all is dropped, unless the file has it and no marker stands
// right inside it). The snippet splits at its markers into segments; each
// segment replaces the file's lines from its first to its last line that are
// the file's (its anchors: lines that say something, grown into runs of the
// lines around them at the same depth), in file order; a run of one such
// line, at another indentation than the file's, gives way to a run of more
// further down at the file's own (new code that sets a flag again, in a new
// branch), and any run of one such line gives way to a run of more wholly
// above it in the file (a new test that builds a value as a test further
// down does). Closing brackets and blank lines at a segment's edges are placed
// by depth (a line as the file writes it, next to a run at the file's own
// indentation, is at its depth whatever indent steps the two read as), and
// blank lines between a marker and the segment's first (last) line that is
// placed are the file's: the marker stands for them; blank lines between
// new lines and a marker below, where the new lines stand inside a run of
// the file's blank lines, are new (a method added above the file's two
// blank lines keeps both). A line the segment keeps takes the file's
// indentation when only its characters differ (tabs for spaces, at one
// depth), and is written after it as the segment has it, trailing spaces
// too; a blank line keeps the file's spaces, and of blank lines between
// the same kept lines, the one spelt as the file's blank line is that
// line. A line that reads as the file's line changed is taken as changed
// only between lines that are the file's, or at the segment's edge when
// both lines open a block alike (a function's first line, changed, above
// the body the file has under it, or below it a marker for that body; a
// preprocessor's "#if" reworded above the body of the file's "#if"; a
// segment's one line that says something above its bottom run, when the
// file has it a little above and placing it there would drop the lines
// between, while the segment's other lines are the file's as they stand
// above the run; and the file's few lines between a
// segment's top brackets, the file's a little further up, and the lines
// the walk up from its runs read, when half of them are like lines the
// segment has there). A line the file's line starts with (spaces aside),
// where that line is a whole statement and the segment's next lines close
// what it opens, is that line opened up over several (an argument a line),
// rewritten however far its old self sits and however unlike the whole;
// likewise a whole statement that starts as the file's line does where
// that line opens brackets it does not close (a signature closed up onto
// one line), at a segment's first line below a marker too, where the
// file's lines from that line to the run balance together; a line that
// closes brackets and ends as the file's closing line does, or is its
// end, is that line (arguments wrapped anew, at any column); and a line
// that sets the key the file's line in its place sets ("features =
// [...]", "timeout: 30"), however unlike the values. A long line is
// compared by what lies between the ends it shares with the
// file's (a generated table grown by an entry). A short line the file
// has at few places ("os" in an import list) pairs as a line that says
// something does. A doc comment above a line of code the segment places, with
// a blank line above it, rewrites the file's doc comment there however
// much longer. A segment whose edge is only brackets (or a preprocessor's
// "#endif" or "#else") must close what the lines it replaces close, not counting those in strings, in single quotes
// too where the file's single quotes pair up, a string ending at a triple
// quote that starts a line with code after it, as Python's "\"\"\".format("
// does (or its brackets move to their copy above a whole block it
// deletes, or to the file's right above the line that places it, when
// nothing it holds above that line says something: a new function after
// the one they close). Alike segments for alike
// places are settled by order, when the segment holds at each by three
// lines, or by two with none of the file's lines dropped between them, and
// only one choice leaves every later segment a place (one a later segment
// is refused at for another reason than a tie leaves it none, and so does
// a tie among places where it would be refused at each; when more than
// one does, the one that puts every segment at one depth against the
// file, as a snippet dedented as a whole stands); a place the
// segment copies verbatim,
// indentation included, beats one at another depth. A segment that fits
// several places equally well goes to the one that reaches the file's end
// when no marker stands below it (likewise the top; when no run reaches it,
// the one whose lines after its run end on it line for line), or to the one
// where it does not write a block of the file's lines a second time right
// next to them, when all the others would, or anywhere when every place
// makes the same edit; failing those, to the one at the depth the segment
// before it was placed at (a snippet is written at one depth), when it holds
// there by two lines that say something. Of places that share one end and
// pair the segment's line at the other, next to a marker, at two lines of
// the file, the nearer goes when the segment only adds lines there and the
// farther neither keeps most of the lines it spans nor changes them line
// for line (a test's closing assert the file has twice, a few lines apart:
// the marker stands for the lines down to the second). Places where the
// segment would rewrite a line of the file into a copy of one the file
// has a little off give way to the others when those hold by two lines
// that say something and drop none of the file's; so do places where it
// would write a second time lines that another place keeps as they stand,
// when that place keeps the file's brackets too. A segment whose
// last line is one the file has below its top at several places (a
// closing brace, "#[test]") ends at the one place where it keeps every
// line of the file above it, when it would drop two or more at each other
// place: those the marker below
// stands for; failing that, at the one place that drops none, balances its
// brackets as the file's, and keeps more of the segment's rare lines as the
// file's than any other (the arms of a switch it shows before its last
// "return" and "}"). A segment that starts with the lines its top run starts
// with (a new block written like the one above it, ending as that one does:
// a spec's "RUBY" and "end") is read from its first lines, the block new; so
// is one whose top is brackets above a line the file has all over
// ("#[test]") when those brackets are the file's lines just above its bottom
// run too (a new test after the last one). A segment that is one block
// written whole (its only stretch of the file's lines starts it and opens
// the block with brackets on a line that names something, its last line
// closes that block or the last of the file's next blocks it goes on with,
// each opened by the file's own first line there or that line's signature
// changed (the same first word and name), and a marker follows or
// the file ends there too) replaces the file's blocks, bodies and all, to
// the line that closes the last, however long the bodies it drops. One
// written whole by indentation (a Python function from its first line,
// every other line deeper) that ends on a changed line ends where the
// file's block does: that line rewrites the block's last. So does one whose
// first line ends with ":" and that ends with new lines above a marker no
// deeper than that line: the marker stands for what follows the block, and
// the new lines replace the block's last lines, unless a declaration
// ("def", "class") is among those or they outnumber the new ones. A segment
// whose first line declares what the file's line just above its first
// pair declares (the same first word and name: "def get(" over "def
// get(url):"), both opening a block, rewrites that line: a signature now
// written over several lines. A line a
// segment writes that the file has just outside it is written twice unless
// another segment replaces it there (code moved), or it is new code written
// like its neighbour: two such lines at most, with new lines on each side,
// where the segment keeps every line of the file it spans (a nil check
// copied into a new method), or lines that stand below a line the
// segment keeps, one the file has once, and above it in the file (or the
// other way round), further off than they are long: a copy made into new
// code, when they keep the file's order and do not start the new lines
// there (a new test written like one a test away). A copy is never the
// file's first line below the segment at its depth, unless it stands
// above a line the segment keeps: that line would stand right under it;
// nor a dated line ("2.5.3 / 2018-09-11"), which names one release.
// Lines the file has in several places count as one when the segment's
// lines around them, from its first line (above the segment's place) or
// to its last (below), are the file's at one place nearby, for three
// lines or more, two of them new (one changed line passed over, when it
// opens no block): the segment's end is the file's there. A line that is
// its file line changed between two lines the segment keeps, the only one
// there that differs, is written though the file has it elsewhere (a
// version bumped to the one the next job has), unless that copy's lines
// run to the segment's end; where a segment fits several places, those
// that would write it so are passed over all the same. A line read as
// the file's line changed, with only blank lines paired next to it and new
// lines past it, is new like them, unless it opens a block or holds the
// file's line whole (a tldr page's new example written like the one
// above). New lines right below a marker that stand left of both the line
// they go above and the line the marker keeps above them would close the
// block those two are in: refused (a test written above the "end" lines
// of the one before). With no marker
// above it, a snippet whose first line is the file's first line, at its
// indentation, starts there (likewise at the end, and one that runs from
// the file's
// first line to its last that is not blank replaces the blank lines after
// it too; so does one that starts with a blank
// line, blank lines above the file's first line being the snippet's to
// write; placed by that line alone, it reaches as far as its lines rewrite
// the file's one for one, to a line the file has there as it is), and one
// whose first line is a later line of the file leaves the lines above in
// place when there are more than 20 of them, or when the
// snippet's markers stand only between its parts, at neither end, and its
// last part does not end at the file's last line
// (likewise below); one whose first line reads as a later line of the
// file changed rewrites that line and the lines above it, on the same
// terms; with no marker below it, new lines after the file's last
// three lines are added at its end, after three closing brackets too when
// the new lines tie between places above (a new test written like the
// others) or the file has none of them. A snippet without markers is the
// whole new text of a file it creates, or of an existing file whose first or
// last line it has at its end or half of whose lines it has (each of its
// lines counting once); otherwise it is a piece of the file: it replaces the
// stretch its lines mark, and the file's lines past its ends stay. Its top
// brackets, when they are the file's lines just above its bottom run and
// the walk up from that run would drop lines of the file to read them
// higher up, are read there, and the lines between them new (refused when
// the walk read one of those as the file's line changed that the fuzzy
// tier would take for it: a new function, or the one above rewritten).
//
// A segment that fits several places, at one of them between two lines of
// the file that stand next to each other, and at each of the others over a
// block whose first line names something the segment does not have and
// whose lines it rewrites line for line, is new code beside that block: a
// model that changes a function keeps its name (a new test written like
// its twin). One that fits several places, each of which has file lines
// where the segment writes its own (between its runs and past them, or
// beside its one run), where at one of them every line it writes is the
// file's line there retouched (four in five characters kept), line for
// line, and no
// other place's text there is as near, rewrites that place: the least
// edit, as a diff reads a change (a cache key's version bumped in one of
// two alike CI jobs). Failing those, a segment that fits several places
// goes to the one where it drops none of the file's lines, when it holds
// there by every line it holds by at each other place and three more
// (elsewhere, it would write those lines again), or as many, three at
// least, starting and ending on lines of the file, where each other place
// would delete lines or put unlike ones in their place (the least edit
// again); or to the one place where its lines nest as the file's do, when
// at each other place the lines it would replace close other brackets or
// leave its block, and it holds there by two lines that say something and
// only adds lines or retouches them one for one.
//
// It refuses rather than guess: a segment that fits two places (or fits one
// as the file already has it and would change another, even only by deleting
// a few lines between its runs, while the rest of the snippet changes the
// file, or drops fewer of the file's lines at one and keeps more of its own
// rare lines as the file's at the other: its top on both copies of a block;
// or, as a last segment with a marker above and none below, starts with the
// file's last lines, then new ones, and also fits higher up: added at the
// end, or a rewrite of what lies between; likewise a first segment with no
// marker above and one below that ends with the file's first lines: added
// at the top), one that changes lines where it fits while its changed
// lines, with the lines around them (six that say something, half of its
// own at least), are the file's at another place and depth (a step
// unwrapped from a wrapper, or a sibling job's step rewritten into it),
// one none of whose lines the file has (never written over the file),
// one placed by one line of the file
// among four or more new ones (no evidence the snippet is this file's; a
// keyword closing a block, "end" or "done", counts no more than "}", and
// a segment held by such keywords alone is refused with any new line),
// unless two more of its lines are the file's at the same distance from
// that one, out to its ends or, with no marker there, to the file's (the
// file's lines around it rewritten line for line), or a segment
// before it holds by three lines and that line, the file's once, starts
// or ends it with two of the file's lines beside it
// (and then one where the file's next line past its new lines reads as
// one of them rewritten: how far the rewrite goes is not said), one that
// changes nothing where it fits but starts with brackets the file has
// further up with whole blocks between (the bracket above a function, then
// the function below it: what lies between deleted, or context), one that
// would drop more than 20 lines where no marker stands and write less than
// half as many, one that deletes five lines or more there and goes on
// after them only with lines the file has all over, up to the sixth that
// says something (where the deletion
// ends would be a guess by nearness; not when those lines close, where the
// file's block closes, the block around the deletion whose first line, the
// file's as it stands, names something and ends in "{"), one that deletes
// five lines or more there, among them the first line of a block that the
// file's lines after them close, and goes on inside it (two windows joined:
// a header, then a struct's body further down; or the end of one function
// and the first line of the next, deleted together), one that fits one
// place best by rewriting a named block of the file under a new name while
// it reads as well as a new block after that one (its first lines the
// block's last, its last lines the file's next: a C function written like
// the one above it) or before it (its last lines the first of that block's
// doc comment: a generated C# resource written like the next one), one whose
// lines inside a block fit on both sides of a whole block it does not show
// (a new last line that a function further down ends with: the segment would
// delete the blocks between), one that starts with new lines right below a
// marker at the depth of the line the marker keeps above them, which opens
// the block the segment's lines are the body of (a first line rewritten over
// several lines, or lines before it), one that ends with new lines right
// above a marker whose last statement at its depth returns (or raises,
// throws) as the line the marker keeps below them, the last of their block,
// does (a return rewritten over several lines, or one more before it), one
// whose end is the file's elsewhere (not past the file's own end, where no
// marker stands: an appended function that ends as one above does), one that
// writes its last line anew while the file has that line a little below it
// (a deletion the snippet does not show, or the line twice), or its first
// line that says something while the file has it a little above (a later
// line of its top too, when the file has that one once), or a line near its
// ends that the file has once, however far, with the segment's lines around
// it to its end, one read as shifted against the file beside a line it shows
// at the file's own indentation (which lines change depth is not clear), one
// placed at another depth than the segment before it while the file has its
// first line above, at that segment's depth, one whose brackets (a shell's
// if … fi among them) do not close what they replace, one whose top lines
// are the file's at several places far above where its bottom lines fit, one
// placed only by brackets at an edge that reads both as new lines and as a
// rewrite of two or more lines beside them (new code written like its
// neighbour, next to either of its runs, blank lines alone next to the far
// one unless the rewrite is line for line from them on, or a top of
// brackets above a line the file has all over; read as new when the runs hold two lines that say
// something and the rewrite has no line close to the file's line it would
// replace or would rename a block the file names once, or would leave
// brackets the file's lines there do not while the new lines balance),
// one whose top run holds only lines the file has all
// over ("```go", "func main() {") below new lines, with two or more lines
// that say something between its runs (a new section written like the one
// above its place, or that one's example rewritten), one with a new block
// below the lines it changes whose first line reads as the file's next
// block's first line renamed, while it keeps no line of that block's body
// (new there, or that block rewritten; without a marker below, where the
// segment reaches the file's end, it is that block rewritten),
// one whose edge of brackets and rulers the file has a little further out (a
// new section, or the function between deleted), and one that runs on past
// the file's lines at an end where no marker stands with new lines that say
// something while the file goes on with more than 20, or that ends there
// with a line the file has 20 lines or fewer before its end (unless it is a
// piece of the file, above, or its snippet marks neither end and does not
// start at the file's first line), or a piece of the file without markers
// that goes on with new lines there (stay or go: nothing says; the top
// likewise), a comment with "..." that is not a marker it knows, written
// where the file's lines would be deleted, and new lines next to a marker
// that open a block (or block comment) the new lines past it do not close,
// or close one they did not open: the marker would stand for the body of a
// block the file does not have there; and new lines that start a segment
// above a line closing a block the snippet opens above the marker, where
// the file's block opened there closes elsewhere: they would go into
// another block than the snippet shows; and a new last line above a marker
// that leaves its statement going on (")." chaining a call, "=", an
// operator) where the file's line the marker keeps does not go on with it;
// and new lines below a marker that close a block they do not open, then
// open one, right below a file line that opens a block (they would split
// it, its body going into theirs).
//
// # Claude's text editor, and undo
//
// [Editor.TextEditor] serves the text editor tool Claude models call
// (str_replace_based_edit_tool) in exactly its shape: view, create,
// str_replace, insert and undo_edit, absolute paths inside the workspace,
// messages that start with the wording the model knows. Every write of an
// Editor goes through its [Journal] (in memory unless one with a Dir is
// set, as the CLI and the MCP server keep per workspace root, see
// [JournalDir]); each result carries a requestId, and [Editor.Undo] puts
// back a request's files, or a file's last change, only where the file is
// still what editkit wrote. An undo is journaled too: undoing it redoes.
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
// next to. A request's text is read the same way: a lone "\r" in a search,
// a snippet or a diff's line (git breaks lines at "\n" alone) ends a line
// there, and a byte order mark it starts with, copied from a raw read of
// the file, is the file's own, which stays one. Binary files and files
// over [Editor.MaxFileSize] are refused.
//
// # Writes are all or nothing
//
// The files a request changes are written together, or none is. Each one
// is written to a temporary file beside it, synced, and swapped in
// atomically, keeping its mode (set-ID bits included) and its owner; on
// Linux the swap exchanges the two files in one step, and the file it
// displaces is then checked to be the one that was read — a file someone
// changed meanwhile, even a program that takes no lock, is put back and the
// request fails with [ErrStale]. If a later file fails, the files written
// before it are put back. A [DirWorkspace] announces every request's
// writes in its state directory first ([DirOptions]), so that a request a
// crash interrupts is undone, and its temporary files removed, when the
// workspace is next opened ([DirWorkspace.Recover]); and requests of
// editkit processes on the same file run one after another, from the read
// to the last rename.
//
// What a request may touch is bounded: only regular files are read (a
// named pipe or a device is refused before it is opened for reading), no
// file over [Editor.MaxFileSize] is read or written, a file whose mode
// makes it read-only is refused with [ErrPermission] unless the request
// sets force, and names of new files may not hold control characters. A
// request's JSON is read strictly: a missing required field is an error,
// not an empty value, and a field sent twice (in any letter case) is
// refused. Every long search honors the request's context, and the fuzzy
// replacers stop at a budget of work ([ReplaceOptions.FuzzyBudget]).
//
// # Errors
//
// Every failure is an [*Error] written for the model that must fix its
// request — what was wrong, where, what was found instead — and matches one
// of the kinds [ErrNotFound], [ErrAmbiguous], [ErrOutOfRange], … with
// [errors.Is]. Bad input never panics and never changes a file.
package editkit
