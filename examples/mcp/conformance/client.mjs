// Drives editkit-mcp with the official MCP TypeScript SDK client, as a
// client editkit did not write would: it lists the tools, compiles every
// schema under strict ajv, calls every tool, and checks the shape of
// successes and failures. The SDK itself checks each structuredContent
// against the tool's outputSchema.
//
//	node client.mjs ROOT COMMAND [ARG...]
//
// ROOT is the server's workspace, prepared by conformance_test.go. It
// prints a JSON summary on stdout and exits 1 after listing what failed.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import Ajv from "ajv";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const [root, command, ...args] = process.argv.slice(2);
const failures = [];
const fail = (what) => failures.push(what);

const transport = new StdioClientTransport({
  command,
  args: [...args, "-root", root],
  env: { ...process.env },
  stderr: "inherit",
});
// The client tells the transport the protocol version the server agreed
// to, when the transport asks.
let protocolVersion;
transport.setProtocolVersion = (v) => {
  protocolVersion = v;
};
const client = new Client({ name: "editkit-conformance", version: "1.0.0" });
await client.connect(transport);

const summary = {
  protocolVersion,
  latestProtocolVersion: LATEST_PROTOCOL_VERSION,
  server: client.getServerVersion(),
  capabilities: client.getServerCapabilities(),
  tools: [],
  calls: [],
};

// Every schema compiles under strict ajv: no unknown keyword, no
// ambiguous type list.
const { tools } = await client.listTools();
const ajv = new Ajv({ strict: true, allErrors: true });
for (const tool of tools) {
  summary.tools.push(tool.name);
  for (const [kind, schema] of [["inputSchema", tool.inputSchema], ["outputSchema", tool.outputSchema]]) {
    if (!schema || schema.type !== "object") {
      fail(`${tool.name}: ${kind} is missing or not an object schema`);
      continue;
    }
    try {
      ajv.compile(schema);
    } catch (e) {
      fail(`${tool.name}: ${kind} does not compile under strict ajv: ${e.message}`);
    }
  }
  if (!tool.title || !tool.annotations || typeof tool.annotations.destructiveHint !== "boolean") {
    fail(`${tool.name}: no title or hints`);
  }
}

// call runs one tool; the SDK rejects a result whose structuredContent
// does not match the tool's outputSchema, which fails here.
async function call(name, request, wantError) {
  let res;
  try {
    res = await client.callTool({ name, arguments: request });
  } catch (e) {
    fail(`${name}: ${e.message}`);
    return;
  }
  summary.calls.push({ name, isError: !!res.isError });
  if (!!res.isError !== wantError) {
    fail(`${name}: isError ${!!res.isError}, want ${wantError}: ${JSON.stringify(res.content)}`);
  }
  if (res.content?.length !== 1 || res.content[0].type !== "text") {
    fail(`${name}: content is not one text block: ${JSON.stringify(res.content)}`);
    return;
  }
  // One shape for every answer, failures included: the text is the JSON
  // result, the same object as the structured content.
  let parsed;
  try {
    parsed = JSON.parse(res.content[0].text);
  } catch {
    fail(`${name}: the text is not JSON: ${res.content[0].text}`);
    return;
  }
  if (typeof parsed.success !== "boolean" || typeof parsed.message !== "string" || !parsed.message) {
    fail(`${name}: no success and message: ${res.content[0].text}`);
  }
  if (JSON.stringify(parsed) !== JSON.stringify(res.structuredContent)) {
    fail(`${name}: the text and the structured content differ`);
  }
  return parsed;
}

const steps = JSON.parse(readFileSync(join(root, "..", "steps.json"), "utf8"));
for (const s of steps) {
  await call(s.tool, s.request, s.isError);
}
for (const tool of tools) {
  if (!summary.calls.some((c) => c.name === tool.name)) {
    fail(`${tool.name}: not called`);
  }
}

await client.close();
console.log(JSON.stringify(summary));
if (failures.length) {
  console.error(failures.join("\n"));
  process.exit(1);
}
