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
import { openTraceWriter, serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
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
import { buildLineEvent, type LineRecord, lineEventJson, messageLinePrefix } from "./line-event.js";
import { compileRedaction, type Redactor } from "./privacy/redact.js";

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

function toTap(event: TraceEvent): void {
  try {
    tap!.event(event);
  } catch (error) {
    noteError(`tap failed and was stopped: ${(error as Error).message}`);
    tap = undefined;
  }
}

function reply(message: WorkerReply): void {
  parentPort!.postMessage(message);
}

let redactor: Redactor | undefined;

/** Trace lines gathered for one write: their bytes, how many, and their first and last seq. */
class Output {
  private bytes = Buffer.allocUnsafe(256 * 1024);
  private used = 0;
  private count = 0;
  private first = -1;
  private last = -1;

  get size(): number {
    return this.used;
  }

  private room(needed: number): void {
    if (this.used + needed <= this.bytes.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.used + needed));
    this.bytes.copy(bigger, 0, 0, this.used);
    this.bytes = bigger;
  }

  private counted(seq: number): void {
    if (this.count++ === 0) this.first = seq;
    this.last = seq;
  }

  /** A trace line given as text (without its newline). */
  text(seq: number, line: string): void {
    this.room(3 * line.length + 1);
    this.used += this.bytes.write(line, this.used, "utf8");
    this.bytes[this.used++] = 10;
    this.counted(seq);
  }

  /** A trace line made of an ASCII prefix, the payload's own bytes, and the closing brace. */
  message(seq: number, prefix: string, payload: Buffer): void {
    this.room(prefix.length + payload.length + 2);
    this.used += this.bytes.write(prefix, this.used, "latin1");
    this.used += payload.copy(this.bytes, this.used);
    this.bytes[this.used++] = 125; // }
    this.bytes[this.used++] = 10;
    this.counted(seq);
  }

  /** Hands what is gathered to the writer (one write); the buffer is reused, as the write is synchronous. */
  writeOut(): void {
    if (this.count === 0) return;
    writer.writeLines(this.bytes.subarray(0, this.used), this.count, { first: this.first, last: this.last });
    this.used = 0;
    this.count = 0;
  }
}

const output = new Output();
/** With `flush: "none"`, batches are gathered until this much is waiting. */
const GATHER_BYTES = 64 * 1024;

function writeLine(line: LineRecord & { bytes: Buffer }): void {
  if (redactor) {
    const event = redactor.redact(buildLineEvent(line));
    output.text(line.seq, serializeEvent(event));
    if (tap) toTap(event);
    return;
  }
  const prefix = messageLinePrefix(line);
  if (prefix !== undefined) output.message(line.seq, prefix, line.bytes);
  else output.text(line.seq, lineEventJson(line));
  if (tap) toTap(buildLineEvent(line));
}

function writeEvent(event: TraceEvent): void {
  let line: string;
  try {
    line = serializeEvent(event);
  } catch (error) {
    noteError(error instanceof Error ? error.message : String(error));
    return;
  }
  output.text(event.seq, line);
  if (tap) toTap(event);
}

parentPort!.on("message", async (message: WorkerBatch | WorkerRedaction | { close: true }) => {
  if ("redaction" in message) {
    redactor = compileRedaction(message.redaction);
    return;
  }
  if ("close" in message) {
    output.writeOut();
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
  if (start.flush === "line" || output.size >= GATHER_BYTES) output.writeOut();
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
