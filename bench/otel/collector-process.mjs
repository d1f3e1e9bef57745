// A real OTLP receiver (@elastic/mockotlpserver) in a process of its own, so its parsing does not run on the
// benchmark's event loop. Prints its base URL on the first line of stdout, then counts the spans it receives and
// prints the count when its standard input closes.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "..", "..", "packages", "otel-mapper", "package.json"));
const { MockOtlpServer } = require("@elastic/mockotlpserver");

let spans = 0;
const server = new MockOtlpServer({
  services: ["http"],
  httpHostname: "127.0.0.1",
  httpPort: 0,
  logLevel: "warn",
  onTrace: (trace) => {
    for (const rs of trace.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans += ss.spans?.length ?? 0;
  },
});
await server.start();
process.stdout.write(`${String(server.httpUrl).replace(/\/$/, "")}\n`);
process.stdin.resume();
process.stdin.on("end", async () => {
  process.stdout.write(`${spans}\n`);
  await server.close();
  process.exit(0);
});
