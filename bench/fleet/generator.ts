/**
 * A gateway replica for bench/fleet: SESSIONS generated sessions (bench/validator's realistic session of MESSAGES
 * messages, with five answers to requests never sent spread through it, so every session has findings from start to
 * end) recorded through the
 * embeddable recorder with `--otlp-logs`'s exporter (protobuf) to URL, interleaved, at RATE events/s in all (0: as
 * fast as the recorder takes them). Each event's `ts` is the moment it was recorded: the wire time the bench measures
 * lag from. Prints one JSON line: events recorded and exported, records lost, first and last event time.
 * argv: URL LABEL SESSIONS MESSAGES RATE
 */
import { createOtlpLogsExporter } from "@mcp-conf/otel-mapper";
import { createRecorder } from "@mcp-conf/recorder";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { sessionEvents } from "../validator/generate-session.js";

const [url, label, sessionsText, messagesText, rateText] = process.argv.slice(2);
const sessions = Number(sessionsText);
const rate = Number(rateText);
/** Answers to requests never sent, per session: each is one finding (BASE-006). */
const STRAYS = 5;
const exporter = createOtlpLogsExporter({
  url: `${url}/v1/logs`,
  scheduledDelayMillis: 20,
  maxQueueSize: 200_000,
  maxExportBatchSize: 1024,
});

/** One session's messages (lifecycle events are the recorder's), with a stray answer after each sixth of them. */
function messages(): TraceEvent[] {
  const all = [...sessionEvents(Number(messagesText))].filter((event) => event.kind === "message");
  for (let k = STRAYS; k >= 1; k--) {
    const stray: TraceEvent = {
      seq: 0,
      direction: "server-to-client",
      transport: "stdio",
      kind: "message",
      payload: { jsonrpc: "2.0", id: `never-sent-${k}`, result: {} },
    };
    all.splice(Math.floor((all.length * k) / (STRAYS + 1)), 0, stray);
  }
  return all;
}

const script = messages();
const open = Array.from({ length: sessions }, () => {
  const sink = exporter.sink();
  const recorder = createRecorder({ sink, transport: "stdio", label });
  return { recorder, next: 0 };
});
let recorded = 0;
const firstAt = Date.now();
const TICK_MS = 10;
let index = 0;
while (open.some((session) => session.next < script.length)) {
  const budget = rate > 0 ? Math.max(1, Math.round((rate * TICK_MS) / 1000)) : 2000;
  const tickStart = Date.now();
  for (let sent = 0; sent < budget; sent++) {
    const session = open[index++ % open.length]!;
    if (session.next >= script.length) {
      if (open.every((s) => s.next >= script.length)) break;
      continue;
    }
    const event = script[session.next++]!;
    session.recorder.message(event.direction, Buffer.from(JSON.stringify((event as { payload: unknown }).payload)));
    recorded++;
  }
  const wait = rate > 0 ? TICK_MS - (Date.now() - tickStart) : 0;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
}
const lastAt = Date.now();
let exported = 0;
let lost = 0;
for (const { recorder } of open) {
  const stats = await recorder.close();
  const logs = stats.sinks.find((sink) => sink.name === "otlp-logs");
  exported += logs?.written ?? 0;
  lost += logs?.dropped ?? 0;
}
await exporter.close();
process.stdout.write(`${JSON.stringify({ recorded, exported, lost, firstAt, lastAt })}\n`);
