/**
 * Shared plumbing of the recorder's integration tests: where the real peers live (server-everything over HTTP comes
 * from @mcp-conf/testing), temporary directories, reading the traces a test wrote, and the ordering claims every
 * recorded session must satisfy (seq increasing, every request before its response).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { type Redactor, runStdioRelay, type Sink } from "../src/index.js";

const require = createRequire(import.meta.url);

export { EVERYTHING, freePort, startEverythingHttp } from "@mcp-conf/testing";

export const CONFORMANCE = join(
  dirname(require.resolve("@modelcontextprotocol/conformance/package.json")),
  "dist",
  "index.js",
);

export function tempDir(prefix = "mcp-conf-recorder-"): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function readTrace(path: string): TraceEvent[] {
  return readTraceSync(readFileSync(path, "utf8"));
}

/** The claims every recorded session must satisfy; returns the message events. */
export function assertWellOrdered(events: TraceEvent[]): void {
  let last = -1;
  const requestSeq = new Map<string, number>();
  for (const event of events) {
    if (!(event.seq > last)) throw new Error(`seq ${event.seq} after ${last}`);
    last = event.seq;
    if (event.kind !== "message") continue;
    const payloads = Array.isArray(event.payload) ? event.payload : [event.payload];
    for (const payload of payloads as Array<Record<string, unknown>>) {
      if (payload === null || typeof payload !== "object" || !("id" in payload)) continue;
      const key = `${event.direction === "client-to-server" ? "c" : "s"}:${JSON.stringify(payload.id)}`;
      if ("method" in payload) requestSeq.set(key, event.seq);
      else {
        const requester = `${event.direction === "client-to-server" ? "s" : "c"}:${JSON.stringify(payload.id)}`;
        const at = requestSeq.get(requester);
        if (at === undefined || at >= event.seq) {
          throw new Error(`response seq ${event.seq} (id ${JSON.stringify(payload.id)}) has no earlier request`);
        }
      }
    }
  }
}

/** `cat` as a stdio server behind the relay: the chunks in, the trace to `sink` (redacted by `redact`); its result. */
export async function relayCat(chunks: Uint8Array[], sink: Sink, redact?: Redactor) {
  const stdin = new PassThrough();
  const done = runStdioRelay({
    command: "cat",
    sink,
    redact,
    session: "fixed",
    timestamps: false,
    stdin,
    stdout: new PassThrough().resume(),
    stderr: new PassThrough(),
    forwardSignals: false,
  });
  for (const c of chunks) stdin.write(c);
  stdin.end();
  return done;
}

/**
 * A redactor that only counts its calls: handed to the recorder with rules for a sink's own thread to apply, it shows
 * whether anything redacted on the forwarding thread (`calls` stays 0 when nothing did).
 */
export function countingRedactor(rules: Redactor["rules"]): Redactor & { readonly calls: number } {
  let calls = 0;
  return {
    rules,
    withheld: 0,
    redact(event: TraceEvent) {
      calls++;
      return event;
    },
    get calls() {
      return calls;
    },
  };
}
