/**
 * A recording proxy for one scenario: the recorder's HTTP proxy on a free loopback port, one trace file per MCP
 * session in the scenario's `traces/` directory. Host and Origin go through untouched, so the suite's
 * DNS-rebinding probe reaches the server as it sent it.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileSink, startHttpProxy } from "@mcp-conf/recorder";

export interface ScenarioRecording {
  /** The proxy's address with the upstream's own path and query: what the peer under test is given. */
  readonly url: string;
  /** Stops the proxy and closes every session's trace. */
  close(): Promise<void>;
}

/** Starts a recording proxy in front of `target`; traces go to `<dir>/<session>.jsonl`. */
export async function recordScenario(target: URL, dir: string, label: string): Promise<ScenarioRecording> {
  mkdirSync(dir, { recursive: true });
  const template = join(dir, "{session}.jsonl");
  const proxy = await startHttpProxy({
    upstream: target.origin,
    listen: { host: "127.0.0.1", port: 0 },
    label,
    sinkForSession: ({ session }) => fileSink(template, { force: false, session, sibling: true }),
  });
  const url = new URL(proxy.url);
  url.pathname = target.pathname;
  url.search = target.search;
  return {
    url: url.href,
    async close() {
      await proxy.close();
    },
  };
}
