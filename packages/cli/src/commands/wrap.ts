/**
 * `mcp-conf wrap SERVER` and `mcp-conf unwrap SERVER` (docs/wrap.md): rewrite one stdio server entry of an MCP
 * client's configuration to run under `mcp-conf watch stdio --`, or restore it, keeping every other byte of the
 * file and a backup of it beside it (`FILE.mcp-conf-backup`). An entry reached by URL is pointed at a local
 * `watch http` proxy instead, and the command that runs the proxy is printed on stdout: a client starts no process
 * for such an entry. `--all` takes every stdio server of the file. Exit
 * codes: 0 done (or nothing to do), 2 bad invocation, a missing or unreadable file, or an entry that cannot be
 * wrapped.
 */
import { copyFileSync, existsSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  CLIENT_CONFIGS,
  CLIENTS,
  type ClientName,
  ConfigDocument,
  defaultConfigPath,
  entryText,
  type Launcher,
  listServers,
  proxyCommand,
  readHeldCredentials,
  type ServersEdit,
  unwrapServers,
  WrapError,
  wrapServers,
  writeHeldCredentials,
} from "@mcp-conf/client-config";
import { stateDirectory } from "@mcp-conf/gate";
import { escapeTerminal, fileProblem } from "@mcp-conf/trace-format";
import type { Argv } from "yargs";
import { type Io, UsageError } from "../exit.js";
import { writeOutput } from "../output.js";
import type { Command } from "./command.js";

interface WrapArgs {
  server?: string;
  client: string;
  config?: string;
  "dry-run": boolean;
  all: boolean;
  port?: number;
}

/** Where the proxy on `port` finds the credentials wrap moved out of a URL entry: the state directory, yours only. */
function heldFile(port: number): string {
  return join(stateDirectory(), "held", `${port}.json`);
}

/** The suffix of the copy of the file as it was before the last change. */
export const BACKUP_SUFFIX = ".mcp-conf-backup";

function builder(verb: "wrap" | "unwrap") {
  return (yargs: Argv) =>
    yargs
      .positional("server", { type: "string", describe: "the server's name in the client's configuration" })
      .option("client", {
        type: "string",
        choices: [...CLIENTS],
        default: "claude-desktop",
        describe: "whose configuration to edit",
      })
      .option("config", {
        type: "string",
        describe: "the configuration file (default: the client's own, see docs/wrap.md)",
      })
      .option("dry-run", { type: "boolean", default: false, describe: "print the rewritten entry; change nothing" })
      .option("all", {
        type: "boolean",
        default: false,
        describe: verb === "wrap" ? "wrap every stdio server of the file" : "unwrap every wrapped server of the file",
      })
      .option("port", {
        type: "number",
        hidden: verb === "unwrap",
        describe: "for a server reached by URL: the local proxy's port (default: one derived from the entry)",
      });
}

export const wrapCommand: Command<WrapArgs> = {
  builder: builder("wrap"),
  run: (argv, io) => edit("wrap", argv, io),
};

export const unwrapCommand: Command<WrapArgs> = {
  builder: builder("unwrap"),
  run: (argv, io) => edit("unwrap", argv, io),
};

async function edit(verb: "wrap" | "unwrap", argv: WrapArgs, io: Io): Promise<number> {
  const client = CLIENT_CONFIGS[argv.client as ClientName];
  if (argv.server !== undefined && argv.all) throw new UsageError(`${verb}: name a server or give --all, not both`);
  if (argv.server === undefined && !argv.all)
    throw new UsageError(`${verb}: name the server to ${verb}, or give --all`);
  const port = argv.port;
  if (port !== undefined && (verb === "unwrap" || argv.all)) {
    throw new UsageError(`${verb}: --port goes with wrap SERVER, for a server reached by URL`);
  }
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65535)) {
    throw new UsageError(`wrap: --port ${argv.port} is not a port number (1-65535)`);
  }
  const path = resolve(
    argv.config ?? defaultConfigPath(client.name, { env: process.env, platform: process.platform, cwd: process.cwd() }),
  );
  let original: ConfigDocument;
  try {
    // Bytes, not text: a byte that is not UTF-8 elsewhere in the file is written back as it was.
    original = ConfigDocument.fromBytes(readFileSync(path));
  } catch (error) {
    throw new UsageError(
      `${verb}: ${path}: ${fileProblem(error)}${argv.config ? "" : " (name the file with --config)"}`,
    );
  }
  const servers = argv.server !== undefined ? [argv.server] : "all";
  let edited: ServersEdit;
  try {
    edited =
      verb === "wrap"
        ? wrapServers(original, client, servers, currentLauncher(), port)
        : unwrapServers(original, client, servers, (at) => readHeldCredentials(heldFile(at)));
  } catch (error) {
    if (error instanceof WrapError) throw new UsageError(`${verb}: ${path}: ${escapeTerminal(error.message)}`);
    throw error;
  }
  const { document: text, changed: done, proxies } = edited;
  if (!argv.all) {
    for (const { name, why } of edited.unchanged) io.stderr.write(`mcp-conf ${verb}: ${escapeTerminal(name)} ${why}\n`);
  }
  const tellProxies = () => {
    if (verb === "unwrap") return;
    for (const proxy of proxies) {
      const held = proxy.held !== undefined || existsSync(heldFile(proxy.port)) ? heldFile(proxy.port) : undefined;
      io.stdout.write(`${escapeTerminal(proxyCommand(proxy, held))}\n`);
    }
    for (const proxy of proxies.filter((p) => p.held !== undefined)) {
      io.stderr.write(
        `mcp-conf wrap: ${escapeTerminal(Object.keys(proxy.held!.headers).join(", "))} now held by the proxy ` +
          `(${heldFile(proxy.port)}, yours only), which sends it upstream: the client sends a placeholder to ` +
          `127.0.0.1:${proxy.port}, where any local user may listen while the proxy is not running (docs/security.md)\n`,
      );
    }
    if (proxies.length > 0) {
      io.stderr.write(
        `mcp-conf wrap: ${client.name} starts no process for a server reached by URL: ` +
          "keep the command above running while you use it\n",
      );
    }
  };
  if (done.length === 0) {
    if (argv.all) io.stderr.write(`mcp-conf ${verb}: nothing to ${verb} in ${path}\n`);
    tellProxies();
    return 0;
  }
  if (argv["dry-run"]) {
    for (const name of done) io.stdout.write(`${JSON.stringify(name)}: ${entryText(text, client, name)}\n`);
    io.stderr.write(`mcp-conf ${verb}: dry run; ${path} is unchanged\n`);
    tellProxies();
    return 0;
  }
  // The backup is the file as it was before mcp-conf first touched it: a later run keeps it rather than overwrite it
  // with a file that is already wrapped, and the unwrap that leaves nothing wrapped removes it.
  const backup = `${path}${BACKUP_SUFFIX}`;
  if (!existsSync(backup)) {
    try {
      copyFileSync(path, backup);
    } catch (error) {
      throw new UsageError(`${verb}: cannot write the backup ${backup}: ${fileProblem(error)}`);
    }
  }
  // The held credentials are in place before the entry stops sending them, and gone once it sends them again.
  if (verb === "wrap") {
    for (const proxy of proxies) if (proxy.held) writeHeldCredentials(heldFile(proxy.port), proxy.held);
  }
  writeOutput(verb, path, text.toBytes(), io);
  if (verb === "unwrap") for (const proxy of proxies) rmSync(heldFile(proxy.port), { force: true });
  const what = done.map((name) => escapeTerminal(name)).join(", ");
  const nothingWrapped = verb === "unwrap" && !listServers(text, client).some((server) => server.wrapped);
  if (nothingWrapped) rmSync(backup, { force: true });
  const kept = nothingWrapped ? "nothing is wrapped any more, backup removed" : `backup: ${backup}`;
  io.stderr.write(`mcp-conf ${verb}: ${verb}ped ${what} in ${path} (${kept}); restart ${client.name} to apply\n`);
  tellProxies();
  return 0;
}

/** This very mcp-conf, started the way it is running now: this Node and this script, by absolute path. */
function currentLauncher(): Launcher {
  const script = process.argv[1];
  return { command: process.execPath, args: script === undefined ? [] : [realpathSync(script)] };
}
