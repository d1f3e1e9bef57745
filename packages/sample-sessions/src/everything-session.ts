/**
 * The scripted session with server-everything: the official MCP SDK client drives @modelcontextprotocol/server-everything
 * through a command that relays stdio to it (`mcp-conf watch stdio -- node SERVER stdio` in `mcp-conf demo`), as a
 * user's client would drive their server. Every step is ordinary MCP but one: a ping that reuses the initialize
 * request's id, which the specification forbids, so a judge has a finding to show.
 */
import { ChildProcessTransport } from "./child-transport.js";
import type { SamplePeers } from "./peers.js";

export interface SampleSessionOptions {
  /** The command that relays stdio to the server (or is the server): its stdin and stdout carry the session. */
  command: string;
  args: readonly string[];
  /** Hears each step as it is taken. */
  narrate?: (line: string) => void;
  /** The SDKs' clients and framing (`loadSamplePeers`). */
  peers: SamplePeers;
}

/** Runs the scripted session to its end and resolves to the command's exit code (128+n for signal n). */
export async function runEverythingSession(options: SampleSessionOptions): Promise<number> {
  const { Client } = options.peers;
  const transport = new ChildProcessTransport(options.command, options.args, options.peers);
  const client = new Client({ name: "mcp-conf-demo", version: "1.0.0" }, { capabilities: {} });
  // The reused id draws an answer the SDK cannot place; that is the point of the step, not an error of the session.
  client.onerror = () => {};
  const say = options.narrate ?? (() => {});

  say("initialize: the SDK client negotiates with server-everything");
  await client.connect(transport);

  const { tools } = await client.listTools();
  say(`tools/list: ${tools.length} tools`);

  await client.callTool({ name: "echo", arguments: { message: "hello from mcp-conf" } });
  say("tools/call echo");
  await client.callTool({ name: "get-sum", arguments: { a: 2, b: 3 } });
  say("tools/call get-sum");

  const { resources } = await client.listResources();
  const first = resources[0];
  if (first) {
    await client.readResource({ uri: first.uri });
    say(`resources/read ${first.uri}`);
  }

  const { prompts } = await client.listPrompts();
  const simple = prompts.find((prompt) => !(prompt.arguments ?? []).some((argument) => argument.required));
  if (simple) {
    await client.getPrompt({ name: simple.name });
    say(`prompts/get ${simple.name}`);
  }

  let progress = 0;
  await client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 1, steps: 4 } }, undefined, {
    onprogress: () => progress++,
  });
  say(`tools/call trigger-long-running-operation: ${progress} progress notification(s)`);

  say("ping with id 0, the id the initialize request already used (a violation of our own making)");
  await transport.send({ jsonrpc: "2.0", id: 0, method: "ping" });
  await new Promise((resolve) => setTimeout(resolve, 200));

  say("closing the session");
  await client.close();
  return transport.exited;
}
