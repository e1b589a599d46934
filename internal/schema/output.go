package schema

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
)

// For returns the JSON Schema of what encoding/json writes for a value of
// type t, as a tree of maps ready to marshal: a struct is an object of its
// exported fields (embedded structs inlined), a field without omitempty is
// required, and null is allowed wherever a nil slice, map or pointer is
// written as null. A type that marshals itself, an interface and a
// recursive type are left open ({}), since their shape is not in the type.
func For(t reflect.Type) map[string]any {
	return of(t, map[reflect.Type]bool{})
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

func of(t reflect.Type, seen map[reflect.Type]bool) map[string]any {
	if t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler) {
		return map[string]any{}
	}
	if t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler) {
		return map[string]any{"type": "string"}
	}
	switch t.Kind() {
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Pointer:
		return nullable(of(t.Elem(), seen))
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": []any{"string", "null"}} // base64
		}
		return map[string]any{"type": []any{"array", "null"}, "items": of(t.Elem(), seen)}
	case reflect.Array:
		return map[string]any{"type": "array", "items": of(t.Elem(), seen)}
	case reflect.Map:
		return map[string]any{"type": []any{"object", "null"}}
	case reflect.Struct:
		if seen[t] {
			return map[string]any{}
		}
		seen[t] = true
		defer delete(seen, t)
		props, required := map[string]any{}, []any{}
		fields(t, seen, props, &required)
		return map[string]any{"type": "object", "properties": props, "required": required}
	}
	return map[string]any{} // interfaces, and what encoding/json refuses
}

// fields adds the properties of struct t to props, as encoding/json names
// them.
func fields(t reflect.Type, seen map[reflect.Type]bool, props map[string]any, required *[]any) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				fields(et, seen, props, required)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if !ok || name == "" {
			name = f.Name
		}
		s := of(f.Type, seen)
		if hasOpt(opts, "string") {
			s = map[string]any{"type": "string"}
		}
		props[name] = s
		if !hasOpt(opts, "omitempty") && !hasOpt(opts, "omitzero") {
			*required = append(*required, name)
		}
	}
}

func hasOpt(opts, name string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == name {
			return true
		}
	}
	return false
}

// nullable lets s be null too.
func nullable(s map[string]any) map[string]any {
	switch typ := s["type"].(type) {
	case string:
		s["type"] = []any{typ, "null"}
	case []any:
		for _, k := range typ {
			if k == "null" {
				return s
			}
		}
		s["type"] = append(typ, "null")
	}
	return s
}
