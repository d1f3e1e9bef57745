// A stdio MCP server for the watch bench: answers initialize, then, once the client says initialized, sends
// argv[2] notifications/message and exits when they are all written. Anything else the client sends is ignored.
// With argv[3] (ms) it sends them that far apart instead of as fast as the pipe takes them, and declares no logging
// capability, so that each one is a finding (LOG-001) for the live judge.
import { createInterface } from "node:readline";

const count = Number(process.argv[2]);
const interval = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function flood() {
  const params = { level: "info", logger: "bench", data: "x".repeat(64) };
  for (let i = 0; i < count; i++) {
    if (interval !== undefined) await new Promise((resolve) => setTimeout(resolve, interval));
    const line = `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { ...params, data: `${i}` } })}\n`;
    if (!process.stdout.write(line)) await new Promise((resolve) => process.stdout.once("drain", resolve));
  }
  process.stdout.end(() => process.exit(0));
}

createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.method === "initialize") {
    send({
      jsonrpc: "2.0",
      id: message.id,
      result: {
        protocolVersion: message.params.protocolVersion,
        capabilities: interval === undefined ? { logging: {} } : {},
        serverInfo: { name: "notify-server", version: "1.0.0" },
      },
    });
  } else if (message.method === "notifications/initialized") {
    void flood();
  }
});
