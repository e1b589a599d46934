package text

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// Every case decodes, reports what it found, and writes back byte for byte.
var roundTrips = []struct {
	name     string
	raw      string
	encoding string // as the caller names it
	// what Decode must report
	body     string
	enc      string
	ending   string
	final    bool
	bom      bool
	fallback bool
}{
	{name: "empty", raw: "", body: "", enc: "utf-8", ending: "none"},
	{name: "LF", raw: "a\nb\n", body: "a\nb\n", enc: "utf-8", ending: "LF", final: true},
	{name: "CRLF", raw: "a\r\nb\r\n", body: "a\nb\n", enc: "utf-8", ending: "CRLF", final: true},
	{name: "lone CR", raw: "a\rb\r", body: "a\nb\n", enc: "utf-8", ending: "CR", final: true},
	{name: "mixed keeps each line's end", raw: "a\r\nb\nc\rd", body: "a\nb\nc\nd", enc: "utf-8", ending: "mixed"},
	{name: "CR CRLF is two breaks", raw: "a\r\r\nb", body: "a\n\nb", enc: "utf-8", ending: "mixed"},
	{name: "no final newline", raw: "a\nb", body: "a\nb", enc: "utf-8", ending: "LF"},
	{name: "one line no newline", raw: "abc", body: "abc", enc: "utf-8", ending: "none"},
	{name: "only newlines", raw: "\n\n", body: "\n\n", enc: "utf-8", ending: "LF", final: true},
	{name: "UTF-8 BOM", raw: "\xEF\xBB\xBFh\u00e9\r\n", body: "h\u00e9\n", enc: "utf-8", ending: "CRLF", final: true, bom: true},
	{name: "UTF-16LE BOM", raw: "\xFF\xFEa\x00\r\x00\n\x00\xe9\x00", body: "a\n\u00e9", enc: "utf-16le", ending: "CRLF", bom: true},
	{name: "UTF-16BE BOM", raw: "\xFE\xFF\x00a\x00\n\x30\x42", body: "a\n\u3042", enc: "utf-16be", ending: "LF", bom: true},
	{name: "UTF-16 named, order from data", raw: "a\x00\n\x00", encoding: "utf-16", body: "a\n", enc: "utf-16le", ending: "LF", final: true},
	{name: "latin1 named", raw: "caf\xe9\r\n", encoding: "latin1", body: "caf\u00e9\n", enc: "iso-8859-1", ending: "CRLF", final: true},
	{name: "Python's latin-1", raw: "\xff\n", encoding: "latin-1", body: "\u00ff\n", enc: "iso-8859-1", ending: "LF", final: true},
	{name: "windows-1252", raw: "\x80 euro\n", encoding: "cp1252", body: "\u20ac euro\n", enc: "windows-1252", ending: "LF", final: true},
	{name: "shift_jis CRLF", raw: "\x82\xa0\x82\xa2\r\nabc\r\n", encoding: "shift_jis", body: "\u3042\u3044\nabc\n", enc: "shift_jis", ending: "CRLF", final: true},
	{name: "shift_jis trail byte 0x5C", raw: "\x95\x5c\n", encoding: "Shift-JIS", body: "\u8868\n", enc: "shift_jis", ending: "LF", final: true},
	{name: "euc-jp", raw: "\xa4\xa2\n", encoding: "euc_jp", body: "\u3042\n", enc: "euc-jp", ending: "LF", final: true},
	{name: "gbk", raw: "\xc4\xe3\xba\xc3\n", encoding: "gbk", body: "\u4f60\u597d\n", enc: "gbk", ending: "LF", final: true},
	{name: "euc-kr", raw: "\xc7\xd1\n", encoding: "euc-kr", body: "\ud55c\n", enc: "euc-kr", ending: "LF", final: true},
	{name: "invalid UTF-8 falls back to latin1", raw: "caf\xe9\nok\n", body: "caf\u00e9\nok\n", enc: "iso-8859-1", ending: "LF", final: true, fallback: true},
	{name: "every byte survives the fallback", raw: allBytes(), body: latin1(allBytes()), enc: "iso-8859-1", ending: "mixed", fallback: true},
	{name: "iso-2022-jp, lines in initial state", raw: "a\x1b$B$\"\x1b(B\n", encoding: "iso-2022-jp", body: "a\u3042\n", enc: "iso-2022-jp", ending: "LF", final: true},
}

func allBytes() string {
	var b strings.Builder
	for i := 0; i < 256; i++ {
		b.WriteByte(byte(i))
	}
	return b.String()
}

func latin1(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\r' && i+1 < len(s) && s[i+1] == '\n':
			continue
		case c == '\r':
			c = '\n'
		}
		b.WriteRune(rune(c))
	}
	return b.String()
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range roundTrips {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Decode([]byte(tc.raw), tc.encoding)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			got := struct {
				Body, Enc, Ending  string
				Final, BOM, Fallbk bool
			}{d.Body(), d.Encoding().Name(), d.LineEnding(), d.FinalNewline(), d.BOM(), d.Fallback()}
			want := struct {
				Body, Enc, Ending  string
				Final, BOM, Fallbk bool
			}{tc.body, tc.enc, tc.ending, tc.final, tc.bom, tc.fallback}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("decoded (-want +got):\n%s", diff)
			}
			out, err := d.Apply(nil)
			if err != nil {
				t.Fatalf("Apply(nil): %v", err)
			}
			if !bytes.Equal(out, []byte(tc.raw)) {
				t.Errorf("round trip changed bytes:\n got %q\nwant %q", out, tc.raw)
			}
		})
	}
}

func TestDecodeRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, raw, encoding string
		line                int
		msg                 string
	}{
		{"invalid utf-8 when utf-8 is named", "ok\nbad\xff\n", "utf-8", 2, "line 2 is not valid utf-8"},
		{"truncated shift_jis", "ok\n\x82\n", "shift_jis", 2, "line 2 is not valid shift_jis"},
		{"unknown encoding", "x", "klingon", 0, `unknown encoding "klingon"`},
		{"odd-length utf-16", "\xff\xfea", "", 0, "odd number of bytes"},
		{"iso-2022-jp line left in JIS state", "\x1b$B$\"\n$\"\x1b(B\n", "iso-2022-jp", 1, "initial shift state"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode([]byte(tc.raw), tc.encoding)
			var te *Error
			if !errors.As(err, &te) {
				t.Fatalf("Decode error = %v, want *Error", err)
			}
			if te.Line != tc.line || !strings.Contains(te.Msg, tc.msg) {
				t.Errorf("error = line %d %q, want line %d containing %q", te.Line, te.Msg, tc.line, tc.msg)
			}
		})
	}
}

func TestLines(t *testing.T) {
	d, err := Decode([]byte("one\r\ntwo\n\nfour"), "")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	var eols []string
	for i := 0; i < d.LineCount(); i++ {
		lines = append(lines, d.Line(i))
		eols = append(eols, d.EOL(i).String())
	}
	if diff := cmp.Diff([]string{"one", "two", "", "four"}, lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"CRLF", "LF", "LF", "none"}, eols); diff != "" {
		t.Errorf("eols (-want +got):\n%s", diff)
	}
	for off, want := range map[int]int{0: 0, 3: 0, 4: 1, 8: 2, 9: 3, 13: 4} {
		if got := d.LineOf(off); got != want {
			t.Errorf("LineOf(%d) = %d, want %d", off, got, want)
		}
	}
}

func TestApply(t *testing.T) {
	for _, tc := range []struct {
		name     string
		raw      string
		encoding string
		edits    []Edit
		want     string
	}{
		{"replace inside a CRLF line", "ab\r\ncd\r\n", "", []Edit{{Start: 1, End: 2, New: "X"}}, "aX\r\ncd\r\n"},
		{"new lines take the replaced line's CRLF", "ab\r\ncd\r\n", "", []Edit{{Start: 0, End: 3, New: "x\ny\nz\n"}}, "x\r\ny\r\nz\r\ncd\r\n"},
		{"mixed endings are copied in order", "a\r\nb\nc\r\n", "", []Edit{{Start: 0, End: 6, New: "1\n2\n3\n"}}, "1\r\n2\n3\r\n"},
		{"insert at a line start copies that line's end", "a\nb\r\nc\n", "", []Edit{{Start: 2, End: 2, New: "new\n"}}, "a\nnew\r\nb\r\nc\n"},
		{"append to a file without final newline", "a\r\nb", "", []Edit{{Start: 3, End: 3, New: "\nc"}}, "a\r\nb\r\nc"},
		{"append after the final newline", "a\r\nb\r\n", "", []Edit{{Start: 4, End: 4, New: "c\n"}}, "a\r\nb\r\nc\r\n"},
		{"delete a CRLF line whole", "a\r\nb\r\nc\r\n", "", []Edit{{Start: 2, End: 4, New: ""}}, "a\r\nc\r\n"},
		{"lone CR file stays CR", "a\rb\r", "", []Edit{{Start: 2, End: 2, New: "x\n"}}, "a\rx\rb\r"},
		// A lone CR followed by an LF would read back as one CRLF break.
		{"empty line inserted after a lone CR line", "a\rb\nc\n", "", []Edit{{Start: 2, End: 2, New: "\n"}}, "a\r\r\nb\nc\n"},
		{"a line deleted between a lone CR and an LF", "a\rb\n\nc\n", "", []Edit{{Start: 2, End: 4, New: ""}}, "a\r\r\nc\n"},
		{"a line emptied after a lone CR line", "a\rb\nc\n", "", []Edit{{Start: 2, End: 3, New: ""}}, "a\r\r\nc\n"},
		{"new text ending in a copied CR before an LF line", "a\rb\n\nc\n", "", []Edit{{Start: 0, End: 4, New: "x\n"}}, "x\r\n\nc\n"},
		{"BOM and UTF-16 kept", "\xFF\xFEa\x00\r\x00\n\x00", "", []Edit{{Start: 0, End: 1, New: "b\nc"}}, "\xFF\xFEb\x00\r\x00\n\x00c\x00\r\x00\n\x00"},
		{"latin1 writes latin1", "caf\xe9\n", "latin1", []Edit{{Start: 0, End: 3, New: "th\u00e9"}}, "th\xe9\xe9\n"},
		{"shift_jis splices bytes, not lines", "\x82\xa0X\x82\xa2\r\n", "shift_jis", []Edit{{Start: 3, End: 4, New: "Y"}}, "\x82\xa0Y\x82\xa2\r\n"},
		{"shift_jis keeps a duplicate-mapped character it did not touch", "\xed\x40 a\n", "shift_jis", []Edit{{Start: 4, End: 5, New: "b"}}, "\xed\x40 b\n"},
		{"several edits", "1\n2\n3\n4\n", "", []Edit{{Start: 0, End: 1, New: "one"}, {Start: 4, End: 6, New: ""}, {Start: 8, End: 8, New: "end\n"}}, "one\n2\n4\nend\n"},
		{"empty file gets LF", "", "", []Edit{{Start: 0, End: 0, New: "a\nb\n"}}, "a\nb\n"},
		{"stateful encoding rewrites whole lines", "ab\n\x1b$B$\"\x1b(B\n", "iso-2022-jp", []Edit{{Start: 1, End: 2, New: "\u3044"}}, "a\x1b$B$$\x1b(B\n\x1b$B$\"\x1b(B\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Decode([]byte(tc.raw), tc.encoding)
			if err != nil {
				t.Fatal(err)
			}
			got, err := d.Apply(tc.edits)
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("Apply (-want +got):\n%s", diff)
			}
		})
	}
}

func TestKeepBOM(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		edits     []Edit
		want      string
	}{
		{"the file's BOM copied into new text at its start", "\xEF\xBB\xBFa\nb\n", []Edit{{Start: 0, End: 2, New: "\ufeffA\n"}}, "\xEF\xBB\xBFA\nb\n"},
		{"UTF-16 too", "\xFF\xFEa\x00\n\x00", []Edit{{Start: 0, End: 1, New: "\ufeffb"}}, "\xFF\xFEb\x00\n\x00"},
		{"a file without a BOM gets the one the request writes", "a\n", []Edit{{Start: 0, End: 1, New: "\ufeffA"}}, "\xEF\xBB\xBFA\n"},
		{"U+FEFF past the start is text", "\xEF\xBB\xBFa\nb\n", []Edit{{Start: 2, End: 3, New: "\ufeffB"}}, "\xEF\xBB\xBFa\n\xEF\xBB\xBFB\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Decode([]byte(tc.raw), "")
			if err != nil {
				t.Fatal(err)
			}
			got, err := d.Apply(tc.edits) // Apply keeps the file to one BOM itself
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestApplyRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, raw, encoding string
		edits               []Edit
		msg                 string
	}{
		{"character latin1 cannot hold", "a\n", "latin1", []Edit{{Start: 0, End: 1, New: "\u20ac"}}, `"€" (U+20AC) cannot be written in iso-8859-1`},
		{"fallback file refuses what latin1 cannot hold", "\xff\n", "", []Edit{{Start: 0, End: 0, New: "\u4e16"}}, "cannot be written in iso-8859-1"},
		{"overlapping edits", "abc", "", []Edit{{Start: 0, End: 2, New: "x"}, {Start: 1, End: 3, New: "y"}}, "out of order"},
		{"past the end", "abc", "", []Edit{{Start: 2, End: 9, New: "x"}}, "outside the text"},
		{"splits a character", "h\u00e9", "", []Edit{{Start: 2, End: 3, New: "x"}}, "splits a character"},
		{"invalid UTF-8 in new text", "a", "", []Edit{{Start: 0, End: 1, New: "\xff"}}, "not valid UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Decode([]byte(tc.raw), tc.encoding)
			if err != nil {
				t.Fatal(err)
			}
			_, err = d.Apply(tc.edits)
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Apply error = %v, want it to contain %q", err, tc.msg)
			}
		})
	}
}

func TestLookupEncoding(t *testing.T) {
	for name, want := range map[string]string{
		"":            "utf-8",
		"UTF8":        "utf-8",
		"latin1":      "iso-8859-1",
		"ISO-8859-1":  "iso-8859-1",
		"cp1252":      "windows-1252",
		"Shift_JIS":   "shift_jis",
		"cp932":       "shift_jis",
		"euc_jp":      "euc-jp",
		"gb2312":      "gbk",
		"utf_16_le":   "utf-16le",
		"big5":        "big5",
		"koi8-r":      "koi8-r",
		"ascii":       "us-ascii",
		"iso-8859-15": "iso-8859-15",
	} {
		e, err := LookupEncoding(name)
		if err != nil {
			t.Errorf("LookupEncoding(%q): %v", name, err)
			continue
		}
		if e.Name() != want {
			t.Errorf("LookupEncoding(%q) = %q, want %q", name, e.Name(), want)
		}
	}
}

var fuzzEncodings = []string{"", "utf-8", "latin1", "windows-1252", "shift_jis", "euc-jp", "gbk", "utf-16le", "utf-16be", "iso-2022-jp"}

func addSeeds(f *testing.F) {
	for _, tc := range roundTrips {
		f.Add([]byte(tc.raw), uint8(0), uint16(1), uint16(2), "x\ny")
	}
	f.Add([]byte("a\r\nb\nc\rd"), uint8(0), uint16(2), uint16(5), "\n")
	f.Add([]byte("\x82\xa0\x82\xa2\r\n"), uint8(4), uint16(3), uint16(3), "\u3046\n")
}

// FuzzRoundTrip: whatever Decode accepts, Apply(nil) writes back unchanged.
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, raw []byte, enc uint8, _, _ uint16, _ string) {
		d, err := Decode(raw, fuzzEncodings[int(enc)%len(fuzzEncodings)])
		if err != nil {
			return
		}
		out, err := d.Apply(nil)
		if err != nil {
			t.Fatalf("Apply(nil): %v", err)
		}
		if !bytes.Equal(out, raw) {
			t.Fatalf("round trip changed bytes:\n got %q\nwant %q", out, raw)
		}
	})
}

// FuzzEditLocality: an edit of one span leaves every byte outside it
// identical, and the result decodes to the edited body.
func FuzzEditLocality(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, raw []byte, enc uint8, a, b uint16, repl string) {
		name := fuzzEncodings[int(enc)%len(fuzzEncodings)]
		d, err := Decode(raw, name)
		if err != nil || !utf8.ValidString(repl) {
			return
		}
		body := d.Body()
		s, e := int(a)%(len(body)+1), int(b)%(len(body)+1)
		if s > e {
			s, e = e, s
		}
		for s > 0 && !d.charBoundary(s) {
			s--
		}
		for e < len(body) && !d.charBoundary(e) {
			e++
		}
		out, err := d.Apply([]Edit{{Start: s, End: e, New: repl}})
		if err != nil {
			var te *Error
			if !errors.As(err, &te) || !strings.Contains(te.Msg, "cannot be written") {
				t.Fatalf("Apply: %v", err)
			}
			return
		}
		rs, _ := d.rawOffset(s)
		re, _ := d.rawOffset(e)
		if d.enc.stateful {
			rs = d.rawStart(d.LineOf(s))
			re = len(raw) - len(raw[re:]) // suffix check below still holds from the line end
			if l := d.LineOf(e); l < d.LineCount() && d.starts[l] != e {
				re = d.rawContentEnd(l)
			}
		}
		if !bytes.HasPrefix(out, raw[:rs]) {
			t.Fatalf("bytes before the edit changed:\n got %q\nwant prefix %q", out, raw[:rs])
		}
		// (An LF right after the edit may become a CRLF, when the edit
		// leaves a lone CR before it; the suffix check still holds.)
		if !bytes.HasSuffix(out, raw[re:]) {
			t.Fatalf("bytes after the edit changed:\n got %q\nwant suffix %q", out, raw[re:])
		}
		if name == "" {
			name = d.Encoding().Name()
		}
		if strings.Contains(repl, "\r") {
			return // a CR in the new text is a line break of its own
		}
		back, err := Decode(out, name)
		if err != nil {
			t.Fatalf("edited file does not decode: %v", err)
		}
		if want := body[:s] + repl + body[e:]; back.Body() != want {
			t.Fatalf("edited file reads back as %q, want %q", back.Body(), want)
		}
	})
}

func hasLoneCR(d *Doc) bool {
	for i := 0; i < d.LineCount(); i++ {
		if d.EOL(i) == CR {
			return true
		}
	}
	return false
}
