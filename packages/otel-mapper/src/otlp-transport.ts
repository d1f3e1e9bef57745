/**
 * The HTTP leg of the export: `@opentelemetry/otlp-exporter-base`'s OTLP/HTTP delegate (the transport under
 * `@opentelemetry/exporter-trace-otlp-http`: retries on 429/502/503/504 and refused connections, per-request
 * timeout, bounded concurrency) with our strict JSON serializer in place of the SDK's. It owns its HTTP agent, so
 * `destroy()` can end a request a stalled collector holds open when the session closes.
 */
import http from "node:http";
import https from "node:https";
import { type ExportResult, ExportResultCode } from "@opentelemetry/core";
import { OTLPExporterBase, OTLPExporterError } from "@opentelemetry/otlp-exporter-base";
import { convertLegacyHttpOptions, createOtlpHttpExportDelegate } from "@opentelemetry/otlp-exporter-base/node-http";
import type { IExporterMetricsHelper, ISerializer } from "@opentelemetry/otlp-transformer";
import { encodeOtlpJson, type ResourceInfo } from "./otlp-json.js";
import type { MappedSpan } from "./span.js";

export interface TransportOptions {
  /** The full traces URL. */
  url: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  concurrencyLimit: number;
  resource: ResourceInfo;
}

/** What one export came to: spans accepted, and for the rest why not. */
export interface BatchOutcome {
  accepted: number;
  rejected: number;
  reason?: string;
}

interface PartialSuccessResponse {
  partialSuccess?: { rejectedSpans?: string | number; errorMessage?: string };
}

const metricsHelper: IExporterMetricsHelper<MappedSpan[]> = { name: "span", countItems: (spans) => spans.length };

export class OtlpJsonTransport {
  private readonly exporter: OTLPExporterBase<MappedSpan[]>;
  private readonly agents: (http.Agent | https.Agent)[] = [];
  /** Set by the serializer while a response is read, read by the export callback that follows it synchronously. */
  private lastRejected = 0;

  constructor(options: TransportOptions) {
    const encoder = new TextEncoder();
    const serializer: ISerializer<MappedSpan[], PartialSuccessResponse> = {
      serializeRequest: (spans) => encoder.encode(encodeOtlpJson(spans, options.resource)),
      deserializeResponse: (data) => {
        const response = parseResponse(data);
        const rejected = Number(response.partialSuccess?.rejectedSpans ?? 0);
        this.lastRejected = Number.isSafeInteger(rejected) && rejected > 0 ? rejected : 0;
        return response;
      },
    };
    const config = convertLegacyHttpOptions(
      {
        url: options.url,
        headers: options.headers ?? {},
        timeoutMillis: options.timeoutMs,
        concurrencyLimit: options.concurrencyLimit,
        httpAgentOptions: (protocol: string) => {
          const agent =
            protocol === "https:" ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
          this.agents.push(agent);
          return agent;
        },
      },
      "TRACES",
      "v1/traces",
      { "Content-Type": "application/json" },
    );
    this.exporter = new OTLPExporterBase(
      createOtlpHttpExportDelegate(
        config,
        serializer,
        "mcp_conf_otlp_http_json_span_exporter",
        metricsHelper,
        undefined,
      ),
    );
  }

  /** Sends one batch; `done` is called once, with how many spans the collector took. */
  send(spans: MappedSpan[], done: (outcome: BatchOutcome) => void): void {
    this.lastRejected = 0;
    this.exporter.export(spans, (result: ExportResult) => {
      if (result.code === ExportResultCode.SUCCESS) {
        const rejected = Math.min(this.lastRejected, spans.length);
        this.lastRejected = 0;
        done(
          rejected > 0
            ? { accepted: spans.length - rejected, rejected, reason: "rejected by the collector (partial success)" }
            : { accepted: spans.length, rejected: 0 },
        );
        return;
      }
      done({ accepted: 0, rejected: spans.length, reason: describeExportError(result.error) });
    });
  }

  /**
   * Ends every connection, including requests still waiting on a stalled collector, and refuses new ones: a retry
   * the transport had already scheduled then fails at once (its timer may still run out its backoff, ≤ 5 s), so
   * nothing is sent after the session closed.
   */
  destroy(): void {
    for (const agent of this.agents) {
      (agent as unknown as { createConnection: ConnectionFactory }).createConnection = refuseConnection;
      agent.destroy();
    }
    this.exporter.shutdown().catch(() => {});
  }
}

type ConnectionFactory = (options: unknown, callback: (error: Error | null, socket?: unknown) => void) => undefined;

/** What a closed transport's agent does when asked for a connection: fail, with an error no retry applies to. */
const refuseConnection: ConnectionFactory = (_options, callback) => {
  const error: NodeJS.ErrnoException = new Error("the OTLP exporter is closed");
  error.code = "ERR_MCP_CONF_OTLP_CLOSED";
  process.nextTick(callback, error);
  return undefined;
};

function parseResponse(data: Uint8Array): PartialSuccessResponse {
  if (data.length === 0) return {};
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(data));
    return typeof parsed === "object" && parsed !== null ? (parsed as PartialSuccessResponse) : {};
  } catch {
    return {};
  }
}

/** A short, stable reason for a failed export, used as a key in the summary. */
export function describeExportError(error: Error | undefined): string {
  if (!error) return "export failed";
  if (error instanceof OTLPExporterError && typeof error.code === "number") {
    return `the collector answered HTTP ${error.code}`;
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ECONNREFUSED") return "connection refused (collector down?)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "collector host not found";
  if (code === "ECONNRESET" || code === "EPIPE") return "connection reset by the collector";
  if (/timed out|timeout/i.test(error.message)) return "timed out waiting for the collector";
  if (typeof code === "string") return `network error ${code}`;
  return "export failed";
}
