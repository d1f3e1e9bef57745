/**
 * `open --browser`: hands the viewer's address to a browser — `$BROWSER` when set (the first of its `:`-separated
 * commands; a `%s` in it stands for the address, else the address is the last argument), else the system's opener
 * (`xdg-open`, macOS `open`, Windows `start`). The browser is started detached and never waited for; what fails
 * is said in one line, and the address is printed anyway.
 */
import { spawn } from "node:child_process";

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
  const [command, ...args] = browserCommand(url, env, platform);
  return new Promise((resolve) => {
    const child = spawn(command!, args, { detached: true, stdio: "ignore" });
    child.once("error", (error: NodeJS.ErrnoException) =>
      resolve(`cannot start a browser (${command}: ${error.code ?? error.message})`),
    );
    child.once("spawn", () => {
      child.unref();
      resolve(undefined);
    });
  });
}
