// An MCP client built on the TypeScript SDK, as the interop tests drive it:
//   node client.mjs stdio COMMAND [ARGS...]
//   node client.mjs http URL
// TOKEN (a bearer token) and CALLS (a JSON list of {name, arguments}) come
// from the environment. It prints one JSON line: the tools as listed, each
// call's result, the protocol version and the session id.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [mode, target, ...rest] = process.argv.slice(2);
const transport =
  mode === "stdio"
    ? new StdioClientTransport({ command: target, args: rest, stderr: "inherit" })
    : new StreamableHTTPClientTransport(new URL(target), {
        requestInit: process.env.TOKEN
          ? { headers: { Authorization: `Bearer ${process.env.TOKEN}` } }
          : undefined,
      });
const client = new Client({ name: "loopctl-interop", version: "0.0.1" });
await client.connect(transport);
const tools = await client.listTools();
const results = [];
for (const call of JSON.parse(process.env.CALLS ?? "[]")) {
  results.push(await client.callTool(call));
}
console.log(
  JSON.stringify({
    tools: tools.tools,
    results,
    protocol: transport.protocolVersion ?? null,
    session: transport.sessionId ?? null,
  }),
);
if (mode !== "stdio") await transport.terminateSession().catch(() => {});
await client.close();
