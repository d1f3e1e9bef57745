// The bench's small stdio server: reads newline-delimited JSON-RPC, parses every line (as any server must), answers
// each request with an empty result, and answers `bench/count` with how many messages it has read so far.
import { createInterface } from "node:readline";

let count = 0;
createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
  const message = JSON.parse(line);
  count++;
  if (message.id === undefined) return;
  const result = message.method === "bench/count" ? { count } : {};
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: message.id, result })}\n`);
});
