// Package schema reads a JSON request strictly against the JSON Schema of
// its tool — the subset editkit's hand-written schemas use: type (one or a
// list), properties, required, additionalProperties, items, enum, minimum,
// maximum, minItems, maxItems and anyOf. The request is checked as it is
// read, token by token, so a hostile one costs no more than its length and
// an array is refused as soon as it has too many items.
//
// It is stricter than encoding/json, which is why it exists: a required
// field that is missing is an error, not an empty value; a key is matched
// exactly, not case-insensitively, and a key that appears twice in an
// object — however its letters are cased — is refused, where
// encoding/json lets the last one win. A null value for a property that is
// not required counts as leaving it out, as the strict modes of some model
// APIs send it.
package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// A Schema is a compiled JSON Schema.
type Schema struct {
	Types      []string           // "object", "array", "string", "integer", "number", "boolean", "null"; none: any
	Properties map[string]*Schema // of an object
	Required   []string
	Closed     bool // additionalProperties is false
	Items      *Schema
	Enum       []any // strings, numbers or booleans
	Minimum    *float64
	Maximum    *float64
	MinItems   int
	MaxItems   int // 0: no limit
	AnyOf      []*Schema

	order []string // of Properties, as written
}

type raw struct {
	Type                 json.RawMessage            `json:"type"`
	Properties           map[string]json.RawMessage `json:"properties"`
	Required             []string                   `json:"required"`
	AdditionalProperties *bool                      `json:"additionalProperties"`
	Items                json.RawMessage            `json:"items"`
	Enum                 []any                      `json:"enum"`
	Minimum              *float64                   `json:"minimum"`
	Maximum              *float64                   `json:"maximum"`
	MinItems             int                        `json:"minItems"`
	MaxItems             int                        `json:"maxItems"`
	AnyOf                []json.RawMessage          `json:"anyOf"`
}

// Compile parses a JSON Schema.
func Compile(data []byte) (*Schema, error) {
	var r raw
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	s := &Schema{Required: r.Required, Closed: r.AdditionalProperties != nil && !*r.AdditionalProperties,
		Enum: r.Enum, Minimum: r.Minimum, Maximum: r.Maximum, MinItems: r.MinItems, MaxItems: r.MaxItems}
	if len(r.Type) > 0 {
		var one string
		if json.Unmarshal(r.Type, &one) == nil {
			s.Types = []string{one}
		} else if err := json.Unmarshal(r.Type, &s.Types); err != nil {
			return nil, fmt.Errorf("type: %v", err)
		}
	}
	if len(r.Properties) > 0 {
		s.Properties = map[string]*Schema{}
		s.order = keyOrder(data)
		for name, p := range r.Properties {
			ps, err := Compile(p)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			s.Properties[name] = ps
		}
	}
	if len(r.Items) > 0 {
		is, err := Compile(r.Items)
		if err != nil {
			return nil, fmt.Errorf("items: %v", err)
		}
		s.Items = is
	}
	for i, a := range r.AnyOf {
		as, err := Compile(a)
		if err != nil {
			return nil, fmt.Errorf("anyOf[%d]: %v", i, err)
		}
		s.AnyOf = append(s.AnyOf, as)
	}
	return s, nil
}

// MustCompile is Compile for schemas known to be valid; it panics on error.
func MustCompile(data []byte) *Schema {
	s, err := Compile(data)
	if err != nil {
		panic("schema: " + err.Error())
	}
	return s
}

// An Error is what is wrong with a request, and where: Path is the field,
// such as "edits[2].search", or "" for the request as a whole.
type Error struct {
	Path string
	Msg  string
	// Fields are the fields the object at Path may have, for a hint.
	Fields []string
}

func (e *Error) Error() string { return e.Msg }

// MaxProblems is how many problems Check reports before it stops reading.
const MaxProblems = 20

// Check reads input as one JSON value that s accepts. maxItems, when above
// 0, caps every array whose schema sets no cap of its own. It reports
// every problem it finds, up to MaxProblems, as a *Problems; input that is
// not JSON, or an array over its cap, ends the reading at once.
func (s *Schema) Check(input []byte, maxItems int) error {
	dec := json.NewDecoder(bytes.NewReader(input))
	dec.UseNumber()
	c := &checker{dec: dec, maxItems: maxItems}
	err := c.value(s, "")
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = &Error{Msg: "there is more after the JSON object; send one object"}
		}
	}
	if err != nil && err != errStop {
		c.note(err.(*Error))
	}
	if len(c.problems) == 0 {
		return nil
	}
	return &Problems{List: c.problems}
}

// Problems is every problem Check found, in the order of the request.
type Problems struct{ List []*Error }

func (p *Problems) Error() string {
	msgs := make([]string, len(p.List))
	for i, e := range p.List {
		msgs[i] = e.Msg
	}
	return strings.Join(msgs, "; ")
}

// errStop ends a check: the input cannot be read further, or enough
// problems are known.
var errStop = errors.New("stop")

type checker struct {
	dec      *json.Decoder
	maxItems int
	problems []*Error
}

// note records a problem that does not stop the reading, and returns
// errStop once there are enough.
func (c *checker) note(e *Error) error {
	c.problems = append(c.problems, e)
	if len(c.problems) >= MaxProblems {
		return errStop
	}
	return nil
}

// fatal records a problem after which the input cannot be read on.
func (c *checker) fatal(e *Error) error {
	c.problems = append(c.problems, e)
	return errStop
}

// skip reads the rest of a value whose first token was tok.
func (c *checker) skip(tok json.Token) error {
	d, ok := tok.(json.Delim)
	if !ok || d == '}' || d == ']' {
		return nil
	}
	for depth := 1; depth > 0; {
		t, err := c.dec.Token()
		if err != nil {
			return c.fatal(syntaxError(err, c.dec.InputOffset()))
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// value reads one value at path and checks it against s.
func (c *checker) value(s *Schema, path string) error {
	tok, err := c.dec.Token()
	if err != nil {
		return c.fatal(syntaxError(err, c.dec.InputOffset()))
	}
	return c.token(s, path, tok)
}

// token checks the value that starts with tok, reading the rest of it.
// Problems are noted; the error is errStop when reading must end.
func (c *checker) token(s *Schema, path string, tok json.Token) error {
	if len(s.AnyOf) > 0 {
		return c.anyOf(s, path, tok)
	}
	kind := kindOf(tok)
	if !s.allows(kind) {
		if err := c.note(&Error{Path: path, Msg: fmt.Sprintf("%s must be %s, not %s", name(path), s.typeList(), article(kind))}); err != nil {
			return err
		}
		return c.skip(tok)
	}
	switch kind {
	case "object":
		return c.object(s, path)
	case "array":
		return c.array(s, path)
	}
	if e := s.scalar(path, tok); e != nil {
		return c.note(e)
	}
	return nil
}

// anyOf checks a value against the first alternative whose type it has.
// Alternatives are told apart by type only, which is all editkit's schemas
// need, so the value is read once.
func (c *checker) anyOf(s *Schema, path string, tok json.Token) error {
	kind := kindOf(tok)
	for _, a := range s.AnyOf {
		if a.allows(kind) {
			return c.token(a, path, tok)
		}
	}
	var types []string
	for _, a := range s.AnyOf {
		types = append(types, a.typeList())
	}
	if err := c.note(&Error{Path: path, Msg: fmt.Sprintf("%s must be %s, not %s", name(path), strings.Join(types, " or "), article(kind))}); err != nil {
		return err
	}
	return c.skip(tok)
}

func (c *checker) object(s *Schema, path string) error {
	seen := map[string]string{} // folded key → key as sent
	var present []string
	for c.dec.More() {
		tok, err := c.dec.Token()
		if err != nil {
			return c.fatal(syntaxError(err, c.dec.InputOffset()))
		}
		key := tok.(string) // the decoder gives only strings in key position
		at := join(path, key)
		next, err := c.dec.Token()
		if err != nil {
			return c.fatal(syntaxError(err, c.dec.InputOffset()))
		}
		folded := strings.ToLower(key)
		ps, known := s.Properties[key]
		var problem *Error
		switch prev, dup := seen[folded]; {
		case dup:
			also := ""
			if prev != key {
				also = fmt.Sprintf(" (also as %q)", prev)
			}
			problem = &Error{Path: at, Msg: fmt.Sprintf("the field %q appears twice in %s%s; send it once", key, where(path), also)}
		case !known && s.Closed:
			problem = unknown(s, path, key)
		}
		seen[folded] = key
		if problem != nil {
			if err := c.note(problem); err != nil {
				return err
			}
			if err := c.skip(next); err != nil {
				return err
			}
			continue
		}
		if !known {
			ps = &Schema{}
		}
		if next == nil && known && !slices.Contains(s.Required, key) {
			continue // null for an optional field: left out
		}
		present = append(present, key)
		if err := c.token(ps, at, next); err != nil {
			return err
		}
	}
	if _, err := c.dec.Token(); err != nil { // the closing brace
		return c.fatal(syntaxError(err, c.dec.InputOffset()))
	}
	for _, r := range s.Required {
		if !slices.Contains(present, r) {
			e := &Error{Path: join(path, r), Msg: fmt.Sprintf("%s has no %q field, and it is required", where(path), r), Fields: s.fieldNames()}
			if err := c.note(e); err != nil {
				return err
			}
		}
	}
	return nil
}

func unknown(s *Schema, path, key string) *Error {
	for k := range s.Properties {
		if strings.EqualFold(k, key) {
			return &Error{Path: join(path, key), Msg: fmt.Sprintf("unknown field %q in %s; did you mean %q? Field names are case-sensitive", key, where(path), k), Fields: s.fieldNames()}
		}
	}
	return &Error{Path: join(path, key), Msg: fmt.Sprintf("unknown field %q in %s", key, where(path)), Fields: s.fieldNames()}
}

func (c *checker) array(s *Schema, path string) error {
	limit := s.MaxItems
	if limit == 0 {
		limit = c.maxItems
	}
	items := s.Items
	if items == nil {
		items = &Schema{}
	}
	n := 0
	for c.dec.More() {
		if limit > 0 && n == limit {
			return c.fatal(&Error{Path: path, Msg: fmt.Sprintf("%s has more than %d items; send at most %d in one request", name(path), limit, limit)})
		}
		if err := c.value(items, fmt.Sprintf("%s[%d]", path, n)); err != nil {
			return err
		}
		n++
	}
	if _, err := c.dec.Token(); err != nil {
		return c.fatal(syntaxError(err, c.dec.InputOffset()))
	}
	if n < s.MinItems {
		return c.note(&Error{Path: path, Msg: fmt.Sprintf("%s must have at least %d %s", name(path), s.MinItems, plural(s.MinItems, "item"))})
	}
	return nil
}

func (s *Schema) scalar(path string, tok json.Token) *Error {
	if len(s.Enum) > 0 && !slices.ContainsFunc(s.Enum, func(e any) bool { return sameValue(e, tok) }) {
		var opts []string
		for _, e := range s.Enum {
			opts = append(opts, fmt.Sprint(e))
		}
		return &Error{Path: path, Msg: fmt.Sprintf("%s must be one of %s, not %s", name(path), strings.Join(opts, ", "), show(tok))}
	}
	n, ok := tok.(json.Number)
	if !ok {
		return nil
	}
	f, err := n.Float64()
	if err != nil || math.IsInf(f, 0) {
		return &Error{Path: path, Msg: fmt.Sprintf("%s is the number %s, which is out of range", name(path), n)}
	}
	if !slices.Contains(s.Types, "number") && slices.Contains(s.Types, "integer") {
		if _, err := strconv.ParseInt(string(n), 10, 64); errors.Is(err, strconv.ErrRange) {
			return &Error{Path: path, Msg: fmt.Sprintf("%s is the number %s, which is out of range", name(path), n)}
		}
	}
	if s.Minimum != nil && f < *s.Minimum {
		return &Error{Path: path, Msg: fmt.Sprintf("%s must be at least %s (got %s)", name(path), fmtNum(*s.Minimum), n)}
	}
	if s.Maximum != nil && f > *s.Maximum {
		return &Error{Path: path, Msg: fmt.Sprintf("%s must be at most %s (got %s)", name(path), fmtNum(*s.Maximum), n)}
	}
	return nil
}

// allows reports whether a value of the JSON kind may stand here.
func (s *Schema) allows(kind string) bool {
	if len(s.Types) == 0 {
		return true
	}
	for _, t := range s.Types {
		if t == kind || t == "number" && kind == "integer" {
			return true
		}
	}
	return false
}

func (s *Schema) typeList() string {
	if len(s.Types) == 0 {
		return "a value"
	}
	parts := make([]string, len(s.Types))
	for i, t := range s.Types {
		parts[i] = article(t)
	}
	return strings.Join(parts, " or ")
}

// fieldNames lists the properties in the order the schema gives them.
func (s *Schema) fieldNames() []string {
	names := slices.Clone(s.order)
	for n := range s.Properties {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// keyOrder returns the keys of the "properties" object of a schema, in the
// order they are written.
func keyOrder(data []byte) []string {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(top["properties"]))
	if _, err := dec.Token(); err != nil {
		return nil
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return keys
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return keys
		}
	}
	return keys
}

// kindOf is the JSON kind of a token: "integer" for a number written
// without a fraction or exponent.
func kindOf(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return "object"
		}
		return "array"
	case string:
		return "string"
	case json.Number:
		if strings.ContainsAny(string(t), ".eE") {
			return "number"
		}
		return "integer"
	case bool:
		return "boolean"
	}
	return "null"
}

func sameValue(e any, tok json.Token) bool {
	switch v := e.(type) {
	case float64:
		n, ok := tok.(json.Number)
		if !ok {
			return false
		}
		f, err := n.Float64()
		return err == nil && f == v
	}
	return e == tok
}

func syntaxError(err error, off int64) *Error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return &Error{Msg: "the request is not valid JSON: it ends too early"}
	}
	return &Error{Msg: fmt.Sprintf("the request is not valid JSON: %v (at byte %d)", strings.TrimPrefix(err.Error(), "json: "), off)}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func name(path string) string {
	if path == "" {
		return "the request"
	}
	return fmt.Sprintf("field %q", path)
}

func where(path string) string {
	if path == "" {
		return "the request"
	}
	return path
}

func article(kind string) string {
	switch kind {
	case "object", "array", "integer":
		return "an " + kind
	case "null":
		return "null"
	case "boolean":
		return "true or false"
	}
	return "a " + kind
}

func show(tok json.Token) string {
	if s, ok := tok.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(tok)
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}
