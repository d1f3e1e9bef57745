/**
 * The demo's two real peers, the official SDK client and @modelcontextprotocol/server-everything, are not
 * dependencies of the published CLI: they bring a hundred packages a user of `watch` or `validate` never runs. They are
 * found where the CLI can resolve them (the repository's workspace, or an install that has them), else the pinned
 * versions are installed once into `<state>/demo-peers` with npm, and loaded from there by path.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { stateDirectory } from "@mcp-conf/gate";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { UsageError } from "../exit.js";
import { installPinned } from "../pinned-install.js";

export const DEMO_PEERS = {
  "@modelcontextprotocol/sdk": "1.32.2",
  "@modelcontextprotocol/server-everything": "2026.8.31",
} as const;

/** What the demo takes from its peers: the SDK's client and stdio framing, and the server's entry script. */
export interface DemoPeers {
  Client: typeof Client;
  ReadBuffer: typeof ReadBuffer;
  serializeMessage: typeof serializeMessage;
  server: string;
  /** Where they were found: the CLI's own resolution, or the state directory (`installed`: just now). */
  source: "project" | "state" | "installed";
}

/** Finds the peers, installing them into the state directory on first use; `narrate` hears about an install. */
export async function loadDemoPeers(env: NodeJS.ProcessEnv, narrate: (line: string) => void): Promise<DemoPeers> {
  const own = createRequire(import.meta.url);
  if (resolvable(own)) return load(own, "project");
  const dir = join(stateDirectory(env), "demo-peers");
  const fromState = createRequire(join(dir, "package.json"));
  if (resolvable(fromState)) return load(fromState, "state");
  const specs = Object.entries(DEMO_PEERS).map(([name, version]) => `${name}@${version}`);
  narrate(`installing the demo's peers once, with npm, into ${dir}: ${specs.join(" ")}`);
  await installPinned(dir, specs, "demo");
  return load(fromState, "installed");
}

function resolvable(require: NodeJS.Require): boolean {
  try {
    for (const name of Object.keys(DEMO_PEERS)) require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

async function load(require: NodeJS.Require, source: DemoPeers["source"]): Promise<DemoPeers> {
  const sdk = async (path: string) => import(pathToFileURL(require.resolve(`@modelcontextprotocol/sdk/${path}`)).href);
  const { Client } = await sdk("client/index.js");
  const { ReadBuffer, serializeMessage } = await sdk("shared/stdio.js");
  const server = join(
    dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
    "dist",
    "index.js",
  );
  if (!existsSync(server)) throw new UsageError(`demo: server-everything has no ${server}`);
  return { Client, ReadBuffer, serializeMessage, server, source };
}
