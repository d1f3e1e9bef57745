/**
 * Whether a stored session is still being recorded: its trace file is held open by a live process (the recorder
 * keeps its trace open from the session's start to its end). Read from `/proc/<pid>/fd` on Linux, where a process
 * of the same user can see its own processes' open files; elsewhere nothing is known to be live. A file a process
 * holds is live however long it has been idle, and a process that died holds nothing: no pid to be reused.
 */
import { readdirSync, readlinkSync, realpathSync } from "node:fs";

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
