/**
 * What the detail pane can do with an exchange: copy it (a message, the exchange as JSON, or — over HTTP — a curl
 * command that sends the request again) and, in a live view that offers it, replay the request against the live
 * server (a same-origin POST with the page's token; the server replays only a request it recorded).
 */
import type { SessionAnalysis, TimelineEntry } from "@mcp-conf/analysis";

/** The exchange as JSON: a call's request and answer, or the one message. */
export function exchangeJson(entry: TimelineEntry): string {
  switch (entry.kind) {
    case "call":
      return JSON.stringify({ request: entry.request, response: entry.response ?? null }, null, 2);
    case "notification":
    case "orphan-response":
    case "invalid":
      return JSON.stringify(entry.message, null, 2);
    case "stderr":
    case "raw":
      return entry.text;
    case "http":
      return JSON.stringify(entry, null, 2);
  }
}

const SKIPPED_HEADERS = new Set(["host", "content-length", "connection", "accept-encoding", "transfer-encoding"]);

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** A curl command that sends a call's request as it was sent, or undefined when it did not travel over HTTP. */
export function curlCommand(entry: TimelineEntry, analysis: SessionAnalysis): string | undefined {
  if (entry.kind !== "call" || analysis.session.transport !== "streamable-http") return undefined;
  const http = entry.http;
  let url: string;
  try {
    url = new URL(http?.path ?? "", analysis.session.upstream ?? "http://127.0.0.1/mcp").href;
  } catch {
    return undefined;
  }
  const lines = [`curl -sS -X ${http?.method ?? "POST"} ${shellQuote(url)}`];
  const headers = http?.requestHeaders ?? {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  for (const [name, value] of Object.entries(headers)) {
    if (!SKIPPED_HEADERS.has(name)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  lines.push(`--data-raw ${shellQuote(JSON.stringify(entry.request))}`);
  return lines.join(" \\\n  ");
}

/** Puts text on the clipboard (the async API, else a selected text area and the copy command). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand("copy");
    area.remove();
    return done;
  }
}

export interface ReplayAnswer {
  /** The live server's answer to the request sent again. */
  answer?: unknown;
  error?: string;
  ms?: number;
}

/** Asks the live view's server to send the recorded request at `seq` again. */
export async function replay(url: string, seq: number): Promise<ReplayAnswer> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seq }),
    });
    return (await response.json()) as ReplayAnswer;
  } catch (error) {
    return { error: `the live view did not answer (${(error as Error).message})` };
  }
}
