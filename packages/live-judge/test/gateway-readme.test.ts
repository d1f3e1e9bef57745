/**
 * The README's gateway example, run as a user would (by the packages' own names, with tsx) in front of
 * server-everything: two SDK sessions through it, one ending by DELETE and one by its client's close, each reported
 * once with its findings' counts; the example's Ctrl-C handler stops it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exampleBlock, startEverythingHttp } from "@mcp-conf/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, expect, it } from "vitest";

const packageDir = join(import.meta.dirname, "..");
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
});

function output(child: ChildProcess): { text(): string; waitFor(pattern: RegExp): Promise<RegExpExecArray> } {
  let text = "";
  const waiting: Array<() => void> = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      for (const wake of waiting.splice(0)) wake();
    });
  }
  return {
    text: () => text,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} in: ${text}`)), 20_000);
        const check = () => {
          const match = pattern.exec(text);
          if (match) {
            clearTimeout(timer);
            resolve(match);
          } else waiting.push(check);
        };
        check();
      }),
  };
}

it("the README's gateway example judges each session on the pool and reports it once, when it ends", async () => {
  const everything = await startEverythingHttp();
  children.push(everything.child);

  const script = join(packageDir, `.gateway-example-${process.pid}.mts`);
  writeFileSync(script, exampleBlock(readFileSync(join(packageDir, "README.md"), "utf8"), "gateway"));
  try {
    const gateway = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: join(packageDir, "..", ".."),
      env: { ...process.env, UPSTREAM: `http://127.0.0.1:${everything.port}/mcp` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(gateway);
    const out = output(gateway);
    const url = (await out.waitFor(/gateway listening on (\S+)/))[1]!;
    const connect = async () => {
      const transport = new StreamableHTTPClientTransport(new URL(url));
      const client = new Client({ name: "gateway-readme", version: "1.0.0" });
      await client.connect(transport);
      await client.callTool({ name: "echo", arguments: { message: "through the gateway" } });
      return { client, transport, id: transport.sessionId! };
    };
    const deleted = await connect();
    const closed = await connect();
    await deleted.transport.terminateSession();
    await deleted.client.close();
    await closed.client.close();
    const line = (id: string, reason: string) =>
      new RegExp(`^${id}: ended by ${reason}; \\d+ exchange\\(s\\), 0 fail, \\d+ warn; pass(-with-warnings)?$`, "m");
    await out.waitFor(line(deleted.id, "delete"));
    await out.waitFor(line(closed.id, "close"));
    const exited = new Promise((resolve) => gateway.once("exit", resolve));
    gateway.kill("SIGINT");
    await exited;
    expect(out.text().match(/: ended by /g)).toHaveLength(2);
    expect(out.text()).not.toMatch(/Error|error/);
  } finally {
    rmSync(script, { force: true });
  }
}, 60_000);
