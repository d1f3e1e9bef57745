// The official TypeScript SDK v2 (@modelcontextprotocol/server 2.4.0) as a server, one factory serving both eras:
// 2026-07-28 (per-request `_meta`, server/discover) and the 2025 handshake. `node sdk2-server.mjs stdio`, or
// `node sdk2-server.mjs http PORT` (prints its URL on stdout once it listens; 0 for any free port).
import http from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

function makeServer() {
  const server = new McpServer({ name: "sdk2-peer", version: "1.0.0" });
  server.registerTool(
    "echo",
    {
      description: "Echoes its message",
      inputSchema: z.object({ message: z.string() }),
      outputSchema: z.object({ echo: z.string() }),
    },
    // The text block is the structured result serialized, as the specification asks of structured tool output.
    async ({ message }) => ({
      content: [{ type: "text", text: JSON.stringify({ echo: message }) }],
      structuredContent: { echo: message },
    }),
  );
  server.registerPrompt(
    "greeting",
    { description: "A greeting", argsSchema: z.object({ name: z.string() }) },
    ({ name }) => ({ messages: [{ role: "user", content: { type: "text", text: `Hello, ${name}` } }] }),
  );
  server.registerResource("about", "info://about", { mimeType: "text/plain" }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: "text/plain", text: "an SDK v2 peer" }],
  }));
  return server;
}

const [mode, port] = process.argv.slice(2);
if (mode === "stdio") {
  serveStdio(makeServer);
} else if (mode === "http") {
  const handler = toNodeHandler(createMcpHandler(makeServer));
  const server = http.createServer((req, res) => void handler(req, res));
  server.listen(Number(port ?? 0), "127.0.0.1", () => {
    process.stdout.write(`http://127.0.0.1:${server.address().port}/mcp\n`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
} else {
  process.stderr.write("usage: sdk2-server.mjs stdio | http PORT\n");
  process.exit(2);
}
