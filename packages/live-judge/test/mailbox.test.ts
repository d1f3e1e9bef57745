/**
 * The mailbox between a tap's thread and the session's: whatever way each pass goes (appended to shared memory and
 * picked up by a poll, or posted as a message because nobody looked, or because it is too big), the session's side
 * sees every pass, error and the final report once, in the order they were sent; one that is never polled still
 * gets everything, by messages, within a few milliseconds. Both ends run here, with the port played by a queue.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type LivePass, liveJudgeTap } from "../src/live-judge.js";
import { createMailbox, type LOOK, MailboxReader, MailboxWriter } from "../src/mailbox.js";
import type { FromWorker, LiveFinding } from "../src/protocol.js";
import type { TapData } from "../src/tap.js";

const finding = (n: number, detail = `finding ${n}`): LiveFinding =>
  ({ requirement: "R", check: "c", seq: n, detail, outcome: "fail", quote: "q" }) as unknown as LiveFinding;
const pass = (findings: LiveFinding[], exchanges: number): FromWorker => ({
  type: "pass",
  findings,
  exchanges,
  lastSeq: exchanges,
  busyMs: 0,
});

/** Both ends, with the port a queue the test delivers from; `got` is what the session's side handled, in order. */
function pair() {
  const buffer = createMailbox();
  const port: Array<FromWorker | typeof LOOK> = [];
  const writer = new MailboxWriter(buffer, (message) => port.push(message));
  const reader = new MailboxReader(buffer);
  const got: FromWorker[] = [];
  const poll = () => got.push(...(reader.take() ?? []));
  /** The session's side handling the next posted message: the mailbox first, as `LiveJudge` does. */
  const receive = () => {
    const message = port.shift();
    if (message === undefined) return;
    poll();
    if (message.type !== "look") got.push(message);
    reader.handled();
  };
  return { writer, port, got, poll, receive };
}

const seqsOf = (messages: FromWorker[]) =>
  messages.flatMap((message) => (message.type === "pass" ? message.findings.map((f) => f.seq) : []));

describe("the tap's mailbox", () => {
  it("hands over every finding once and in order, however polls, messages and appends interleave", () => {
    const action = fc.constantFrom("send", "send", "send", "poll", "receive", "deliver", "error");
    fc.assert(
      fc.property(fc.array(action, { maxLength: 120 }), (actions) => {
        const { writer, port, got, poll, receive } = pair();
        writer.send({ type: "ready" });
        let n = 0;
        for (const step of actions) {
          if (step === "send") writer.send(pass([finding(n++)], n));
          else if (step === "error") writer.send({ type: "error", message: `at ${n}` });
          else if (step === "poll") poll();
          else if (step === "receive") receive();
          else writer.deliver();
        }
        writer.send({ type: "done", all: [], exchanges: n, started: true, busyMs: 0 });
        while (port.length > 0) receive();
        expect(got[0]!.type).toBe("ready");
        expect(got.at(-1)!.type).toBe("done");
        expect(seqsOf(got)).toEqual(Array.from({ length: n }, (_, i) => i));
        const exchanges = got.flatMap((message) => (message.type === "pass" ? [message.exchanges] : []));
        expect(exchanges).toEqual([...exchanges].sort((a, b) => a - b));
        const errors = got.filter((message) => message.type === "error").map((message) => message.message);
        expect(errors).toEqual(
          actions.flatMap((step, i) => (step === "error" ? [`at ${countSends(actions, i)}`] : [])),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("posts nothing while the session's side keeps looking, and merges what waits for it", () => {
    const { writer, port, got, poll, receive } = pair();
    writer.send({ type: "ready" });
    receive();
    for (let n = 0; n < 50; n++) {
      writer.send(pass([finding(n)], n + 1));
      if (n % 5 === 4) poll();
    }
    poll();
    expect(port).toEqual([]);
    expect(seqsOf(got)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it("reaches a session's side that never looks, by a message within a few milliseconds", async () => {
    const { writer, port, got, receive } = pair();
    writer.send({ type: "ready" });
    receive();
    writer.send(pass([finding(0)], 1));
    expect(port).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(port.map((message) => message.type)).toEqual(["look"]);
    receive();
    expect(seqsOf(got)).toEqual([0]);
    // Nothing waits any more: no further message comes.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(port).toEqual([]);
  });

  it("posts a pass too big for the whole mailbox as a message, in its place", () => {
    const { writer, port, got, poll, receive } = pair();
    writer.send({ type: "ready" });
    receive();
    writer.send(pass([finding(0)], 1));
    writer.send(pass([finding(1, "x".repeat(1.5 * 1024 * 1024))], 2));
    writer.send(pass([finding(2)], 3));
    poll();
    writer.deliver();
    expect(port.map((message) => message.type)).toEqual(["pass"]);
    writer.send(pass([finding(3)], 4));
    while (port.length > 0) receive();
    writer.deliver();
    poll();
    expect(seqsOf(got)).toEqual([0, 1, 2, 3]);
  });
});

describe("closing a session judged on a tap", () => {
  it("hands on at once what the tap's last pass left in the mailbox, before the report comes", async () => {
    const passes: LivePass[] = [];
    const { judge, tap } = liveJudgeTap({ onPass: (update) => passes.push(update) });
    const { port, mailbox } = tap.data as TapData;
    // The tap's end, on this thread: the look message it would post after a while never reaches the session.
    const writer = new MailboxWriter(mailbox!, () => {});
    writer.send(pass([finding(4)], 3));
    const closing = judge.close();
    expect(passes.map((update) => update.findings.map((f) => f.seq))).toEqual([[4]]);
    port.postMessage({ type: "done", all: [finding(4)], exchanges: 3, started: true, busyMs: 0 } satisfies FromWorker);
    const summary = await closing;
    expect(summary.withdrawn).toEqual([]);
    expect(summary.endFindings).toEqual([]);
    expect(passes).toHaveLength(1);
  });
});

function countSends(actions: string[], before: number): number {
  return actions.slice(0, before).filter((step) => step === "send").length;
}
