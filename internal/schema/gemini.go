package schema

import (
	"bytes"
	"encoding/json"
)

// Gemini rewrites a JSON Schema into the subset Gemini's function calling
// takes (an OpenAPI 3.0 schema): a type that is a list of one type and
// "null" becomes that type, marked nullable; additionalProperties and
// $schema are dropped. Everything else is kept as it is. A schema that is
// not a JSON object is returned unchanged.
func Gemini(data []byte) []byte {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return data
	}
	if _, ok := v.(map[string]any); !ok {
		return data
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(gemini(v)); err != nil {
		return data
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func gemini(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			switch k {
			case "additionalProperties", "$schema":
				continue
			case "type":
				if types, ok := x.([]any); ok {
					var kept []any
					for _, t := range types {
						if t == "null" {
							out["nullable"] = true
						} else {
							kept = append(kept, t)
						}
					}
					if len(kept) == 1 {
						out["type"] = kept[0]
						continue
					}
					x = kept
				}
			case "properties":
				// Property names are not keywords: keep them all.
				props, _ := x.(map[string]any)
				p := make(map[string]any, len(props))
				for name, s := range props {
					p[name] = gemini(s)
				}
				out[k] = p
				continue
			}
			out[k] = gemini(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = gemini(x)
		}
		return out
	}
	return v
}
