/**
 * Read-off helpers over exchanges: the session facts of both eras. Legacy (2025-11-25 and earlier): what the
 * initialize exchange requested and negotiated, and both sides' capabilities and infos. Modern (2026-07-28): the
 * protocol version each request declares in `_meta` (and on HTTP in the `MCP-Protocol-Version` header), the client's
 * capabilities from each request's `_meta`, the server's from the `server/discover` result.
 */

import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import type { Exchange, MessageRef } from "./correlator.js";

export const STATELESS_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";
/** The `_meta` key of a modern request's client capabilities. */
export const CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";
/** The `_meta` key of a modern request's client identity. */
export const CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo";
/** The `_meta` key of a modern result's server identity. */
export const SERVER_INFO_META_KEY = "io.modelcontextprotocol/serverInfo";

export interface SessionFacts {
  /** `params.protocolVersion` of the client's initialize request. */
  requestedVersion?: string;
  /** `result.protocolVersion` of the server's initialize result. */
  negotiatedVersion?: string;
  /** The first `_meta["io.modelcontextprotocol/protocolVersion"]` a request declared (stateless revisions). */
  statelessVersion?: string;
  /** The `_meta` protocol version of the first request answered with a result: the version a modern session settled on. */
  answeredStatelessVersion?: string;
  /** The first `MCP-Protocol-Version` header on a client's HTTP request. */
  headerVersion?: string;
  /**
   * Legacy: the initialize request's capabilities. Modern (no initialize): every capability some request declared
   * in `_meta` clientCapabilities, merged by top-level key (the first declaration of a key is kept).
   */
  clientCapabilities?: Record<string, unknown>;
  /** Legacy: the initialize result's capabilities. Modern: the first `server/discover` result's. */
  serverCapabilities?: Record<string, unknown>;
  /** Modern: the first `server/discover` result's `supportedVersions`. */
  supportedVersions?: unknown[];
  clientInfo?: Record<string, unknown>;
  serverInfo?: Record<string, unknown>;
  /** Seq of the initialize request and of its answer, when seen. */
  initializeSeq?: number;
  initializedResponseSeq?: number;
  /** Modern: seq of the first `server/discover` result. */
  discoverResponseSeq?: number;
}

/**
 * The protocol version a session settled on: the negotiated one (legacy), else the `_meta` version of the first
 * request answered with a result (modern). A dual-era client whose probe failed and who fell back to initialize has
 * no answered `_meta` version, so it gets the negotiated one. The validator's `chooseRevision` builds on this.
 */
export function declaredVersion(facts: SessionFacts): string | undefined {
  return facts.negotiatedVersion ?? facts.answeredStatelessVersion;
}

/** The server has declared its capabilities: an initialize result (legacy) or a `server/discover` result (modern). */
export function serverCapabilitiesKnown(facts: SessionFacts): boolean {
  return facts.initializedResponseSeq !== undefined || facts.discoverResponseSeq !== undefined;
}

/** Accumulates session facts; feed it every event, message and exchange in seq order. */
export class SessionFactsTracker {
  readonly facts: SessionFacts = {};

  /** Whole events: the `MCP-Protocol-Version` header of a client's HTTP request. */
  event(event: TraceEvent): void {
    if (event.kind !== "http" || event.direction !== "client-to-server" || this.facts.headerVersion !== undefined)
      return;
    const version = event.headers?.["mcp-protocol-version"];
    if (typeof version === "string") this.facts.headerVersion = version;
  }

  message(ref: MessageRef): void {
    const m = ref.message;
    if (m.type !== "request" || ref.direction !== "client-to-server") return;
    if (m.method === "initialize" && this.facts.initializeSeq === undefined && isPlainObject(m.params)) {
      this.facts.initializeSeq = ref.seq;
      if (typeof m.params.protocolVersion === "string") this.facts.requestedVersion = m.params.protocolVersion;
      if (isPlainObject(m.params.capabilities)) this.facts.clientCapabilities = m.params.capabilities;
      if (isPlainObject(m.params.clientInfo)) this.facts.clientInfo = m.params.clientInfo;
    }
    if (!isPlainObject(m.params) || !isPlainObject(m.params._meta)) return;
    const meta = m.params._meta;
    if (this.facts.statelessVersion === undefined) {
      const v = meta[STATELESS_VERSION_META_KEY];
      if (typeof v === "string") this.facts.statelessVersion = v;
    }
    if (this.facts.initializeSeq !== undefined) return;
    const capabilities = meta[CLIENT_CAPABILITIES_META_KEY];
    if (isPlainObject(capabilities)) {
      const merged = this.facts.clientCapabilities ?? {};
      for (const [key, value] of Object.entries(capabilities)) if (!(key in merged)) merged[key] = value;
      this.facts.clientCapabilities = merged;
    }
    if (this.facts.clientInfo === undefined && isPlainObject(meta[CLIENT_INFO_META_KEY]))
      this.facts.clientInfo = meta[CLIENT_INFO_META_KEY];
  }

  exchange(x: Exchange): void {
    if (x.type !== "request" || x.request.direction !== "client-to-server") return;
    if (x.method !== "initialize") {
      this.modernExchange(x);
      return;
    }
    if (this.facts.initializedResponseSeq !== undefined || !x.response) return;
    const m = x.response.message;
    if (m.type !== "result" || !isPlainObject(m.result)) return;
    this.facts.initializedResponseSeq = x.response.seq;
    if (typeof m.result.protocolVersion === "string") this.facts.negotiatedVersion = m.result.protocolVersion;
    if (isPlainObject(m.result.capabilities)) this.facts.serverCapabilities = m.result.capabilities;
    if (isPlainObject(m.result.serverInfo)) this.facts.serverInfo = m.result.serverInfo;
  }

  /** A modern request answered with a result settles the version; the first `server/discover` result the server's facts. */
  private modernExchange(x: Extract<Exchange, { type: "request" }>): void {
    const m = x.response?.message;
    if (m?.type !== "result" || !isPlainObject(m.result)) return;
    const params = x.request.message.params;
    if (this.facts.answeredStatelessVersion === undefined && isPlainObject(params) && isPlainObject(params._meta)) {
      const v = params._meta[STATELESS_VERSION_META_KEY];
      if (typeof v === "string") this.facts.answeredStatelessVersion = v;
    }
    if (x.method !== "server/discover" || this.facts.discoverResponseSeq !== undefined) return;
    if (this.facts.initializedResponseSeq !== undefined) return;
    this.facts.discoverResponseSeq = x.response!.seq;
    const result = m.result;
    if (isPlainObject(result.capabilities)) this.facts.serverCapabilities = result.capabilities;
    if (Array.isArray(result.supportedVersions)) this.facts.supportedVersions = result.supportedVersions;
    if (isPlainObject(result._meta) && isPlainObject(result._meta[SERVER_INFO_META_KEY]))
      this.facts.serverInfo = result._meta[SERVER_INFO_META_KEY];
  }
}

/**
 * Whether a capability path such as `server.tools`, `client.sampling` or `server.tools.listChanged` was declared.
 * A declared object or `true` counts; `false`, null or absence does not.
 */
export function hasCapability(facts: SessionFacts, path: string): boolean {
  const keys = pathKeys(path);
  const side = keys[0];
  let node: unknown =
    side === "server" ? facts.serverCapabilities : side === "client" ? facts.clientCapabilities : undefined;
  for (let i = 1; i < keys.length; i++) {
    if (!isPlainObject(node)) return false;
    node = node[keys[i]!];
  }
  return node !== undefined && node !== null && node !== false;
}

/** Capability paths split once: checks ask about the same few on every message. */
const splitPaths = new Map<string, readonly string[]>();
const MAX_SPLIT_PATHS = 1024;

function pathKeys(path: string): readonly string[] {
  let keys = splitPaths.get(path);
  if (keys === undefined) {
    keys = path.split(".");
    if (splitPaths.size < MAX_SPLIT_PATHS) splitPaths.set(path, keys);
  }
  return keys;
}
