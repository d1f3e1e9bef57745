import { readFileSync } from "node:fs";
import { join } from "node:path";
import jsonc from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { CLIENT_CONFIGS, CLIENTS, type ClientName } from "./clients.js";
import {
  entryText,
  type Launcher,
  listServers,
  proxyCommand,
  proxyPort,
  unwrapServer,
  WrapError,
  wrapServer,
} from "./entry.js";

const fixtures = join(import.meta.dirname, "../test/fixtures/client-configs");
const configOf = (client: ClientName) => readFileSync(join(fixtures, `${client}.json`), "utf8");
const launcher: Launcher = { command: "/opt/node/bin/node", args: ["/opt/mcp-conf/dist/bin.js"] };

function changed(result: ReturnType<typeof wrapServer>): string {
  if (!result.changed) throw new Error(`unchanged: ${result.why}`);
  return result.document.text;
}

describe.each(CLIENTS)("a %s configuration", (client) => {
  const config = CLIENT_CONFIGS[client];
  const original = configOf(client);
  const stdio = listServers(original, config).filter((s) => s.kind === "stdio");
  const expectOnlyEntryChanged = (original: string, wrapped: string, name: string) => {
    const before = entryText(original, config, name);
    const after = entryText(wrapped, config, name);
    const at = original.indexOf(before);
    expect(wrapped.slice(0, at)).toBe(original.slice(0, at));
    expect(wrapped.slice(at + after.length)).toBe(original.slice(at + before.length));
  };

  it("has stdio servers and others beside them", () => {
    expect(stdio.length).toBeGreaterThanOrEqual(2);
    expect(listServers(original, config).length).toBeGreaterThan(stdio.length - 1);
  });

  it.each(stdio.map((s) => s.name))("wraps %s under watch stdio, changing no byte outside the entry", (name) => {
    const wrapped = changed(wrapServer(original, config, name, launcher));
    expectOnlyEntryChanged(original, wrapped, name);
    const entry = jsonc.findNodeAtLocation(jsonc.parseTree(wrapped)!, [config.serversKey, name])!;
    const { command, args } = jsonc.getNodeValue(entry) as { command: string; args: string[] };
    const old = jsonc.getNodeValue(jsonc.findNodeAtLocation(jsonc.parseTree(original)!, [config.serversKey, name])!);
    expect(command).toBe(launcher.command);
    expect(args).toEqual([...launcher.args, "watch", "stdio", "--", old.command, ...(old.args ?? [])]);
    expect(listServers(wrapped, config).find((s) => s.name === name)?.wrapped).toBe(true);
  });

  it.each(stdio.map((s) => s.name))("unwraps %s back to the original file, byte for byte", (name) => {
    const wrapped = changed(wrapServer(original, config, name, launcher));
    expect(changed(unwrapServer(wrapped, config, name))).toBe(original);
  });

  it("wrapping twice changes nothing; unwrapping what is not wrapped changes nothing", () => {
    const name = stdio[0]!.name;
    const wrapped = changed(wrapServer(original, config, name, launcher));
    expect(wrapServer(wrapped, config, name, launcher)).toEqual({ changed: false, why: "is already wrapped" });
    expect(unwrapServer(original, config, name)).toEqual({ changed: false, why: "is not wrapped" });
  });

  const http = listServers(original, config).filter((s) => s.kind === "http");
  it.each(http.map((s) => s.name))("points %s at a local proxy, changing only its URL, and unwraps it back", (name) => {
    const wrapped = changed(wrapServer(original, config, name, launcher));
    expectOnlyEntryChanged(original, wrapped, name);
    const old = jsonc.getNodeValue(jsonc.findNodeAtLocation(jsonc.parseTree(original)!, [config.serversKey, name])!);
    const now = jsonc.getNodeValue(jsonc.findNodeAtLocation(jsonc.parseTree(wrapped)!, [config.serversKey, name])!);
    const key = "url" in old ? "url" : "serverUrl";
    const port = proxyPort(name, old[key]);
    expect(now).toEqual({
      ...old,
      [key]: `http://127.0.0.1:${port}/#mcp-conf-upstream=${encodeURIComponent(old[key])}`,
    });
    expect(listServers(wrapped, config).find((s) => s.name === name)?.wrapped).toBe(true);
    expect(wrapServer(wrapped, config, name, launcher)).toEqual({
      changed: false,
      why: "is already wrapped",
      proxy: { upstream: old[key], port },
    });
    expect(changed(unwrapServer(wrapped, config, name))).toBe(original);
  });

  it("wraps every stdio server and unwraps them all back to the original", () => {
    let text = original;
    for (const { name } of stdio) text = changed(wrapServer(text, config, name, launcher));
    for (const { name } of [...stdio].reverse()) text = changed(unwrapServer(text, config, name));
    expect(text).toBe(original);
  });
});

describe("what cannot be wrapped", () => {
  const code = CLIENT_CONFIGS["claude-code"];

  it("names a bad URL, --port on a stdio server, a missing server and a file that is not JSON", () => {
    expect(() => wrapServer('{"mcpServers": {"ws": {"url": "ws://x/mcp"}}}', code, "ws", launcher)).toThrow(
      'the URL of "ws" is not an http:// or https:// URL',
    );
    expect(() => wrapServer(configOf("claude-code"), code, "sqlite", launcher, 9000)).toThrow(
      '--port is for a server reached by URL; "sqlite" is not',
    );
    expect(() => wrapServer(configOf("claude-code"), code, "nope", launcher)).toThrow(
      'no server "nope" in "mcpServers" (it has "sqlite", "sentry", "local")',
    );
    expect(() => wrapServer('{\n  "mcpServers": {,\n}', code, "x", launcher)).toThrow(WrapError);
    expect(() => wrapServer('{\n  "mcpServers": {,\n}', code, "x", launcher)).toThrow(/at line 2\)$/);
    expect(() => wrapServer('{"servers": {}}', code, "x", launcher)).toThrow('no "mcpServers" object');
  });
});

describe("an HTTP entry's proxy", () => {
  const desktop = CLIENT_CONFIGS["claude-desktop"];

  it("keeps the URL's exact text, escapes included, and takes --port", () => {
    const text = '{"mcpServers": {"r": {"url": "https:\\/\\/example.com\\/mcp?a=1&b=\\u0032"}}}';
    const wrapped = changed(wrapServer(text, desktop, "r", launcher, 4567));
    expect(JSON.parse(wrapped).mcpServers.r.url).toMatch(/^http:\/\/127\.0\.0\.1:4567\/#mcp-conf-upstream=/);
    expect(changed(unwrapServer(wrapped, desktop, "r"))).toBe(text);
  });

  it("has a port stable for the entry, which differs between entries", () => {
    expect(proxyPort("a", "https://example.com/mcp")).toBe(proxyPort("a", "https://example.com/mcp"));
    const ports = new Set(["a", "b", "c", "d"].map((name) => proxyPort(name, "https://example.com/mcp")));
    expect(ports.size).toBeGreaterThan(1);
    for (const port of ports) expect(port >= 20000 && port < 30000).toBe(true);
  });

  it("prints one shell-ready command line", () => {
    expect(proxyCommand({ upstream: "https://example.com/mcp", port: 21000 })).toBe(
      "mcp-conf watch http --upstream https://example.com/mcp --listen 127.0.0.1:21000",
    );
    expect(proxyCommand({ upstream: "https://x/m?a=1&b='2'", port: 21000 })).toBe(
      `mcp-conf watch http --upstream 'https://x/m?a=1&b='\\''2'\\''' --listen 127.0.0.1:21000`,
    );
  });
});
