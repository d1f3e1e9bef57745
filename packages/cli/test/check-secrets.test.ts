/**
 * `check --fail-on secret` against every kind of the secret preset, each planted in a payload, an HTTP header and a
 * stderr line of its own trace: the gate fires with the seq and the kind, and no byte it prints — text, JSON, JUnit,
 * SARIF, stdout or stderr — holds the value. The traces are written at test time from the preset's fake samples
 * (assembled from pieces), so no credential-shaped literal is committed.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SECRET_KINDS } from "@mcp-conf/recorder";
import { SECRET_SAMPLES } from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

const POSITIONS = ["payload", "header", "stderr"] as const;
type Position = (typeof POSITIONS)[number];

interface Planted {
  trace: string;
  kind: string;
  position: Position;
  value: string;
  seq: number;
  location: string;
}

const line = (event: object) => JSON.stringify(event);
const initialize = (seq: number, transport: string) => [
  {
    seq,
    direction: "client-to-server",
    kind: "message",
    transport,
    payload: {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "fixture-client", version: "1" } },
    },
  },
  {
    seq: seq + 1,
    direction: "server-to-client",
    kind: "message",
    transport,
    payload: {
      jsonrpc: "2.0",
      id: 0,
      result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "fixture-server", version: "1" } },
    },
  },
];

/** One trace holding `text` (which holds `value`) at `position`, and where the detector must point. */
function plant(index: number, kind: string, value: string, text: string, position: Position): Planted {
  const trace = join(dir.path, `${String(index).padStart(2, "0")}-${kind}-${position}.jsonl`);
  if (position === "header") {
    // A header value is one line on the wire: the private key's armour lines joined by spaces.
    const headerText = text.replace(/\n/g, " ");
    const headerValue = value.replace(/\n/g, " ");
    const transport = "streamable-http";
    const events = [
      { seq: 0, direction: "client-to-server", kind: "lifecycle", event: "transport-open", transport },
      {
        seq: 1,
        direction: "client-to-server",
        kind: "http",
        transport,
        method: "POST",
        path: "/mcp",
        headers: { "content-type": "application/json", "x-debug-context": headerText },
      },
      ...initialize(2, transport),
      { seq: 4, direction: "client-to-server", kind: "lifecycle", event: "transport-close", transport },
    ];
    return {
      trace: write(trace, events),
      kind,
      position,
      value: headerValue,
      seq: 1,
      location: "headers/x-debug-context",
    };
  }
  const transport = "stdio";
  const middle =
    position === "payload"
      ? {
          seq: 3,
          direction: "client-to-server",
          kind: "message",
          transport,
          payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "note", arguments: { note: text } } },
        }
      : { seq: 3, direction: "server-to-client", kind: "stderr", transport, text };
  const events = [
    { seq: 0, direction: "client-to-server", kind: "lifecycle", event: "transport-open", transport },
    ...initialize(1, transport),
    middle,
    ...(position === "payload"
      ? [
          {
            seq: 4,
            direction: "server-to-client",
            kind: "message",
            transport,
            payload: { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "noted" }] } },
          },
        ]
      : []),
    { seq: 5, direction: "client-to-server", kind: "lifecycle", event: "transport-close", transport },
  ];
  const location = position === "payload" ? "payload/params/arguments/note" : "text";
  return { trace: write(trace, events), kind, position, value, seq: 3, location };
}

function write(path: string, events: object[]): string {
  writeFileSync(path, `${events.map(line).join("\n")}\n`);
  return path;
}

const planted: Planted[] = SECRET_SAMPLES.flatMap((sample, index) =>
  POSITIONS.map((position) => plant(index, sample.kind, sample.value, sample.text, position)),
);

async function check(args: string[]) {
  const run = await mcpConf(["check", ...args], undefined, { MCP_CONF_HOME: join(dir.path, "home") });
  return { code: run.code, out: `${run.stdout}${run.stderr}`, stdout: run.stdout };
}

/** The value, and for a long one its distinctive middle too, appear nowhere in `output`. */
function expectNoValue(output: string, value: string, what: string) {
  expect(output.includes(value), `${what} prints the value`).toBe(false);
  if (value.length >= 24) {
    const middle = value.slice(value.length / 2 - 8, value.length / 2 + 8);
    expect(output.includes(middle), `${what} prints part of the value`).toBe(false);
  }
  // Escaped the way a JSON string would hold it (the private key's newlines).
  expect(output.includes(JSON.stringify(value).slice(1, -1)), `${what} prints the escaped value`).toBe(false);
}

describe("check --fail-on secret: every preset kind, in a payload, a header and a stderr line", () => {
  it("the fixtures cover every kind the preset names", () => {
    expect(new Set(planted.map((p) => p.kind))).toEqual(new Set(SECRET_KINDS));
    expect(planted.length).toBe(SECRET_SAMPLES.length * POSITIONS.length);
  });

  it("fires on each trace with the seq, the kind and where it sits", async () => {
    const run = await check([...planted.map((p) => p.trace), "--fail-on", "secret", "--format", "json"]);
    expect(run.code, run.out).toBe(1);
    const json = JSON.parse(run.stdout) as {
      traces: { trace: string; hits: { signal: string; seq?: number; detail: string }[] }[];
    };
    expect(json.traces).toHaveLength(planted.length);
    for (const [i, p] of planted.entries()) {
      const hits = json.traces[i]!.hits;
      expect(hits, `${p.kind} in a ${p.position}`).toEqual([
        expect.objectContaining({ signal: "secret", seq: p.seq, detail: `a ${p.kind} at ${p.location}` }),
      ]);
    }
  }, 150_000);

  it.each(["text", "json", "junit", "sarif"])(
    "prints no value in the %s format",
    async (format) => {
      const run = await check([...planted.map((p) => p.trace), "--fail-on", "secret", "--format", format]);
      expect(run.code, run.out).toBe(1);
      for (const p of planted) {
        expect(run.out).toContain(p.kind);
        expectNoValue(run.out, p.value, `${format} output for ${p.kind} in a ${p.position}`);
      }
    },
    150_000,
  );

  it("a trace without a credential passes the gate", async () => {
    const clean = plant(99, "none", "nothing-secret-here", "a plain note about nothing-secret-here", "payload");
    expect((await check([clean.trace, "--fail-on", "secret"])).code).toBe(0);
  }, 150_000);
});
