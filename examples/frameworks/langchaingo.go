package frameworks

import (
	"context"
	"fmt"

	"github.com/editkit/editkit"
	"github.com/tmc/langchaingo/tools"
)

// LangchainTools returns every editkit tool as a langchaingo tool. An agent
// of langchaingo passes a tool only its description, so the description
// ends with the tool's JSON Schema: the model learns the request's fields.
func LangchainTools(ed *editkit.Editor) []tools.Tool {
	var out []tools.Tool
	for _, t := range editkit.Tools() {
		out = append(out, langchainTool{ed: ed, t: t})
	}
	return out
}

type langchainTool struct {
	ed *editkit.Editor
	t  editkit.Tool
}

func (l langchainTool) Name() string { return l.t.Name }

func (l langchainTool) Description() string {
	return fmt.Sprintf("%s\nThe input is one JSON object of this JSON Schema: %s", l.t.Description, l.t.InputSchema)
}

// Call answers with editkit's JSON result, failures included.
func (l langchainTool) Call(ctx context.Context, input string) (string, error) {
	out, _ := l.ed.Call(ctx, l.t.Name, []byte(input))
	return string(out), nil
}
