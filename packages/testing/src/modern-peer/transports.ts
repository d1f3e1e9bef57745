/**
 * The modern peer server on its two transports: streamable HTTP (one POST per message; routing headers validated;
 * a request answered with JSON, or with an SSE stream when it asked for progress; a stream the client closes is
 * the request cancelled, and nothing more is sent for it) and stdio (a line per message; `notifications/cancelled`
 * stops a countdown).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable, Writable } from "node:stream";
import { answer, headerProblem, type ModernAnswer } from "./server.js";

type Json = Record<string, unknown>;

const progressNote = (token: string | number, progress: number, total: number) => ({
  jsonrpc: "2.0",
  method: "notifications/progress",
  params: { progressToken: token, progress, total },
});

export interface ModernHttpServer {
  url: string;
  close(): Promise<void>;
}

/** Defects on demand, for tests that need a server breaking a rule: the HTTP status of a Method-not-found error. */
export interface ModernServerFaults {
  unknownMethodStatus?: number;
}

/** Serves the modern peer over streamable HTTP on 127.0.0.1 (port 0: any free port). */
export async function startModernHttpServer(port = 0, faults: ModernServerFaults = {}): Promise<ModernHttpServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const parts: Buffer[] = [];
    req.on("data", (chunk: Buffer) => parts.push(chunk));
    req.on("end", () => {
      let message: Json;
      try {
        message = JSON.parse(Buffer.concat(parts).toString("utf8")) as Json;
      } catch {
        sendJson(res, 400, { jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } });
        return;
      }
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const headers = req.headers as Record<string, string | undefined>;
      const problem = headerProblem(headers, message);
      if (problem !== undefined) {
        sendJson(res, 400, {
          jsonrpc: "2.0",
          id: message.id,
          error: { code: -32020, message: `Header mismatch: ${problem}` },
        });
        return;
      }
      const out = answer(message);
      if (faults.unknownMethodStatus !== undefined && out.status === 404) out.status = faults.unknownMethodStatus;
      if (out.progress) streamWithProgress(res, out);
      else sendJson(res, out.status, out.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

/** Progress on an SSE stream, then the answer; the client closing the stream cancels it (nothing more is sent). */
function streamWithProgress(res: http.ServerResponse, out: ModernAnswer): void {
  const { token, steps, delayMs } = out.progress!;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no" });
  let step = 0;
  let cancelled = false;
  res.on("close", () => {
    cancelled = true;
  });
  const tick = () => {
    if (cancelled) return;
    if (step < steps) {
      step++;
      res.write(`data: ${JSON.stringify(progressNote(token, step, steps))}\n\n`);
      setTimeout(tick, delayMs);
    } else res.end(`data: ${JSON.stringify(out.message)}\n\n`);
  };
  tick();
}

/** Serves the modern peer over stdio until `input` ends. */
export function runModernStdioServer(input: Readable, output: Writable): Promise<void> {
  const cancelled = new Set<string>();
  const write = (message: unknown) => output.write(`${JSON.stringify(message)}\n`);
  let buffered = "";
  return new Promise((resolve) => {
    input.setEncoding("utf8");
    input.on("data", (chunk: string) => {
      buffered += chunk;
      let newline = buffered.indexOf("\n");
      while (newline >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line) receive(line);
        newline = buffered.indexOf("\n");
      }
    });
    input.on("end", () => resolve());
  });

  function receive(line: string): void {
    let message: Json;
    try {
      message = JSON.parse(line) as Json;
    } catch {
      write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    if (message.method === "notifications/cancelled") {
      cancelled.add(JSON.stringify(((message.params ?? {}) as Json).requestId));
      return;
    }
    if (message.id === undefined) return;
    const out = answer(message);
    if (!out.progress) {
      write(out.message);
      return;
    }
    const key = JSON.stringify(message.id);
    const { token, steps, delayMs } = out.progress;
    let step = 0;
    const tick = () => {
      if (cancelled.delete(key)) return; // cancelled: no response for it
      if (step < steps) {
        step++;
        write(progressNote(token, step, steps));
        setTimeout(tick, delayMs);
      } else write(out.message);
    };
    tick();
  }
}
