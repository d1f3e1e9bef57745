/**
 * Shared plumbing of the recorder's integration tests: where the real peers live, starting server-everything over
 * HTTP on a free port, temporary directories, reading the traces a test wrote, and the ordering claims every
 * recorded session must satisfy (seq increasing, every request before its response).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";

const require = createRequire(import.meta.url);

/** `node <this>` starts server-everything (append `stdio` or `streamableHttp`). */
export const EVERYTHING = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist",
  "index.js",
);
export const CONFORMANCE = join(
  dirname(require.resolve("@modelcontextprotocol/conformance/package.json")),
  "dist",
  "index.js",
);

export function tempDir(prefix = "mcp-conf-recorder-"): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function readTrace(path: string): TraceEvent[] {
  return readTraceSync(readFileSync(path, "utf8"));
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * server-everything over streamable HTTP (`/mcp`), or over the 2024-11-05 HTTP+SSE transport (`sse`: the stream
 * at `/sse`), on a free port; retries a few ports if one is taken meanwhile.
 */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse" = "streamableHttp",
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 40000);
    const child = spawn(process.execPath, [EVERYTHING, mode], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const up = await new Promise<boolean>((resolve) => {
      let text = "";
      const onData = (chunk: Buffer) => {
        text += chunk.toString();
        if (/listening on port|running on port/i.test(text)) resolve(true);
        if (/EADDRINUSE/.test(text)) resolve(false);
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.once("exit", () => resolve(false));
      setTimeout(() => resolve(/listening on port|running on port/i.test(text)), 10_000);
    });
    if (up) {
      child.stdout!.resume();
      child.stderr!.resume();
      return {
        url: `http://localhost:${port}/${mode === "sse" ? "sse" : "mcp"}`,
        child,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      };
    }
    child.kill("SIGKILL");
  }
  throw new Error("server-everything did not start over HTTP");
}

/** The claims every recorded session must satisfy; returns the message events. */
export function assertWellOrdered(events: TraceEvent[]): void {
  let last = -1;
  const requestSeq = new Map<string, number>();
  for (const event of events) {
    if (!(event.seq > last)) throw new Error(`seq ${event.seq} after ${last}`);
    last = event.seq;
    if (event.kind !== "message") continue;
    const payloads = Array.isArray(event.payload) ? event.payload : [event.payload];
    for (const payload of payloads as Array<Record<string, unknown>>) {
      if (payload === null || typeof payload !== "object" || !("id" in payload)) continue;
      const key = `${event.direction === "client-to-server" ? "c" : "s"}:${JSON.stringify(payload.id)}`;
      if ("method" in payload) requestSeq.set(key, event.seq);
      else {
        const requester = `${event.direction === "client-to-server" ? "s" : "c"}:${JSON.stringify(payload.id)}`;
        const at = requestSeq.get(requester);
        if (at === undefined || at >= event.seq) {
          throw new Error(`response seq ${event.seq} (id ${JSON.stringify(payload.id)}) has no earlier request`);
        }
      }
    }
  }
}
