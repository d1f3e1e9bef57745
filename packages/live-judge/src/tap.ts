/**
 * The live judge as a tap on another thread: the recorder's file-sink thread loads this module (its URL is what
 * `liveJudgeTap` hands the recorder) and gives it every event it writes to the trace file, in seq order. Judging
 * there costs no thread of its own, no second parse of each line and no copy of each event between threads; only
 * the findings cross: through a mailbox in shared memory that the session's thread reads when it hands this thread a
 * message anyway (mailbox.ts), and over the `MessagePort` the session's `LiveJudge` holds the other end of. The
 * recorder knows nothing of judging: to it this is a module with `openTap(data)` returning `{ event, close }`, and a
 * `poll` to call on the session's thread.
 */
import type { MessagePort } from "node:worker_threads";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { MailboxWriter } from "./mailbox.js";
import type { FromWorker, ToWorker, WorkerOptions } from "./protocol.js";
import { Session } from "./session.js";
import { settle } from "./settle.js";
import { warmUp } from "./warm-up.js";

/** What the session's side passes to the tap's thread (the port is transferred). */
export interface TapData {
  options: WorkerOptions;
  port: MessagePort;
  /** Where passes go instead of the port, for the session's thread to pick up when it looks (mailbox.ts). */
  mailbox?: SharedArrayBuffer;
}

/**
 * Called once on the recorder's thread, before the session's first event reaches it (it warms the thread up first,
 * warm-up.ts, and says it is ready once the heap has settled, settle.ts); `close()` settles once the report is sent
 * (after `LiveJudge.close()`).
 */
export function openTap(data: TapData): {
  event(event: TraceEvent): void;
  full(): boolean;
  skipped(): void;
  close(): Promise<void>;
} {
  const { port } = data;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const mail = data.mailbox ? new MailboxWriter(data.mailbox, (message) => port.postMessage(message)) : undefined;
  const send = (message: FromWorker) => {
    if (mail) mail.send(message);
    else port.postMessage(message);
    if (message.type === "done") finished();
  };
  warmUp(data.options);
  const session = new Session(data.options, send);
  port.on("message", (message: ToWorker) => {
    if (message.type !== "start") session.receive(message);
  });
  // Events that come meanwhile are judged as usual.
  void settle().then(() => send({ type: "ready" }));
  return {
    event: (event) => {
      session.take(event);
      mail?.deliver();
    },
    full: () => session.full(),
    skipped: () => session.skipped(),
    close: () => done,
  };
}
