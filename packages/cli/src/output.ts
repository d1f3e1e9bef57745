/**
 * Where a command's output goes when the user names it with `-o`: every command that writes a file writes it here.
 * `-` (or no `-o`) is standard output. A regular file, or a path that does not exist yet, is written through a
 * temporary file renamed into place, so no reader sees half a file. Anything else — a device such as /dev/null or
 * /dev/stdout, a FIFO, a socket — is written straight through: renaming over it would replace the system's own node
 * with a plain file. A symbolic link is followed, and the file it names is treated by the same rules.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, lstatSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileProblem } from "@mcp-conf/trace-format";
import { type Io, UsageError } from "./exit.js";

/** The `-o` value that means standard output. */
export const STDOUT = "-";

/** Writes `text` (or bytes) to `output` (`undefined` or `-`: standard output). Throws a one-line `UsageError` naming `command`. */
export function writeOutput(command: string, output: string | undefined, text: string | Uint8Array, io: Io): void {
  if (output === undefined || output === STDOUT) {
    io.stdout.write(text);
    return;
  }
  if (output === "") throw new UsageError(`${command}: -o needs a file name (or - for standard output)`);
  try {
    const target = existingTarget(output);
    if (target === undefined) writeThroughTemp(resolve(output), text, undefined);
    else if (target.regular) writeThroughTemp(target.path, text, target.mode);
    else writeFileSync(target.path, text);
  } catch (error) {
    throw new UsageError(`${command}: ${output}: ${fileProblem(error)}`);
  }
}

/** The real path of a file that may not exist yet: its directory's real path plus its name. */
export function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(resolve(path))), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

/** Refuses an output that is one of the command's inputs (reading and writing one file would lose it). */
export function refuseOutputThatIsInput(command: string, inputs: readonly string[], output: string | undefined): void {
  if (output === undefined || output === STDOUT) return;
  const out = realTarget(output);
  for (const input of inputs) {
    if (input !== "-" && realTarget(input) === out) {
      throw new UsageError(`${command}: the output ${output} is the input trace; choose another file`);
    }
  }
}

/** What `path` names once symbolic links are followed; undefined when nothing is there yet. */
function existingTarget(path: string): { path: string; regular: boolean; mode: number } | undefined {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    // A dangling link: writing through it creates the file it names and keeps the link.
    return lstatExists(path) ? { path, regular: false, mode: 0 } : undefined;
  }
  const stats = statSync(real);
  return { path: real, regular: stats.isFile(), mode: stats.mode & 0o7777 };
}

function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a temporary file beside `target` and renames it into place: a new file is private to its owner (0600,
 * whatever the umask: an export can be a full copy of a trace), an existing one keeps its mode.
 */
function writeThroughTemp(target: string, text: string | Uint8Array, mode: number | undefined): void {
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, text, { flag: "wx", mode: 0o600 });
    chmodSync(temp, mode ?? 0o600);
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
