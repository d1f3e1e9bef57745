/**
 * The 2026-07-28 session: the official TypeScript SDK v2 client, pinned to 2026-07-28, drives the SDK v2 server
 * (sdk-v2-server.ts, `peers.modernServer`) through a command that relays stdio to it (`mcp-conf watch stdio`). On a transport of its own making the client probes
 * `server/discover` inside the session (the SDK's own stdio transport would probe on a separate process), so the
 * whole session is one watched process and one report.
 */
import { ChildProcessTransport } from "./child-transport.js";
import type { SampleSessionOptions } from "./everything-session.js";

/** Runs the 2026-07-28 session to its end and resolves to the command's exit code. */
export async function runModernSession(options: SampleSessionOptions): Promise<number> {
  const { ModernClient } = options.peers;
  const transport = new ChildProcessTransport(options.command, options.args, options.peers);
  const client = new ModernClient(
    { name: "mcp-conf-demo", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  const say = options.narrate ?? (() => {});

  say("server/discover: the SDK v2 client, pinned to 2026-07-28, learns what the server offers");
  await client.connect(transport);
  const { tools } = await client.listTools();
  say(`tools/list: ${tools.length} tool(s), every request carrying its own _meta (no initialize)`);
  await client.callTool({ name: "echo", arguments: { message: "hello from mcp-conf" } });
  say("tools/call echo");
  await client.getPrompt({ name: "greeting", arguments: { name: "mcp-conf" } });
  say("prompts/get greeting");
  await client.readResource({ uri: "demo://about" });
  say("resources/read demo://about");

  say("closing the session");
  await client.close();
  return transport.exited;
}
