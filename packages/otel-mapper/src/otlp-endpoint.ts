/**
 * The collector's address as a user gives it: `--otlp URL` (a base URL, to which `/v1/traces` is appended, or the
 * full traces URL), `--otlp-logs URL` and its protocol, `--otlp-header K=V`, and the warning owed when spans would
 * cross a network in clear text.
 */

import { isLoopbackHost } from "@mcp-conf/trace-format";

/** A bad `--otlp` or `--otlp-header` value; the message is one line for the user. */
export class OtlpConfigError extends Error {
  override readonly name = "OtlpConfigError";
}

const TRACES_PATH = "/v1/traces";
const LOGS_PATH = "/v1/logs";
/** RFC 9110 token characters: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The traces URL for `--otlp URL`: a URL ending in `/v1/traces` is taken as it is, any other gets it appended. */
export function resolveTracesUrl(input: string): string {
  return resolveSignalUrl(input, TRACES_PATH, "--otlp");
}

/** The logs URL for `--otlp-logs URL`: a URL ending in `/v1/logs` is taken as it is, any other gets it appended. */
export function resolveLogsUrl(input: string): string {
  return resolveSignalUrl(input, LOGS_PATH, "--otlp-logs");
}

/** How `--otlp-logs` may send: OTLP/HTTP with protobuf (the default) or JSON bodies. */
export const OTLP_LOGS_PROTOCOLS = ["http/protobuf", "http/json"] as const;
export type OtlpLogsProtocol = (typeof OTLP_LOGS_PROTOCOLS)[number];

/** `--otlp-logs-protocol`: one of `OTLP_LOGS_PROTOCOLS`, `http/protobuf` when not given. */
export function parseLogsProtocol(value: string | undefined): OtlpLogsProtocol {
  const protocol = value ?? "http/protobuf";
  if (!(OTLP_LOGS_PROTOCOLS as readonly string[]).includes(protocol)) {
    throw new OtlpConfigError(
      `--otlp-logs-protocol must be ${OTLP_LOGS_PROTOCOLS.join(" or ")}, got ${JSON.stringify(protocol)}`,
    );
  }
  return protocol as OtlpLogsProtocol;
}

function resolveSignalUrl(input: string, signalPath: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OtlpConfigError(`${flag}: not a URL: ${JSON.stringify(input)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OtlpConfigError(`${flag}: the collector URL must be http:// or https://, got ${url.protocol}`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new OtlpConfigError(`${flag}: put credentials in --otlp-header, not in the URL`);
  }
  if (!url.pathname.endsWith(signalPath)) url.pathname = `${url.pathname.replace(/\/+$/, "")}${signalPath}`;
  return url.toString();
}

/** Parses one `--otlp-header K=V` value into its name and value. */
export function parseOtlpHeader(input: string): [name: string, value: string] {
  const eq = input.indexOf("=");
  if (eq <= 0) throw new OtlpConfigError(`--otlp-header: expected NAME=VALUE, got ${JSON.stringify(input)}`);
  const name = input.slice(0, eq).trim();
  const value = input.slice(eq + 1);
  if (!HEADER_NAME.test(name)) throw new OtlpConfigError(`--otlp-header: not a header name: ${JSON.stringify(name)}`);
  if (/[\r\n\0]/.test(value)) throw new OtlpConfigError(`--otlp-header ${name}: the value has a line break or NUL`);
  return [name, value];
}

/** Parses every `--otlp-header` value; a later value for the same name replaces an earlier one. */
export function parseOtlpHeaders(inputs: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const input of inputs) {
    const [name, value] = parseOtlpHeader(input);
    headers[name] = value;
  }
  return headers;
}

/**
 * The warning for an `http://` collector that is not this machine, or undefined when none is due. The CLI prints
 * it; the text says what would travel unencrypted.
 */
export function plaintextCollectorWarning(tracesUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(tracesUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" || isLoopbackHost(url.hostname)) return undefined;
  return (
    `warning: the OTLP collector ${url.host} is reached over plain http:// and is not this machine: ` +
    "method and tool names, resource URIs, session ids, error codes and findings would cross the network unencrypted"
  );
}
