/**
 * wrap/unwrap on the edges of a client configuration (issue 31, item 10): a byte order mark is accepted and kept, bytes
 * that are not UTF-8 elsewhere in the file survive wrap + unwrap byte for byte (the backup kept), and a server key given twice — which the client reads as its last, the parser as its first — is refused in one line.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { freePort } from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, exitOf, tempDir, textOf } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

describe("wrap and unwrap on the edges of a config file", () => {
  it("accepts a byte order mark, keeps it, and unwrap gives the file back byte for byte", async () => {
    const config = join(dir.path, "bom.json");
    const original = '\uFEFF{ "mcpServers": { "s": { "command": "node", "args": ["server.js"] } } }\n';
    writeFileSync(config, original);
    const wrapped = await mcpConf(["wrap", "s", "--client", "cursor", "--config", config]);
    expect(wrapped.stderr).toMatch(/wrapped s in/);
    expect(wrapped.code).toBe(0);
    const text = readFileSync(config, "utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain(`"stdio", "--", "node", "server.js"`);
    expect((await mcpConf(["unwrap", "s", "--client", "cursor", "--config", config])).code).toBe(0);
    expect(readFileSync(config, "utf8")).toBe(original);
  });

  it("keeps bytes that are not UTF-8 elsewhere in the file through wrap and unwrap, and keeps the first backup", async () => {
    const config = join(dir.path, "latin1.json");
    // A Latin-1 comment and another server's Latin-1 argument (0xE9, 0xFC are not UTF-8 on their own).
    const original = Buffer.concat([
      Buffer.from("{\n  // caf"),
      Buffer.from([0xe9]),
      Buffer.from('\n  "mcpServers": {\n    "other": { "command": "node", "args": ["m'),
      Buffer.from([0xfc]),
      Buffer.from('ller.js"] },\n    "s": { "command": "node", "args": ["server.js"] }\n  }\n}\n'),
    ]);
    writeFileSync(config, original);
    expect((await mcpConf(["wrap", "s", "--client", "cursor", "--config", config])).code).toBe(0);
    const wrapped = readFileSync(config);
    expect(wrapped.includes(Buffer.from([0x20, 0x63, 0x61, 0x66, 0xe9, 0x0a]))).toBe(true);
    expect(wrapped.includes(Buffer.from([0x6d, 0xfc, 0x6c]))).toBe(true);
    expect(readFileSync(`${config}.mcp-conf-backup`).equals(original)).toBe(true);
    // A second run (the other server, whose argument holds such a byte) keeps the first backup.
    expect((await mcpConf(["wrap", "other", "--client", "cursor", "--config", config])).code).toBe(0);
    expect(readFileSync(`${config}.mcp-conf-backup`).equals(original)).toBe(true);
    expect((await mcpConf(["unwrap", "--all", "--client", "cursor", "--config", config])).code).toBe(0);
    expect(readFileSync(config).equals(original)).toBe(true);
  });

  it("refuses to rewrite a command whose own bytes are not UTF-8, in one line, the file untouched", async () => {
    const config = join(dir.path, "bad-command.json");
    const original = Buffer.concat([
      Buffer.from('{ "mcpServers": { "s": { "command": "caf'),
      Buffer.from([0xe9]),
      Buffer.from('" } } }\n'),
    ]);
    writeFileSync(config, original);
    const run = await mcpConf(["wrap", "s", "--client", "cursor", "--config", config]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^mcp-conf: wrap: \S+: the entry of "s" holds bytes that are not UTF-8; fix them and run again\n$/,
    );
    expect(readFileSync(config).equals(original)).toBe(true);
  });

  it("refuses a server key given twice, in one line, and leaves the file as it was", async () => {
    const config = join(dir.path, "twice.json");
    const original =
      '{ "mcpServers": { "s": { "command": "node", "args": ["a.js"] }, "s": { "command": "node", "args": ["b.js"] } } }\n';
    writeFileSync(config, original);
    const run = await mcpConf(["wrap", "s", "--client", "cursor", "--config", config]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^mcp-conf: wrap: \S+twice\.json: the server "s" appears 2 times in "mcpServers"; keep one and run again\n$/,
    );
    expect(readFileSync(config, "utf8")).toBe(original);
  });
});

describe("wrap of a URL entry that sends credentials (issue 31, item 11)", () => {
  it("moves Authorization out of the entry into the proxy's private file: a listener on the port gets a placeholder, upstream the token", {
    timeout: 60_000,
  }, async () => {
    const state = join(dir.path, "held-state");
    const env = { MCP_CONF_HOME: state };
    // The upstream and a stranger's listener both write down the Authorization they were sent.
    const seen: Record<string, string[]> = { upstream: [], stranger: [] };
    const listener = (who: string) =>
      http.createServer((req, res) => {
        seen[who]!.push(String(req.headers.authorization));
        req.resume();
        req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
      });
    const upstream = listener("upstream").listen(0, "127.0.0.1");
    await new Promise((resolve) => upstream.once("listening", resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`;
    const port = await freePort();
    const config = join(dir.path, "remote.json");
    const original = `{ "mcpServers": { "remote": { "url": "${upstreamUrl}", "headers": { "Authorization": "Bearer x\\u0041", "X-Team": "docs" } } } }\n`;
    writeFileSync(config, original);
    const run = await mcpConf(
      ["wrap", "remote", "--client", "cursor", "--config", config, "--port", String(port)],
      undefined,
      env,
    );
    expect(run.code).toBe(0);
    const held = join(state, "held", `${port}.json`);
    expect(run.stdout).toBe(
      `mcp-conf watch http --upstream ${upstreamUrl} --listen 127.0.0.1:${port} --upstream-headers ${held}\n`,
    );
    expect(run.stderr).toContain(`Authorization now held by the proxy (${held}, yours only)`);
    expect(run.stderr).not.toContain("Bearer");
    expect(statSync(held).mode & 0o777).toBe(0o600);
    const entry = JSON.parse(readFileSync(config, "utf8")).mcpServers.remote;
    expect(entry.headers).toEqual({ Authorization: "held-by-mcp-conf", "X-Team": "docs" });

    // What the client sends to the port, as its configuration says — first to a stranger who took the port.
    const send = () => fetch(entry.url, { method: "POST", headers: entry.headers, body: "{}" }).then((r) => r.text());
    const stranger = listener("stranger").listen(port, "127.0.0.1");
    await new Promise((resolve) => stranger.once("listening", resolve));
    await send();
    await new Promise<void>((resolve) => stranger.close(() => resolve()));
    expect(seen.stranger).toEqual(["held-by-mcp-conf"]);

    // Then to the proxy the printed command runs: the upstream gets the credential.
    const proxy = spawn(
      process.execPath,
      [BIN, ...run.stdout.trim().split(" ").slice(1), "-o", join(dir.path, "h.jsonl")],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    await textOf(proxy.stderr!).waitFor(/proxying/);
    await send();
    proxy.kill("SIGINT");
    await exitOf(proxy);
    upstream.close();
    expect(seen.upstream).toEqual(["Bearer xA"]);
    expect(readFileSync(join(dir.path, "h.jsonl"), "utf8")).not.toContain("Bearer");

    // unwrap writes the value back as it was written (escape and all) and forgets the held file.
    expect((await mcpConf(["unwrap", "remote", "--client", "cursor", "--config", config], undefined, env)).code).toBe(
      0,
    );
    expect(readFileSync(config, "utf8")).toBe(original);
    expect(existsSync(held)).toBe(false);
  });
});
