/**
 * What `.mcp-conf.toml` may hold (docs/config.md): each key, the command option it supplies a default for, the
 * commands it applies to, its type, and the check its value must pass. The checks are the commands' own, loaded
 * only when the key is present, so a `record` start pays nothing for the validator.
 */
import { UsageError } from "../exit.js";

export type KeyType = "string" | "strings" | "boolean" | "table" | "number";

export interface ConfigKey {
  /** The option (long name) whose default the key sets. */
  option: string;
  type: KeyType;
  /** The commands it applies to; absent: every command that has the option. */
  commands?: readonly string[];
  /** A path, resolved against the file's directory. */
  path?: boolean;
  /** Throws a `UsageError` for a bad value. */
  check?: (value: never) => Promise<void>;
}

const RECORDING = ["record", "watch"] as const;

export const CONFIG_KEYS: Readonly<Record<string, ConfigKey>> = {
  label: { option: "label", type: "string", commands: RECORDING },
  output: { option: "output", type: "string", commands: RECORDING, path: true },
  revision: { option: "revision", type: "string", check: checkRevision },
  actor: { option: "actor", type: "string", check: oneOf("actor", ["server", "client", "both"]) },
  "report.format": { option: "format", type: "string", commands: ["validate"], check: checkReportFormat },
  "report.file": { option: "report", type: "string", commands: ["watch"], path: true },
  "report.quiet": { option: "quiet", type: "boolean", commands: ["watch"] },
  "redact.keys": { option: "redact-key", type: "strings" },
  "redact.values": { option: "redact-value", type: "strings", check: checkRedaction("values") },
  "redact.paths": { option: "redact-path", type: "strings", check: checkRedaction("paths") },
  "redact.secrets": { option: "redact-secrets", type: "boolean" },
  "otlp.endpoint": { option: "otlp", type: "string", check: checkOtlpEndpoint },
  "otlp.headers": { option: "otlp-header", type: "table" },
  "otlp.logs-endpoint": { option: "otlp-logs", type: "string", commands: RECORDING, check: checkOtlpLogsEndpoint },
  "check.fail-on": { option: "fail-on", type: "strings", commands: ["check"] },
  "http.session-idle-timeout": {
    option: "session-idle-timeout",
    type: "number",
    commands: RECORDING,
    check: checkSessionIdleTimeout,
  },
  "judge.threads": { option: "judge-threads", type: "number", commands: ["watch"], check: checkJudgeThreads },
};

/** The tables the file may have: a key's first part. */
export const CONFIG_TABLES = new Set(
  Object.keys(CONFIG_KEYS).flatMap((key) => (key.includes(".") ? [key.split(".")[0]!] : [])),
);

async function checkRevision(value: string): Promise<void> {
  const { checkedRevision } = await import("../commands/revision-option.js");
  checkedRevision("revision", value);
}

async function checkSessionIdleTimeout(value: string): Promise<void> {
  const { parseSessionIdleTimeout } = await import("../record/options.js");
  parseSessionIdleTimeout(value, "http");
}

async function checkJudgeThreads(value: string): Promise<void> {
  const { parseJudgeThreads } = await import("../record/options.js");
  parseJudgeThreads(value);
}

async function checkReportFormat(value: string): Promise<void> {
  const { isReportFormat, REPORT_FORMATS } = await import("@mcp-conf/validator");
  if (!isReportFormat(value)) {
    throw new UsageError(`format: unknown format ${JSON.stringify(value)} (expected ${REPORT_FORMATS.join(", ")})`);
  }
}

function checkRedaction(kind: "values" | "paths") {
  return async (value: string[]): Promise<void> => {
    const { parseRedaction } = await import("../record/redaction.js");
    parseRedaction(kind === "values" ? { "redact-value": value } : { "redact-path": value }, "redact");
  };
}

async function checkOtlpEndpoint(value: string): Promise<void> {
  const { OtlpConfigError, resolveTracesUrl } = await import("@mcp-conf/otel-mapper");
  try {
    resolveTracesUrl(value);
  } catch (error) {
    if (error instanceof OtlpConfigError) throw new UsageError(error.message.replace(/^--otlp: /, ""));
    throw error;
  }
}

async function checkOtlpLogsEndpoint(value: string): Promise<void> {
  const { OtlpConfigError, resolveLogsUrl } = await import("@mcp-conf/otel-mapper");
  try {
    resolveLogsUrl(value);
  } catch (error) {
    if (error instanceof OtlpConfigError) throw new UsageError(error.message.replace(/^--otlp-logs: /, ""));
    throw error;
  }
}

function oneOf(name: string, values: readonly string[]) {
  return async (value: string): Promise<void> => {
    if (!values.includes(value)) {
      throw new UsageError(`${name}: ${JSON.stringify(value)} is not one of ${values.join(", ")}`);
    }
  };
}
