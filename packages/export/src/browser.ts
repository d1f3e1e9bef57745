/**
 * Hands a viewer's address to a browser (`mcp-conf open --browser`) — `$BROWSER` when set (the first of its `:`-separated
 * commands; a `%s` in it stands for the address, else the address is the last argument), else the system's opener
 * (`xdg-open`, macOS `open`, Windows `start`). The browser is started detached and never waited for; what fails
 * is said in one line, and the address is printed anyway.
 *
 * The address holds the viewer's token, and a command line is readable by every local user (the process list), so
 * the browser is given a file instead: a page, private to its owner in a private directory, that sends the browser
 * on to the address. It is removed once the browser has had time to read it, and when the process exits.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** How long the hand-over page is kept for the browser to read. */
const HAND_OVER_MS = 120_000;

/** Writes the page that forwards to `url` (0600, in a new 0700 directory); its file URL and how to remove it. */
export function handOverPage(url: string): { page: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "mcp-conf-open-"));
  const file = join(dir, "open.html");
  const escaped = url.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  writeFileSync(
    file,
    `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${escaped}"><title>mcp-conf</title>\n`,
    { mode: 0o600, flag: "wx" },
  );
  const remove = () => rmSync(dir, { recursive: true, force: true });
  return { page: pathToFileURL(file).href, remove };
}

/** The command and arguments that open `url`. */
export function browserCommand(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  const chosen = env.BROWSER?.split(":").find((entry) => entry.trim() !== "");
  if (chosen !== undefined) {
    const words = chosen.trim().split(/\s+/);
    return words.some((word) => word.includes("%s"))
      ? words.map((word) => word.replaceAll("%s", url))
      : [...words, url];
  }
  if (platform === "darwin") return ["open", url];
  if (platform === "win32") return ["cmd", "/c", "start", '""', url];
  return ["xdg-open", url];
}

/** Starts the browser; resolves to why it could not be started, or undefined. */
export function launchBrowser(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  const { page, remove } = handOverPage(url);
  process.once("exit", remove);
  setTimeout(remove, HAND_OVER_MS).unref();
  const [command, ...args] = browserCommand(page, env, platform);
  return new Promise((resolve) => {
    const child = spawn(command!, args, { detached: true, stdio: "ignore" });
    child.once("error", (error: NodeJS.ErrnoException) => {
      remove();
      resolve(`cannot start a browser (${command}: ${error.code ?? error.message})`);
    });
    child.once("spawn", () => {
      child.unref();
      resolve(undefined);
    });
  });
}
