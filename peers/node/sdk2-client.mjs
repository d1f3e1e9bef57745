// The official TypeScript SDK v2 (@modelcontextprotocol/client 2.4.0) as a client of the interop matrix.
// `--mode pin` pins 2026-07-28, `auto` probes with server/discover and falls back to initialize, `legacy` (the SDK's
// default) is the 2025 handshake. Usage: node sdk2-client.mjs --mode M [--call JSON] (--stdio CMD… | --http URL)
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parseArgs, tour } from "./tour.mjs";

const options = parseArgs(process.argv.slice(2));
const modes = { pin: { pin: "2026-07-28" }, auto: "auto", legacy: "legacy" };
const client = new Client(
  { name: "sdk2-client", version: "2.4.0" },
  { versionNegotiation: { mode: modes[options.mode ?? "legacy"] } },
);
const transport = options.http
  ? new StreamableHTTPClientTransport(new URL(options.http))
  : new StdioClientTransport({ command: options.stdio[0], args: options.stdio.slice(1), stderr: "inherit" });
await client.connect(transport);
await tour(client, options.call);
await client.close();
