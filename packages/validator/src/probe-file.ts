/**
 * Probes among trace files — the file-reading side of engine/probe.ts, for what judges or lists sessions recorded
 * beside their probes (`mcp-conf validate`, `sessions ls`, the hub over a sessions store, a `record -o DIR`). Each
 * file's first line says which command it recorded and when; only files that could be linked by it are read further,
 * a session only until its first request that is no `server/discover`, and a probe whole (it is a few lines).
 */
import { readdirSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { isPlainObject, readTraceFile, type TraceEvent } from "@mcp-conf/trace-format";
import { openingOf, type ProbeFacts, type ProbeOpening, precedes, probeFacts } from "./engine/probe.js";

/** A probe found for a session: its file and the server's declaration it holds. */
export interface FoundProbe {
  path: string;
  facts: ProbeFacts;
}

/** Which trace files are probes of which: both ways, by path as given. */
export interface ProbeLinks {
  /** Session path → the path of its probe (the newest that precedes it). */
  probeOf: Map<string, string>;
  /** Probe path → the sessions it precedes, oldest first. */
  sessionsOf: Map<string, string[]>;
}

/** A trace file as the linker sees it: its path, and its size when known (a change of size is looked at again). */
export interface ProbeCandidate {
  path: string;
  bytes?: number;
}

/** The first event of a trace file: undefined when it has no complete first line yet, null when that is no JSON. */
async function firstEvent(path: string): Promise<TraceEvent | null | undefined> {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.alloc(FIRST_LINE_BYTES);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
    if (end < 0) return bytesRead === buffer.length ? null : undefined;
    return JSON.parse(buffer.toString("utf8", 0, end)) as TraceEvent;
  } catch {
    return null;
  } finally {
    await file.close();
  }
}

/** A recorder's opening line is well under this; a longer first line is no opening of one. */
const FIRST_LINE_BYTES = 64 * 1024;

/** What a trace file's client requests say of it: a probe's are all `server/discover`; none yet says nothing. */
type Kind = "probe" | "session" | "undecided";

/** Reads the trace at `path` only until a request says it is no probe. */
async function kindOf(path: string): Promise<Kind> {
  let kind: Kind = "undecided";
  try {
    for await (const event of readTraceFile(path)) {
      if (event.transport !== "stdio") return "session";
      if (event.kind !== "message" || event.direction !== "client-to-server") continue;
      const payload = event.payload;
      if (!isPlainObject(payload) || !("id" in payload)) continue;
      if (payload.method !== "server/discover") return "session";
      kind = "probe";
    }
  } catch {
    return "undecided";
  }
  return kind;
}

/** The server's declaration in the probe trace at `path` (undefined: unreadable, or no discover result). */
export async function readProbeFacts(path: string): Promise<ProbeFacts | undefined> {
  const events: TraceEvent[] = [];
  try {
    for await (const event of readTraceFile(path)) events.push(event);
  } catch {
    return undefined;
  }
  return probeFacts(events);
}

/**
 * Links probes to the sessions they precede among a set of trace files, remembering what it read: a file's opening
 * once, and whether it is a probe once per size. Made for a store looked at again and again (the hub); `linkProbes`
 * is a single look.
 */
export class ProbeLinker {
  private readonly openings = new Map<string, ProbeOpening | null>();
  private readonly kinds = new Map<string, { bytes: number | undefined; kind: Kind }>();

  async link(candidates: readonly ProbeCandidate[]): Promise<ProbeLinks> {
    const links: ProbeLinks = { probeOf: new Map(), sessionsOf: new Map() };
    const present = new Set(candidates.map((candidate) => candidate.path));
    for (const path of this.openings.keys()) if (!present.has(path)) this.openings.delete(path);
    for (const path of this.kinds.keys()) if (!present.has(path)) this.kinds.delete(path);

    const groups = new Map<string, { candidate: ProbeCandidate; opening: ProbeOpening }[]>();
    for (const candidate of candidates) {
      const opening = await this.opening(candidate.path);
      if (!opening) continue;
      const group = groups.get(opening.key) ?? [];
      group.push({ candidate, opening });
      groups.set(opening.key, group);
    }
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      group.sort((a, b) => a.opening.at - b.opening.at);
      for (const [i, session] of group.entries()) {
        const earlier = group.slice(0, i).filter((other) => precedes(other.opening, session.opening));
        if (earlier.length === 0 || (await this.kind(session.candidate)) !== "session") continue;
        for (const probe of earlier.reverse()) {
          if ((await this.kind(probe.candidate)) !== "probe") continue;
          links.probeOf.set(session.candidate.path, probe.candidate.path);
          links.sessionsOf.set(probe.candidate.path, [
            ...(links.sessionsOf.get(probe.candidate.path) ?? []),
            session.candidate.path,
          ]);
          break;
        }
      }
    }
    return links;
  }

  private async opening(path: string): Promise<ProbeOpening | null | undefined> {
    if (this.openings.has(path)) return this.openings.get(path);
    const first = await firstEvent(path).catch(() => null);
    // No complete first line yet: look again next time.
    if (first === undefined) return undefined;
    const opening = first === null ? null : (openingOf(first) ?? null);
    this.openings.set(path, opening);
    return opening;
  }

  private async kind({ path, bytes }: ProbeCandidate): Promise<Kind> {
    const known = this.kinds.get(path);
    if (known !== undefined && bytes !== undefined && known.bytes === bytes) return known.kind;
    const kind = await kindOf(path);
    this.kinds.set(path, { bytes, kind });
    return kind;
  }
}

/** Which of these trace files are probes of which (one look; see `ProbeLinker`). */
export function linkProbes(paths: readonly string[]): Promise<ProbeLinks> {
  return new ProbeLinker().link(paths.map((path) => ({ path })));
}

/**
 * The probe of the session in `session` among `candidates` (trace file paths; the session itself is passed over):
 * the newest one that precedes it, with its discover result's facts. Unreadable or malformed files are passed over;
 * undefined when none links.
 */
export async function findProbe(session: string, candidates: readonly string[]): Promise<FoundProbe | undefined> {
  return (await linksAmong(session, candidates)).probe;
}

/** A trace file's links: the probe it was recorded after, or the session it is the probe of. */
export interface TraceProbeLinks {
  probe?: FoundProbe;
  probeOf?: string;
}

/**
 * The links of the trace at `trace` among `others` and the trace files beside it (a sessions store, a `record -o
 * DIR`): its probe with the server's declaration, or the session it is the probe of.
 */
export function probeLinksBeside(trace: string, others: readonly string[] = []): Promise<TraceProbeLinks> {
  return linksAmong(trace, [...others, ...traceFilesIn(dirname(trace))]);
}

/** The links of `trace` among `candidates`, each file taken once however it is spelled (the trace itself passed over). */
async function linksAmong(trace: string, candidates: readonly string[]): Promise<TraceProbeLinks> {
  const seen = new Set([resolve(trace)]);
  const paths = [trace];
  for (const path of candidates) {
    if (seen.has(resolve(path))) continue;
    seen.add(resolve(path));
    paths.push(path);
  }
  const links = await linkProbes(paths);
  const probePath = links.probeOf.get(trace);
  const facts = probePath === undefined ? undefined : await readProbeFacts(probePath);
  const probeOf = links.sessionsOf.get(trace)?.[0];
  return {
    ...(probePath !== undefined && facts !== undefined ? { probe: { path: probePath, facts } } : {}),
    ...(probeOf === undefined ? {} : { probeOf }),
  };
}

function traceFilesIn(directory: string): string[] {
  try {
    return readdirSync(directory)
      .filter((name) => name.endsWith(".jsonl"))
      .map((name) => join(directory, name));
  } catch {
    return [];
  }
}
