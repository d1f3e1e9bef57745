import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { LiveSummary } from "./live-judge.js";
import { LivePrinter } from "./live-printer.js";
import type { LiveFinding } from "./protocol.js";

const finding: LiveFinding = {
  requirement: "TOOL-006",
  level: "SHOULD",
  outcome: "warn",
  revision: "2025-11-25",
  check: "tool.name-charset",
  seq: 5,
  detail: 'tool name "a\u001b[2Jb" is odd',
  quote: "Tool names SHOULD be short.",
  url: "https://example.test/spec#tools",
};

function capture() {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk) => {
    text += chunk;
  });
  return { stream, text: () => text };
}

describe("the watch printer", () => {
  it("on a terminal clears the in-place tally before the server's stderr, so nothing is glued onto it", async () => {
    const out = capture();
    const printer = new LivePrinter(out.stream, true);
    printer.pass({ findings: [], tally: { exchanges: 1, fail: 0, warn: 0 }, lastSeq: 2 });
    const shared = printer.shared();
    await new Promise<void>((resolve) => shared.write("server: listening\n", () => resolve()));
    await new Promise<void>((resolve) => shared.write("server: still here\n", () => resolve()));
    printer.pass({ findings: [], tally: { exchanges: 2, fail: 0, warn: 0 }, lastSeq: 4 });
    expect(out.text()).toBe(
      "mcp-conf watch: 1 exchange(s); findings so far: 0 fail, 0 warn" +
        "\r\u001b[Kserver: listening\n" +
        "server: still here\n" +
        "mcp-conf watch: 2 exchange(s); findings so far: 0 fail, 0 warn",
    );
  });

  it("in a log prints findings then the tally line, and stays silent on a pass with nothing new", () => {
    const out = capture();
    const printer = new LivePrinter(out.stream, false);
    printer.pass({ findings: [], tally: { exchanges: 1, fail: 0, warn: 0 }, lastSeq: 2 });
    printer.pass({ findings: [finding], tally: { exchanges: 2, fail: 0, warn: 1 }, lastSeq: 5 });
    expect(out.text()).toBe(
      'mcp-conf watch: WARN TOOL-006 (SHOULD) seq 5: tool name "a\\u{1b}[2Jb" is odd\n' +
        '    spec: "Tool names SHOULD be short."\n' +
        "    see:  https://example.test/spec#tools\n" +
        "mcp-conf watch: 2 exchange(s); findings so far: 0 fail, 1 warn\n",
    );
  });

  it("on a terminal rewrites the tally in place, and clears it before anything else is printed", () => {
    const out = capture();
    const printer = new LivePrinter(out.stream, true);
    printer.pass({ findings: [], tally: { exchanges: 1, fail: 0, warn: 0 }, lastSeq: 2 });
    printer.pass({ findings: [], tally: { exchanges: 2, fail: 0, warn: 0 }, lastSeq: 3 });
    printer.error("unknown revision");
    expect(out.text()).toBe(
      "mcp-conf watch: 1 exchange(s); findings so far: 0 fail, 0 warn" +
        "\r\u001b[Kmcp-conf watch: 2 exchange(s); findings so far: 0 fail, 0 warn" +
        "\r\u001b[Kmcp-conf watch: cannot judge this session: unknown revision\n",
    );
  });

  it("at the end prints what only the end showed, the report, withdrawn findings and the tally", () => {
    const out = capture();
    const summary: LiveSummary = {
      endFindings: [{ ...finding, requirement: "LIFE-003", level: "MUST", outcome: "fail", seq: undefined }],
      withdrawn: [finding],
      tally: { exchanges: 3, fail: 1, warn: 0 },
      reportText: "MCP trace validation — revision 2025-11-25\n\nverdict: fail\n",
      judgingMs: 1,
      started: true,
    };
    new LivePrinter(out.stream, false).end(summary);
    expect(out.text().split("\n")).toEqual([
      'mcp-conf watch: FAIL LIFE-003 (MUST): tool name "a\\u{1b}[2Jb" is odd',
      '    spec: "Tool names SHOULD be short."',
      "    see:  https://example.test/spec#tools",
      "",
      "MCP trace validation — revision 2025-11-25",
      "",
      "verdict: fail",
      'mcp-conf watch: withdrawn: WARN TOOL-006 (SHOULD) seq 5: tool name "a\\u{1b}[2Jb" is odd',
      "mcp-conf watch: 3 exchange(s); findings so far: 1 fail, 0 warn",
      "",
    ]);
  });

  it("says an HTTP error status with the headers that explain it, and whose response it was", () => {
    const out = capture();
    const printer = new LivePrinter(out.stream, false);
    const base = { direction: "server-to-client", transport: "streamable-http", kind: "http" } as const;
    printer.httpError({ ...base, seq: 7, status: 200, headers: {} });
    printer.httpError({ ...base, direction: "client-to-server", seq: 8, method: "POST", path: "/mcp" });
    printer.httpError({
      ...base,
      seq: 9,
      status: 401,
      headers: { "www-authenticate": 'Bearer error="invalid_token"\u001b[2J', "content-type": "application/json" },
    });
    printer.httpError({ ...base, seq: 10, status: 502, headers: {}, proxy: true } as never);
    expect(out.text()).toBe(
      'mcp-conf watch: HTTP 401 from the server at seq 9 (www-authenticate: Bearer error="invalid_token"\\u{1b}[2J)\n' +
        "mcp-conf watch: HTTP 502 from mcp-conf's proxy at seq 10\n",
    );
  });
});
