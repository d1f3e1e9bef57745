/**
 * wrap/unwrap on the edges of a client configuration (issue 31, item 10): a byte order mark is accepted and kept, bytes
 * that are not UTF-8 elsewhere in the file survive wrap + unwrap byte for byte (the backup kept), and a server key given twice — which the client reads as its last, the parser as its first — is refused in one line.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "./record-helpers.js";
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
  it("warns that its Authorization header will travel in plain HTTP to a port any local user can take", async () => {
    const config = join(dir.path, "remote.json");
    writeFileSync(
      config,
      '{ "mcpServers": { "remote": { "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer x" } } } }\n',
    );
    const run = await mcpConf(["wrap", "remote", "--client", "cursor", "--config", config]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^mcp-conf wrap: warning: the client will send Authorization in plain HTTP to 127\.0\.0\.1:\d+; while the proxy is not running, any local user can listen there and receive it \(docs\/security\.md\)$/m,
    );
    expect(run.stderr).not.toContain("Bearer x");
  });
});
