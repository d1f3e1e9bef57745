/**
 * `mcp-conf demo`: the whole product in one command. A real server (@modelcontextprotocol/server-everything) is
 * driven by a scripted real client (the official SDK) through `mcp-conf watch stdio`: the user sees the session's
 * live finding, the report, and where the trace was written. Then a 2026-07-28 session: the official SDK v2 client
 * and server, through `watch stdio` too. No configuration; no network once the two peers are at hand (from the
 * workspace, or installed on the first run). The sessions and their peers are @mcp-conf/sample-sessions'.
 */
import { fileURLToPath } from "node:url";
import { loadSamplePeers, runEverythingSession, runModernSession } from "@mcp-conf/sample-sessions";
import { EXIT } from "../exit.js";
import type { Command } from "./command.js";

const PREFIX = "mcp-conf demo:";

export const demoCommand: Command = {
  builder: (yargs) => yargs.example("$0 demo", "run the scripted session and see its findings and report"),
  async run(_argv, io) {
    const bin = fileURLToPath(new URL("./bin.js", import.meta.url));
    const narrate = (line: string) => io.stderr.write(`${PREFIX} ${line}\n`);
    const peers = await loadSamplePeers({ env: process.env, narrate, name: "demo" });
    io.stderr.write(
      `${PREFIX} server-everything, driven by the official SDK client, through mcp-conf watch stdio\n` +
        `${PREFIX} findings appear below as the exchanges that show them complete; the report follows at the end\n`,
    );
    const watch = (label: string, server: readonly string[]) => [
      bin,
      "watch",
      "stdio",
      "--label",
      label,
      "--",
      ...server,
    ];
    const exitCode = await runEverythingSession({
      command: process.execPath,
      args: watch("server-everything", [process.execPath, peers.server, "stdio"]),
      narrate,
      peers,
    });
    if (exitCode !== 0) return EXIT.fail;

    io.stderr.write(
      `${PREFIX} now a 2026-07-28 session: the official SDK v2 client, pinned to 2026-07-28, drives the SDK v2 server\n`,
    );
    const modernExit = await runModernSession({
      command: process.execPath,
      args: watch("sdk-v2-server", peers.modernServer),
      narrate,
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
