/**
 * The 2026-07-28 sample server, run as its own process (under `watch stdio` in `mcp-conf demo`): the official
 * TypeScript SDK v2 server (`serveStdio`, which serves 2026-07-28 and the 2025 handshake from one factory) with a tool,
 * a prompt and a resource. The SDK is not a dependency of this package: it is loaded from where the peers were found
 * (argv[2], a directory to resolve packages from; see peers.ts).
 */
import { createRequire } from "node:module";
import { join } from "node:path";

const from = createRequire(join(process.argv[2] ?? process.cwd(), "package.json"));
const { McpServer } = from("@modelcontextprotocol/server");
const { serveStdio } = from("@modelcontextprotocol/server/stdio");
const { z } = from("zod");

function demoServer() {
  const server = new McpServer({ name: "mcp-conf-demo-sdk-v2", version: "1.0.0" });
  server.registerTool(
    "echo",
    {
      description: "Echoes its message",
      inputSchema: z.object({ message: z.string() }),
      outputSchema: z.object({ echo: z.string() }),
    },
    async ({ message }: { message: string }) => ({
      content: [{ type: "text", text: JSON.stringify({ echo: message }) }],
      structuredContent: { echo: message },
    }),
  );
  server.registerPrompt(
    "greeting",
    { description: "A greeting", argsSchema: z.object({ name: z.string() }) },
    ({ name }: { name: string }) => ({
      messages: [{ role: "user", content: { type: "text", text: `Hello, ${name}` } }],
    }),
  );
  server.registerResource("about", "demo://about", { mimeType: "text/plain" }, async (uri: URL) => ({
    contents: [{ uri: uri.href, mimeType: "text/plain", text: "the demo's SDK v2 server" }],
  }));
  return server;
}

serveStdio(demoServer);
