package text

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// An Encoding is a character encoding a Doc is read and written in.
type Encoding struct {
	name string
	enc  encoding.Encoding // nil for UTF-8, which needs no transformation

	// How "\n" and "\r" look in this encoding; lines are split on them in the
	// raw bytes, stepping by len(lf) so UTF-16 code units stay aligned.
	lf, cr []byte

	// asciiTransparent: every byte below 0x80 stands for the same ASCII
	// character, so a pure-ASCII line needs no decoder.
	asciiTransparent bool
	// stateful: the encoding carries shift state across characters
	// (ISO-2022-JP, HZ), so text can only be spliced at line boundaries.
	stateful bool
	// encodesReplacement: U+FFFD is representable, so a decoded U+FFFD may be
	// genuine text rather than the decoder's mark for an invalid byte.
	encodesReplacement bool
	// byteOrderFromData: plain "UTF-16", whose byte order the BOM (or, lacking
	// one, the data) decides when a file is read.
	byteOrderFromData bool
}

// Name is the encoding's canonical lower-case name, such as "utf-8",
// "iso-8859-1" or "shift_jis".
func (e *Encoding) Name() string { return e.name }

// UTF8 is the default encoding.
var UTF8 = &Encoding{name: "utf-8", lf: []byte{'\n'}, cr: []byte{'\r'}, asciiTransparent: true, encodesReplacement: true}

// Latin1 reads any byte sequence and writes it back unchanged; it is what a
// file that is not valid UTF-8 is read as when no encoding is named.
var Latin1 = mustLookup("iso-8859-1")

var (
	utf16LE = mustLookup("utf-16le")
	utf16BE = mustLookup("utf-16be")
)

func mustLookup(name string) *Encoding {
	e, err := LookupEncoding(name)
	if err != nil {
		panic(err)
	}
	return e
}

// aliases maps names that Python, editors and people use to names the IANA
// index knows. Keys are in the form normalizeName produces.
var aliases = map[string]string{
	"utf8":        "utf-8",
	"utf-8-sig":   "utf-8",
	"u8":          "utf-8",
	"latin-1":     "iso-8859-1",
	"l1":          "iso-8859-1",
	"iso8859-1":   "iso-8859-1",
	"ascii":       "us-ascii",
	"sjis":        "shift_jis",
	"shift-jis":   "shift_jis",
	"s-jis":       "shift_jis",
	"cp932":       "shift_jis",
	"ms932":       "shift_jis",
	"mskanji":     "shift_jis",
	"windows-31j": "shift_jis",
	"eucjp":       "euc-jp",
	"ujis":        "euc-jp",
	"euckr":       "euc-kr",
	"cp949":       "euc-kr",
	"uhc":         "euc-kr",
	"gb2312":      "gbk",
	"cp936":       "gbk",
	"big5-hkscs":  "big5",
	"cp950":       "big5",
	"utf16":       "utf-16",
	"utf-16-le":   "utf-16le",
	"utf-16-be":   "utf-16be",
	"utf16le":     "utf-16le",
	"utf16be":     "utf-16be",
	"iso2022-jp":  "iso-2022-jp",
	"koi8r":       "koi8-r",
}

func normalizeName(name string) string {
	n := strings.ToLower(strings.TrimSpace(name))
	n = strings.ReplaceAll(n, "_", "-")
	if n == "shift-jis" {
		return "shift_jis"
	}
	if strings.HasPrefix(n, "cp125") && len(n) == 6 { // cp1250 … cp1258
		return "windows-" + n[2:]
	}
	return n
}

// LookupEncoding returns the encoding with the given name. It accepts IANA
// names and aliases ("ISO-8859-1", "latin1", "Shift_JIS", "windows-1252",
// "EUC-JP", "GBK", "UTF-16LE", …) and the common Python spellings ("latin-1",
// "cp1252", "cp932", "euc_jp", "utf_16_le"). An empty name means UTF-8.
func LookupEncoding(name string) (*Encoding, error) {
	if strings.TrimSpace(name) == "" {
		return UTF8, nil
	}
	n := normalizeName(name)
	if a, ok := aliases[n]; ok {
		n = a
	}
	switch n {
	case "utf-8":
		return UTF8, nil
	case "utf-16":
		return &Encoding{name: "utf-16", byteOrderFromData: true}, nil
	}
	enc, err := ianaindex.IANA.Encoding(n)
	if (err != nil || enc == nil) && strings.Contains(n, "-") {
		enc, err = ianaindex.IANA.Encoding(strings.ReplaceAll(n, "-", "_"))
	}
	if err != nil || enc == nil {
		return nil, fmt.Errorf("unknown encoding %q; use a name such as utf-8, latin1, windows-1252, shift_jis, euc-jp, gbk, euc-kr, big5 or utf-16le", name)
	}
	if enc == unicode.UTF8 {
		return UTF8, nil
	}
	return newEncoding(n, enc)
}

func newEncoding(lookupName string, enc encoding.Encoding) (*Encoding, error) {
	e := &Encoding{name: canonicalName(lookupName, enc), enc: enc}
	var err error
	if e.lf, err = encodeString(enc, "\n"); err != nil || len(e.lf) == 0 {
		return nil, fmt.Errorf("encoding %q cannot represent a line break", lookupName)
	}
	if e.cr, err = encodeString(enc, "\r"); err != nil || len(e.cr) != len(e.lf) {
		return nil, fmt.Errorf("encoding %q cannot represent a carriage return", lookupName)
	}
	switch e.name {
	case "iso-2022-jp", "hz-gb-2312":
		e.stateful = true
	}
	if !e.stateful {
		e.asciiTransparent = isASCIITransparent(enc)
	}
	if b, err := encodeString(enc, "\uFFFD"); err == nil && len(b) > 0 {
		e.encodesReplacement = true
	}
	return e, nil
}

func canonicalName(lookupName string, enc encoding.Encoding) string {
	if n, err := ianaindex.MIME.Name(enc); err == nil && n != "" {
		return strings.ToLower(n)
	}
	if n, err := ianaindex.IANA.Name(enc); err == nil && n != "" {
		return strings.ToLower(n)
	}
	return lookupName
}

func isASCIITransparent(enc encoding.Encoding) bool {
	var ascii [128]byte
	for i := range ascii {
		ascii[i] = byte(i)
	}
	got, err := decodeBytes(enc, ascii[:])
	return err == nil && got == string(ascii[:])
}

func encodeString(enc encoding.Encoding, s string) ([]byte, error) {
	b, _, err := transform.Bytes(enc.NewEncoder(), []byte(s))
	return b, err
}

func decodeBytes(enc encoding.Encoding, b []byte) (string, error) {
	s, _, err := transform.Bytes(enc.NewDecoder(), b)
	return string(s), err
}

// decodeLine decodes the content of one line (no line break).
func (e *Encoding) decodeLine(raw []byte) (string, error) {
	if e.enc == nil || (e.asciiTransparent && isASCII(raw)) {
		return string(raw), nil
	}
	return decodeBytes(e.enc, raw)
}

// encode appends the encoding of s, which holds no line breaks, to dst.
// It reports the first character the encoding cannot represent.
func (e *Encoding) encode(dst []byte, s string) ([]byte, error) {
	if e.enc == nil || (e.asciiTransparent && isASCIIString(s)) {
		return append(dst, s...), nil
	}
	b, _, err := transform.Bytes(e.enc.NewEncoder(), []byte(s))
	if err != nil {
		for _, r := range s {
			if _, err := encodeString(e.enc, string(r)); err != nil {
				return dst, fmt.Errorf("the character %q (U+%04X) cannot be written in %s", string(r), r, e.name)
			}
		}
		return dst, fmt.Errorf("the text cannot be written in %s: %v", e.name, err)
	}
	if e.stateful {
		// Shift-state encoders pass control characters such as ESC through,
		// producing bytes that read back differently; check the round trip.
		if back, err := decodeBytes(e.enc, b); err != nil || back != s {
			return dst, fmt.Errorf("the text %q cannot be written in %s unchanged", s, e.name)
		}
	}
	return append(dst, b...), nil
}

// rawColumn returns how many bytes of raw (one line's content) encode the
// first col bytes of its decoded text, or -1 when col is not a character
// boundary of the decoded text.
func (e *Encoding) rawColumn(raw []byte, decoded string, col int) int {
	if e.enc == nil || (e.asciiTransparent && len(raw) == len(decoded)) {
		return col
	}
	if col == len(decoded) {
		return len(raw)
	}
	if col == 0 {
		return 0
	}
	// A decoder stops when the next character does not fit in dst, and
	// reports how much source it consumed for what it wrote.
	dst := make([]byte, col)
	dec := e.enc.NewDecoder()
	nDst, nSrc, _ := dec.Transform(dst, raw, true)
	if nDst != col {
		return -1
	}
	return nSrc
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
