/**
 * The commands mcp-conf offers, in the order `--help` lists them. Each names its usage and summary here, and its
 * options and work in its own module, loaded only when that command runs: `record stdio` starts a server without
 * first loading the validator, the exporter or the SDK.
 */
import type { CommandEntry } from "./command.js";

export { type CommandEntry, commandName } from "./command.js";

export const COMMANDS: readonly CommandEntry[] = [
  {
    command: "demo",
    describe: "Watch a real MCP session live: server-everything driven by the official SDK client through watch",
    load: async () => (await import("./demo.js")).demoCommand,
  },
  {
    command: "watch <mode> [command..]",
    describe: "Record a session and judge it live: findings on stderr as they happen, the report at the end",
    load: async () => (await import("./watch.js")).watchCommand,
  },
  {
    command: "record <mode> [command..]",
    describe: "Record a session: stdio relay (record stdio -- CMD…) or HTTP proxy (record http --upstream URL)",
    load: async () => (await import("./record.js")).recordCommand,
  },
  {
    command: "validate <trace..>",
    describe: "Judge recorded traces clause by clause against the MCP specification",
    load: async () => (await import("./validate.js")).validateCommand,
  },
  {
    command: "test <mode> [command..]",
    describe: "Run the official conformance suite through the recorder: its verdicts and ours per scenario",
    load: async () => (await import("./test.js")).testCommand,
  },
  {
    command: "check [trace..]",
    describe: "Gate CI on recorded sessions: failed clauses, error answers, unanswered requests, secrets, slow calls…",
    load: async () => (await import("./check.js")).checkCommand,
  },
  {
    command: "requirements [id]",
    describe: "List the specification clauses of a revision (or the one named ID) and how each is judged",
    load: async () => (await import("./requirements.js")).requirementsCommand,
  },
  {
    command: "export [trace]",
    describe: "Export a recorded trace: json (analysis and findings), text transcript, html viewer, har, otlp",
    load: async () => (await import("./export.js")).exportCommand,
  },
  {
    command: "open [trace]",
    describe: "The browser viewer on 127.0.0.1: a recorded trace, or (no TRACE) every session, the running ones live",
    load: async () => (await import("./open.js")).openCommand,
  },
  {
    command: "diff <before> <after>",
    describe: "Compare two recorded sessions: definitions field by field, capabilities, call statuses and durations",
    load: async () => (await import("./diff.js")).diffCommand,
  },
  {
    command: "baseline <trace>",
    describe: "Trust-on-first-use tool-definition baselines per server label: drift reported field by field",
    load: async () => (await import("./baseline.js")).baselineCommand,
  },
  {
    command: "sessions [action] [id]",
    describe: "The recorded sessions in the state directory: ls (newest first), show ID, prune --older-than AGE",
    load: async () => (await import("./sessions.js")).sessionsCommand,
  },
  {
    command: "serve",
    describe:
      "Judge a gateway fleet centrally: receive recorders' OTLP log records, judge each session, send findings on",
    load: async () => (await import("./serve.js")).serveCommand,
  },
  {
    command: "wrap [server]",
    describe: "Rewrite a server entry of an MCP client's configuration to run under mcp-conf watch",
    load: async () => (await import("./wrap.js")).wrapCommand,
  },
  {
    command: "unwrap [server]",
    describe: "Restore a server entry that mcp-conf wrap rewrote, byte for byte",
    load: async () => (await import("./wrap.js")).unwrapCommand,
  },
  {
    command: "completion [shell]",
    describe: 'Print the bash completion script: eval "$(mcp-conf completion)"',
    load: async () => (await import("./completion.js")).completionCommand(COMMANDS),
  },
];
