/**
 * Requests a server refused at the HTTP layer (an error status with no JSON-RPC answer: 401/403 not authorized, 404
 * session ended, 400 …), so never delivered. A client re-sends such a request, with its id, once it has authorized
 * or started a new session; that is not an id reused, and the refused copy is not expected to be answered. Only certain pairings
 * count (see HttpRequests). Bounded: an id is forgotten once its re-sent copy is seen.
 */

import { idKey } from "@mcp-conf/session";
import type { Direction, TraceEvent } from "@mcp-conf/trace-format";
import { HttpRequests } from "./http-requests.js";

const MAX_REMEMBERED = 1024;

export class HttpRejections {
  private readonly http = new HttpRequests();
  private readonly refused = new Set<string>();

  observe(event: TraceEvent): void {
    const response = this.http.observe(event).response;
    if (!response?.certain || !response.request) return;
    const { request, event: http } = response;
    if (request.rpcId === undefined || (http.status ?? 0) < 400) return;
    if (this.refused.size < MAX_REMEMBERED) this.refused.add(idKey(request.rpcId));
  }

  /** Whether a client request id seen again is the re-sent copy of a refused request (forgets it if so). */
  takeResent(direction: Direction, id: string | number): boolean {
    if (direction !== "client-to-server") return false;
    return this.refused.delete(idKey(id));
  }

  /** Whether a client request id was refused at the HTTP layer (and not yet re-sent). */
  wasRefused(id: string | number): boolean {
    return this.refused.has(idKey(id));
  }
}
