/**
 * Whether a stored session is still being recorded: its trace file is held open by a live process (the recorder
 * keeps its trace open from the session's start to its end). Read from `/proc/<pid>/fd` on Linux, where a process
 * of the same user can see its own processes' open files; elsewhere nothing is known to be live. A file a process
 * holds is live however long it has been idle, and a process that died holds nothing: no pid to be reused.
 */
import { readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";

/** Those of `paths` some running process has open. */
export function openTraces(paths: readonly string[]): Set<string> {
  const live = new Set<string>();
  if (paths.length === 0 || process.platform !== "linux") return live;
  const wanted = new Map<string, string>();
  for (const path of paths) {
    try {
      wanted.set(realpathSync(path), path);
    } catch {}
  }
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return live;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // another user's process, or one that just ended
    }
    for (const fd of fds) {
      try {
        const held = wanted.get(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (held !== undefined) live.add(held);
      } catch {}
    }
  }
  return live;
}

/**
 * Whether the process that recorded a trace is known to be gone, from the `meta.recorder` of its `transport-open`
 * (recorder 0.2 on: `pid`, and on Linux `procStart`, the kernel's start time of that process): no process by that pid,
 * or one that started at another time (the pid was reused). False when the trace does not say (an older recorder) or
 * the process is there (another user's too: it exists, we may just not signal it).
 */
export function recorderGone(recorder: unknown): boolean {
  if (typeof recorder !== "object" || recorder === null) return false;
  const { pid, procStart } = recorder as { pid?: unknown; procStart?: unknown };
  if (typeof pid !== "number" || !Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return true;
  }
  if (typeof procStart !== "number") return false;
  const now = linuxProcessStart(pid);
  return now !== undefined && now !== procStart;
}

/** Field 22 of `/proc/<pid>/stat` (after the command name, which may hold spaces and parentheses), or undefined. */
function linuxProcessStart(pid: number): number | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    const start = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    return Number.isSafeInteger(start) ? start : undefined;
  } catch {
    return undefined; // gone between the two looks, or no /proc
  }
}

/**
 * `recorderGone` for a store of traces, old ones too: a trace that names its recorder's process is judged by it; one
 * that does not (written by a recorder before 0.2) is over when no running process holds it open (`openTraces`). That
 * look walks `/proc` (tens of ms), so it is made at most once every `ttlMs` for all such traces together; off Linux
 * such a trace is never known to be over.
 */
export function recorderGoneCheck(ttlMs = 10_000): (recorder: unknown, path: string) => boolean {
  let scannedAt = Number.NEGATIVE_INFINITY;
  let open = new Set<string>();
  const asked = new Set<string>();
  return (recorder, path) => {
    const pid = typeof recorder === "object" && recorder !== null ? (recorder as { pid?: unknown }).pid : undefined;
    if (pid !== undefined) return recorderGone(recorder);
    if (process.platform !== "linux") return false;
    const now = Date.now();
    if (!asked.has(path) || now - scannedAt > ttlMs) {
      asked.add(path);
      open = openTraces([...asked]);
      scannedAt = now;
    }
    return !open.has(path);
  };
}
