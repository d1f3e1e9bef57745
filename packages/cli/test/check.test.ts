/**
 * `mcp-conf check`, the CI gate, run as the built code in this process (`main(args, io)`): every signal fires on a committed trace made for it — the
 * corpus's violation traces, real recorded server-everything sessions, and hand-written fixtures for what no real
 * peer does (a capture with holes, a credential in arguments, a slow call) — and stays silent on every good and
 * real corpus session; exit codes; JUnit read back by a real XML parser; SARIF checked against the 2.1.0 schema.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expectSarifShape } from "@mcp-conf/testing";
import { XMLParser } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, tempDir } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

const CORPUS = join(REPO_ROOT, "corpus");
const V = join(CORPUS, "2025-11-25", "violations");
const REAL = join(CORPUS, "2025-11-25", "real", "everything-stdio.jsonl");
const FIXTURES = join(REPO_ROOT, "packages", "cli", "test", "fixtures", "check");
const EVERY_SIGNAL =
  "fail,warn,error,tool-error,invalid,mismatch,pending,late-result,deprecated,incomplete,drift,secret,slow";

interface Hit {
  signal: string;
  seq?: number;
  call?: string;
  owner: string;
  detail: string;
}
interface CheckJson {
  signals: string[];
  traces: { trace: string; clean: boolean; verdict?: string; hits: Hit[] }[];
}

function check(args: string[], env: NodeJS.ProcessEnv = {}) {
  return mcpConf(["check", ...args], undefined, { MCP_CONF_HOME: join(dir.path, "home"), ...env });
}

async function checkJson(
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number | null; json: CheckJson; stderr: string }> {
  const run = await check([...args, "--format", "json"], env);
  return { code: run.code, json: JSON.parse(run.stdout) as CheckJson, stderr: run.stderr };
}

/** A baselines directory holding the real session's tools under the label "everything". */
async function baselineOfRealSession(): Promise<string> {
  const baselines = join(dir.path, "baselines");
  const run = await mcpConf(["baseline", REAL, "--baseline", baselines]);
  expect(run.code, run.stderr).toBe(0);
  return baselines;
}

describe("each signal fires on the trace made for it, naming the seq it rests on", () => {
  const cases: { signal: string; trace: string; seq: number; owner: string; extra?: string[]; detail?: RegExp }[] = [
    { signal: "fail", trace: join(V, "base-002-jsonrpc-version.jsonl"), seq: 5, owner: "server", detail: /BASE-002/ },
    { signal: "warn", trace: join(V, "tool-006-name-charset.jsonl"), seq: 5, owner: "server", detail: /TOOL-006/ },
    {
      signal: "error",
      trace: join(CORPUS, "2025-11-25", "good", "tool-http-resources-prompts.jsonl"),
      seq: 41,
      owner: "server",
      detail: /-32602 Invalid cursor/,
    },
    { signal: "tool-error", trace: REAL, seq: 39, owner: "server", detail: /isError/ },
    { signal: "invalid", trace: join(V, "base-002-jsonrpc-version.jsonl"), seq: 5, owner: "server" },
    { signal: "mismatch", trace: join(V, "base-006-result-unknown-id.jsonl"), seq: 6, owner: "server" },
    { signal: "pending", trace: join(V, "tran-024-request-never-answered.jsonl"), seq: 9, owner: "server" },
    { signal: "late-result", trace: join(V, "canc-007-response-after-cancel.jsonl"), seq: 4, owner: "server" },
    {
      signal: "deprecated",
      trace: join(V, "samp-008-deprecated-include-context.jsonl"),
      seq: 4,
      owner: "server",
      detail: /includeContext "thisServer"/,
    },
    {
      signal: "deprecated",
      trace: join(CORPUS, "2026-07-28", "good", "deprecated-features-session.jsonl"),
      seq: 1,
      owner: "client",
      detail: /^the "server\/discover" request declares the "roots" capability: Roots is deprecated as of 2026-07-28/,
    },
    { signal: "incomplete", trace: join(FIXTURES, "incomplete-capture.jsonl"), seq: 7, owner: "capture" },
    {
      signal: "secret",
      trace: join(FIXTURES, "secret-in-arguments.jsonl"),
      seq: 4,
      owner: "client",
      detail: /github-token at payload\/params\/arguments\/auth/,
    },
    {
      signal: "slow",
      trace: join(FIXTURES, "slow-call.jsonl"),
      seq: 4,
      owner: "server",
      extra: ["--max-duration", "1s"],
      detail: /took 3200 ms \(limit 1000 ms\)/,
    },
  ];

  it.each(cases)(
    "$signal",
    async ({ signal, trace, seq, owner, extra, detail }) => {
      const { code, json } = await checkJson([trace, "--fail-on", signal, ...(extra ?? [])]);
      expect(code).toBe(1);
      const hits = json.traces[0]!.hits;
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((hit) => hit.signal === signal)).toBe(true);
      const hit = hits.find((h) => h.seq === seq);
      expect(hit, JSON.stringify(hits)).toBeDefined();
      expect(hit!.owner).toBe(owner);
      if (detail) expect(hit!.detail).toMatch(detail);
    },
    150_000,
  );

  it("incomplete names the message cut at --max-message-bytes too", async () => {
    const { json } = await checkJson([join(FIXTURES, "incomplete-capture.jsonl"), "--fail-on", "incomplete"]);
    expect(json.traces[0]!.hits.map((hit) => hit.seq)).toEqual([7, 8]);
  }, 150_000);

  it("slow leaves a call within the limit alone", async () => {
    const { json } = await checkJson([join(FIXTURES, "slow-call.jsonl"), "--fail-on", "slow", "--max-duration", "1s"]);
    expect(json.traces[0]!.hits.map((hit) => hit.seq)).toEqual([4]);
  }, 150_000);

  it("drift: a tool definition changed since the label's baseline, field by field, with the rug-pull note", async () => {
    const baselines = await baselineOfRealSession();
    const changed = join(FIXTURES, "drift-echo-description.jsonl");
    const { code, json } = await checkJson([changed, "--fail-on", "drift", "--baseline", baselines]);
    expect(code).toBe(1);
    const [hit, ...more] = json.traces[0]!.hits;
    expect(more).toEqual([]);
    expect(hit).toMatchObject({ signal: "drift", call: "tool echo", owner: "server" });
    expect(hit!.seq).toBeGreaterThan(0);
    expect(hit!.detail).toMatch(
      /\/description: "Echoes back the input string" → "Echoes back the input string\. Before/,
    );
    expect(hit!.detail).toMatch(/rug pull/);
    expect((await checkJson([REAL, "--fail-on", "drift", "--baseline", baselines])).code).toBe(0);
  }, 150_000);

  it("--expect-tool fires for a tool never called, --forbid-tool at the call of a forbidden one", async () => {
    const { code, json } = await checkJson([
      REAL,
      "--fail-on",
      "fail",
      "--expect-tool",
      "get-weather",
      "--forbid-tool",
      "echo",
    ]);
    expect(code).toBe(1);
    expect(json.signals).toEqual(["fail", "expect-tool", "forbid-tool"]);
    const hits = json.traces[0]!.hits;
    expect(hits.find((hit) => hit.signal === "expect-tool")!.detail).toMatch(/"get-weather" was never called/);
    const forbidden = hits.filter((hit) => hit.signal === "forbid-tool");
    expect(forbidden.length).toBeGreaterThan(0);
    expect(forbidden.every((hit) => hit.call === "tools/call echo" && hit.seq !== undefined)).toBe(true);
    expect(
      (await checkJson([REAL, "--fail-on", "fail", "--expect-tool", "echo", "--forbid-tool", "get-weather"])).code,
    ).toBe(0);
  }, 150_000);
});

/** The status of the first HTTP response after the request at `seq` when it is an error (≥ 400), else undefined. */
function refusedOverHttp(events: { seq: number; direction: string; kind?: string; status?: number }[], seq: number) {
  const response = events.find(
    (event) => event.seq > seq && event.kind === "http" && event.direction === "server-to-client",
  );
  return response?.status !== undefined && response.status >= 400 ? response.status : undefined;
}

describe("silence where nothing happened", () => {
  const sessions = readdirSync(CORPUS)
    .filter((revision) => /^\d{4}-\d\d-\d\d$/.test(revision))
    .flatMap((revision) =>
      ["good", "real"].flatMap((kind) =>
        (existsSync(join(CORPUS, revision, kind)) ? readdirSync(join(CORPUS, revision, kind)) : [])
          .filter((name) => name.endsWith(".jsonl"))
          .map((name) => join(CORPUS, revision, kind, name)),
      ),
    );

  it("every signal is silent on every good and real corpus session, but for the answers that really are errors and the documented defects of real peers", async () => {
    const signals = EVERY_SIGNAL.replace(",drift", "");
    const { json } = await checkJson([...sessions, "--fail-on", signals, "--max-duration", "30s", "--jobs", "2"]);
    expect(json.traces.map((t) => t.trace)).toEqual(sessions);
    for (const { trace, hits } of json.traces) {
      const events = readFileSync(trace, "utf8")
        .trim()
        .split("\n")
        .map(
          (line) =>
            JSON.parse(line) as {
              seq: number;
              direction: string;
              kind?: string;
              event?: string;
              status?: number;
              payload?: Record<string, unknown>;
            },
        );
      const answers = new Map<string, Record<string, unknown>>();
      for (const event of events) {
        if (event.payload && "id" in event.payload && !("method" in event.payload)) {
          answers.set(`${event.direction} ${JSON.stringify(event.payload.id)}`, event.payload);
        }
      }
      for (const hit of hits) {
        const where = `${trace}: ${JSON.stringify(hit)}`;
        if (hit.signal === "error" && /^refused with HTTP \d{3}$/.test(hit.detail)) {
          // A POST the server refused with that HTTP status, and no JSON-RPC answer to it in the response.
          expect(refusedOverHttp(events, hit.seq!), where).toBe(Number(hit.detail.slice(-3)));
        } else if (hit.signal === "error" || hit.signal === "tool-error") {
          // error and tool-error (not in the default set) fire exactly where the session holds such an answer.
          const request = events.find((event) => event.seq === hit.seq)!;
          const answerDirection = request.direction === "client-to-server" ? "server-to-client" : "client-to-server";
          const answer = answers.get(`${answerDirection} ${JSON.stringify(request.payload!.id)}`)!;
          if (hit.signal === "error") expect("error" in answer, where).toBe(true);
          else expect((answer.result as { isError?: boolean }).isError, where).toBe(true);
        } else if (
          (hit.signal === "warn" && /^DEPR-\d{3} /.test(hit.detail)) ||
          (hit.signal === "deprecated" && / is deprecated as of 2026-07-28 /.test(hit.detail))
        ) {
          // corpus rule: a good trace may use a deprecated feature (good/deprecated-features-session does, on purpose).
          expect(trace, where).toMatch(/deprecated-features/);
        } else {
          // corpus/README.md: server-everything sends a 2025-11-25 elicitation schema to a 2025-06-18 client.
          expect(trace, where).toMatch(/2025-06-18\/real\//);
          expect(["fail", "invalid"], where).toContain(hit.signal);
          expect(hit.detail, where).toMatch(/ElicitRequest/);
        }
      }
    }
  }, 300_000);

  it("drift is silent on the session its baseline was recorded from; the default set on a good session exits 0", async () => {
    const baselines = await baselineOfRealSession();
    expect((await checkJson([REAL, "--fail-on", "drift", "--baseline", baselines])).json.traces[0]!.hits).toEqual([]);
    const clean = await check([join(CORPUS, "2025-11-25", "good", "base-stdio-session.jsonl")]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/clean: no signal fired \(checked: fail, invalid, mismatch, pending, incomplete\)/);
  }, 150_000);
});

describe("exit codes, output formats, many traces", () => {
  it("refuses bad invocations in one line with exit 2", async () => {
    const bad: [string[], RegExp][] = [
      [[REAL, "--fail-on", "fail,nope"], /unknown signal "nope"/],
      [[REAL, "--fail-on", "slow"], /the slow signal needs --max-duration/],
      [[REAL, "--fail-on", "slow", "--max-duration", "soon"], /--max-duration takes a duration/],
      [[REAL, "--format", "xml"], /unknown format "xml"/],
      [[REAL, "--actor", "proxy"], /unknown actor "proxy"/],
      [[REAL, "--jobs", "0"], /--jobs takes a positive integer/],
      [[join(dir.path, "missing.jsonl")], /missing\.jsonl: no such file/],
      [[], /no TRACE given and no recorded session/],
    ];
    for (const [args, message] of bad) {
      const run = await check(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
    }
  }, 300_000);

  it("drift with no baseline yet trusts the first sight: the trace's tools become the baseline, said on stderr", async () => {
    const baselines = join(dir.path, "first-sight-baselines");
    const first = await checkJson([REAL, "--fail-on", "drift", "--baseline", baselines]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(
      /^mcp-conf check: drift: no baseline for "everything" yet; this trace's \d+ tool\(s\) are now its baseline \(.*first-sight-baselines/m,
    );
    expect(readdirSync(baselines)).toHaveLength(1);
    const again = await checkJson([REAL, "--fail-on", "drift", "--baseline", baselines]);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("");
  }, 150_000);

  it("checks standard input given as -, named - in the results", async () => {
    const trace = readFileSync(join(V, "tran-024-request-never-answered.jsonl"), "utf8");
    const run = await mcpConf(["check", "-", "--format", "json"], trace, { MCP_CONF_HOME: join(dir.path, "home") });
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as CheckJson;
    expect(json.traces[0]!.trace).toBe("-");
    expect(json.traces[0]!.hits.map((hit) => hit.signal)).toContain("pending");
    const broken = await mcpConf(["check", "-"], "{not json\n", { MCP_CONF_HOME: join(dir.path, "home") });
    expect(broken.code).toBe(3);
    expect(broken.stderr).toMatch(/^mcp-conf check: -: line 1: /);
  }, 150_000);

  it("exits 3 for a malformed trace and still checks the others; the worst code wins", async () => {
    const broken = join(dir.path, "broken.jsonl");
    writeFileSync(broken, "{not json\n");
    const run = await checkJson([REAL, broken, join(V, "tran-024-request-never-answered.jsonl")]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^mcp-conf check: .*broken\.jsonl: line 1: /);
    expect(run.json.traces.map((t) => t.clean)).toEqual([true, false]);
  }, 150_000);

  it("checks the newest recorded session when no TRACE is given, and takes a session id", async () => {
    const home = join(dir.path, "home-with-session");
    mkdirSync(join(home, "sessions"), { recursive: true });
    copyFileSync(join(V, "tran-024-request-never-answered.jsonl"), join(home, "sessions", "s-1.jsonl"));
    const newest = await check([], { MCP_CONF_HOME: home });
    expect(newest.code).toBe(1);
    expect(newest.stdout).toMatch(/s-1\.jsonl\n {2}pending: 1 hit/);
    expect((await check(["s-1"], { MCP_CONF_HOME: home })).code).toBe(1);
  }, 150_000);

  it("--actor server leaves the client's failures out", async () => {
    const trace = join(V, "canc-001-cancels-unissued-request.jsonl");
    const both = await checkJson([trace, "--fail-on", "fail"]);
    expect(both.code).toBe(1);
    expect(both.json.traces[0]!.hits.every((hit) => hit.owner === "client")).toBe(true);
    expect((await checkJson([trace, "--fail-on", "fail", "--actor", "server"])).code).toBe(0);
  }, 150_000);

  it("gives the same hits checked in parallel as one at a time", async () => {
    const traces = readdirSync(V)
      .slice(0, 24)
      .map((name) => join(V, name));
    const args = [...traces, "--fail-on", EVERY_SIGNAL.replace(",drift", ""), "--max-duration", "1s"];
    const serial = await checkJson([...args, "--jobs", "1"]);
    const parallel = await checkJson([...args, "--jobs", "3"]);
    expect(parallel.json).toEqual(serial.json);
    expect(parallel.code).toBe(serial.code);
  }, 300_000);

  it("writes JUnit a real XML parser reads: a suite per trace, a testcase per signal, a failure per fired signal", async () => {
    const traces = [REAL, join(V, "tran-024-request-never-answered.jsonl")];
    const run = await check([...traces, "--fail-on", "fail,pending,tool-error", "--format", "junit"]);
    expect(run.code).toBe(1);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(run.stdout);
    const suites = parsed.testsuites.testsuite as Record<string, unknown>[];
    expect(suites).toHaveLength(2);
    expect(parsed.testsuites.tests).toBe("6");
    expect(parsed.testsuites.failures).toBe("2");
    const cases = (suites[1]!.testcase as Record<string, unknown>[]).map((c) => [c.name, "failure" in c]);
    expect(cases).toEqual([
      ["fail", false],
      ["tool-error", false],
      ["pending", true],
    ]);
    const failure = (suites[1]!.testcase as { failure?: { "#text": string } }[])[2]!.failure!;
    expect(failure["#text"]).toMatch(/\[server\] seq 9 tools\/call echo: never answered/);
  }, 150_000);

  it("writes SARIF 2.1.0 valid against the schema, each result at the trace line of its seq", async () => {
    const trace = join(FIXTURES, "incomplete-capture.jsonl");
    const run = await check([
      trace,
      join(FIXTURES, "secret-in-arguments.jsonl"),
      "--fail-on",
      "incomplete,secret",
      "--format",
      "sarif",
    ]);
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout) as {
      runs: { results: { ruleId: string; locations: { physicalLocation: { region?: { startLine: number } } }[] }[] }[];
    };
    expectSarifShape(log);
    expect(log.runs).toHaveLength(2);
    const lines = readFileSync(trace, "utf8").trim().split("\n");
    for (const result of log.runs[0]!.results) {
      const line = result.locations[0]!.physicalLocation.region!.startLine;
      expect(lines[line - 1]).toMatch(/"seq":(7|8),/);
    }
    expect(log.runs[1]!.results.map((r) => r.ruleId)).toEqual(["secret"]);
  }, 150_000);
});
