package frameworks

import (
	"encoding/json"

	"github.com/editkit/editkit"
	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
)

// DefineGenkitTools defines every editkit tool in a genkit instance, with
// editkit's own schema as the tool's input schema, and returns them for
// ai.WithTools.
func DefineGenkitTools(g *genkit.Genkit, ed *editkit.Editor) ([]ai.Tool, error) {
	var out []ai.Tool
	for _, t := range editkit.Tools() {
		var schema map[string]any
		if err := json.Unmarshal(t.InputSchema, &schema); err != nil {
			return nil, err
		}
		out = append(out, genkit.DefineToolWithInputSchema(g, t.Name, t.Description, schema,
			func(ctx *ai.ToolContext, input any) (json.RawMessage, error) {
				args, err := json.Marshal(input)
				if err != nil {
					return nil, err
				}
				res, _ := ed.Call(ctx, t.Name, args)
				return res, nil
			}))
	}
	return out, nil
}
