/**
 * The threaded file sink's worker: receives batches of observed lines (bytes packed into one transferred buffer)
 * and ready-made events, builds each line's event (decode, JSON.parse) and writes everything through
 * trace-format's writer, so none of that work runs on the thread that forwards the session's bytes. Each batch is
 * acknowledged, which is what bounds the main thread's in-flight budget.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openTraceWriter, type TraceEvent } from "@mcp-conf/trace-format";
import type { WorkerBatch, WorkerReply, WorkerStart } from "./file-sink-thread.js";
import { buildLineEvent } from "./line-event.js";

const start = workerData as WorkerStart;
const errors: string[] = [];
const writer = openTraceWriter(start.path, {
  force: true, // the main thread created the file (and refused an existing one) before starting this worker
  flush: start.flush,
  onError: (error) => {
    if (errors.length < 20) errors.push(error.message);
  },
});

function reply(message: WorkerReply): void {
  parentPort!.postMessage(message);
}

parentPort!.on("message", async (message: WorkerBatch | { close: true }) => {
  if ("close" in message) {
    await writer.close();
    reply({ acked: { events: 0, bytes: 0 }, written: writer.written, errors, closed: true });
    return;
  }
  const bytes = new Uint8Array(message.buffer);
  for (const entry of message.entries) {
    let event: TraceEvent;
    if ("event" in entry) event = entry.event;
    else {
      event = buildLineEvent({
        seq: entry.seq,
        at: entry.at,
        direction: entry.direction,
        transport: entry.transport,
        bytes: bytes.subarray(entry.offset, entry.offset + entry.size),
        length: entry.length,
        truncated: entry.truncated,
      });
    }
    writer.write(event);
  }
  reply({ acked: { events: message.entries.length, bytes: message.budget }, written: writer.written, errors });
});
