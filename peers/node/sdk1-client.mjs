// The official TypeScript SDK v1 (@modelcontextprotocol/sdk 1.32.2) as a client of the interop matrix: the 2025
// handshake at its latest revision, 2025-11-25. Usage: node sdk1-client.mjs [--call JSON] (--stdio CMD… | --http URL)
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parseArgs, tour } from "./tour.mjs";

const options = parseArgs(process.argv.slice(2));
const client = new Client({ name: "sdk1-client", version: "1.32.2" });
const transport = options.http
  ? new StreamableHTTPClientTransport(new URL(options.http))
  : new StdioClientTransport({ command: options.stdio[0], args: options.stdio.slice(1), stderr: "inherit" });
await client.connect(transport);
await tour(client, options.call);
await client.close();
