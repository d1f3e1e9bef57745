// What the recording scripts of the corpus share (record-everything.mjs, record-2026.ts): free ports, waiting for a
// listener, a child's exit, and `sanitize`, which rewrites what depends on the machine or the moment (timestamps,
// the working directory, the command line, the ports the run happened to get, a generated stdio session label)
// to fixed values, so the committed traces are the same wherever they were recorded.
import { connect, createServer } from "node:net";

/** The fixed ports recorded HTTP sessions are rewritten to. */
export const FIXED_HTTP = { server: 3001, proxy: 8080 };

export async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until something accepts TCP connections on `port` (a connection only: no request to be recorded). */
export async function waitForPort(port) {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port}`);
}

export function exited(child) {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve)));
}

/**
 * A recorded trace with its machine-specific parts fixed: `command` replaces a stdio session's command line, a
 * session label starting with `label-` becomes `label-stdio`, and `ports` ({serverPort, proxyPort}) are swapped for
 * FIXED_HTTP's.
 */
export function sanitize(text, { command, label, ports }) {
  const swapPorts = (value) =>
    ports === undefined
      ? value
      : value
          .replaceAll(`127.0.0.1:${ports.serverPort}`, `127.0.0.1:${FIXED_HTTP.server}`)
          .replaceAll(`localhost:${ports.serverPort}`, `localhost:${FIXED_HTTP.server}`)
          .replaceAll(`127.0.0.1:${ports.proxyPort}`, `127.0.0.1:${FIXED_HTTP.proxy}`)
          .replaceAll(`localhost:${ports.proxyPort}`, `localhost:${FIXED_HTTP.proxy}`);
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const event = JSON.parse(swapPorts(line));
      delete event.ts;
      if (event.kind === "lifecycle" && event.meta) {
        if (event.meta.cwd !== undefined) event.meta.cwd = "/workspace";
        if (Array.isArray(event.meta.command)) event.meta.command = command;
        if (typeof event.meta.session === "string" && event.meta.session.startsWith(`${label}-`)) {
          event.meta.session = `${label}-stdio`;
        }
      }
      return `${JSON.stringify(event)}\n`;
    })
    .join("");
}
