/**
 * Redaction end to end, as a user runs it: the official SDK client talks to server-everything through two recorders
 * in a row — `record stdio` (no redaction: the control, proving the planted secrets crossed the wire) around `watch
 * stdio --redact-secrets --redact-key password --redact-path '$..apiKey' --otlp …` — so both traces hold the very
 * same session. The secrets reach the client (the wire is untouched) and the control trace, and no byte of the
 * redacted trace, the spans, an export or the live output; both traces get the same report.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { freePort, type RealCollector, SECRET_SAMPLES, startRealCollector } from "@mcp-conf/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_TYPES } from "../src/commands/export.js";
import { BIN, EVERYTHING, exitOf, sdk, spawnCli, startEverythingHttp, tempDir, textOf } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";

const TOKEN = SECRET_SAMPLES.find((s) => s.kind === "github-token")!.value;
const PASSWORD = "correct-horse-battery";
const API_KEY = "k-7f3a9c2e5b1d";
const PLANTED = [TOKEN, PASSWORD, API_KEY];

const dir = tempDir();
afterAll(() => dir.remove());

describe("a session recorded with --redact-secrets --redact-key password --redact-path '$..apiKey'", () => {
  let collector: RealCollector;
  const plain = join(dir.path, "plain.jsonl");
  const redacted = join(dir.path, "redacted.jsonl");
  let echoed = "";
  let live = "";

  beforeAll(async () => {
    collector = await startRealCollector();
    const { Client, StdioClientTransport } = await sdk();
    const watch = [BIN, "watch", "stdio", "--redact-secrets", "--redact-key", "password"];
    watch.push("--redact-path", "$..apiKey", "--otlp", collector.url, "-o", redacted, "--");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        BIN,
        "record",
        "stdio",
        "-o",
        plain,
        "--",
        process.execPath,
        ...watch,
        process.execPath,
        EVERYTHING,
        "stdio",
      ],
      env: { ...process.env, MCP_CONF_HOME: join(dir.path, "state") } as Record<string, string>,
      stderr: "pipe",
    });
    const stderr = textOf(transport.stderr!);
    const client = new Client({ name: "redaction-test", version: "1.0.0" });
    await client.connect(transport);
    const result = await client.callTool({
      name: "echo",
      arguments: { message: `deploy with ${TOKEN}`, password: PASSWORD, config: { apiKey: API_KEY } },
    });
    echoed = JSON.stringify(result);
    await client.close();
    await stderr.waitFor(/mcp-conf record: trace written to/);
    live = stderr.text();
  });
  afterAll(async () => {
    await collector.stop();
  });

  it("leaves the wire alone: the client gets the token back, and the control trace holds every planted value", () => {
    expect(echoed).toContain(TOKEN);
    const control = readFileSync(plain, "utf8");
    for (const secret of PLANTED) expect(control).toContain(secret);
  });

  it("writes none of them to the redacted trace, which names each rule instead and marks the events", () => {
    const text = readFileSync(redacted, "utf8");
    for (const secret of PLANTED) expect(text).not.toContain(secret);
    expect(text).toContain('"message":"deploy with [redacted:secret:github-token]"');
    expect(text).toContain('"password":"[redacted:key:password]"');
    expect(text).toContain('"apiKey":"[redacted:path:$..apiKey]"');
    expect(text).toMatch(/"redacted":true/);
  });

  it("sends none of them in a span, prints none of them live, exports none of them in any format", {
    timeout: 120_000,
  }, async () => {
    const bodies = collector.requests.map((r) => r.body.toString("utf8")).join("\n");
    expect(bodies).toContain("tools/call");
    expect(live).toContain("mcp-conf watch:");
    for (const secret of PLANTED) {
      expect(bodies).not.toContain(secret);
      expect(live).not.toContain(secret);
    }
    for (const type of EXPORT_TYPES) {
      const exported = await mcpConf(["export", redacted, "-T", type]);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toContain("echo");
      for (const secret of PLANTED) expect(exported.stdout, type).not.toContain(secret);
    }
  });

  it("export takes the same options to redact an existing trace, in every format", { timeout: 120_000 }, async () => {
    const rules = ["--redact-secrets", "--redact-key", "password", "--redact-path", "$..apiKey"];
    for (const type of EXPORT_TYPES) {
      const exported = await mcpConf(["export", plain, "-T", type, ...rules]);
      expect(exported.code, exported.stderr).toBe(0);
      for (const secret of PLANTED) expect(exported.stdout, type).not.toContain(secret);
    }
    const copy = join(dir.path, "copy.jsonl");
    expect((await mcpConf(["export", plain, "-T", "jsonl", "-o", copy, ...rules])).code).toBe(0);
    // The tools/call request, redacted at record time and redacted afterwards, reads the same.
    const call = (path: string) =>
      readFileSync(path, "utf8")
        .split("\n")
        .find((line) => line.includes('"method":"tools/call"'))!
        .replace(/^\{"seq":\d+,/, "")
        .replace(/"ts":"[^"]*",/, "");
    expect(call(copy)).toBe(call(redacted));
    expect((await mcpConf(["export", plain, "-T", "jsonl", "--redact-value", "("])).stderr).toMatch(
      /^mcp-conf: export: --redact-value "\(" is not a regular expression/,
    );
  });

  it("gets the same report as the unredacted trace of the same session", async () => {
    const judge = async (path: string) => {
      const run = await mcpConf(["validate", path, "-f", "json"]);
      const report = JSON.parse(run.stdout) as { verdict: string; requirements: unknown[]; totals: unknown };
      return { code: run.code, verdict: report.verdict, totals: report.totals, requirements: report.requirements };
    };
    const control = await judge(plain);
    expect(control.requirements.length).toBeGreaterThan(0);
    expect(await judge(redacted)).toEqual(control);
  });

  it("creates the trace readable by its owner only", () => {
    expect(statSync(redacted).mode & 0o777).toBe(0o600);
  });
});

describe("record http: credentials outside the payload", () => {
  it("never records the Authorization or API-key headers, nor the upstream's user info and query", async () => {
    const server = await startEverythingHttp();
    const output = join(dir.path, "http-{session}.jsonl");
    const port = await freePort();
    const upstream = server.url.replace("http://", "http://ann:pw-in-url@").concat("?api_key=query-secret");
    const proxy = spawnCli(
      ["record", "http", "--upstream", upstream, "--listen", `127.0.0.1:${port}`, "-o", output],
      dir.path,
    );
    const err = textOf(proxy.stderr!);
    try {
      await err.waitFor(/proxying/);
      const { Client, StreamableHTTPClientTransport } = await sdk();
      const client = new Client({ name: "redaction-test", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/`), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}`, "x-api-key": API_KEY } },
      });
      await client.connect(transport);
      await client.listTools();
      await client.close();
    } finally {
      proxy.kill("SIGINT");
      await exitOf(proxy);
      await server.stop();
    }
    const printed = err.text();
    expect(printed).toContain(`to ${server.url} (stop with Ctrl-C)`);
    const traces = printed.match(/trace written to (\S+)/g)!.map((m) => m.replace("trace written to ", ""));
    expect(traces.length).toBeGreaterThan(0);
    for (const path of traces) {
      const text = readFileSync(path, "utf8");
      expect(text).toContain(`"upstream":"${server.url}"`);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      for (const secret of [TOKEN, API_KEY, "pw-in-url", "query-secret"]) {
        expect(text).not.toContain(secret);
        expect(printed).not.toContain(secret);
      }
    }
  });
});

describe("record stdio: credentials on the server's command line", () => {
  it("masks credential-shaped words of the command in the trace, kept private in the state directory", async () => {
    const child = spawnCli(["record", "stdio", "--", "sh", "-c", "exit 0", "--api-key", API_KEY, TOKEN], dir.path);
    const err = textOf(child.stderr!);
    child.stdin!.end();
    expect(await exitOf(child)).toBe(0);
    const output = (await err.waitFor(/trace written to \S+/)).replace("trace written to ", "");
    expect(output.startsWith(join(dir.path, "state", "sessions"))).toBe(true);
    expect(statSync(output).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir.path, "state", "sessions")).mode & 0o777).toBe(0o700);
    const text = readFileSync(output, "utf8");
    expect(text).toContain(
      '"command":["sh","-c","exit 0","--api-key","[redacted:secret:credential-pair]","[redacted:secret:github-token]"]',
    );
    for (const secret of [TOKEN, API_KEY]) expect(text).not.toContain(secret);
  });

  it("refuses a bad --redact-value or --redact-path in one line, before the server starts", async () => {
    const value = await mcpConf(["record", "stdio", "--redact-value", "(open", "--", "true"]);
    expect(value.code).toBe(2);
    expect(value.stderr).toMatch(/^mcp-conf: record: --redact-value "\(open" is not a regular expression \(.+\)\n$/);
    const path = await mcpConf(["watch", "stdio", "--redact-path", "$..[", "--", "true"]);
    expect(path.code).toBe(2);
    expect(path.stderr).toMatch(/^mcp-conf: watch: --redact-path "\$\.\.\[" is not an RFC 9535 JSONPath \(.+\)\n$/);
  });
});
