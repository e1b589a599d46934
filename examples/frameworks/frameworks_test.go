package frameworks

import (
	"context"
	"encoding/json"
	"iter"
	"os"
	"strings"
	"testing"

	"github.com/editkit/editkit"
	"github.com/firebase/genkit/go/genkit"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/adk/agent"
	"google.golang.org/adk/agent/llmagent"
	"google.golang.org/adk/model"
	"google.golang.org/adk/runner"
	"google.golang.org/adk/session"
	"google.golang.org/genai"
)

// newEditor is an editor on a workspace in memory with one file.
func newEditor(t *testing.T) (*editkit.Editor, *editkit.MemWorkspace) {
	t.Helper()
	var ws editkit.MemWorkspace
	if err := ws.WriteFile("a.txt", []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return &editkit.Editor{Workspace: &ws}, &ws
}

// edited checks that the edit_block call the test made landed.
func edited(t *testing.T, ws *editkit.MemWorkspace) {
	t.Helper()
	if b, _ := ws.ReadFile("a.txt"); string(b) != "one\nTWO\n" {
		t.Errorf("a.txt = %q, want the edit", b)
	}
}

const editArgs = `{"path": "a.txt", "search": "two", "replace": "TWO"}`

func TestMCP(t *testing.T) {
	ed, ws := newEditor(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "editkit", Version: "v0"}, nil)
	RegisterMCP(s, ed)
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != len(editkit.Tools()) {
		t.Fatalf("listed %d tools, want %d (%v)", len(list.Tools), len(editkit.Tools()), err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "edit_block", Arguments: json.RawMessage(editArgs)})
	if err != nil || res.IsError || res.StructuredContent == nil {
		t.Fatalf("edit_block: %v %+v", err, res)
	}
	edited(t, ws)
}

func TestMCPGo(t *testing.T) {
	ed, ws := newEditor(t)
	s := server.NewMCPServer("editkit", "v0")
	RegisterMCPGo(s, ed)
	if got := len(s.ListTools()); got != len(editkit.Tools()) {
		t.Fatalf("%d tools registered, want %d", got, len(editkit.Tools()))
	}
	var args map[string]any
	json.Unmarshal([]byte(editArgs), &args)
	req := mcpgo.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = "edit_block", args
	res, err := s.GetTool("edit_block").Handler(context.Background(), req)
	if err != nil || res.IsError {
		t.Fatalf("edit_block: %v %+v", err, res)
	}
	edited(t, ws)
}

func TestEino(t *testing.T) {
	ed, ws := newEditor(t)
	ts, err := EinoTools(ed)
	if err != nil || len(ts) != len(editkit.Tools()) {
		t.Fatalf("%d tools, %v", len(ts), err)
	}
	ctx := context.Background()
	for _, tool := range ts {
		info, err := tool.Info(ctx)
		if err != nil || info.ParamsOneOf == nil {
			t.Fatalf("%v: %v", info, err)
		}
		if info.Name == "edit_block" {
			out, err := tool.InvokableRun(ctx, editArgs)
			if err != nil || !strings.Contains(out, `"success":true`) {
				t.Fatalf("edit_block: %v %s", err, out)
			}
		}
	}
	edited(t, ws)
}

func TestGenkit(t *testing.T) {
	ed, ws := newEditor(t)
	ctx := context.Background()
	ts, err := DefineGenkitTools(genkit.Init(ctx), ed)
	if err != nil || len(ts) != len(editkit.Tools()) {
		t.Fatalf("%d tools, %v", len(ts), err)
	}
	var args map[string]any
	json.Unmarshal([]byte(editArgs), &args)
	for _, tool := range ts {
		if tool.Name() == "edit_block" {
			out, err := tool.RunRaw(ctx, args)
			if err != nil {
				t.Fatalf("edit_block: %v %v", err, out)
			}
		}
	}
	edited(t, ws)
}

func TestLangchain(t *testing.T) {
	ed, ws := newEditor(t)
	ts := LangchainTools(ed)
	if len(ts) != len(editkit.Tools()) {
		t.Fatalf("%d tools", len(ts))
	}
	for _, tool := range ts {
		if !strings.Contains(tool.Description(), `"properties"`) {
			t.Errorf("%s: the description does not carry the schema", tool.Name())
		}
		if tool.Name() == "edit_block" {
			out, err := tool.Call(context.Background(), editArgs)
			if err != nil || !strings.Contains(out, `"success":true`) {
				t.Fatalf("edit_block: %v %s", err, out)
			}
		}
	}
	edited(t, ws)
}

// TestReadmeSnippets: every Go snippet of the README that says it comes
// from a file of this module is in that file, line for line.
func TestReadmeSnippets(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, block := range strings.Split(string(readme), "```go\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		first, rest, _ := strings.Cut(block, "\n")
		name, ok := strings.CutPrefix(first, "// from examples/frameworks/")
		if !ok {
			continue
		}
		found++
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("the README quotes %s: %v", name, err)
		}
		for _, part := range strings.Split(strings.TrimSpace(rest), "\n\n") {
			if !strings.Contains(string(src), part) {
				t.Errorf("the README's snippet from %s is not in it any more:\n%s", name, part)
			}
		}
	}
	if found < 6 {
		t.Errorf("%d snippets from this module in the README, want one per framework", found)
	}
}

// scriptedModel is an ADK model that asks for one tool call, then answers
// with text: the agent loop runs for real, without a model.
type scriptedModel struct {
	call  *genai.FunctionCall
	calls int
}

func (m *scriptedModel) Name() string { return "scripted" }

func (m *scriptedModel) GenerateContent(ctx context.Context, req *model.LLMRequest, stream bool) iter.Seq2[*model.LLMResponse, error] {
	return func(yield func(*model.LLMResponse, error) bool) {
		m.calls++
		part := &genai.Part{Text: "done"}
		if m.calls == 1 {
			part = &genai.Part{FunctionCall: m.call}
		}
		yield(&model.LLMResponse{Content: &genai.Content{Role: "model", Parts: []*genai.Part{part}}}, nil)
	}
}

func TestADK(t *testing.T) {
	ed, ws := newEditor(t)
	tools, err := ADKTools(ed)
	if err != nil || len(tools) != len(editkit.Tools()) {
		t.Fatalf("%d tools, want %d (%v)", len(tools), len(editkit.Tools()), err)
	}
	var args map[string]any
	json.Unmarshal([]byte(editArgs), &args)
	m := &scriptedModel{call: &genai.FunctionCall{ID: "call-1", Name: "edit_block", Args: args}}
	a, err := llmagent.New(llmagent.Config{Name: "editor", Model: m, Tools: tools})
	if err != nil {
		t.Fatal(err)
	}
	r, err := runner.New(runner.Config{AppName: "editkit", Agent: a, SessionService: session.InMemoryService(), AutoCreateSession: true})
	if err != nil {
		t.Fatal(err)
	}
	var response map[string]any
	for ev, err := range r.Run(context.Background(), "user", "session", genai.NewContentFromText("edit a.txt", genai.RoleUser), agent.RunConfig{}) {
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ev.Content.Parts {
			if p.FunctionResponse != nil {
				response = p.FunctionResponse.Response
			}
		}
	}
	if response["success"] != true {
		t.Errorf("the tool's response: %v", response)
	}
	edited(t, ws)
}
