package frameworks

import (
	"context"
	"encoding/json"

	"github.com/editkit/editkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// RegisterMCPGo adds every editkit tool to a mark3labs/mcp-go server, with
// editkit's own schema as the tool's input schema.
func RegisterMCPGo(s *server.MCPServer, ed *editkit.Editor) {
	for _, t := range editkit.Tools() {
		s.AddTool(mcp.NewToolWithRawSchema(t.Name, t.Description, t.InputSchema),
			func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				args, err := json.Marshal(req.GetRawArguments())
				if err != nil {
					return mcp.NewToolResultError(err.Error()), nil
				}
				out, err := ed.Call(ctx, t.Name, args)
				res := mcp.NewToolResultText(string(out))
				res.IsError = err != nil
				return res, nil
			})
	}
}
