package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestConformance drives the server with a client editkit did not write:
// the official MCP TypeScript SDK's, from conformance/client.mjs. It lists
// the tools, compiles every input and output schema under strict ajv,
// calls every tool as TestCallEveryTool does and then a few that must
// fail, and the SDK checks each structuredContent against the tool's
// outputSchema. It needs node and the SDK, installed by
// `npm ci --prefix conformance` (.ci/run does it); it is skipped without
// node.
func TestConformance(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	if _, err := os.Stat(filepath.Join("conformance", "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		t.Skip("the MCP TypeScript SDK is not installed: run npm ci --prefix conformance")
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root)
	os.WriteFile(filepath.Join(root, "dup.py"), []byte("x = 1\ny = 2\nx = 1\n"), 0o644)

	type call struct {
		Tool    string          `json:"tool"`
		Request json.RawMessage `json:"request"`
		IsError bool            `json:"isError"`
	}
	var calls []call
	for _, s := range everyTool {
		calls = append(calls, call{Tool: s.tool, Request: json.RawMessage(s.args)})
	}
	for _, c := range []call{
		{Tool: "edit_block", Request: json.RawMessage(`{"path": "dup.py", "search": "x = 1", "replace": "x = 3"}`), IsError: true},
		{Tool: "edit_block", Request: json.RawMessage(`{"path": "dup.py", "find": "x", "replace": "y"}`), IsError: true},
		{Tool: "view", Request: json.RawMessage(`{}`), IsError: true},
		{Tool: "view", Request: json.RawMessage(`{"path": "dup.py", "startLine": 0}`), IsError: true},
		{Tool: "view", Request: json.RawMessage(`{"path": "missing.txt"}`), IsError: true},
		// Two of three edits land: no error, the failure is listed.
		{Tool: "batch_edit_blocks", Request: json.RawMessage(`{"path": "dup.py", "edits": [{"search": "y = 2", "replace": "y = 3"}, {"search": "z", "replace": "w"}]}`)},
	} {
		calls = append(calls, c)
	}
	data, err := json.Marshal(calls)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "steps.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(node, filepath.Join("conformance", "client.mjs"), root, os.Args[0])
	cmd.Env = append(os.Environ(), serverEnv+"=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the TypeScript SDK client failed: %v\n%s", err, stderr.String())
	}
	var summary struct {
		ProtocolVersion string `json:"protocolVersion"`
		Latest          string `json:"latestProtocolVersion"`
		Server          struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		} `json:"server"`
		Capabilities map[string]any `json:"capabilities"`
		Tools        []string       `json:"tools"`
		Calls        []struct {
			Name    string `json:"name"`
			IsError bool   `json:"isError"`
		} `json:"calls"`
	}
	if err := json.Unmarshal(out, &summary); err != nil {
		t.Fatalf("the client's summary: %v\n%s", err, out)
	}
	// The server speaks the newest protocol the client offers.
	if summary.ProtocolVersion == "" || summary.ProtocolVersion != summary.Latest {
		t.Errorf("protocol version %q, the client's newest is %q", summary.ProtocolVersion, summary.Latest)
	}
	if summary.Server.Name != "editkit" || summary.Capabilities["tools"] == nil || len(summary.Calls) != len(calls) {
		t.Errorf("summary: %s", out)
	}
	t.Logf("%s %s, protocol %s: %d tools, %d calls", summary.Server.Name, summary.Server.Version, summary.ProtocolVersion, len(summary.Tools), len(summary.Calls))
}
