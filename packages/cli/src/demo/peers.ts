/**
 * The demo's real peers, the official SDK client (v1, and v2 with its server for the 2026-07-28 session) and
 * @modelcontextprotocol/server-everything, are not dependencies of the published CLI: they bring a hundred packages a user of `watch` or `validate` never runs. They are
 * found where the CLI can resolve them (the repository's workspace, or an install that has them), else the pinned
 * versions are installed once into `<state>/demo-peers` with npm, and loaded from there by path.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { installPinned, stateDirectory } from "@mcp-conf/gate";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { UsageError } from "../exit.js";

export const DEMO_PEERS = {
  "@modelcontextprotocol/sdk": "1.32.2",
  "@modelcontextprotocol/server-everything": "2026.8.31",
  "@modelcontextprotocol/client": "2.4.0",
  "@modelcontextprotocol/server": "2.4.0",
  zod: "4.6.7",
} as const;

/** What the demo takes from its peers: the SDKs' clients and stdio framing, and the server's entry script. */
export interface DemoPeers {
  Client: typeof Client;
  /** The SDK v2 client (typed loosely: the CLI does not depend on the v2 SDK's types). */
  ModernClient: new (
    info: { name: string; version: string },
    options: { versionNegotiation: { mode: { pin: string } } },
  ) => ModernClient;
  ReadBuffer: typeof ReadBuffer;
  serializeMessage: typeof serializeMessage;
  server: string;
  /** A directory the peers resolve from (modern-server.ts loads the SDK v2 server from it). */
  resolveFrom: string;
  /** Where they were found: the CLI's own resolution, or the state directory (`installed`: just now). */
  source: "project" | "state" | "installed";
}

/** Finds the peers, installing them into the state directory on first use; `narrate` hears about an install. */
export async function loadDemoPeers(env: NodeJS.ProcessEnv, narrate: (line: string) => void): Promise<DemoPeers> {
  const own = createRequire(import.meta.url);
  if (resolvable(own)) return load(own, dirname(fileURLToPath(import.meta.url)), "project");
  const dir = join(stateDirectory(env), "demo-peers");
  const fromState = createRequire(join(dir, "package.json"));
  if (resolvable(fromState)) return load(fromState, dir, "state");
  const specs = Object.entries(DEMO_PEERS).map(([name, version]) => `${name}@${version}`);
  narrate(`installing the demo's peers once, with npm, into ${dir}: ${specs.join(" ")}`);
  await installPinned(dir, specs, "demo");
  return load(fromState, dir, "installed");
}

/** What the 2026-07-28 session calls on the SDK v2 client. */
export interface ModernClient {
  connect(transport: unknown): Promise<void>;
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  getPrompt(params: { name: string; arguments: Record<string, string> }): Promise<unknown>;
  readResource(params: { uri: string }): Promise<unknown>;
  close(): Promise<void>;
}

function resolvable(require: NodeJS.Require): boolean {
  return Object.keys(DEMO_PEERS).every((name) => resolves(require, `${name}/package.json`) || resolves(require, name));
}

/** Whether `specifier` resolves: the SDK v2 packages export no `./package.json`, so their entry point is tried too. */
function resolves(require: NodeJS.Require, specifier: string): boolean {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

async function load(require: NodeJS.Require, resolveFrom: string, source: DemoPeers["source"]): Promise<DemoPeers> {
  const sdk = async (path: string) => import(pathToFileURL(require.resolve(`@modelcontextprotocol/sdk/${path}`)).href);
  const { Client } = await sdk("client/index.js");
  const { ReadBuffer, serializeMessage } = await sdk("shared/stdio.js");
  const server = join(
    dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
    "dist",
    "index.js",
  );
  if (!existsSync(server)) throw new UsageError(`demo: server-everything has no ${server}`);
  const { Client: ModernClient } = require("@modelcontextprotocol/client");
  return { Client, ModernClient, ReadBuffer, serializeMessage, server, resolveFrom, source };
}
