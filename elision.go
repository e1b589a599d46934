package editkit

import (
	"context"
	"fmt"
	"strings"

	"github.com/editkit/editkit/internal/buffer"
	"github.com/editkit/editkit/internal/text"
)

// elisionLine reports a line that stands for lines left out and says
// nothing else: "..." alone, or in a comment with a few words of the kind
// models write there. Between two "..." any few words will do ("// ...
// existing methods ...", "/* ... snip ... */", "# [...]"): prose does not
// start and end with an ellipsis. With one "..." the words must all be
// ones models use for elided code, and one of them must say so ("//
// existing tests ...", "# rest of the file unchanged ..."): a comment that
// trails off ("// Wait for the server...") is prose. A comment without
// "..." is one when its words say nothing else, one of them saying it on
// its own (elisionSignals).
func elisionLine(l string) bool {
	t := strings.TrimSpace(l)
	if t == "" || !strings.Contains(t, "...") && !strings.Contains(t, "…") && !strings.ContainsRune(commentStarts, rune(t[0])) {
		return false // neither an ellipsis nor a comment: code (the common case, kept cheap)
	}
	c := strings.TrimSpace(stripComment(t))
	if c != t {
		t = strings.TrimSpace(unbracket(c))
	}
	if !strings.Contains(t, "...") && !strings.Contains(t, "…") {
		// A comment that only says code is left out: "// existing code",
		// "# rest of the file unchanged". ("// other methods" could be a
		// heading; it is not one.)
		return c != strings.TrimSpace(l) && saysElided(t, elisionSignals)
	}
	m := elisionRE().FindStringSubmatch(t)
	if m == nil {
		return false
	}
	words := m[1] + " " + m[3]
	if m[2] != "" { // "... words ..."
		return len(strings.Fields(words)) <= maxElisionWords && !strings.ContainsAny(m[1], elisionCode)
	}
	return strings.TrimSpace(words) == "" || saysElided(words, elisionWords)
}

// saysElided reports text whose words, maxElisionWords at most, are all
// ones models use for elided code, one of them in says.
func saysElided(t string, says map[string]bool) bool {
	n, said := 0, false
	for w := range strings.FieldsSeq(t) { // most comments stop at their first word
		if n++; n > maxElisionWords {
			return false
		}
		w = strings.ToLower(strings.Trim(w, ".,:;!()[]"))
		if !elisionWords[w] && !elisionNouns[w] {
			return false
		}
		said = said || says[w]
	}
	return said
}

// codeDots returns a test of whether line i of lines, a bare "..." or
// "...,", is an argument rather than a marker: R's dots and C's varargs
// stand on a line of their own in a list of parameters or arguments. It
// is one when the line above it opens such a list or ends an argument,
// and the file itself passes "..." between brackets or commas (which no
// Go, JavaScript or Python file does, and most R files do); the file is
// read at the first such line, and once.
func codeDots(buf *buffer.Buffer) func(lines []string, i int) bool {
	read, passes := false, false
	return func(lines []string, i int) bool {
		if t := strings.TrimSpace(lines[i]); t != "..." && t != "...," {
			return false
		}
		p := nextNonBlank(lines, i, -1)
		if p < 0 {
			return false
		}
		if above := strings.TrimRight(lines[p], " \t"); !strings.HasSuffix(above, "(") && !strings.HasSuffix(above, ",") {
			return false
		}
		if !read {
			read, passes = true, dotsArgument().MatchString(buf.String())
		}
		return passes
	}
}

// dotsArgument matches "..." passed or declared as a list's item: "f(...)",
// "function(x, ...)", and the same across lines.
var dotsArgument = lazyRegexp(`[(,]\s*\.\.\.\s*[,)]`)

// elisionSignals are the words that say code is left out on their own.
var elisionSignals = map[string]bool{
	"existing": true, "rest": true, "unchanged": true, "remaining": true, "remainder": true, "omitted": true,
	"elided": true, "snip": true, "snipped": true, "untouched": true, "unmodified": true,
}

// markerLike reports a comment with an ellipsis that is not an elision
// line: where it stands in place of lines a segment would delete, it may
// be a marker worded in a way elisionLine does not know.
func markerLike(l string) bool {
	t := strings.TrimSpace(l)
	return stripComment(t) != t && (strings.Contains(t, "...") || strings.Contains(t, "…")) && !elisionLine(l)
}

// maxElisionWords bounds the words of an elision line: a longer comment
// is prose about the code.
const maxElisionWords = 8

// elisionCode are characters that make the words between two "..." code
// rather than words.
const elisionCode = "=;{}<>\"'`"

var elisionRE = lazyRegexp(`^(?:\.\.\.|…)\s*([^.…]*?)\s*(\.\.\.|…)?$|^([^.…]*?)\s*(?:\.\.\.|…)$`)

// unbracket removes the brackets around a comment's text: "[...]",
// "(... unchanged ...)", "<existing code>".
func unbracket(t string) string {
	for _, p := range [][2]string{{"[", "]"}, {"(", ")"}, {"<", ">"}} {
		if len(t) >= 2 && strings.HasPrefix(t, p[0]) && strings.HasSuffix(t, p[1]) {
			return t[1 : len(t)-1]
		}
	}
	return t
}

// elisionWords are the words that say an elision line stands for code
// left out, besides its "...".
var elisionWords = map[string]bool{
	"": true, "existing": true, "code": true, "rest": true, "of": true, "the": true, "file": true, "function": true,
	"method": true, "class": true, "body": true, "module": true, "component": true, "implementation": true,
	"unchanged": true, "remains": true, "remain": true, "same": true, "keep": true, "kept": true, "as": true,
	"is": true, "before": true, "above": true, "below": true, "other": true, "previous": true, "lines": true,
	"imports": true, "content": true, "contents": true, "here": true, "etc": true, "omitted": true, "more": true,
	"and": true, "so": true, "on": true, "stays": true, "stay": true, "untouched": true, "unmodified": true,
	"remaining": true, "remainder": true, "others": true, "all": true, "earlier": true, "following": true,
	"snip": true, "snipped": true, "elided": true, "skipped": true, "truncated": true,
}

// elisionNouns are the things models say an elision line stands for,
// and the small words around them; alone they say nothing of elision,
// beside a word of elisionWords they do ("existing tests").
var elisionNouns = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`methods functions tests test fields field properties property cases case
		config configuration helpers helper logic routes route handlers handler definitions definition
		declarations declaration statements statement types type variables variable vars constants
		constant members member props prop state hooks hook exports export options option settings
		setting dependencies dependency entries entry items item elements element sections section
		blocks block steps step jobs job tasks task commands command keys key values value attributes
		attribute parameters parameter params arguments args classes structs struct interfaces interface
		enums enum macros macro includes include fixtures fixture assertions checks setup init
		initialization styles rules rule middleware endpoints endpoint components modules files
		functionality implementations bodies in this to from`) {
		elisionNouns[w] = true
	}
}

// commentStarts are the first characters of the comment syntaxes
// stripComment knows.
const commentStarts = "/#-;'%*<{("

// stripComment removes the comment syntax around a line: //, #, --, ;,
// /* */, <!-- -->, and those of templates and ML: {/* */} (JSX), {{/* */}}
// (Go templates), {# #} (Jinja, Twig), {{!-- --}} (Handlebars), <%-- --%>
// (JSP), (* *) (OCaml, Pascal).
func stripComment(l string) string {
	t := strings.TrimSpace(l)
	for _, p := range [][2]string{{"{{/*", "*/}}"}, {"{/*", "*/}"}, {"/*", "*/"}, {"{{!--", "--}}"}, {"<%--", "--%>"}, {"<!--", "-->"}, {"{#", "#}"}, {"(*", "*)"}} {
		if strings.HasPrefix(t, p[0]) && strings.HasSuffix(t, p[1]) && len(t) >= len(p[0])+len(p[1]) {
			return t[len(p[0]) : len(t)-len(p[1])]
		}
	}
	for _, p := range []string{"//", "#", "--", ";", "'", "%", "*"} {
		if strings.HasPrefix(t, p) {
			return strings.TrimLeft(t, p[:1])
		}
	}
	return t
}

// splitElided cuts s at its elision lines into the pieces between them.
// It returns nil when s has none.
func splitElided(s string) []string {
	var pieces []string
	var cur strings.Builder
	cut := false
	for l := range strings.Lines(s) {
		if elisionLine(l) {
			pieces = append(pieces, cur.String())
			cur.Reset()
			cut = true
			continue
		}
		cur.WriteString(l)
	}
	if !cut {
		return nil
	}
	return append(pieces, cur.String())
}

// planElided plans a search and a replacement that both leave lines out
// with elision lines in the same places, as models write when they quote
// the start and end of a long stretch: each piece of the search is found
// as a search of its own (in the file after the piece before it, and only
// once there) and replaced by the replacement's piece at the same place,
// and the file's lines the elisions stand for are kept. ok is false when
// the two do not elide alike, and the search is then an ordinary one.
func planElided(ctx context.Context, buf *buffer.Buffer, path, search, replace string, opts ReplaceOptions, chain Chain) (p *plan, ok bool, err error) {
	sp := splitElided(search)
	rp := splitElided(replace)
	if sp == nil || len(rp) != len(sp) {
		return nil, false, nil
	}
	if opts.ReplaceAll || opts.ExpectedReplacements > 1 {
		return nil, true, errorf(ErrInvalidRequest, path, "the search leaves lines out (%q), so it stands for one place and cannot replace several", "...").
			withHint("Replace each place with a search of its own")
	}
	var edits []text.Edit
	var strategy string
	prevEnd := 0
	pending := "" // a replacement piece for an empty first search piece: it goes before the next match
	for i, s := range sp {
		r := rp[i]
		if strings.TrimSpace(s) == "" {
			switch {
			case strings.TrimSpace(r) == "":
			case i == 0:
				pending = r
			case i == len(sp)-1:
				edits = append(edits, text.Edit{Start: prevEnd, End: prevEnd, New: r})
			default:
				return nil, true, errorf(ErrInvalidRequest, path, "the replacement adds lines between two elisions (piece %d), where the search quotes none, so it cannot be told where they go", i+1).
					withHint("Quote a line of the file next to where they go, in both the search and the replacement")
			}
			continue
		}
		q := &Query{Search: s, Threshold: opts.FuzzyThreshold, buf: buf, work: newBudget(ctx, opts.FuzzyBudget), replace: r}
		name, ms := chain.find(q)
		if err := q.work.err; err != nil {
			return nil, true, stoppedError(path, err)
		}
		var after []Match
		for _, m := range ms {
			if m.Start >= prevEnd {
				after = append(after, m)
			}
		}
		switch {
		case len(after) == 0:
			e := notFoundError(buf, path, s, r, chain.names())
			e.Msg = fmt.Sprintf("piece %d of the search, between its elisions: %s", i+1, e.Msg)
			return nil, true, e
		case len(after) > 1:
			e := ambiguousError(buf, path, name, sortedMatches(after))
			e.Msg = fmt.Sprintf("piece %d of the search, between its elisions: %s", i+1, e.Msg)
			return nil, true, e
		}
		m := after[0]
		if m.Fit != nil {
			r = m.Fit(r)
		}
		if pending != "" {
			edits = append(edits, text.Edit{Start: m.Start, End: m.Start, New: pending})
			pending = ""
		}
		edits = append(edits, text.Edit{Start: m.Start, End: m.End, New: r})
		prevEnd = m.End
		if strategy == "" || strategy == "exact" {
			strategy = name
		}
	}
	takeLineEnds(buf, edits)
	edits = mergeTouching(edits)
	res := ReplaceResult{Strategy: strategy, Exact: strategy == "exact", Replacements: 1, Lines: newRanges(buf, edits)}
	res.Message = fmt.Sprintf("Replaced %s in %s around the elided lines, which were kept", describeRanges(res.Lines), pathOr(path))
	if !res.Exact {
		res.Message += " " + matchedBy(strategy)
	} else {
		res.Message += " (exact match)."
	}
	return &plan{edits: edits, result: res}, true, nil
}

// mergeTouching joins edits that meet, so that the list stays sorted and
// without overlaps when an insertion sits where a replacement starts.
func mergeTouching(edits []text.Edit) []text.Edit {
	var out []text.Edit
	for _, e := range edits {
		if n := len(out); n > 0 && out[n-1].End == e.Start && out[n-1].Start == e.Start {
			out[n-1].New += e.New
			out[n-1].End = e.End
			continue
		}
		out = append(out, e)
	}
	return out
}

func pathOr(path string) string {
	if path == "" {
		return "the text"
	}
	return path
}
