/**
 * What `.mcp-conf.toml` may hold (docs/config.md): each key, the `mcp-conf` option it supplies a default for, the
 * commands it applies to, its type, and whether it is a path.
 */

export type KeyType = "string" | "strings" | "boolean" | "table" | "number";

export interface ConfigKey {
  /** The option (long name) whose default the key sets. */
  option: string;
  type: KeyType;
  /** The commands it applies to; absent: every command that has the option. */
  commands?: readonly string[];
  /** A path, resolved against the file's directory. */
  path?: boolean;
}

const RECORDING = ["record", "watch"] as const;

export const CONFIG_KEYS: Readonly<Record<string, ConfigKey>> = {
  label: { option: "label", type: "string", commands: RECORDING },
  output: { option: "output", type: "string", commands: RECORDING, path: true },
  revision: { option: "revision", type: "string" },
  actor: { option: "actor", type: "string" },
  "report.format": { option: "format", type: "string", commands: ["validate"] },
  "report.file": { option: "report", type: "string", commands: ["watch"], path: true },
  "report.quiet": { option: "quiet", type: "boolean", commands: ["watch"] },
  "redact.keys": { option: "redact-key", type: "strings" },
  "redact.values": { option: "redact-value", type: "strings" },
  "redact.paths": { option: "redact-path", type: "strings" },
  "redact.secrets": { option: "redact-secrets", type: "boolean" },
  "otlp.endpoint": { option: "otlp", type: "string" },
  "otlp.headers": { option: "otlp-header", type: "table" },
  "otlp.logs-endpoint": { option: "otlp-logs", type: "string", commands: RECORDING },
  "check.fail-on": { option: "fail-on", type: "strings", commands: ["check"] },
  "http.session-idle-timeout": { option: "session-idle-timeout", type: "number", commands: RECORDING },
  "judge.threads": { option: "judge-threads", type: "number", commands: ["watch"] },
};

/** The tables the file may have: a key's first part. */
export const CONFIG_TABLES: ReadonlySet<string> = new Set(
  Object.keys(CONFIG_KEYS).flatMap((key) => (key.includes(".") ? [key.split(".")[0]!] : [])),
);
