/**
 * The HTTP+SSE transport of 2024-11-05 through the proxy: the client GETs an event stream whose first event,
 * `event: endpoint`, names the URL it must POST its messages to; the server's messages come back on the stream.
 * The proxy detects it (a GET without `mcp-session-id` answered with an event stream whose first event is
 * `endpoint`: streamable HTTP never sends one), gives each such stream its own session, and routes POSTs to the
 * endpoint into that session. Its one change to the wire: the endpoint event's data, rewritten to a path on the
 * proxy when the client, resolving it against the proxy's URL, would otherwise miss the proxy or the endpoint.
 * Split from `proxied-request.ts` because only this transport needs to look inside a stream before forwarding it.
 */
import { mapToUpstream } from "./http-forwarding.js";
import type { Recorder } from "./recorder.js";

/** Longest first event held back while deciding whether it is an `endpoint` event. */
const MAX_HELD_BYTES = 16 * 1024;
/** Where an endpoint that no proxy path maps to is served from (`<prefix><n>`). */
const RESERVED_PREFIX = "/.mcp-conf/sse-endpoint/";
const PLACEHOLDER = "http://proxy.invalid";

export interface AnnouncedEndpoint {
  /** The endpoint's upstream path, without its query (what the trace records). */
  path: string;
  /** The data to forward instead of the server's, when the client needs a different URL to reach it. */
  rewritten?: string;
}

/** The endpoints announced by live HTTP+SSE streams, each with its session's recorder. One per proxy. */
export class SseEndpoints {
  private readonly byTarget = new Map<string, Recorder>();
  private readonly reserved = new Map<number, URL>();
  private reservedCount = 0;

  constructor(
    private readonly upstream: URL,
    private readonly noteError: (message: string) => void,
  ) {}

  /** The upstream URL of a request to a reserved endpoint path, if it is one. */
  target(requestUrl: string): URL | undefined {
    if (!requestUrl.startsWith(RESERVED_PREFIX)) return undefined;
    const q = requestUrl.search(/[?#]/);
    const n = Number(requestUrl.slice(RESERVED_PREFIX.length, q === -1 ? undefined : q));
    const endpoint = this.reserved.get(n);
    if (!endpoint) return undefined;
    const target = new URL(endpoint.href);
    target.search = q === -1 ? "" : requestUrl.slice(q).replace(/#.*$/, "");
    target.hash = "";
    return target;
  }

  /** The session a POST to `target` belongs to, when `target` is a live stream's endpoint. */
  sessionFor(target: URL): Recorder | undefined {
    return this.byTarget.get(target.pathname + target.search);
  }

  /**
   * A stream at `streamTarget` (requested as `requestUrl` on the proxy) announced `data` as its endpoint: routes
   * POSTs to it into `recorder`, and says what to forward instead when the client could not reach it as sent.
   */
  announce(data: string, streamTarget: URL, requestUrl: string, recorder: Recorder): AnnouncedEndpoint {
    let endpoint: URL;
    try {
      endpoint = new URL(data, streamTarget);
    } catch {
      this.noteError(`session ${recorder.session}: the endpoint event names no URL; it is forwarded unchanged`);
      return { path: withoutQuery(data) };
    }
    const path = endpoint.pathname;
    if (endpoint.origin !== this.upstream.origin) {
      this.noteError(
        `session ${recorder.session}: the endpoint event names another origin than the upstream; the client's ` +
          "messages to it bypass the proxy and are not recorded",
      );
      return { path };
    }
    const key = endpoint.pathname + endpoint.search;
    this.byTarget.set(key, recorder);
    const asClientSeesIt = new URL(data, PLACEHOLDER + (requestUrl.startsWith("/") ? requestUrl : "/"));
    if (asClientSeesIt.origin === PLACEHOLDER) {
      const reached = mapToUpstream(this.upstream, asClientSeesIt.pathname + asClientSeesIt.search);
      if (reached.pathname + reached.search === key) return { path };
    }
    let proxyPath = this.proxyPathOf(endpoint.pathname);
    if (proxyPath === undefined) {
      const n = ++this.reservedCount;
      this.reserved.set(n, endpoint);
      proxyPath = `${RESERVED_PREFIX}${n}`;
    }
    return { path, rewritten: proxyPath + endpoint.search + endpoint.hash };
  }

  /** The stream of `recorder` ended: POSTs to its endpoint no longer belong to it. */
  forget(recorder: Recorder): void {
    for (const [key, owner] of this.byTarget) if (owner === recorder) this.byTarget.delete(key);
  }

  /** The proxy path that `mapToUpstream` maps to the upstream path `path`, if there is one. */
  private proxyPathOf(path: string): string | undefined {
    const prefix = this.upstream.pathname.replace(/\/+$/, "");
    if (path === this.upstream.pathname) return "/";
    if (prefix === "") return path;
    if (path.startsWith(`${prefix}/`) && path.length > prefix.length + 1) return path.slice(prefix.length);
    return undefined;
  }
}

function withoutQuery(text: string): string {
  const q = text.search(/[?#]/);
  return q === -1 ? text : text.slice(0, q);
}

/** What one chunk of a stream gives: the bytes to forward, and the bytes the observers should see. */
export interface StreamBytes {
  forward: Buffer;
  observe: Buffer;
}

export interface StreamOpeningHandlers {
  /** The first event is `endpoint` with this data; returns the data to forward instead, if any. */
  endpoint(data: string): string | undefined;
  /** The first event is something else (or the stream ended, or grew too long, before it was complete). */
  other(): void;
}

/**
 * The start of a GET event stream that may be an HTTP+SSE stream: the bytes of its first event are held back until
 * that event is complete (a client cannot act on part of an event), then forwarded — with the endpoint's data
 * rewritten if the handler asks for it. Comment-only blocks before it pass at once. After the first event, bytes
 * pass through unchanged; the endpoint event itself is not shown to the observers (it is no message).
 */
export class StreamOpening {
  private held: Buffer = Buffer.alloc(0);
  private decided = false;

  constructor(private readonly handlers: StreamOpeningHandlers) {}

  push(chunk: Buffer): StreamBytes {
    if (this.decided) return { forward: chunk, observe: chunk };
    this.held = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    const released: Buffer[] = [];
    for (;;) {
      const block = scanBlock(this.held);
      if (block === undefined) {
        if (this.held.length <= MAX_HELD_BYTES) return { forward: Buffer.concat(released), observe: Buffer.alloc(0) };
        return this.decideOther(released);
      }
      if (!block.hasData) {
        released.push(this.held.subarray(0, block.end));
        this.held = this.held.subarray(block.end);
        continue;
      }
      if (block.event !== "endpoint" || block.data.length !== 1) return this.decideOther(released);
      return this.decideEndpoint(released, block);
    }
  }

  /** The stream ended: whatever is still held goes out as it came. */
  end(): StreamBytes {
    if (this.decided) return { forward: Buffer.alloc(0), observe: Buffer.alloc(0) };
    return this.decideOther([]);
  }

  private decideOther(released: Buffer[]): StreamBytes {
    this.decided = true;
    this.handlers.other();
    const held = this.held;
    this.held = Buffer.alloc(0);
    return { forward: Buffer.concat([...released, held]), observe: held };
  }

  private decideEndpoint(released: Buffer[], block: Block): StreamBytes {
    this.decided = true;
    const [start, end] = block.data[0]!;
    const rewritten = this.handlers.endpoint(this.held.subarray(start, end).toString("utf8"));
    const first =
      rewritten === undefined
        ? this.held.subarray(0, block.end)
        : Buffer.concat([this.held.subarray(0, start), Buffer.from(rewritten), this.held.subarray(end, block.end)]);
    const rest = this.held.subarray(block.end);
    this.held = Buffer.alloc(0);
    return { forward: Buffer.concat([...released, first, rest]), observe: rest };
  }
}

interface Block {
  /** Offset just past the blank line that ends the block. */
  end: number;
  hasData: boolean;
  /** The value of the block's last `event` field. */
  event: string | undefined;
  /** Byte ranges of the values of its `data` fields. */
  data: [number, number][];
}

/** The first complete SSE block (lines up to a blank line) of `bytes`, or undefined while it is incomplete. */
function scanBlock(bytes: Buffer): Block | undefined {
  const block: Block = { end: 0, hasData: false, event: undefined, data: [] };
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c !== 10 && c !== 13) continue;
    let next = i + 1;
    if (c === 13 && bytes[next] === 10) next++;
    if (i === start) {
      block.end = next;
      return block;
    }
    field(bytes, start, i, block);
    start = next;
    i = next - 1;
  }
  return undefined;
}

function field(bytes: Buffer, start: number, end: number, block: Block): void {
  const colon = bytes.indexOf(58, start);
  const nameEnd = colon === -1 || colon > end ? end : colon;
  const name = bytes.toString("latin1", start, nameEnd);
  let valueStart = nameEnd === end ? end : nameEnd + 1;
  if (valueStart < end && bytes[valueStart] === 32) valueStart++;
  if (name === "data") {
    block.hasData = true;
    block.data.push([valueStart, end]);
  } else if (name === "event") {
    block.event = bytes.toString("utf8", valueStart, end);
  }
}
