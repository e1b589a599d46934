package frameworks

import (
	"context"

	"github.com/editkit/editkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// RegisterMCP adds every editkit tool to an MCP Go SDK server. A failed
// edit is a tool error whose text says why; a request that wrote some of
// its edits is not.
func RegisterMCP(s *mcp.Server, ed *editkit.Editor) {
	for _, t := range editkit.Tools() {
		s.AddTool(&mcp.Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				out, err := ed.Call(ctx, t.Name, req.Params.Arguments)
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(out)}}, IsError: err != nil}, nil
			})
	}
}
