/**
 * `mcp-conf demo`: the whole product in one command. A real server (@modelcontextprotocol/server-everything) is
 * driven by a scripted real client (the official SDK) through `mcp-conf watch stdio`: the user sees the session's
 * live finding, the report, and where the trace was written. No configuration; no network once the two peers are at
 * hand (from the workspace, or installed on the first run: see demo/peers.ts).
 */
import { fileURLToPath } from "node:url";
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
    // Run through the workspace's script (`pnpm -s mcp-conf demo`), the command is not on the PATH: say it that way.
    const open = process.env.npm_lifecycle_event === "mcp-conf" ? "pnpm -s mcp-conf open" : "mcp-conf open";
    io.stderr.write(
      `${PREFIX} explore the session in your browser: ${open} (every recorded session; this one is the newest)\n`,
    );
    return exitCode === 0 ? EXIT.ok : EXIT.fail;
  },
};
