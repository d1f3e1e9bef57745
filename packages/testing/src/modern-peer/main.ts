/**
 * Runs the modern peer server as a process: `tsx main.ts --stdio`, or `tsx main.ts --http PORT` (prints its URL on
 * stdout once it listens, 0 for any free port).
 */
import { runModernStdioServer, startModernHttpServer } from "./transports.js";

const [mode, port] = process.argv.slice(2);
if (mode === "--stdio") {
  await runModernStdioServer(process.stdin, process.stdout);
} else if (mode === "--http") {
  const server = await startModernHttpServer(Number(port ?? 0));
  process.stdout.write(`${server.url}\n`);
  process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
} else {
  process.stderr.write("usage: main.ts --stdio | --http PORT\n");
  process.exit(2);
}
