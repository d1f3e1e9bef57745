/**
 * Real sessions recorded for the tests of diff, baseline and sessions: `mcp-conf record stdio` in front of a server
 * (server-everything, or a wrapper around it), driven by the official SDK client, which lists the tools and calls
 * `echo` and `get-sum` — and nothing is written by hand.
 */
import { fileURLToPath } from "node:url";
import { BIN, EVERYTHING, sdk, textOf } from "./record-helpers.js";

/** server-everything as `record stdio` starts it. */
export const EVERYTHING_SERVER = [process.execPath, EVERYTHING, "stdio"];

/** server-everything behind fixtures/rug-pull-server.mjs, which changes the `echo` tool's definition. */
export const RUG_PULL_SERVER = [
  process.execPath,
  fileURLToPath(new URL("fixtures/rug-pull-server.mjs", import.meta.url)),
  EVERYTHING,
];

export interface RecordingOptions {
  /** The server's command line. */
  server: string[];
  label: string;
  /** The trace file; absent, the session goes to the state directory. */
  output?: string;
  /** `MCP_CONF_HOME` for the recorder. */
  home: string;
}

/** Records one SDK-driven session through `mcp-conf record stdio`; resolves once the trace is written. */
export async function recordSession(options: RecordingOptions): Promise<void> {
  const { Client, StdioClientTransport } = await sdk();
  const args = [BIN, "record", "stdio", "--label", options.label];
  if (options.output !== undefined) args.push("-o", options.output);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...args, "--", ...options.server],
    env: { ...process.env, MCP_CONF_HOME: options.home } as Record<string, string>,
    stderr: "pipe",
  });
  const stderr = textOf(transport.stderr!);
  const client = new Client({ name: "mcp-conf-diff-test", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  await client.callTool({ name: "echo", arguments: { message: "hello" } });
  await client.callTool({ name: "get-sum", arguments: { a: 2, b: 3 } });
  await client.close();
  await stderr.waitFor(/mcp-conf record: trace written to/);
}
