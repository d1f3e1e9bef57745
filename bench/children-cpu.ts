/**
 * CPU time of the child processes a bench ran: user + system of every child waited for so far (and of their
 * threads), read off /proc/self/stat's cutime and cstime (a bench takes it before and after each spawnSync); and of
 * one process still running, off its own /proc/<pid>/stat. Linux only.
 */
import { existsSync, readFileSync } from "node:fs";

/** The fields of /proc/<pid>/stat after the command name (proc(5)'s field 3 is the first), or undefined off Linux. */
function statFields(pid: number | "self"): string[] | undefined {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return undefined;
  return readFileSync(path, "utf8")
    .replace(/^.*\) /, "")
    .split(" ");
}

/** CPU ms of the children waited for so far (cutime + cstime), or undefined off Linux. */
export function childrenCpuMs(): number | undefined {
  const fields = statFields("self");
  return fields && ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // fields 16 and 17 of proc(5), in USER_HZ
}

/** CPU ms a running process has used so far, all its threads (utime + stime), or undefined off Linux. */
export function processCpuMs(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields && ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // fields 14 and 15 of proc(5)
}
