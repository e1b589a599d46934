// Package frameworks registers every editkit tool with the Go agent
// frameworks people wire models with — the MCP Go SDK, mark3labs/mcp-go,
// eino, genkit, adk-go and langchaingo — each in a few lines, compiled and
// tested against the frameworks' current releases. It is a module of its own so
// that the library keeps its three dependencies; the README's snippets are
// these functions.
//
// Every adapter passes the model's JSON arguments to [editkit.Editor.Call]
// unchanged, so editkit reads them strictly (unknown or missing fields are
// refused with the fields it takes) and always answers with its JSON
// result, failures included.
package frameworks
