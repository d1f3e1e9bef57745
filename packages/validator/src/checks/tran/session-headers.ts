/**
 * Headers of the client's HTTP requests after initialization (TRAN-042/047/048, LIFE-013): the session id the
 * server assigned on the response carrying the InitializeResult goes on every later request, as does
 * MCP-Protocol-Version, which should name the negotiated version. A new initialize request (a new session) is
 * exempt. And the session id a server assigns holds only visible ASCII (TRAN-040).
 */

import type { Exchange } from "@mcp-conf/session";
import { type HttpEvent, isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { type HttpRequest, HttpRequests, header } from "../support/http-requests.js";

interface Negotiated {
  version?: string;
  sessionId?: string;
}

function laterRequestCheck(
  id: string,
  description: string,
  judge: (ctx: CheckContext, request: HttpRequest, negotiated: Negotiated) => void,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { events: ["http", "message"], exchanges: ["initialize"] },
    create(ctx) {
      const http = new HttpRequests();
      let lastServerHttp: HttpEvent | undefined;
      let negotiated: Negotiated | undefined;
      const settle = (request: HttpRequest) => {
        if (negotiated && request.rpcMethod !== "initialize") judge(ctx, request, negotiated);
      };
      return {
        event(event: TraceEvent) {
          if (event.kind === "http" && event.direction === "server-to-client") lastServerHttp = event;
          for (const request of http.observe(event).settled) settle(request);
        },
        exchange(exchange: Exchange) {
          if (exchange.type !== "request" || exchange.request.direction !== "client-to-server") return;
          const response = exchange.response;
          if (response?.message.type !== "result" || !isPlainObject(response.message.result)) return;
          if (response.event.transport !== "streamable-http") return;
          const version = response.message.result.protocolVersion;
          negotiated = {};
          if (typeof version === "string") negotiated.version = version;
          const sessionId = lastServerHttp ? header(lastServerHttp, "mcp-session-id") : undefined;
          if (sessionId !== undefined) negotiated.sessionId = sessionId;
        },
        finish() {
          for (const request of http.finish()) settle(request);
        },
      };
    },
  };
}

export const sessionIdEchoed = laterRequestCheck(
  "tran.session-id-echoed",
  "After the server assigned an MCP-Session-Id at initialization, every later client request carries it.",
  (ctx, request, negotiated) => {
    if (negotiated.sessionId === undefined) return;
    ctx.examined();
    const sent = header(request.event, "mcp-session-id");
    if (sent === negotiated.sessionId) return;
    ctx.report(
      request.seq,
      sent === undefined
        ? `a ${request.method} request carries no MCP-Session-Id header; the server assigned ${quote(negotiated.sessionId)}`
        : `a ${request.method} request carries MCP-Session-Id ${quote(sent)}; the server assigned ${quote(negotiated.sessionId)}`,
    );
  },
);

export const protocolVersionHeader = laterRequestCheck(
  "tran.protocol-version-header",
  "Every client HTTP request after initialization carries an MCP-Protocol-Version header.",
  (ctx, request) => {
    ctx.examined();
    if (header(request.event, "mcp-protocol-version") === undefined) {
      ctx.report(
        request.seq,
        `a ${request.method} request after initialization carries no MCP-Protocol-Version header`,
      );
    }
  },
);

export const protocolVersionNegotiated = laterRequestCheck(
  "tran.protocol-version-negotiated",
  "The MCP-Protocol-Version header names the version negotiated at initialization.",
  (ctx, request, negotiated) => {
    const sent = header(request.event, "mcp-protocol-version");
    if (sent === undefined || negotiated.version === undefined) return;
    ctx.examined();
    if (sent !== negotiated.version) {
      ctx.report(
        request.seq,
        `a ${request.method} request carries MCP-Protocol-Version ${quote(sent)}; the negotiated version is ${quote(negotiated.version)}`,
      );
    }
  },
);

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export const sessionIdVisibleAscii: CheckDefinition = {
  id: "tran.session-id-visible-ascii",
  description: "A session id holds only visible ASCII characters (0x21 to 0x7E).",
  subscribe: { events: ["http"] },
  create(ctx) {
    return {
      event(event: TraceEvent) {
        if (event.kind !== "http" || event.direction !== "server-to-client") return;
        const sessionId = header(event, "mcp-session-id");
        if (sessionId === undefined) return;
        ctx.examined();
        if (!VISIBLE_ASCII.test(sessionId)) {
          ctx.report(
            event.seq,
            `the server's MCP-Session-Id ${quote(sessionId)} holds characters outside visible ASCII (0x21-0x7E)`,
          );
        }
      },
    };
  },
};
