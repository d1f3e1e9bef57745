/**
 * The redaction options shared by `record`, `watch`, `export` and `open` (docs/privacy.md): their definitions for yargs and
 * their compilation into the recorder's `Redactor`, a bad regular expression or JSONPath becoming a one-line usage
 * error before anything starts.
 */
import { compileRedaction, RedactionRuleError, type Redactor } from "@mcp-conf/recorder";
import type { Options } from "yargs";
import { UsageError } from "../exit.js";

export const redactionOptions = {
  "redact-key": {
    type: "string",
    array: true,
    describe: "record the value of this member (any depth, any case) as [redacted:key:NAME] (repeatable)",
  },
  "redact-value": {
    type: "string",
    array: true,
    describe: "record each match of this regular expression inside a string as [redacted:value:N] (repeatable)",
  },
  "redact-path": {
    type: "string",
    array: true,
    describe: "record what this RFC 9535 JSONPath selects in a message as [redacted:path:EXPR] (repeatable)",
  },
  "redact-secrets": {
    type: "boolean",
    describe: "record credential-shaped values (tokens, API keys, private keys…) as [redacted:secret:KIND]",
  },
} as const satisfies Record<string, Options>;

export interface RedactionArgs {
  "redact-key"?: string[];
  "redact-value"?: string[];
  "redact-path"?: string[];
  "redact-secrets"?: boolean;
}

/** The compiled rules, or undefined when none were given. `command` prefixes the error line. */
export function parseRedaction(argv: RedactionArgs, command: string): Redactor | undefined {
  try {
    return compileRedaction({
      keys: (argv["redact-key"] ?? []).map(String),
      values: (argv["redact-value"] ?? []).map(String),
      paths: (argv["redact-path"] ?? []).map(String),
      secrets: argv["redact-secrets"] ?? false,
    });
  } catch (error) {
    if (error instanceof RedactionRuleError) throw new UsageError(`${command}: ${error.option} ${error.message}`);
    throw error;
  }
}
