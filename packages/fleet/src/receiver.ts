/**
 * The OTLP/HTTP side of `serve`: `POST /v1/logs` with a protobuf (`application/x-protobuf`) or JSON
 * (`application/json`) ExportLogsServiceRequest, optionally gzip-encoded, answered as the OTLP specification says —
 * 200 with an ExportLogsServiceResponse in the request's encoding (its `partial_success` counting records that
 * carried no trace event), 400 for a body that is no such request, 413 past the size limit, 415 for another
 * encoding, 429 with `Retry-After` while the bodies being read exceed their byte budget, 503 with `Retry-After` while
 * shutting down. Memory is bounded by that budget: a client that keeps sending is told to wait, never buffered.
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { type DecodedLogs, decodeLogsJson, decodeLogsProtobuf, LogsDecodeError } from "@mcp-conf/otel-mapper";

export interface ReceiverOptions {
  host: string;
  port: number;
  /** One request's body, after gzip, at most. Default 32 MiB. */
  maxBodyBytes?: number;
  /** Bodies being read at once, in bytes, at most; past it new requests get 429. Default 64 MiB. */
  maxInFlightBytes?: number;
  /** Seconds a refused client is told to wait (`Retry-After`). Default 1. */
  retryAfterSeconds?: number;
}

export interface ReceiverStats {
  requests: number;
  /** Requests answered 429 (busy) or 503 (closing). */
  throttled: number;
  /** Requests answered 4xx for their body. */
  refused: number;
  rejectedRecords: number;
}

/** Takes one decoded request's events; returns when they are written and judged. */
export type Ingest = (decoded: DecodedLogs) => void;

export interface Receiver {
  readonly url: string;
  readonly stats: ReceiverStats;
  /** From now on every request is answered 503; resolves once the server has stopped listening. */
  close(): Promise<void>;
}

const PROTOBUF = "application/x-protobuf";
const JSON_TYPE = "application/json";

export async function startReceiver(options: ReceiverOptions, ingest: Ingest): Promise<Receiver> {
  const maxBody = options.maxBodyBytes ?? 32 * 1024 * 1024;
  const maxInFlight = options.maxInFlightBytes ?? 64 * 1024 * 1024;
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  const stats: ReceiverStats = { requests: 0, throttled: 0, refused: 0, rejectedRecords: 0 };
  let inFlight = 0;
  let closing = false;

  const server = http.createServer((request, response) => {
    stats.requests++;
    const refuse = (status: number, message: string) => {
      if (status === 429 || status === 503) stats.throttled++;
      else stats.refused++;
      const headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8", connection: "close" };
      if (status === 429 || status === 503) headers["retry-after"] = retryAfter;
      response.writeHead(status, headers);
      response.end(`${message}\n`);
      request.resume();
    };
    if (closing) return refuse(503, "shutting down");
    if (request.url?.split("?")[0] !== "/v1/logs") return refuse(404, "only POST /v1/logs is served");
    if (request.method !== "POST") return refuse(405, "only POST /v1/logs is served");
    const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== PROTOBUF && type !== JSON_TYPE) return refuse(415, `content-type must be ${PROTOBUF} or ${JSON_TYPE}`);
    const encoding = (request.headers["content-encoding"] ?? "identity").toLowerCase();
    if (encoding !== "gzip" && encoding !== "identity") return refuse(415, "content-encoding must be gzip or identity");
    const declared = Number(request.headers["content-length"] ?? 0);
    // A body that could never fit the budget is refused for good, not told to come back.
    const limit = Math.min(maxBody, maxInFlight);
    if (declared > limit) return refuse(413, `body larger than ${limit} bytes`);
    if (inFlight + Math.max(declared, 1) > maxInFlight) return refuse(429, "busy: retry later");
    const chunks: Buffer[] = [];
    let size = 0;
    let counted = 0;
    const release = () => {
      inFlight -= counted;
      counted = 0;
    };
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      inFlight += chunk.length;
      counted += chunk.length;
      if (size > limit) {
        release();
        refuse(413, `body larger than ${limit} bytes`);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("error", release);
    request.on("end", () => {
      if (response.headersSent) return;
      try {
        let body = Buffer.concat(chunks, size);
        if (encoding === "gzip") body = gunzipSync(body, { maxOutputLength: maxBody });
        const decoded =
          type === PROTOBUF ? decodeLogsProtobuf(body) : decodeLogsJson(JSON.parse(body.toString("utf8")) as unknown);
        ingest(decoded);
        stats.rejectedRecords += decoded.rejected;
        answer(response, type, decoded.rejected);
      } catch (error) {
        const bad = error instanceof LogsDecodeError || error instanceof SyntaxError || isZlibError(error);
        refuse(bad ? 400 : 500, bad ? `not an OTLP logs request: ${(error as Error).message}` : "internal error");
      } finally {
        release();
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as { address: string; port: number };
  const host = address.address.includes(":") ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    stats,
    close() {
      closing = true;
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}

function isZlibError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" && (code.startsWith("Z_") || code === "ERR_BUFFER_TOO_LARGE");
}

/** An ExportLogsServiceResponse, in the request's encoding. */
function answer(response: http.ServerResponse, type: string, rejected: number): void {
  const message = "log records without a trace event (no string body, or no mcp_conf.session / mcp_conf.seq)";
  let body: Buffer;
  if (type === JSON_TYPE) {
    body = Buffer.from(
      JSON.stringify(
        rejected > 0 ? { partialSuccess: { rejectedLogRecords: String(rejected), errorMessage: message } } : {},
      ),
    );
  } else if (rejected > 0) {
    const text = Buffer.from(message);
    const partial = Buffer.concat([
      Buffer.from([0x08]),
      varint(rejected),
      Buffer.from([0x12]),
      varint(text.length),
      text,
    ]);
    body = Buffer.concat([Buffer.from([0x0a]), varint(partial.length), partial]);
  } else {
    body = Buffer.alloc(0);
  }
  response.writeHead(200, { "content-type": type, "content-length": String(body.length) });
  response.end(body);
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}
