/**
 * `findProbe`: the probe trace, among trace files, of the session in another — the file-reading side of
 * engine/probe.ts, for a command that judges a session recorded beside its probe (`mcp-conf validate`, a sessions
 * store, a `record -o DIR`). Only each candidate's first line is read until one opens as the session's probe would;
 * that one is read whole.
 */
import { createReadStream } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { isPlainObject, readTraceFile, type TraceEvent } from "@mcp-conf/trace-format";
import { isProbeOf, type ProbeFacts, probeFacts } from "./engine/probe.js";

/** A probe found for a session: its file and the server's declaration it holds. */
export interface FoundProbe {
  path: string;
  facts: ProbeFacts;
}

/** The first event of a trace file, or undefined when it has none or its first line is no JSON. */
async function firstEvent(path: string): Promise<TraceEvent | undefined> {
  const lines = createInterface({
    input: createReadStream(path, { end: 64 * 1024 }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  try {
    for await (const line of lines) return JSON.parse(line) as TraceEvent;
  } catch {
    return undefined;
  } finally {
    lines.close();
  }
  return undefined;
}

async function readAll(path: string): Promise<TraceEvent[] | undefined> {
  const events: TraceEvent[] = [];
  try {
    for await (const event of readTraceFile(path)) events.push(event);
  } catch {
    return undefined;
  }
  return events;
}

/**
 * The probe of the session in `session` among `candidates` (trace file paths; the session itself is passed over):
 * the newest one `isProbeOf` links to it, with its discover result's facts. Unreadable or malformed files are passed
 * over; undefined when none links.
 */
export async function findProbe(session: string, candidates: readonly string[]): Promise<FoundProbe | undefined> {
  const opening = await firstEvent(session);
  // Only a stdio recording names the command its probe would share.
  if (opening?.kind !== "lifecycle" || !isPlainObject(opening.meta) || !Array.isArray(opening.meta.command)) {
    return undefined;
  }
  let found: { path: string; events: TraceEvent[]; at: number } | undefined;
  for (const path of candidates) {
    if (resolve(path) === resolve(session)) continue;
    const first = await firstEvent(path);
    if (first === undefined || !isProbeOf([first, PROBE_SHAPE], [opening])) continue;
    const events = await readAll(path);
    if (events === undefined || !isProbeOf(events, [opening])) continue;
    const at = Date.parse(first.ts ?? "");
    if (found === undefined || at > found.at) found = { path, events, at };
  }
  if (found === undefined) return undefined;
  const facts = probeFacts(found.events);
  return facts === undefined ? undefined : { path: found.path, facts };
}

/** A stand-in discover request, so a candidate's opening alone can be held to `isProbeOf` before it is read whole. */
const PROBE_SHAPE: TraceEvent = {
  seq: 1,
  direction: "client-to-server",
  transport: "stdio",
  kind: "message",
  payload: { jsonrpc: "2.0", id: 0, method: "server/discover" },
};
