/**
 * `watch http --redact-secrets` as a gateway runs it: several sessions of the official SDK client through one proxy,
 * each echoing a planted token. The client gets the token back (the wire is untouched); no trace, report or live line
 * holds it; every session is written, redacted and judged (its judge fed by the one writer thread the sessions share).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, SECRET_SAMPLES } from "@mcp-conf/testing";
import { afterAll, expect, it } from "vitest";
import { exitOf, sdk, spawnCli, startEverythingHttp, tempDir, textOf } from "./record-helpers.js";

const TOKEN = SECRET_SAMPLES.find((s) => s.kind === "github-token")!.value;
const dir = tempDir();
afterAll(() => dir.remove());

it("watch http --redact-secrets: each session's trace and report hold no secret, and each is judged once", async () => {
  const server = await startEverythingHttp();
  const port = await freePort();
  const traces = join(dir.path, "traces");
  const reports = join(dir.path, "reports");
  const proxy = spawnCli(
    ["watch", "http", "--upstream", server.url, "--listen", `127.0.0.1:${port}`, "--redact-secrets"].concat([
      "-o",
      join(traces, "{session}.jsonl"),
      "--report",
      join(reports, "{session}.txt"),
      "--judge-threads",
      "1",
    ]),
    dir.path,
  );
  const err = textOf(proxy.stderr!);
  const echoed: string[] = [];
  try {
    await err.waitFor(/proxying/);
    const { Client, StreamableHTTPClientTransport } = await sdk();
    for (let i = 0; i < 3; i++) {
      const client = new Client({ name: "watch-http-redaction", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/`)));
      const result = await client.callTool({ name: "echo", arguments: { message: `token ${TOKEN}` } });
      echoed.push(JSON.stringify(result));
      await client.close();
    }
  } finally {
    proxy.kill("SIGINT");
    await exitOf(proxy);
    await server.stop();
  }
  for (const text of echoed) expect(text).toContain(TOKEN);
  const printed = err.text();
  expect(printed).toContain("3 session(s) ended, each judged once");
  expect(printed).not.toContain(TOKEN);
  const written = readdirSync(traces);
  expect(written.length).toBe(3);
  for (const name of written) {
    const text = readFileSync(join(traces, name), "utf8");
    expect(text).not.toContain(TOKEN);
    expect(text).toContain("[redacted:secret:");
    expect(text).toMatch(/"method":"tools\/call"/);
  }
  const judged = readdirSync(reports);
  expect(judged.length).toBe(3);
  for (const name of judged) {
    const report = readFileSync(join(reports, name), "utf8");
    expect(report).not.toContain(TOKEN);
    expect(report).toMatch(/verdict/i);
    expect(report).toMatch(/20\d\d-\d\d-\d\d/); // judged at the revision the session negotiated
  }
}, 120_000);
