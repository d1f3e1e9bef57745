/**
 * Credentials a wrapped URL entry no longer sends: `wrap` moves each credential header's value (`Authorization`, an
 * API key, a cookie) out of the client's entry — which then sends a placeholder to the proxy's loopback port, where
 * any local user could be listening while the proxy is not — into a file only you can read, from which the proxy sets
 * it on the requests it sends upstream, and from which `unwrap` writes the value back exactly as it was written.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { WrapError } from "./entry-error.js";

/** What a wrapped entry's header says instead of its credential. */
export const HELD_VALUE = "held-by-mcp-conf";

export interface HeldCredentials {
  /** Each held header and its value, as the proxy sends it upstream. */
  headers: Record<string, string>;
  /** Each held header's value as the file had it (the JSON string literal, escapes and all), for `unwrap`. */
  literals: Record<string, string>;
}

/** Writes `held` to `path`, readable and writable by you only (its directory too, when it makes it). */
export function writeHeldCredentials(path: string, held: HeldCredentials): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(held, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** Reads a held-credentials file; refuses one that others can read, or that is not one, in one line (`WrapError`). */
export function readHeldCredentials(path: string): HeldCredentials {
  let text: string;
  try {
    if ((statSync(path).mode & 0o077) !== 0) {
      throw new WrapError(`${path} can be read by others: it holds credentials (chmod 600 it)`);
    }
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof WrapError) throw error;
    throw new WrapError(`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const isStrings = (v: unknown): v is Record<string, string> =>
    typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string");
  const held = value as Partial<HeldCredentials> | undefined;
  if (!held || !isStrings(held.headers) || !isStrings(held.literals)) {
    throw new WrapError(`${path} is not a held-credentials file`);
  }
  return { headers: held.headers, literals: held.literals };
}
