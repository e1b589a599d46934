package frameworks

import (
	"context"

	"github.com/editkit/editkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// RegisterMCP adds every editkit tool to an MCP Go SDK server, with its
// output schema. A request that failed, in whole or in part, is a tool
// error whose text and structured content say why.
func RegisterMCP(s *mcp.Server, ed *editkit.Editor) {
	for _, t := range editkit.Tools() {
		s.AddTool(&mcp.Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				out, err := ed.Call(ctx, t.Name, req.Params.Arguments)
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(out)}}, StructuredContent: out, IsError: err != nil}, nil
			})
	}
}
