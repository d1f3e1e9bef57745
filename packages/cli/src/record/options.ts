/**
 * Parsing and checking `record`'s own option values (listen address, byte limits, upstream URL, idle timeout, judge threads), each bad
 * value becoming a one-line `UsageError` before anything starts.
 */
import { UsageError } from "../exit.js";

export interface ListenAddress {
  host: string;
  port: number;
}

export const DEFAULT_LISTEN: ListenAddress = { host: "127.0.0.1", port: 8080 };

/** `HOST:PORT`, `[IPv6]:PORT`, `:PORT` (host 127.0.0.1), `PORT` or `HOST` (port 8080). A colon needs a port after it. */
export function parseListen(value: string | undefined): ListenAddress {
  if (value === undefined) return DEFAULT_LISTEN;
  const text = value.trim();
  const bad = () =>
    new UsageError(`record: --listen ${JSON.stringify(value)} is not HOST:PORT, [IPv6]:PORT, :PORT or PORT`);
  let host = DEFAULT_LISTEN.host;
  let portText: string | undefined;
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (v6) {
    host = v6[1]!;
    portText = v6[2];
  } else if (/^\d+$/.test(text)) {
    portText = text;
  } else {
    const colon = text.lastIndexOf(":");
    if (colon === -1) host = text;
    else if (text.indexOf(":") !== colon)
      throw bad(); // a bare IPv6 address needs brackets
    else {
      host = colon === 0 ? DEFAULT_LISTEN.host : text.slice(0, colon);
      portText = text.slice(colon + 1);
    }
  }
  if (host === "" || portText === "" || (portText !== undefined && !/^\d+$/.test(portText))) throw bad();
  const port = portText === undefined ? DEFAULT_LISTEN.port : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw bad();
  return { host, port };
}

/** The upstream URL, which must be http(s). */
export function parseUpstream(value: string | undefined): URL {
  if (value === undefined || value === "") throw new UsageError("record http: --upstream URL is required");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`record http: --upstream ${JSON.stringify(value)} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`record http: --upstream ${JSON.stringify(value)} is not an http:// or https:// URL`);
  }
  return url;
}

/** A positive whole number of bytes, as typed (the message quotes it back). */
export function parseMaxMessageBytes(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`record: --max-message-bytes must be a positive whole number, not ${JSON.stringify(value)}`);
  }
  return n;
}

/**
 * `--session-idle-timeout SECONDS`: how long an HTTP session may go without a client request before it is ended (and,
 * under `watch`, judged); 0 never. In ms, or undefined for the recorder's default.
 */
export function parseSessionIdleTimeout(value: unknown, command: string): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(seconds) || seconds > 2_147_483) {
    throw new UsageError(
      `${command}: --session-idle-timeout must be a number of seconds, 0 or more (0: never), not ${JSON.stringify(value)}`,
    );
  }
  return Math.round(seconds * 1000);
}

/** `--judge-threads N`: the size of `watch http`'s judge pool, a whole number from 1. */
export function parseJudgeThreads(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 256) {
    throw new UsageError(`watch: --judge-threads must be a whole number from 1 to 256, not ${JSON.stringify(value)}`);
  }
  return n;
}
