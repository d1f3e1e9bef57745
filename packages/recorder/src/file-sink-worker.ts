/**
 * The threaded file sink's worker: receives batches of observed lines (bytes packed into one transferred buffer)
 * and ready-made events, and writes their trace lines through trace-format's writer, one write per batch, so none
 * of that work runs on the thread that forwards the session's bytes. A line that is plain JSON (decided on its
 * bytes) is copied into the output as the bytes that arrived, behind its event's prefix; anything else is built as
 * an event and serialised. Each batch is acknowledged and its buffers handed back for reuse; the acknowledgement is
 * what bounds the main thread's in-flight budget. A tap module, when the sink was given one, is loaded here first and
 * handed each event as it is written (built from the line for it: the tap, not the file, pays the parse).
 */
import { parentPort, workerData } from "node:worker_threads";
import { openTraceWriter, type TraceEvent } from "@mcp-conf/trace-format";
import {
  FLAG_SERVER_TO_CLIENT,
  FLAG_SSE,
  FLAG_STREAMABLE_HTTP,
  FLAG_TRUNCATED,
  LINE_FIELDS,
  type ThreadTap,
  type WorkerBatch,
  type WorkerRedaction,
  type WorkerReply,
  type WorkerStart,
} from "./file-sink-thread.js";
import { buildLineEvent, type LineRecord } from "./line-event.js";
import { compileRedaction, type Redactor } from "./privacy/redact.js";
import { TraceLines } from "./trace-lines.js";

const start = workerData as WorkerStart;
const errors: string[] = [];
const writer = openTraceWriter(start.path, {
  force: true, // the main thread created the file (and refused an existing one) before starting this worker
  onError: (error) => noteError(error.message),
});

function noteError(message: string): void {
  if (errors.length < 20) errors.push(message);
}

/** The tap, loaded before the first batch is taken (batches wait in the port meanwhile). */
let tap: ThreadTap | undefined;
if (start.tap) {
  try {
    const loaded = (await import(start.tap.module)) as { openTap(data: unknown): ThreadTap | Promise<ThreadTap> };
    tap = await loaded.openTap(start.tap.data);
  } catch (error) {
    noteError(`tap ${start.tap.module} failed to start: ${(error as Error).message}`);
  }
}

/** Hands the tap its event, built only if the tap is not full (a line's event costs a parse). */
function toTap(build: () => TraceEvent): void {
  try {
    if (tap!.full?.()) tap!.skipped?.();
    else tap!.event(build());
  } catch (error) {
    noteError(`tap failed and was stopped: ${(error as Error).message}`);
    tap = undefined;
  }
}

function reply(message: WorkerReply): void {
  parentPort!.postMessage(message);
}

let redactor: Redactor | undefined;

const lines = new TraceLines(noteError);
/** With `flush: "none"`, batches are gathered until this much is waiting. */
const GATHER_BYTES = 64 * 1024;

/** A line: to the file from its bytes; to the tap (if any) as its event, redacted as the file's line is. */
function writeLine(line: LineRecord): void {
  if (redactor && tap) {
    const event = redactor.redact(buildLineEvent(line));
    if (lines.event(event)) toTap(() => event);
    return;
  }
  lines.observed(line, redactor);
  if (tap) toTap(() => buildLineEvent(line));
}

function writeEvent(event: TraceEvent): void {
  if (lines.event(event) && tap) toTap(() => event);
}

parentPort!.on("message", async (message: WorkerBatch | WorkerRedaction | { close: true }) => {
  if ("redaction" in message) {
    redactor = compileRedaction(message.redaction);
    return;
  }
  if ("close" in message) {
    lines.writeTo(writer);
    await writer.close();
    reply({ acked: { events: 0, bytes: 0 }, written: writer.written, errors, closed: true });
    if (tap) {
      await tap.close?.();
      process.exit(0); // on a worker thread: ends this thread (its tap may hold ports open)
    }
    return;
  }
  const bytes = Buffer.from(message.buffer);
  const meta = new Float64Array(message.meta);
  let next = 0;
  const events = message.events;
  for (let i = 0; i <= message.count; i++) {
    while (next < events.length && events[next]!.before === i) writeEvent(events[next++]!.event);
    if (i === message.count) break;
    const at = i * LINE_FIELDS;
    const flags = meta[at + 2]!;
    const offset = meta[at + 3]!;
    const time = meta[at + 1]!;
    writeLine({
      seq: meta[at]!,
      at: Number.isNaN(time) ? undefined : time,
      direction: flags & FLAG_SERVER_TO_CLIENT ? "server-to-client" : "client-to-server",
      transport: flags & FLAG_STREAMABLE_HTTP ? "streamable-http" : flags & FLAG_SSE ? "sse" : "stdio",
      bytes: bytes.subarray(offset, offset + meta[at + 4]!),
      length: meta[at + 5]!,
      truncated: (flags & FLAG_TRUNCATED) !== 0,
    });
  }
  if (start.flush === "line" || lines.size >= GATHER_BYTES) lines.writeTo(writer);
  const spare = { buffer: message.buffer, meta: message.meta };
  parentPort!.postMessage(
    {
      acked: { events: message.size, bytes: message.budget },
      written: writer.written,
      errors,
      spare,
    } satisfies WorkerReply,
    [spare.buffer, spare.meta],
  );
});
