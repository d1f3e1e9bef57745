/**
 * `watch --ui [PORT]`: the live view's server on 127.0.0.1, following the latest session the watch records. Its URL,
 * with the token that opens it, goes to stderr. Its page may replay a recorded request against the watched server
 * (the command after `--`, or `--upstream`), in a session of its own.
 */
import { LiveFeed, type ReplayTarget, replayerFor, ViewerServer } from "@mcp-conf/export";
import { UsageError } from "../exit.js";

export interface LiveView {
  newFeed(): LiveFeed;
  close(): Promise<void>;
}

/** The `--ui` value as a port: empty for any free port, else 0–65535. */
export function uiPort(value: string | number | boolean): number {
  if (value === "" || value === true) return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`watch: --ui takes a port number (0-65535), not ${JSON.stringify(String(value))}`);
  }
  return port;
}

export async function startLiveView(
  port: number,
  stderr: NodeJS.WritableStream,
  replayTarget?: ReplayTarget,
): Promise<LiveView> {
  const source = { feed: new LiveFeed() };
  let server: ViewerServer;
  try {
    server = await ViewerServer.start(source, { port, ...(replayTarget ? { replay: replayerFor(replayTarget) } : {}) });
  } catch (error) {
    throw new UsageError(
      `watch: --ui: cannot listen on 127.0.0.1:${port} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  stderr.write(`mcp-conf watch: live view at ${server.url}\n`);
  return {
    newFeed() {
      source.feed = new LiveFeed();
      return source.feed;
    },
    async close() {
      await server.close();
      if (server.dropped > 0)
        stderr.write(`mcp-conf watch: live view: ${server.dropped} update(s) skipped for a slow page\n`);
    },
  };
}
