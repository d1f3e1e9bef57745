/**
 * CPU time of the child processes a bench ran: user + system of every child waited for so far (and of their
 * threads), read off /proc/self/stat's cutime and cstime. A bench takes it before and after each spawnSync. Linux only.
 */
import { existsSync, readFileSync } from "node:fs";

/** CPU ms of the children waited for so far (cutime + cstime), or undefined off Linux. */
export function childrenCpuMs(): number | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  const fields = readFileSync("/proc/self/stat", "utf8")
    .replace(/^.*\) /, "")
    .split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // fields 16 and 17 of proc(5), in USER_HZ
}
