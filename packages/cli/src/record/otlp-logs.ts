/**
 * `record`/`watch --otlp-logs URL` (config key `otlp.logs-endpoint`): every recorded event, redacted as the trace
 * file is, also leaves as an OTLP log record for a Collector and `mcp-conf serve` (docs/fleet.md), through
 * @mcp-conf/otel-mapper's exporter. It is loaded only when asked for, so a plain `record` pays nothing for the SDK.
 * Each session gets its sink; what the sink lost is said at the session's end, as a trace file's losses are.
 */
import type { Sink } from "@mcp-conf/recorder";
import { UsageError } from "../exit.js";

export interface OtlpLogsArgs {
  "otlp-logs"?: string;
  "otlp-logs-protocol"?: string;
}

export interface OtlpLogs {
  /** The sink for one session. */
  sink(): Sink;
  /** Sends what is left and shuts the exporter down. */
  close(): Promise<void>;
}

/** The exporter `--otlp-logs` asks for, or undefined; a bad URL or protocol is a usage error before anything starts. */
export async function openOtlpLogs(argv: OtlpLogsArgs, name: string): Promise<OtlpLogs | undefined> {
  const given = argv["otlp-logs"];
  if (given === undefined) return undefined;
  const { createOtlpLogsExporter, OtlpConfigError, parseLogsProtocol, resolveLogsUrl } = await import(
    "@mcp-conf/otel-mapper"
  );
  try {
    const protocol = parseLogsProtocol(argv["otlp-logs-protocol"]);
    return createOtlpLogsExporter({ url: resolveLogsUrl(given), protocol });
  } catch (error) {
    if (error instanceof OtlpConfigError) throw new UsageError(`${name}: ${error.message}`);
    throw error;
  }
}
