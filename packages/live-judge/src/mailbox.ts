/**
 * A judge on the trace's thread (a tap) hands its passes to the session's thread through shared memory instead of a
 * message each: a message wakes the session's thread, and that wake, not the payload, is what a pass's findings cost
 * (a sleep and wake of a Node thread costs about 0.08 ms of CPU on the 2-core machine this was measured on; the
 * bench's planted session posted about 450 such messages). A busy session's thread is awake anyway — it hands the
 * trace's thread each message it forwards, and looks in the mailbox then (the recorder's tap `poll`) — so a pass
 * written here reaches it within its next turn, with no wake. When it has not looked within `LOOK_MS` (an idle
 * session), the tap's thread posts a message after all.
 *
 * The tap's thread appends batches (its messages as JSON) and publishes the new end; the session's thread takes
 * everything up to the end it read and sets it back to 0, both with a compare-and-swap, so neither waits for the
 * other and nothing is read twice or lost. Appending waits while a message the tap posted has not been handled (the
 * session's thread counts them), and the session's thread empties the mailbox before it handles any message: so every
 * pass, error and the final report arrive in the order sent, whichever way each went. What finds no room waits in an
 * outbox, passes merged; a batch too big for the whole mailbox goes as a message.
 */
import type { FromWorker } from "./protocol.js";

/** The mailbox's size. A pass with findings is a few KiB; a flood's larger batches go as messages. */
const MAILBOX_BYTES = 1 << 20;
/** Int32 words before the bytes: their end (0: empty), and the messages the session's thread has handled. */
const FILLED = 0;
const HANDLED = 1;
const HEADER_BYTES = 8;
/**
 * What waits (in the outbox or unread in the mailbox) is posted as a message once it has waited this long. Its timer
 * is set at each append and cleared by the next event once the session's thread has looked: at 4 ms about a fifth of
 * them still fired in the bench's busy session, each a wake of the trace's thread; at 10 ms almost none did.
 */
const LOOK_MS = 10;

/** A message that carries nothing: it only makes the session's thread empty the mailbox. */
export const LOOK = { type: "look" } as const;

export function createMailbox(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + MAILBOX_BYTES);
}

/** The tap's end: every message to the session's thread goes through `send`. */
export class MailboxWriter {
  private readonly state: Int32Array;
  private readonly bytes: Buffer;
  private outbox: FromWorker[] = [];
  /** Messages posted; the session's thread must have handled (counted) them all before anything is appended. */
  private posted = 0;
  /** When what now waits started waiting (NaN: nothing waits). */
  private waitingSince = Number.NaN;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    buffer: SharedArrayBuffer,
    private readonly post: (message: FromWorker | typeof LOOK) => void,
  ) {
    this.state = new Int32Array(buffer, 0, HEADER_BYTES / 4);
    this.bytes = Buffer.from(buffer, HEADER_BYTES);
  }

  /** Passes and errors go through the mailbox; anything else (ready, the report) as a message, after what waits. */
  send(message: FromWorker): void {
    if (message.type === "pass" || message.type === "error") {
      this.queue(message);
      this.deliver();
      return;
    }
    for (const waiting of this.outbox) this.postData(waiting);
    this.outbox = [];
    this.postData(message);
    this.deliver();
  }

  /** Moves what waits into the mailbox, and posts a message once it has waited `LOOK_MS` there. Cheap when idle. */
  deliver(): void {
    if (this.outbox.length > 0 && Atomics.load(this.state, HANDLED) === this.posted) this.fill();
    if (this.outbox.length === 0 && Atomics.load(this.state, FILLED) === 0) {
      this.waitingSince = Number.NaN;
      if (this.timer !== undefined) clearTimeout(this.timer);
      this.timer = undefined;
      return;
    }
    const now = performance.now();
    if (Number.isNaN(this.waitingSince)) this.waitingSince = now;
    // A message not yet handled will make the session's thread look anyway.
    if (now - this.waitingSince >= LOOK_MS && Atomics.load(this.state, HANDLED) === this.posted) {
      if (this.outbox.length > 0) {
        for (const waiting of this.outbox) this.postData(waiting);
        this.outbox = [];
      } else this.postData(LOOK);
      this.waitingSince = now;
    }
    if (this.timer === undefined) {
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          this.deliver();
        },
        Math.max(1, this.waitingSince + LOOK_MS - now),
      );
      this.timer.unref();
    }
  }

  private queue(message: FromWorker): void {
    const last = this.outbox.at(-1);
    if (message.type === "pass" && last?.type === "pass") {
      this.outbox[this.outbox.length - 1] = { ...message, findings: [...last.findings, ...message.findings] };
    } else this.outbox.push(message);
  }

  private postData(message: FromWorker | typeof LOOK): void {
    this.posted++;
    this.post(message);
  }

  /** Appends as many waiting messages as fit; a first one too big for the whole mailbox is posted instead. */
  private fill(): void {
    let text = "";
    let taken = 0;
    const room = this.bytes.length - Atomics.load(this.state, FILLED);
    for (let bytes = 0; taken < this.outbox.length; taken++) {
      const json = `,${JSON.stringify(this.outbox[taken])}`;
      const size = Buffer.byteLength(json);
      if (bytes + size > room) break;
      text += json;
      bytes += size;
    }
    if (taken === 0) {
      if (Buffer.byteLength(JSON.stringify(this.outbox[0])) + 1 > this.bytes.length)
        this.postData(this.outbox.shift()!);
      return;
    }
    this.outbox.splice(0, taken);
    // Only this thread moves the end forward: the swap fails only when the session's thread took everything
    // meanwhile, and then the text goes in again at 0 (what it read ended before these bytes).
    for (;;) {
      const end = Atomics.load(this.state, FILLED);
      const written = this.bytes.write(text, end);
      if (Atomics.compareExchange(this.state, FILLED, end, end + written) === end) {
        if (end === 0) this.waitingSince = performance.now();
        return;
      }
    }
  }
}

/** The session's end. */
export class MailboxReader {
  private readonly state: Int32Array;
  private readonly bytes: Buffer;

  constructor(buffer: SharedArrayBuffer) {
    this.state = new Int32Array(buffer, 0, HEADER_BYTES / 4);
    this.bytes = Buffer.from(buffer, HEADER_BYTES);
  }

  /** Whether anything waits in the mailbox (one atomic read: the session's thread asks this per message it hands over). */
  holds(): boolean {
    return Atomics.load(this.state, FILLED) !== 0;
  }

  /** What the mailbox holds, in the order sent (emptying it), or nothing. */
  take(): FromWorker[] | undefined {
    for (;;) {
      const end = Atomics.load(this.state, FILLED);
      if (end === 0) return undefined;
      const text = this.bytes.toString("utf8", 1, end);
      // Fails only if the tap's thread appended meanwhile: then read again, up to its new end.
      if (Atomics.compareExchange(this.state, FILLED, end, 0) === end) return JSON.parse(`[${text}]`) as FromWorker[];
    }
  }

  /** A message posted by the tap has been handled (after `take`). */
  handled(): void {
    Atomics.add(this.state, HANDLED, 1);
  }
}
