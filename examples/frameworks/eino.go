package frameworks

import (
	"context"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/schema"
	"github.com/editkit/editkit"
	"github.com/eino-contrib/jsonschema"
)

// EinoTools returns every editkit tool as an eino InvokableTool, for a
// ToolsNode or a ChatModel's BindTools.
func EinoTools(ed *editkit.Editor) ([]tool.InvokableTool, error) {
	var out []tool.InvokableTool
	for _, t := range editkit.Tools() {
		var s jsonschema.Schema
		if err := s.UnmarshalJSON(t.InputSchema); err != nil {
			return nil, err
		}
		out = append(out, &einoTool{ed: ed, info: &schema.ToolInfo{Name: t.Name, Desc: t.Description, ParamsOneOf: schema.NewParamsOneOfByJSONSchema(&s)}})
	}
	return out, nil
}

type einoTool struct {
	ed   *editkit.Editor
	info *schema.ToolInfo
}

func (t *einoTool) Info(context.Context) (*schema.ToolInfo, error) { return t.info, nil }

// InvokableRun answers with editkit's JSON result, failures included, so
// that the model reads what went wrong.
func (t *einoTool) InvokableRun(ctx context.Context, args string, _ ...tool.Option) (string, error) {
	out, _ := t.ed.Call(ctx, t.info.Name, []byte(args))
	return string(out), nil
}
