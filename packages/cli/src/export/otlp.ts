/** `export -T otlp`: the trace's bytes, judged and mapped by @mcp-conf/otel-mapper; an unjudged trace is said on stderr. */
import { createReadStream } from "node:fs";
import { exportJudgedTraceAsOtlpJson } from "@mcp-conf/otel-mapper";
import type { Io } from "../exit.js";
import type { ExportRequest } from "./request.js";

export async function renderOtlp(request: ExportRequest, io: Io): Promise<string> {
  const { revision, actor, label, limits, redact } = request;
  const input = request.trace === "-" ? io.stdin : createReadStream(request.trace, { highWaterMark: 1024 * 1024 });
  const { json, unjudged } = await exportJudgedTraceAsOtlpJson(input as AsyncIterable<Uint8Array | string>, {
    ...(revision === undefined ? {} : { revision }),
    actor,
    limits,
    ...(redact ? { redact: (event) => redact.redact(event) } : {}),
  });
  if (unjudged !== undefined) {
    io.stderr.write(`mcp-conf export: ${label}: ${unjudged}; spans exported without findings\n`);
  }
  return json;
}
