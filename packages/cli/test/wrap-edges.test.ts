/**
 * wrap/unwrap on the edges of a client configuration (issue 31, item 10): a byte order mark is accepted and kept, and
 * a server key given twice — which the client reads as its last, the parser as its first — is refused in one line.
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
