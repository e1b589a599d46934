package frameworks

import (
	"encoding/json"

	"github.com/editkit/editkit"
	"github.com/google/jsonschema-go/jsonschema"
	"google.golang.org/adk/agent"
	"google.golang.org/adk/tool"
	"google.golang.org/adk/tool/functiontool"
)

// ADKTools returns every editkit tool as an ADK function tool, with the
// input schema in the form Gemini takes. A failed edit is a result whose
// message says why, not an error, so that the model reads it.
func ADKTools(ed *editkit.Editor) ([]tool.Tool, error) {
	var out []tool.Tool
	for _, t := range editkit.GeminiTools() {
		var schema jsonschema.Schema
		if err := json.Unmarshal(t.InputSchema, &schema); err != nil {
			return nil, err
		}
		ft, err := functiontool.New(functiontool.Config{Name: t.Name, Description: t.Description, InputSchema: &schema},
			func(ctx agent.ToolContext, args map[string]any) (map[string]any, error) {
				input, err := json.Marshal(args)
				if err != nil {
					return nil, err
				}
				res, _ := ed.Call(ctx, t.Name, input)
				var result map[string]any
				return result, json.Unmarshal(res, &result)
			})
		if err != nil {
			return nil, err
		}
		out = append(out, ft)
	}
	return out, nil
}
