// Package text is editkit's text model: it turns a file's bytes into a body of
// UTF-8 text with "\n" line ends, remembers everything needed to write the
// file back byte for byte (encoding, byte order mark, the ending of every
// line, the final newline), and writes edits of the body back so that bytes
// outside the edited spans never change.
package text

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// EOL is how a line ends in the file.
type EOL uint8

// Line endings. None marks a last line without a final newline.
const (
	None EOL = iota
	LF
	CRLF
	CR
)

// String names the ending as the view tool reports it: LF, CRLF, CR or
// none.
func (e EOL) String() string {
	switch e {
	case LF:
		return "LF"
	case CRLF:
		return "CRLF"
	case CR:
		return "CR"
	}
	return "none"
}

// An Error reports bytes that are not valid in the file's encoding, text the
// encoding cannot represent, or an edit the model cannot write back.
type Error struct {
	Line int // 1-based line the problem is on, 0 if none
	Msg  string
}

// Error returns the message.
func (e *Error) Error() string { return e.Msg }

// BOM is the byte order mark as decoded text, U+FEFF: what a request
// copied from a raw read of a file starts with.
const BOM = "\ufeff"

var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// A Doc is a decoded file. It is immutable.
type Doc struct {
	raw      []byte
	enc      *Encoding
	bom      int  // length of the byte order mark that starts raw
	fallback bool // read as ISO-8859-1: not UTF-8 and no encoding named

	body   string
	starts []int // body offset of each line's start, then len(body)
	// rawStarts is the raw offset of each line's start, then len(raw); nil
	// when it equals starts shifted by the BOM (UTF-8 with LF only).
	rawStarts []int
	eols      []EOL // nil when every line but an unterminated last one ends in LF
	// newEOL ends new lines in a text that has no line break to copy.
	newEOL EOL
}

// Decode reads raw as text. It takes raw over: the caller must not modify
// it afterwards, because a UTF-8 file's body shares its bytes.
//
// An empty encoding name means: UTF-8, or UTF-16
// when a UTF-16 byte order mark says so, or ISO-8859-1 when the bytes are not
// valid UTF-8 (Fallback reports it). A named encoding is used as given and its
// byte order mark, if any, is kept aside. Bytes that are not valid in the
// encoding are an *Error naming the line; the file is never guessed at.
func Decode(raw []byte, encodingName string) (*Doc, error) {
	enc, err := LookupEncoding(encodingName)
	if err != nil {
		return nil, &Error{Msg: err.Error()}
	}
	d := &Doc{raw: raw}
	named := strings.TrimSpace(encodingName) != ""
	switch {
	case !named && bytes.HasPrefix(raw, bomUTF8):
		d.bom = len(bomUTF8)
	case !named && bytes.HasPrefix(raw, bomUTF16LE):
		enc, d.bom = utf16LE, len(bomUTF16LE)
	case !named && bytes.HasPrefix(raw, bomUTF16BE):
		enc, d.bom = utf16BE, len(bomUTF16BE)
	case !named && !utf8.Valid(raw):
		enc, d.fallback = Latin1, true
	case enc == UTF8:
		if bytes.HasPrefix(raw, bomUTF8) {
			d.bom = len(bomUTF8)
		}
	case enc.byteOrderFromData:
		enc, d.bom = utf16Order(raw)
	case enc.name == "utf-16le" && bytes.HasPrefix(raw, bomUTF16LE),
		enc.name == "utf-16be" && bytes.HasPrefix(raw, bomUTF16BE):
		d.bom = 2
	}
	d.enc = enc
	if enc == UTF8 {
		if err := checkUTF8(raw, d.bom); err != nil {
			return nil, err
		}
		if bytes.IndexByte(raw, '\r') < 0 {
			d.splitLF()
			return d, nil
		}
	}
	if len(enc.lf) == 2 && (len(raw)-d.bom)%2 != 0 {
		return nil, &Error{Msg: fmt.Sprintf("the file has an odd number of bytes, so it is not valid %s", enc.name)}
	}
	if err := d.split(); err != nil {
		return nil, err
	}
	return d, nil
}

// utf16Order picks the byte order of plain "UTF-16": the BOM's, or else the
// one under which the data's ASCII characters have their zero byte.
func utf16Order(raw []byte) (*Encoding, int) {
	switch {
	case bytes.HasPrefix(raw, bomUTF16LE):
		return utf16LE, 2
	case bytes.HasPrefix(raw, bomUTF16BE):
		return utf16BE, 2
	}
	var evenZero, oddZero int
	for i := 0; i+1 < len(raw) && i < 4096; i += 2 {
		if raw[i] == 0 {
			evenZero++
		}
		if raw[i+1] == 0 {
			oddZero++
		}
	}
	if evenZero > oddZero {
		return utf16BE, 0
	}
	return utf16LE, 0
}

func checkUTF8(raw []byte, bom int) error {
	if utf8.Valid(raw[bom:]) {
		return nil
	}
	line := 1
	for i := bom; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			return &Error{Line: line, Msg: fmt.Sprintf("line %d is not valid utf-8 (byte 0x%02X at offset %d); name the file's encoding, such as latin1 or shift_jis", line, raw[i], i)}
		}
		if raw[i] == '\n' {
			line++
		}
		i += size
	}
	return nil
}

// splitLF is the fast path for UTF-8 text whose lines all end in LF.
func (d *Doc) splitLF() {
	text := d.raw[d.bom:]
	n := bytes.Count(text, []byte{'\n'})
	d.starts = make([]int, 0, n+2)
	for off := 0; off < len(text); {
		d.starts = append(d.starts, off)
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			off = len(text)
			break
		}
		off += i + 1
	}
	d.body = unsafe.String(unsafe.SliceData(text), len(text)) // raw is ours and never changes
	d.starts = append(d.starts, len(d.body))
}

func (d *Doc) split() error {
	enc := d.enc
	lines := max(bytes.Count(d.raw, enc.lf), bytes.Count(d.raw, enc.cr)) + 1
	d.starts = make([]int, 0, lines+1)
	d.rawStarts = make([]int, 0, lines+1)
	d.eols = make([]EOL, 0, lines)
	var body []byte
	if enc == UTF8 {
		body = make([]byte, 0, len(d.raw))
	} else {
		body = make([]byte, 0, len(d.raw)+len(d.raw)/2)
	}
	var dec *lineDecoder
	if enc.enc != nil {
		dec = newLineDecoder(enc)
	}
	br := breaker{raw: d.raw, lf: enc.lf, cr: enc.cr, nextLF: -1}
	for pos, line := d.bom, 1; pos < len(d.raw); line++ {
		end, eol, next := br.next(pos)
		content := d.raw[pos:end]
		d.starts = append(d.starts, len(body))
		d.rawStarts = append(d.rawStarts, pos)
		d.eols = append(d.eols, eol)
		if dec == nil {
			body = append(body, content...)
		} else {
			var err error
			if body, err = dec.decode(body, content, line); err != nil {
				return err
			}
		}
		if eol != None {
			body = append(body, '\n')
		}
		pos = next
	}
	d.body = string(body)
	d.starts = append(d.starts, len(d.body))
	d.rawStarts = append(d.rawStarts, len(d.raw))
	return nil
}

// A breaker finds line breaks in raw bytes: lf and cr are how "\n" and
// "\r" look in the encoding.
type breaker struct {
	raw    []byte
	lf, cr []byte
	nextLF int // offset of the next LF found by the last search; -1 before any
}

// next finds the end of the line starting at pos: where its content ends,
// how it ends, and where the next line starts.
func (b *breaker) next(pos int) (end int, eol EOL, next int) {
	if len(b.lf) == 1 {
		return b.nextByte(pos)
	}
	u := len(b.lf)
	for i := pos; i+u <= len(b.raw); i += u {
		switch {
		case bytes.Equal(b.raw[i:i+u], b.lf):
			return i, LF, i + u
		case bytes.Equal(b.raw[i:i+u], b.cr):
			if i+2*u <= len(b.raw) && bytes.Equal(b.raw[i+u:i+2*u], b.lf) {
				return i, CRLF, i + 2*u
			}
			return i, CR, i + u
		}
	}
	return len(b.raw), None, len(b.raw)
}

// nextByte is next for encodings whose line breaks are single bytes,
// searching with IndexByte. It remembers the next LF so that text whose
// lines end in lone CRs is not searched to its end for every line.
func (b *breaker) nextByte(pos int) (end int, eol EOL, next int) {
	if b.nextLF < pos {
		b.nextLF = len(b.raw)
		if i := bytes.IndexByte(b.raw[pos:], b.lf[0]); i >= 0 {
			b.nextLF = pos + i
		}
	}
	lf := b.nextLF
	if i := bytes.IndexByte(b.raw[pos:lf], b.cr[0]); i >= 0 {
		cr := pos + i
		if cr+1 == lf && lf < len(b.raw) {
			return cr, CRLF, lf + 1
		}
		return cr, CR, cr + 1
	}
	if lf == len(b.raw) {
		return lf, None, lf
	}
	return lf, LF, lf + 1
}

// Body is the decoded text with every line break written as "\n".
func (d *Doc) Body() string { return d.body }

// Raw is the file's bytes as read.
func (d *Doc) Raw() []byte { return d.raw }

// Encoding is the encoding the file was read in.
func (d *Doc) Encoding() *Encoding { return d.enc }

// Fallback reports that the file was read as ISO-8859-1 because it is not
// valid UTF-8 and no encoding was named.
func (d *Doc) Fallback() bool { return d.fallback }

// BOM reports whether the file starts with a byte order mark.
func (d *Doc) BOM() bool { return d.bom > 0 }

// LineCount is the number of lines; a final newline does not start a line.
func (d *Doc) LineCount() int { return len(d.starts) - 1 }

// LineStart is the body offset where line i (0-based) starts; LineStart of
// LineCount is len(Body).
func (d *Doc) LineStart(i int) int { return d.starts[i] }

// LineStarts is the body offset of every line's start followed by len(Body).
// Callers must not modify it.
func (d *Doc) LineStarts() []int { return d.starts }

// LineOf is the 0-based line holding body offset off; the offset len(Body)
// gives LineCount.
func (d *Doc) LineOf(off int) int {
	n := d.LineCount()
	i := sort.Search(n, func(i int) bool { return d.starts[i+1] > off })
	return i
}

// Line is the text of line i (0-based) without its line end.
func (d *Doc) Line(i int) string {
	s := d.body[d.starts[i]:d.starts[i+1]]
	return strings.TrimSuffix(s, "\n")
}

// EOL is how line i (0-based) ends.
func (d *Doc) EOL(i int) EOL {
	if d.eols != nil {
		return d.eols[i]
	}
	if d.starts[i+1] > d.starts[i] && d.body[d.starts[i+1]-1] == '\n' {
		return LF
	}
	return None
}

// FinalNewline reports whether the last line ends with a line break.
func (d *Doc) FinalNewline() bool {
	n := d.LineCount()
	return n > 0 && d.EOL(n-1) != None
}

// LineEnding summarizes the file's line breaks: "LF", "CRLF", "CR",
// "mixed", or "none" when it has none.
func (d *Doc) LineEnding() string {
	if d.eols == nil {
		if d.FinalNewline() || d.LineCount() > 1 {
			return "LF"
		}
		return "none"
	}
	seen := EOL(0)
	for _, e := range d.eols {
		if e == None {
			continue
		}
		if seen != 0 && e != seen {
			return "mixed"
		}
		seen = e
	}
	if seen == 0 {
		return "none"
	}
	return seen.String()
}

// WithNewEOL returns the document with e as the ending of new lines when
// it has no line break of its own to copy — a new or empty file, or one
// line without a newline — so that a file created from CRLF text is CRLF.
// A document with line breaks is returned as it is.
func (d *Doc) WithNewEOL(e EOL) *Doc {
	if e == None || d.FinalNewline() || d.LineCount() > 1 {
		return d
	}
	c := *d
	c.newEOL = e
	return &c
}

// dominantEOL is the line end used where an edit has no neighbor to copy:
// the file's most common one; for a file without line breaks, the one
// WithNewEOL gave, or LF.
func (d *Doc) dominantEOL() EOL {
	if d.newEOL != None && !d.FinalNewline() && d.LineCount() <= 1 {
		return d.newEOL
	}
	if d.eols == nil {
		return LF
	}
	var count [4]int
	for _, e := range d.eols {
		count[e]++
	}
	best := LF
	for _, e := range []EOL{CRLF, CR} {
		if count[e] > count[best] {
			best = e
		}
	}
	return best
}

func (d *Doc) rawStart(i int) int {
	if d.rawStarts == nil {
		return d.starts[i] + d.bom
	}
	return d.rawStarts[i]
}

// rawContentEnd is the raw offset where line i's content ends (before its
// line break).
func (d *Doc) rawContentEnd(i int) int {
	end := d.rawStart(i + 1)
	switch d.EOL(i) {
	case LF, CR:
		end -= len(d.enc.lf)
	case CRLF:
		end -= 2 * len(d.enc.lf)
	}
	return end
}

// lineDecoder decodes lines with one reused decoder, checking each line for
// bytes the encoding does not allow.
type lineDecoder struct {
	enc *Encoding
	buf []byte
}

func newLineDecoder(enc *Encoding) *lineDecoder { return &lineDecoder{enc: enc} }

func (ld *lineDecoder) decode(dst, raw []byte, line int) ([]byte, error) {
	enc := ld.enc
	if enc.asciiTransparent && isASCII(raw) {
		return append(dst, raw...), nil
	}
	s, err := decodeBytes(enc.enc, raw)
	if err != nil {
		return dst, &Error{Line: line, Msg: fmt.Sprintf("line %d is not valid %s: %v", line, enc.name, err)}
	}
	suspicious := enc.stateful || strings.Contains(s, "\uFFFD")
	if suspicious {
		if !enc.encodesReplacement && !enc.stateful {
			return dst, invalidLine(enc, line, raw)
		}
		back, err := encodeString(enc.enc, s)
		if err != nil || !bytes.Equal(back, raw) {
			if enc.stateful && err == nil {
				return dst, &Error{Line: line, Msg: fmt.Sprintf("line %d does not end in the initial shift state of %s, so it cannot be edited safely", line, enc.name)}
			}
			return dst, invalidLine(enc, line, raw)
		}
	}
	return append(dst, s...), nil
}

func invalidLine(enc *Encoding, line int, raw []byte) error {
	return &Error{Line: line, Msg: fmt.Sprintf("line %d is not valid %s (%q); name the file's real encoding", line, enc.name, clip(raw, 40))}
}

func clip(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// Len is the length of the body in bytes.
func (d *Doc) Len() int { return len(d.body) }

// Slice is the body text [start, end).
func (d *Doc) Slice(start, end int) string { return d.body[start:end] }

// EOLOf is how the line breaks of s end, by majority: LF, CRLF or CR; None
// when s has no line break.
func EOLOf(s string) EOL {
	var count [4]int
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			count[LF]++
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				count[CRLF]++
				i++
			} else {
				count[CR]++
			}
		}
	}
	best := None
	for _, e := range []EOL{LF, CRLF, CR} {
		if count[e] > count[best] {
			best = e
		}
	}
	return best
}
