/**
 * The stdio relay: runs the server as a child process (no shell, arguments untouched), forwards the client's stdin
 * to it and its stdout back, chunk by chunk as they arrive, and then hands each chunk to the recorder's stream for
 * its direction, whose lines become events (`Recorder.stream`). A chunk is observed in the same turn of the event loop as it is forwarded, so no answer to it can
 * be observed first. The child's stderr passes through and is recorded line by line. A client that stops reading
 * (closes the relay's stdout) reaches the server as a direct pipe would: its stdout closes, and its next write fails
 * with EPIPE. The relay ends when the child has exited and its pipes have closed, with the child's exit code (128+n
 * for signal n).
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { LineSplitter } from "./line-splitter.js";
import { compileRedaction, type Redactor } from "./privacy/redact.js";
import { commandLineSecrets, maskCommandLine } from "./privacy/session-facts.js";
import { createRecorder, DEFAULT_MAX_MESSAGE_BYTES, type RecorderStats } from "./recorder.js";
import type { QueueLimits, Sink } from "./sink.js";

export interface StdioRelayOptions {
  /** The server's executable; started without a shell. */
  command: string;
  args?: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the trace goes (a `fileSink`, a `callbackSink`, a `fanOut`…). */
  sink: Sink | readonly Sink[];
  /** More sinks fed the same events (a live judge); each behind its own queue. */
  extraSinks?: readonly Sink[];
  label?: string;
  session?: string;
  maxMessageBytes?: number;
  queue?: QueueLimits;
  timestamps?: boolean;
  /** The user's redaction, applied to every event before any sink sees it. */
  redact?: Redactor | undefined;
  /** The client side. Default: this process's stdin, stdout and stderr. */
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  /** Forward SIGINT, SIGTERM and SIGHUP received by this process to the child. Default true. */
  forwardSignals?: boolean;
  /** Called once the child is spawned (tests use its pid). */
  onSpawn?: (pid: number | undefined) => void;
}

export interface StdioRelayResult {
  /** The child's exit code, 128+n when it died of signal n, 127 when it could not be started. */
  exitCode: number;
  signal?: NodeJS.Signals;
  /** Why the child could not be started, when it could not. */
  spawnError?: string;
  stats: RecorderStats;
}

const FORWARDED_SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Runs the relay to the end of the session. Rejects only if a sink refuses to open. */
export function runStdioRelay(options: StdioRelayOptions): Promise<StdioRelayResult> {
  const args = options.args ?? [];
  const cwd = options.cwd ?? process.cwd();
  const recorder = createRecorder({
    sink: options.sink,
    extraSinks: options.extraSinks,
    transport: "stdio",
    label: options.label,
    session: options.session,
    maxMessageBytes: options.maxMessageBytes,
    queue: options.queue,
    timestamps: options.timestamps,
    redact: withKnownSecrets(options.redact, commandLineSecrets([options.command, ...args])),
    meta: { command: maskCommandLine([options.command, ...args]), cwd },
  });
  const clientIn = options.stdin ?? process.stdin;
  const clientOut = options.stdout ?? process.stdout;
  const clientErr = options.stderr ?? process.stderr;
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;

  return new Promise<StdioRelayResult>((resolve) => {
    const child = spawn(options.command, [...args], { cwd, env: options.env ?? process.env, stdio: "pipe" });
    let clientClosedFirst = false;
    let childGone = false;
    let spawnError: string | undefined;

    const fromClient = recorder.stream("client-to-server");
    const fromServer = recorder.stream("server-to-client");
    const serverErr = new LineSplitter((line) => recorder.stderr(line.bytes), maxBytes);

    // client → child: forward, then observe; nothing awaited in between.
    const onClientData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (!childGone && !child.stdin.destroyed && !child.stdin.write(bytes)) {
        clientIn.pause();
        child.stdin.once("drain", () => clientIn.resume());
      }
      fromClient.push(bytes);
    };
    const onClientEnd = () => {
      fromClient.end();
      if (!childGone) clientClosedFirst = true;
      child.stdin.end();
    };
    clientIn.on("data", onClientData);
    clientIn.on("end", onClientEnd);
    child.stdin.on("error", () => {}); // EPIPE once the child has gone; the session's end is the child's exit

    // child → client: forward, then observe, pausing the child when the client is slow to read.
    let clientGone = false;
    const onClientOutGone = () => {
      // The client stopped reading (EPIPE, or its end closed): close the server's stdout as a direct pipe would, so
      // its next write fails instead of waiting for ever on a pipe nobody drains.
      if (clientGone) return;
      clientGone = true;
      child.stdout.destroy();
      fromServer.end();
    };
    clientOut.on("error", onClientOutGone);
    clientOut.on("close", onClientOutGone);
    child.stdout.on("data", (chunk: Buffer) => {
      if (!clientGone && !clientOut.write(chunk)) {
        child.stdout.pause();
        clientOut.once("drain", () => child.stdout.resume());
      }
      fromServer.push(chunk);
    });
    child.stdout.on("end", () => fromServer.end());
    child.stderr.on("data", (chunk: Buffer) => {
      serverErr.push(chunk);
      clientErr.write(chunk);
    });
    child.stderr.on("end", () => serverErr.end());

    const forward = (signal: NodeJS.Signals) => () => {
      if (!childGone) child.kill(signal);
    };
    const handlers = (options.forwardSignals ?? true) ? FORWARDED_SIGNALS.map((s) => [s, forward(s)] as const) : [];
    for (const [signal, handler] of handlers) process.on(signal, handler);

    child.on("spawn", () => options.onSpawn?.(child.pid));
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) spawnError = `cannot start ${options.command}: ${error.code ?? error.message}`;
    });
    child.on("exit", () => {
      childGone = true;
    });
    child.on("close", (code: number | null, signal: NodeJS.Signals | null) => {
      childGone = true;
      for (const [sig, handler] of handlers) process.off(sig, handler);
      clientIn.off("data", onClientData);
      clientIn.off("end", onClientEnd);
      clientOut.off("error", onClientOutGone);
      clientOut.off("close", onClientOutGone);
      clientIn.pause();
      if (clientOut !== process.stdout && "end" in clientOut) clientOut.end();
      const aborted = signal !== null || spawnError !== undefined;
      const exitCode =
        spawnError !== undefined ? 127 : signal !== null ? 128 + (constants.signals[signal] ?? 0) : (code ?? 0);
      void recorder
        .close({
          event: aborted ? "transport-abort" : "transport-close",
          direction: clientClosedFirst ? "client-to-server" : "server-to-client",
        })
        .then((stats) =>
          resolve({
            exitCode,
            ...(signal !== null ? { signal } : {}),
            ...(spawnError !== undefined ? { spawnError } : {}),
            stats,
          }),
        );
    });
  });
}

/** The user's redaction plus the secrets the recorder already knows (the server's command line), flags or not. */
function withKnownSecrets(redact: Redactor | undefined, known: readonly string[]): Redactor | undefined {
  if (known.length === 0) return redact;
  const rules = redact?.rules ?? {};
  return compileRedaction({ ...rules, known: [...(rules.known ?? []), ...known] });
}
