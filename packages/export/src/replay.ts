/**
 * Replay of a recorded request against the live server, for the live view: the request is sent again in a session
 * of its own — never into the recorded one, whose wire stays untouched — opened with the recorded initialize
 * request: a fresh process of the watched command over stdio, or a new session at the watched upstream over
 * streamable HTTP. Requests the server makes meanwhile are answered "method not found"; the session is closed
 * after the answer. Only `watch --ui` offers it, with the command or upstream it was given itself (never one read
 * from a trace).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export type ReplayTarget = { command: string[]; cwd?: string } | { upstream: string };

export interface Replayer {
  /** Sends `request` in a fresh session opened by `initialize`; resolves to the server's answer. */
  replay(initialize: unknown, request: unknown): Promise<unknown>;
}

const TIMEOUT_MS = 15_000;
const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" };

function idOf(message: unknown): unknown {
  return typeof message === "object" && message !== null ? (message as { id?: unknown }).id : undefined;
}

function isAnswerTo(message: unknown, id: unknown): boolean {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const record = message as Record<string, unknown>;
  return record.id === id && record.method === undefined && ("result" in record || "error" in record);
}

export function replayerFor(target: ReplayTarget): Replayer {
  return "command" in target ? new StdioReplayer(target) : new HttpReplayer(target.upstream);
}

class StdioReplayer implements Replayer {
  constructor(private readonly target: { command: string[]; cwd?: string }) {}

  replay(initialize: unknown, request: unknown): Promise<unknown> {
    const [file, ...args] = this.target.command;
    if (!file) return Promise.reject(new Error("no command to start"));
    const child = spawn(file, args, { stdio: ["pipe", "pipe", "ignore"], cwd: this.target.cwd });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    return new Promise<unknown>((resolve, reject) => {
      let stage: "initialize" | "request" = "initialize";
      const done = (error: Error | undefined, answer?: unknown) => {
        clearTimeout(timer);
        child.stdin.end();
        child.kill();
        if (error) reject(error);
        else resolve(answer);
      };
      const timer = setTimeout(() => done(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
      child.once("error", (error) => done(error));
      child.once("exit", (code) => done(new Error(`the server exited (${code ?? "signal"}) before answering`)));
      child.stdin.on("error", () => {});
      createInterface({ input: child.stdout }).on("line", (line) => {
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          return;
        }
        const record = message as Record<string, unknown>;
        if (typeof record?.method === "string" && record.id !== undefined) {
          send({ jsonrpc: "2.0", id: record.id, error: { code: -32601, message: "not available during a replay" } });
          return;
        }
        if (stage === "initialize" && isAnswerTo(message, idOf(initialize))) {
          stage = "request";
          send(INITIALIZED);
          send(request);
        } else if (stage === "request" && isAnswerTo(message, idOf(request))) {
          child.removeAllListeners("exit");
          done(undefined, message);
        }
      });
      send(initialize);
    });
  }
}

class HttpReplayer implements Replayer {
  constructor(private readonly upstream: string) {}

  async replay(initialize: unknown, request: unknown): Promise<unknown> {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const opened = await fetch(this.upstream, { method: "POST", headers, body: JSON.stringify(initialize), signal });
    const initialized = await answerIn(opened, idOf(initialize));
    const session = opened.headers.get("mcp-session-id");
    if (session) headers["mcp-session-id"] = session;
    const version = (initialized as { result?: { protocolVersion?: unknown } })?.result?.protocolVersion;
    if (typeof version === "string") headers["mcp-protocol-version"] = version;
    await (await fetch(this.upstream, { method: "POST", headers, body: JSON.stringify(INITIALIZED), signal })).text();
    const sent = await fetch(this.upstream, { method: "POST", headers, body: JSON.stringify(request), signal });
    const answer = await answerIn(sent, idOf(request));
    if (session) await fetch(this.upstream, { method: "DELETE", headers, signal }).catch(() => undefined);
    return answer;
  }
}

/** The answer to `id` in a response's body: plain JSON, or the events of an event stream. */
async function answerIn(response: Response, id: unknown): Promise<unknown> {
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  const bodies = type.startsWith("text/event-stream")
    ? text
        .split(/\r?\n\r?\n/)
        .map((block) =>
          block
            .split(/\r?\n/)
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart())
            .join("\n"),
        )
        .filter((data) => data !== "")
    : [text];
  for (const body of bodies) {
    try {
      const message = JSON.parse(body) as unknown;
      for (const one of Array.isArray(message) ? message : [message]) if (isAnswerTo(one, id)) return one;
    } catch {}
  }
  throw new Error(`HTTP ${response.status} with no answer to the request`);
}
