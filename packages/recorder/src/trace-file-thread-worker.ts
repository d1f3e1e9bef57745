/**
 * The shared trace writer's thread (trace-file-thread.ts): takes each batch of observations of many sessions, builds
 * each line's event, redacts by the session's rules, writes the session's trace lines (one write per session per
 * batch), and hands the redacted events back for a session that asked. Redaction rules are compiled once per set of
 * rules, however many sessions share them.
 */
import { parentPort } from "node:worker_threads";
import { openTraceWriter, type TraceEvent, type TraceWriter } from "@mcp-conf/trace-format";
import { buildLineEvent } from "./line-event.js";
import type { RedactionRules, Redactor } from "./privacy/redact.js";
import type { FileThreadEntry, FromFileThread, ToFileThread } from "./trace-file-thread.js";
import { TraceLines } from "./trace-lines.js";

interface Session {
  writer: TraceWriter;
  redactor: Redactor | undefined;
  echo: TraceEvent[] | undefined;
  errors: string[];
  withheld: number;
}

const sessions = new Map<number, Session>();
const redactors = new Map<string, Redactor | undefined>();
let compile: ((rules: RedactionRules) => Redactor | undefined) | undefined;

/** One buffer for every session: what it holds is written out before another session's lines go in. */
let gatheredFor: Session | undefined;
const lines = new TraceLines((message) => note(gatheredFor, message));

function note(session: Session | undefined, message: string): void {
  if (session && session.errors.length < 20) session.errors.push(message);
}

async function redactorFor(rules: RedactionRules | undefined): Promise<Redactor | undefined> {
  if (rules === undefined) return undefined;
  const key = JSON.stringify(rules);
  if (!redactors.has(key)) {
    // Loaded only when some session redacts: its JSONPath library is most of the module.
    compile ??= (await import("./privacy/redact.js")).compileRedaction;
    redactors.set(key, compile(rules));
  }
  return redactors.get(key);
}

/** Lines gathered for `session` from here on: another session's are written out first. */
function gatherFor(session: Session): void {
  if (gatheredFor === session) return;
  if (gatheredFor) lines.writeTo(gatheredFor.writer);
  gatheredFor = session;
}

function redacted(session: Session, event: TraceEvent): TraceEvent {
  const { redactor } = session;
  if (!redactor) return event;
  const before = redactor.withheld;
  const out = redactor.redact(event);
  session.withheld += redactor.withheld - before;
  return out;
}

async function take(entry: FileThreadEntry, reply: FromFileThread): Promise<void> {
  if ("open" in entry) {
    const session: Session = {
      writer: openTraceWriter(entry.path, {
        force: true, // the proxy's thread created the file (or chose its sibling) before handing it over
        onError: (error) => note(session, error.message),
      }),
      redactor: await redactorFor(entry.redaction),
      echo: entry.echo ? [] : undefined,
      errors: [],
      withheld: 0,
    };
    sessions.set(entry.open, session);
    return;
  }
  if ("close" in entry) {
    const session = sessions.get(entry.close);
    if (!session) {
      // Never opened (its recorder never started): nothing was written, and the file stays empty.
      reply.closed.push({ id: entry.close, written: 0, errors: [] });
      return;
    }
    sessions.delete(entry.close);
    if (session.echo && session.echo.length > 0) reply.echo.push([entry.close, session.echo]);
    if (gatheredFor === session) {
      lines.writeTo(session.writer);
      gatheredFor = undefined;
    }
    if (session.withheld > 0) {
      note(
        session,
        `redaction withheld ${session.withheld} string(s) whole: the --redact-value patterns ran past their time budget on them`,
      );
    }
    await session.writer.close();
    reply.closed.push({ id: entry.close, written: session.writer.written, errors: session.errors });
    return;
  }
  reply.taken++;
  const session = sessions.get(entry.id);
  if (!session) return;
  gatherFor(session);
  if ("line" in entry) {
    if (session.redactor || session.echo) {
      const event = redacted(session, buildLineEvent(entry.line));
      if (lines.event(event)) session.echo?.push(event);
    } else lines.observed(entry.line, undefined);
  } else {
    const event = redacted(session, entry.event);
    if (lines.event(event)) session.echo?.push(event);
  }
}

let queue: Promise<void> = Promise.resolve();

parentPort!.on("message", (batch: ToFileThread) => {
  // Batches are taken one after another (an open may wait for the redaction module to load).
  queue = queue.then(async () => {
    const reply: FromFileThread = { taken: 0, echo: [], closed: [] };
    for (const entry of batch.entries) await take(entry, reply);
    if (gatheredFor) lines.writeTo(gatheredFor.writer);
    gatheredFor = undefined;
    for (const [id, session] of sessions) {
      if (session.echo && session.echo.length > 0) {
        reply.echo.push([id, session.echo]);
        session.echo = [];
      }
    }
    parentPort!.postMessage(reply);
  });
});
