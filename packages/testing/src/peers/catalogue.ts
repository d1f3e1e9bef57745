/**
 * The real MCP peers the interop matrix runs, in four languages: how to start each server (stdio command, HTTP
 * launch) and how to run each client configuration against a stdio command or an HTTP URL. Programs of ours are in
 * `peers/` (node, python, go); the Python and Go toolchains are installed into `.peers/` by `scripts/ensure.d/`.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
/** The built CLI, through which every matrix session is recorded and judged. */
export const CLI = join(REPO_ROOT, "packages", "cli", "dist", "bin.js");
const PEERS = join(REPO_ROOT, "peers");
const PYTHON_BIN = join(REPO_ROOT, ".peers", "python", "bin");
const GO_BIN = join(REPO_ROOT, ".peers", "go", "bin");
const PYTHON = join(PYTHON_BIN, "python");
const NODE = process.execPath;
/** `node <this>` starts server-everything (append `stdio`, `streamableHttp` or `sse`). */
export const EVERYTHING = join(
  dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist",
  "index.js",
);

/** A tool call every client makes against that server: `{"name", "arguments"}`. */
export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ServerPeer {
  id: string;
  /** What it is, with its pinned version, for the docs page. */
  label: string;
  stdio: string[];
  /** argv of the HTTP server, `{port}` standing for the port it must listen on; absent: stdio only. */
  http?: { argv: string[]; path: string };
  call: ToolCall;
}

export interface ClientPeer {
  id: string;
  label: string;
  /** argv for a session: `target` is `["--stdio", …command]` or `["--http", url]`. */
  argv(call: ToolCall, target: string[]): string[];
}

const echo: ToolCall = { name: "echo", arguments: { message: "hello" } };

/** A server program of ours (`peers/`): `<argv> stdio`, or `<argv> http <port>` serving streamable HTTP at `/mcp`. */
function ourServer(id: string, label: string, argv: string[]): ServerPeer {
  return {
    id,
    label,
    stdio: [...argv, "stdio"],
    http: { argv: [...argv, "http", "{port}"], path: "/mcp" },
    call: echo,
  };
}

export const SERVERS: readonly ServerPeer[] = [
  ourServer("ts-sdk-v2", "TypeScript SDK v2 (`@modelcontextprotocol/server` 2.4.0, `/node` 2.1.2)", [
    NODE,
    join(PEERS, "node", "sdk2-server.mjs"),
  ]),
  ourServer("python-sdk", "Python SDK (`mcp` 2.3.0, `MCPServer`)", [PYTHON, join(PEERS, "python", "sdk_server.py")]),
  ourServer("fastmcp", "FastMCP 4 (`fastmcp` 4.1.6)", [PYTHON, join(PEERS, "python", "fastmcp_server.py")]),
  ourServer("go-sdk", "Go SDK (`github.com/modelcontextprotocol/go-sdk` v1.8.0)", [join(GO_BIN, "server")]),
  {
    id: "everything",
    label: "`@modelcontextprotocol/server-everything` 2026.8.31",
    stdio: [NODE, EVERYTHING, "stdio"],
    http: { argv: [NODE, EVERYTHING, "streamableHttp"], path: "/mcp" },
    call: echo,
  },
  {
    id: "time",
    label: "`mcp-server-time` 2026.10.19 (Python)",
    stdio: [join(PYTHON_BIN, "mcp-server-time"), "--local-timezone", "UTC"],
    call: { name: "get_current_time", arguments: { timezone: "UTC" } },
  },
  {
    id: "git",
    label: "`mcp-server-git` 2026.10.19 (Python)",
    stdio: [join(PYTHON_BIN, "mcp-server-git")],
    // The repository's own checkout: `git_status` only reads it.
    call: { name: "git_status", arguments: { repo_path: REPO_ROOT } },
  },
];

const node =
  (script: string, ...options: string[]) =>
  (call: ToolCall, target: string[]) => [
    NODE,
    join(PEERS, "node", script),
    ...options,
    "--call",
    JSON.stringify(call),
    ...target,
  ];
const python = (mode: string) => (call: ToolCall, target: string[]) => [
  PYTHON,
  join(PEERS, "python", "sdk_client.py"),
  "--mode",
  mode,
  "--call",
  JSON.stringify(call),
  ...target,
];
const go =
  (...options: string[]) =>
  (call: ToolCall, target: string[]) => [join(GO_BIN, "client"), ...options, "--call", JSON.stringify(call), ...target];

export const CLIENTS: readonly ClientPeer[] = [
  {
    id: "ts-sdk-v2 pin",
    label: "TypeScript SDK v2, pinned to 2026-07-28",
    argv: node("sdk2-client.mjs", "--mode", "pin"),
  },
  {
    id: "ts-sdk-v2 auto",
    label: "TypeScript SDK v2, `auto` negotiation",
    argv: node("sdk2-client.mjs", "--mode", "auto"),
  },
  {
    id: "ts-sdk-v2 legacy",
    label: "TypeScript SDK v2, `legacy` (its default)",
    argv: node("sdk2-client.mjs", "--mode", "legacy"),
  },
  { id: "ts-sdk-v1", label: "TypeScript SDK v1 (`@modelcontextprotocol/sdk` 1.32.2)", argv: node("sdk1-client.mjs") },
  { id: "python-sdk pin", label: "Python SDK, pinned to 2026-07-28", argv: python("2026-07-28") },
  { id: "python-sdk auto", label: "Python SDK, `auto` (its default)", argv: python("auto") },
  { id: "python-sdk legacy", label: "Python SDK, `legacy`", argv: python("legacy") },
  { id: "go-sdk", label: "Go SDK (its default, 2026-07-28)", argv: go() },
  { id: "go-sdk 2025-11-25", label: "Go SDK asking for 2025-11-25", argv: go("--version", "2025-11-25") },
];
