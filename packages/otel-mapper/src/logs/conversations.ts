/**
 * Which conversation (docs/fleet.md, "2026-07-28 across replicas") each message of one recorded session belongs to:
 * a client request names its own (`conversationOf`: the W3C trace id of its `_meta.traceparent`); what answers or
 * reports on that request belongs to it too — its response, the progress notifications carrying the progress token
 * it gave, and a cancellation naming its id. Requests are remembered until answered, at most `limit` at once (the
 * oldest forgotten first), so a session that never answers cannot grow this without bound.
 */
import { idKey } from "@mcp-conf/session";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import { conversationOf, messageHead } from "./log-record.js";

interface OpenRequest {
  conversation: string;
  /** The progress token the request gave (`_meta.progressToken`), as a key. */
  progress?: string;
}

export class Conversations {
  /** Client requests not yet answered that belong to a conversation, by id key. */
  private readonly requests = new Map<string, OpenRequest>();
  /** Their conversations by progress token key. */
  private readonly progress = new Map<string, string>();

  constructor(private readonly limit = 10_000) {}

  /** The conversation of one event of the session, in the session's order; undefined for none. */
  of(event: TraceEvent): string | undefined {
    if (event.kind !== "message" || !isPlainObject(event.payload)) return undefined;
    const head = messageHead(event);
    const params = (event.payload as { params?: unknown }).params;
    if (event.direction === "client-to-server") {
      if (head.method === undefined) return undefined;
      const own = conversationOf(event);
      if (head.id !== undefined && own !== undefined) this.opened(idKey(head.id), own, params);
      if (own !== undefined || head.method !== "notifications/cancelled" || !isPlainObject(params)) return own;
      const cancelled = (params as { requestId?: unknown }).requestId;
      return typeof cancelled === "string" || typeof cancelled === "number"
        ? this.requests.get(idKey(cancelled))?.conversation
        : undefined;
    }
    if (head.method === "notifications/progress" && isPlainObject(params)) {
      const token = (params as { progressToken?: unknown }).progressToken;
      return typeof token === "string" || typeof token === "number" ? this.progress.get(idKey(token)) : undefined;
    }
    if (head.method !== undefined || head.id === undefined) return undefined;
    return this.answered(idKey(head.id));
  }

  private opened(key: string, conversation: string, params: unknown): void {
    const request: OpenRequest = { conversation };
    const meta = isPlainObject(params) ? (params as { _meta?: unknown })._meta : undefined;
    const token = isPlainObject(meta) ? (meta as { progressToken?: unknown }).progressToken : undefined;
    if (typeof token === "string" || typeof token === "number") {
      request.progress = idKey(token);
      this.progress.set(request.progress, conversation);
    }
    this.requests.set(key, request);
    if (this.requests.size > this.limit) this.answered(this.requests.keys().next().value as string);
  }

  private answered(key: string): string | undefined {
    const request = this.requests.get(key);
    if (request === undefined) return undefined;
    this.requests.delete(key);
    if (request.progress !== undefined) this.progress.delete(request.progress);
    return request.conversation;
  }
}
