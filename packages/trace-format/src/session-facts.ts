/**
 * Read-off helpers over exchanges: what the initialize exchange requested and negotiated (or, in the stateless
 * 2026-07-28 era, the protocol version each request declares in `_meta`), and both sides' capabilities.
 */
import type { Exchange, MessageRef } from "./correlator.js";
import { isPlainObject } from "./jsonrpc.js";

export const STATELESS_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";

export interface SessionFacts {
  /** `params.protocolVersion` of the client's initialize request. */
  requestedVersion?: string;
  /** `result.protocolVersion` of the server's initialize result. */
  negotiatedVersion?: string;
  /** The first `_meta["io.modelcontextprotocol/protocolVersion"]` a request declared (stateless revisions). */
  statelessVersion?: string;
  clientCapabilities?: Record<string, unknown>;
  serverCapabilities?: Record<string, unknown>;
  clientInfo?: Record<string, unknown>;
  serverInfo?: Record<string, unknown>;
  /** Seq of the initialize request and of its answer, when seen. */
  initializeSeq?: number;
  initializedResponseSeq?: number;
}

/** The protocol version the trace declares: the negotiated one, else the stateless `_meta` one. */
export function declaredVersion(facts: SessionFacts): string | undefined {
  return facts.negotiatedVersion ?? facts.statelessVersion;
}

/** Accumulates session facts; feed it every message and every exchange in seq order. */
export class SessionFactsTracker {
  readonly facts: SessionFacts = {};

  message(ref: MessageRef): void {
    const m = ref.message;
    if (m.type !== "request" || ref.direction !== "client-to-server") return;
    if (m.method === "initialize" && this.facts.initializeSeq === undefined && isPlainObject(m.params)) {
      this.facts.initializeSeq = ref.seq;
      if (typeof m.params.protocolVersion === "string") this.facts.requestedVersion = m.params.protocolVersion;
      if (isPlainObject(m.params.capabilities)) this.facts.clientCapabilities = m.params.capabilities;
      if (isPlainObject(m.params.clientInfo)) this.facts.clientInfo = m.params.clientInfo;
    }
    if (this.facts.statelessVersion === undefined && isPlainObject(m.params) && isPlainObject(m.params._meta)) {
      const v = m.params._meta[STATELESS_VERSION_META_KEY];
      if (typeof v === "string") this.facts.statelessVersion = v;
    }
  }

  exchange(x: Exchange): void {
    if (x.type !== "request" || x.method !== "initialize" || x.request.direction !== "client-to-server") return;
    if (this.facts.initializedResponseSeq !== undefined || !x.response) return;
    const m = x.response.message;
    if (m.type !== "result" || !isPlainObject(m.result)) return;
    this.facts.initializedResponseSeq = x.response.seq;
    if (typeof m.result.protocolVersion === "string") this.facts.negotiatedVersion = m.result.protocolVersion;
    if (isPlainObject(m.result.capabilities)) this.facts.serverCapabilities = m.result.capabilities;
    if (isPlainObject(m.result.serverInfo)) this.facts.serverInfo = m.result.serverInfo;
  }
}

/**
 * Whether a capability path such as `server.tools`, `client.sampling` or `server.tools.listChanged` was declared.
 * A declared object or `true` counts; `false`, null or absence does not.
 */
export function hasCapability(facts: SessionFacts, path: string): boolean {
  const [side, ...rest] = path.split(".");
  let node: unknown =
    side === "server" ? facts.serverCapabilities : side === "client" ? facts.clientCapabilities : undefined;
  for (const key of rest) {
    if (!isPlainObject(node)) return false;
    node = node[key];
  }
  return node !== undefined && node !== null && node !== false;
}
