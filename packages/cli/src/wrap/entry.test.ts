import { readFileSync } from "node:fs";
import { join } from "node:path";
import jsonc from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { CLIENT_CONFIGS, CLIENTS, type ClientName } from "./clients.js";
import { entryText, type Launcher, listServers, unwrapServer, WrapError, wrapServer } from "./entry.js";

const fixtures = join(import.meta.dirname, "../../test/fixtures/client-configs");
const configOf = (client: ClientName) => readFileSync(join(fixtures, `${client}.json`), "utf8");
const launcher: Launcher = { command: "/opt/node/bin/node", args: ["/opt/mcp-conf/dist/bin.js"] };

function changed(result: ReturnType<typeof wrapServer>): string {
  if (!result.changed) throw new Error(`unchanged: ${result.why}`);
  return result.text;
}

describe.each(CLIENTS)("a %s configuration", (client) => {
  const config = CLIENT_CONFIGS[client];
  const original = configOf(client);
  const stdio = listServers(original, config).filter((s) => s.kind === "stdio");

  it("has stdio servers and others beside them", () => {
    expect(stdio.length).toBeGreaterThanOrEqual(2);
    expect(listServers(original, config).length).toBeGreaterThan(stdio.length - 1);
  });

  it.each(stdio.map((s) => s.name))("wraps %s under watch stdio, changing no byte outside the entry", (name) => {
    const wrapped = changed(wrapServer(original, config, name, launcher));
    const before = entryText(original, config, name);
    const after = entryText(wrapped, config, name);
    const at = original.indexOf(before);
    expect(wrapped.slice(0, at)).toBe(original.slice(0, at));
    expect(wrapped.slice(at + after.length)).toBe(original.slice(at + before.length));
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

  it("wraps every stdio server and unwraps them all back to the original", () => {
    let text = original;
    for (const { name } of stdio) text = changed(wrapServer(text, config, name, launcher));
    for (const { name } of [...stdio].reverse()) text = changed(unwrapServer(text, config, name));
    expect(text).toBe(original);
  });
});

describe("what cannot be wrapped", () => {
  const code = CLIENT_CONFIGS["claude-code"];

  it("names an HTTP server, a missing server and a file that is not JSON", () => {
    expect(() => wrapServer(configOf("claude-code"), code, "sentry", launcher)).toThrow(/"sentry" is an HTTP server/);
    expect(() => wrapServer(configOf("claude-code"), code, "nope", launcher)).toThrow(
      'no server "nope" in "mcpServers" (it has "sqlite", "sentry", "local")',
    );
    expect(() => wrapServer('{\n  "mcpServers": {,\n}', code, "x", launcher)).toThrow(WrapError);
    expect(() => wrapServer('{\n  "mcpServers": {,\n}', code, "x", launcher)).toThrow(/at line 2\)$/);
    expect(() => wrapServer('{"servers": {}}', code, "x", launcher)).toThrow('no "mcpServers" object');
  });
});
