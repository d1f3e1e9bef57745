/**
 * The threaded file sink's worker: receives batches of observed lines (bytes packed into one transferred buffer)
 * and ready-made events, builds each line's trace line (decode, JSON.parse to know it is JSON) and writes
 * everything through trace-format's writer, one write per batch, so none of that work runs on the thread that
 * forwards the session's bytes. Each batch is acknowledged, which is what bounds the main thread's in-flight budget.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openTraceWriter, serializeEvent } from "@mcp-conf/trace-format";
import {
  FLAG_SERVER_TO_CLIENT,
  FLAG_SSE,
  FLAG_STREAMABLE_HTTP,
  FLAG_TRUNCATED,
  LINE_FIELDS,
  type WorkerBatch,
  type WorkerRedaction,
  type WorkerReply,
  type WorkerStart,
} from "./file-sink-thread.js";
import { buildLineEvent, type LineRecord, lineEventJson } from "./line-event.js";
import { compileRedaction, type Redactor } from "./privacy/redact.js";

const start = workerData as WorkerStart;
const errors: string[] = [];
const writer = openTraceWriter(start.path, {
  force: true, // the main thread created the file (and refused an existing one) before starting this worker
  flush: "none", // lines are gathered and written once per batch (see below), or every 64 KiB within one
  onError: (error) => {
    if (errors.length < 20) errors.push(error.message);
  },
});

function reply(message: WorkerReply): void {
  parentPort!.postMessage(message);
}

let redactor: Redactor | undefined;

/** A line as its trace line: straight from its bytes, or built, redacted and serialised when redacting. */
function lineJson(line: LineRecord): string {
  if (!redactor) return lineEventJson(line);
  return serializeEvent(redactor.redact(buildLineEvent(line)));
}

parentPort!.on("message", async (message: WorkerBatch | WorkerRedaction | { close: true }) => {
  if ("redaction" in message) {
    redactor = compileRedaction(message.redaction);
    return;
  }
  if ("close" in message) {
    await writer.close();
    reply({ acked: { events: 0, bytes: 0 }, written: writer.written, errors, closed: true });
    return;
  }
  const bytes = new Uint8Array(message.buffer);
  const meta = new Float64Array(message.meta);
  let next = 0;
  const events = message.events;
  for (let i = 0; i <= message.count; i++) {
    while (next < events.length && events[next]!.before === i) writer.write(events[next++]!.event);
    if (i === message.count) break;
    const at = i * LINE_FIELDS;
    const flags = meta[at + 2]!;
    const offset = meta[at + 3]!;
    const time = meta[at + 1]!;
    const seq = meta[at]!;
    writer.writeLine(
      seq,
      lineJson({
        seq,
        at: Number.isNaN(time) ? undefined : time,
        direction: flags & FLAG_SERVER_TO_CLIENT ? "server-to-client" : "client-to-server",
        transport: flags & FLAG_STREAMABLE_HTTP ? "streamable-http" : flags & FLAG_SSE ? "sse" : "stdio",
        bytes: bytes.subarray(offset, offset + meta[at + 4]!),
        length: meta[at + 5]!,
        truncated: (flags & FLAG_TRUNCATED) !== 0,
      }),
    );
  }
  if (start.flush === "line") writer.flush();
  reply({ acked: { events: message.size, bytes: message.budget }, written: writer.written, errors });
});
