/**
 * Getting the judge's thread ready before the session needs it. Left cold, the first pass pays for everything at
 * once, when the initialize result arrives: the revision's registry and compiled schema are loaded, every check is
 * set up, and the first few hundred events run through code V8 has not yet compiled — a few hundred ms in which the
 * session's first findings wait. So, before the session's first byte (a watch starts before its server talks), the
 * thread judges a short made-up session at the revision a session most likely declares — its one finding attributed
 * to the requirements it counts against, as a real pass does with the session's first finding — and throws that judge
 * away; and as soon as a client's request names a version (the initialize request's `protocolVersion`, a 2026
 * request's `_meta`), that revision is loaded and its checks set up, while the server has yet to answer. What this
 * leaves in the thread (loaded registries and schemas, their requirements indexed by check, compiled code) is shared
 * by every judge on it; nothing a warm-up judge saw reaches a real one.
 */

import { classifyMessage, STATELESS_VERSION_META_KEY } from "@mcp-conf/session";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import {
  type Actor,
  Attribution,
  createJudge,
  findingKey,
  knownRevisions,
  opensWithInitialize,
} from "@mcp-conf/validator";

/** Revisions whose registry and checks this thread has loaded and set up (at most once each). */
const prepared = new Set<string>();

/** Whose obligations a warm-up judge judges: the same as the real judge's, so the same checks run. */
interface Warming {
  revision?: string;
  actor?: Actor;
}

/**
 * Judges a short made-up session on this thread, once, at `revision` (given with `--revision`) or else at the newest
 * revision a session opens with an initialize handshake.
 * Never throws: a failed warm-up only leaves the thread cold.
 */
export function warmUp(options: Warming = {}): void {
  try {
    const revision = options.revision ?? newestHandshakeRevision();
    if (revision === undefined || prepared.has(revision)) return;
    prepared.add(revision);
    const judge = createJudge({
      ...(options.revision === undefined ? {} : { revision: options.revision }),
      ...(options.actor === undefined ? {} : { actor: options.actor }),
    });
    for (const event of madeUpSession(revision)) judge.observe(event);
    const { registry, facts } = judge;
    if (registry === undefined || facts === undefined) return;
    const attribution = new Attribution(registry, options.actor);
    for (const finding of judge.findings()) {
      for (const live of attribution.attribute(finding, facts)) findingKey(live.requirement, live);
    }
  } catch {}
}

/** Loads a revision a client has named and sets up its checks, unless this thread already has. Never throws. */
export function prepare(revision: string, actor?: Actor): void {
  if (prepared.has(revision)) return;
  prepared.add(revision);
  try {
    createJudge({ revision, ...(actor === undefined ? {} : { actor }) });
  } catch {} // not a revision this validator knows: the real judge says so
}

/** The protocol version a client's request names (the initialize request's, or a request's `_meta` one), if any. */
export function versionNamedBy(event: TraceEvent): string | undefined {
  if (event.kind !== "message" || event.direction !== "client-to-server") return undefined;
  const message = classifyMessage(event.payload);
  if (message.type !== "request" || !isPlainObject(message.params)) return undefined;
  const { params } = message;
  if (message.method === "initialize" && typeof params.protocolVersion === "string") return params.protocolVersion;
  const version = isPlainObject(params._meta) ? params._meta[STATELESS_VERSION_META_KEY] : undefined;
  return typeof version === "string" ? version : undefined;
}

function newestHandshakeRevision(): string | undefined {
  return knownRevisions().reverse().find(opensWithInitialize);
}

/**
 * A short session at `revision`: the handshake, then two rounds of what servers are asked most (tools, resources,
 * prompts, pings, logging, progress, an unknown method), so each check's usual path has run before the real
 * session's first event. Its tools are described as servers usually describe theirs (a title, annotations, numbers
 * with bounds and defaults), since every tool's schema is read when the listing arrives; the second round's tool
 * result breaks the schema (a text block without its text), so the path of a finding has run too. Two rounds: what a
 * warm-up saves is mostly each function's first compile, and more rounds only cost CPU (bench/live-judge: one round
 * saved about as much of the first 500 events' time as twenty).
 */
export function madeUpSession(revision: string): TraceEvent[] {
  const events: TraceEvent[] = [];
  let seq = 0;
  const client = (payload: unknown) =>
    events.push({ seq: seq++, direction: "client-to-server", transport: "stdio", kind: "message", payload });
  const server = (payload: unknown) =>
    events.push({ seq: seq++, direction: "server-to-client", transport: "stdio", kind: "message", payload });
  let id = 0;
  const call = (method: string, params: unknown, result: unknown) => {
    client({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    server({ jsonrpc: "2.0", id: id++, result });
  };
  call(
    "initialize",
    {
      protocolVersion: revision,
      capabilities: { roots: { listChanged: true }, sampling: {} },
      clientInfo: { name: "warm-up", version: "1.0.0" },
    },
    {
      protocolVersion: revision,
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
      serverInfo: { name: "warm-up", version: "1.0.0" },
    },
  );
  client({ jsonrpc: "2.0", method: "notifications/initialized" });
  const echo = {
    name: "echo",
    description: "Echoes its text",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  };
  const sum = {
    name: "sum",
    title: "Sum",
    description: "Adds two numbers",
    inputSchema: {
      type: "object",
      properties: {
        a: { type: "number", description: "The first" },
        b: { type: "integer", description: "The second", minimum: 0, maximum: 100, default: 1 },
      },
      required: ["a"],
    },
    annotations: { readOnlyHint: true },
  };
  call("tools/list", undefined, { tools: [echo, sum] });
  call("resources/list", undefined, { resources: [{ uri: "file:///notes.txt", name: "notes" }] });
  call("prompts/list", undefined, { prompts: [{ name: "greet", description: "A greeting" }] });
  call("logging/setLevel", { level: "info" }, {});
  for (let round = 0; round < 2; round++) {
    const token = `warm-up-${round}`;
    client({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "echo", arguments: { text: "hello" }, _meta: { progressToken: token } },
    });
    server({
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: token, progress: 1, total: 1 },
    });
    const block = round === 0 ? { type: "text", text: "hello" } : { type: "text" };
    server({ jsonrpc: "2.0", id: id++, result: { content: [block] } });
    call(
      "tools/call",
      { name: "sum", arguments: { a: round, b: 2 } },
      { content: [{ type: "text", text: `${round + 2}` }] },
    );
    call(
      "resources/read",
      { uri: "file:///notes.txt" },
      { contents: [{ uri: "file:///notes.txt", mimeType: "text/plain", text: "notes" }] },
    );
    call("prompts/get", { name: "greet" }, { messages: [{ role: "user", content: { type: "text", text: "Hello" } }] });
    call("ping", undefined, {});
    server({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: `round ${round}` } });
    client({ jsonrpc: "2.0", id, method: "warm-up/unknown" });
    server({ jsonrpc: "2.0", id: id++, error: { code: -32601, message: "Method not found" } });
  }
  return events;
}
