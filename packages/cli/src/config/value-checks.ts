/**
 * The project file's values checked as the options they default would check them (the commands' own checks, loaded
 * only when the key is present, so a `record` start pays nothing for the validator).
 */
import { UsageError } from "../exit.js";

/** Each key's check: throws a `UsageError` for a bad value. */
const CHECKS: Readonly<Record<string, (value: never) => Promise<void>>> = {
  revision: checkRevision,
  actor: oneOf("actor", ["server", "client", "both"]),
  "report.format": checkReportFormat,
  "redact.values": checkRedaction("values"),
  "redact.paths": checkRedaction("paths"),
  "otlp.endpoint": checkOtlpEndpoint,
  "otlp.logs-endpoint": checkOtlpLogsEndpoint,
  "http.session-idle-timeout": checkSessionIdleTimeout,
  "judge.threads": checkJudgeThreads,
};

/** A key's value as its option would take it: the one-line problem (without the option's name), or undefined. */
export async function checkConfigValue(key: string, value: string | string[] | boolean): Promise<string | undefined> {
  try {
    await CHECKS[key]?.(value as never);
    return undefined;
  } catch (error) {
    if (error instanceof UsageError) return error.message.replace(/^[\w-]+: /, "");
    throw error;
  }
}

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
