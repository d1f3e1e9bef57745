/**
 * The README's recording-proxy example is run as written (its `@mcp-conf/recorder` import pointed at the built
 * package) in front of server-everything over HTTP: an SDK client's session goes through it, the trace and the
 * example's own sink see the redacted session, its DELETE ends it, and Ctrl-C stops the proxy with one session told. (The stdio example runs in
 * readme.test.ts.)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { exampleBlock } from "@mcp-conf/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, expect, it } from "vitest";
import { assertWellOrdered, readTrace, startEverythingHttp, tempDir } from "./helpers.js";

const dir = tempDir();
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const DIST = pathToFileURL(new URL("../dist/index.js", import.meta.url).pathname).href;
let child: ChildProcess | undefined;
const everything = await startEverythingHttp();
afterAll(async () => {
  child?.kill("SIGKILL");
  await everything.stop();
  dir.remove();
});

/** Resolves once `text` holds a line matching `pattern`, with the match. */
function waitFor(read: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const match = pattern.exec(read());
      if (match) resolve(match);
      else if (Date.now() - started > 20_000) reject(new Error(`no ${pattern} in:\n${read()}`));
      else return;
      clearInterval(poll);
    }, 20);
  });
}

it("the recording-proxy example records a real session, redacted for the trace and its own sink", async () => {
  const code = exampleBlock(readme, "http-recording").replace('"@mcp-conf/recorder"', JSON.stringify(DIST));
  writeFileSync(join(dir.path, "recording.mjs"), code);
  child = spawn(process.execPath, ["recording.mjs", everything.url], {
    cwd: dir.path,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
  const [, url] = await waitFor(() => stderr, /^proxying (\S+)$/m);

  const client = new Client({ name: "readme", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url!));
  await client.connect(transport);
  const echoed = await client.callTool({ name: "echo", arguments: { message: "hi from the client" } });
  expect(JSON.stringify(echoed)).toContain("hi from the client"); // the wire is untouched
  // A DELETE ends the session at once (closing the client alone ends it only if its GET stream had opened by then).
  await transport.terminateSession();
  await client.close();
  const [, session, messages] = await waitFor(
    () => stderr,
    /^session (\S+) ended \(delete\): my sink saw (\d+) messages$/m,
  );

  child.kill("SIGINT");
  expect(await exited).toBe(0);
  expect(stderr).toContain(`session ${session} recording to traces/${session}.jsonl`);
  expect(stderr).toMatch(/^1 session\(s\) ended$/m);
  const events = readTrace(join(dir.path, "traces", readdirSync(join(dir.path, "traces"))[0]!));
  assertWellOrdered(events);
  const recorded = events.filter((event) => event.kind === "message");
  expect(recorded.length).toBe(Number(messages));
  const text = JSON.stringify(events);
  expect(text).toContain("[redacted:key:message]");
  expect(text).not.toContain('"message":"hi from the client"'); // the answer's own text is no "message" member
  expect(text).not.toContain("x-forwarded-by");
});
