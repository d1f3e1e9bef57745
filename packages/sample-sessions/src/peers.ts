/**
 * The real peers of the sample sessions, the official SDK client (v1, and v2 with its server for the 2026-07-28
 * session) and @modelcontextprotocol/server-everything, are not dependencies of this package: they bring a hundred
 * packages a user of `mcp-conf watch` or `validate` never runs. They are found where this package can resolve them
 * (the repository's workspace, or an install that has them), else the pinned versions are installed once into
 * `<state>/demo-peers` with npm, and loaded from there by path.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { GateError, installPinned, stateDirectory } from "@mcp-conf/gate";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";

/** The peers' pinned versions, installed on first use where they do not resolve. */
export const SAMPLE_PEERS = {
  "@modelcontextprotocol/sdk": "1.32.2",
  "@modelcontextprotocol/server-everything": "2026.8.31",
  "@modelcontextprotocol/client": "2.4.0",
  "@modelcontextprotocol/server": "2.4.0",
  zod: "4.6.7",
} as const;

/** What the sample sessions take from their peers: the SDKs' clients and stdio framing, and the servers to run. */
export interface SamplePeers {
  Client: typeof Client;
  /** The SDK v2 client (typed loosely: this package does not depend on the v2 SDK's types). */
  ModernClient: new (
    info: { name: string; version: string },
    options: { versionNegotiation: { mode: { pin: string } } },
  ) => ModernClient;
  ReadBuffer: typeof ReadBuffer;
  serializeMessage: typeof serializeMessage;
  /** server-everything's entry script: run it with `node SCRIPT stdio`. */
  server: string;
  /** The command line of the SDK v2 server (a tool, a prompt, a resource) over stdio: `node SCRIPT DIR`. */
  modernServer: string[];
  /** A directory the peers resolve from (the SDK v2 server loads its SDK from it). */
  resolveFrom: string;
  /** Where they were found: this package's own resolution, or the state directory (`installed`: just now). */
  source: "project" | "state" | "installed";
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

export interface LoadSamplePeersOptions {
  /** Whose state directory the peers are installed into (`MCP_CONF_HOME`, XDG); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Hears about an install, before it starts. */
  narrate?: (line: string) => void;
  /** Who asks, for the first word of an error (a `GateError`); default `sample-sessions`. */
  name?: string;
}

/** Finds the peers, installing them into the state directory on first use. */
export async function loadSamplePeers(options: LoadSamplePeersOptions = {}): Promise<SamplePeers> {
  const { env = process.env, name = "sample-sessions" } = options;
  const own = createRequire(import.meta.url);
  if (resolvable(own)) return load(own, dirname(fileURLToPath(import.meta.url)), "project", name);
  const dir = join(stateDirectory(env), "demo-peers");
  const fromState = createRequire(join(dir, "package.json"));
  if (resolvable(fromState)) return load(fromState, dir, "state", name);
  const specs = Object.entries(SAMPLE_PEERS).map(([peer, version]) => `${peer}@${version}`);
  options.narrate?.(`installing the demo's peers once, with npm, into ${dir}: ${specs.join(" ")}`);
  await installPinned(dir, specs, name);
  return load(fromState, dir, "installed", name);
}

function resolvable(require: NodeJS.Require): boolean {
  return Object.keys(SAMPLE_PEERS).every(
    (peer) => resolves(require, `${peer}/package.json`) || resolves(require, peer),
  );
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

async function load(
  require: NodeJS.Require,
  resolveFrom: string,
  source: SamplePeers["source"],
  name: string,
): Promise<SamplePeers> {
  const sdk = async (path: string) => import(pathToFileURL(require.resolve(`@modelcontextprotocol/sdk/${path}`)).href);
  const { Client } = await sdk("client/index.js");
  const { ReadBuffer, serializeMessage } = await sdk("shared/stdio.js");
  const server = join(
    dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
    "dist",
    "index.js",
  );
  if (!existsSync(server)) throw new GateError(`${name}: server-everything has no ${server}`);
  const { Client: ModernClient } = require("@modelcontextprotocol/client");
  const modernServer = [process.execPath, fileURLToPath(new URL("./sdk-v2-server.js", import.meta.url)), resolveFrom];
  return { Client, ModernClient, ReadBuffer, serializeMessage, server, modernServer, resolveFrom, source };
}
