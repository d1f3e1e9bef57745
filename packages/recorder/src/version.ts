/** The recorder's name and version, and the process that records, as written into `transport-open` meta. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export const RECORDER_NAME = "@mcp-conf/recorder";
export const RECORDER_VERSION: string = (createRequire(import.meta.url)("../package.json") as { version: string })
  .version;

/**
 * This process as `meta.recorder` names it, so a reader can tell a trace whose recorder is gone (killed before it
 * wrote the trace's end) from one still being written: the pid, when the process started, and on Linux the kernel's
 * start time of the process (clock ticks after boot, field 22 of `/proc/<pid>/stat`) — with the pid, an identity a
 * reused pid does not share.
 */
export interface RecordingProcess {
  pid: number;
  started: string;
  procStart?: number;
}

let thisProcess: RecordingProcess | undefined;

export function recordingProcess(): RecordingProcess {
  if (thisProcess) return thisProcess;
  thisProcess = { pid: process.pid, started: new Date(Date.now() - process.uptime() * 1000).toISOString() };
  const procStart = linuxProcessStart("self");
  if (procStart !== undefined) thisProcess.procStart = procStart;
  return thisProcess;
}

/** Field 22 of `/proc/<pid>/stat` (after the command name, which may hold spaces and parentheses), or undefined. */
export function linuxProcessStart(pid: number | "self"): number | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const start = Number(fields[19]);
    return Number.isSafeInteger(start) ? start : undefined;
  } catch {
    return undefined;
  }
}
