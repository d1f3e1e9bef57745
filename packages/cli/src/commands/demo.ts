/**
 * `mcp-conf demo`: the whole product in one command. A real server (@modelcontextprotocol/server-everything) is
 * driven by a scripted real client (the official SDK) through `mcp-conf watch stdio`: the user sees the session's
 * live finding, the report, and where the trace was written. Then a 2026-07-28 session: the official SDK v2 client
 * and server, through `watch stdio` too. No configuration; no network once the two peers are at
 * hand (from the workspace, or installed on the first run: see demo/peers.ts).
 */
import { fileURLToPath } from "node:url";
import { runModernDemoSession } from "../demo/modern-session.js";
import { loadDemoPeers } from "../demo/peers.js";
import { runDemoSession } from "../demo/session.js";
import { EXIT } from "../exit.js";
import type { Command } from "./command.js";

const PREFIX = "mcp-conf demo:";

export const demoCommand: Command = {
  builder: (yargs) => yargs.example("$0 demo", "run the scripted session and see its findings and report"),
  async run(_argv, io) {
    const bin = fileURLToPath(new URL("./bin.js", import.meta.url));
    const peers = await loadDemoPeers(process.env, (line) => io.stderr.write(`${PREFIX} ${line}\n`));
    io.stderr.write(
      `${PREFIX} server-everything, driven by the official SDK client, through mcp-conf watch stdio\n` +
        `${PREFIX} findings appear below as the exchanges that show them complete; the report follows at the end\n`,
    );
    const args = [bin, "watch", "stdio", "--label", "server-everything", "--", process.execPath, peers.server, "stdio"];
    const exitCode = await runDemoSession({
      command: process.execPath,
      args,
      narrate: (line) => io.stderr.write(`${PREFIX} ${line}\n`),
      peers,
    });
    if (exitCode !== 0) return EXIT.fail;

    io.stderr.write(
      `${PREFIX} now a 2026-07-28 session: the official SDK v2 client, pinned to 2026-07-28, drives the SDK v2 server\n`,
    );
    const modernServer = fileURLToPath(new URL("./demo-modern-server.js", import.meta.url));
    const modernArgs = [bin, "watch", "stdio", "--label", "sdk-v2-server", "--"];
    const modernExit = await runModernDemoSession({
      command: process.execPath,
      args: [...modernArgs, process.execPath, modernServer, peers.resolveFrom],
      narrate: (line) => io.stderr.write(`${PREFIX} ${line}\n`),
      peers,
    });
    // Run through the workspace's script (`pnpm -s mcp-conf demo`), the command is not on the PATH: say it that way.
    const open = process.env.npm_lifecycle_event === "mcp-conf" ? "pnpm -s mcp-conf open" : "mcp-conf open";
    io.stderr.write(
      `${PREFIX} explore the session in your browser: ${open} (every recorded session; this one is the newest)\n`,
    );
    return modernExit === 0 ? EXIT.ok : EXIT.fail;
  },
};
