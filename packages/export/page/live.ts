/**
 * The live view's client: Server-Sent Events from the page's own origin. `snapshot` replaces the whole document
 * (the first message, and after the server dropped updates for a slow page), `entries` puts new or changed timeline
 * entries in place, `state` refreshes everything but the timeline and adds live findings, `end` brings the report.
 */
import type { SessionAnalysis, TimelineEntry } from "@mcp-conf/analysis";
import type { ExportFinding, Judgement } from "../src/document.js";
import type { PageData } from "./model.js";

export interface LiveHandlers {
  snapshot(data: PageData): void;
  entries(entries: TimelineEntry[]): void;
  state(analysis: Omit<SessionAnalysis, "timeline">, findings: ExportFinding[]): void;
  end(judgement: Judgement): void;
  status(text: string): void;
}

export function connectLive(url: string, handlers: LiveHandlers): void {
  const source = new EventSource(url);
  const on = <T>(name: string, handle: (data: T) => void) =>
    source.addEventListener(name, (event) => handle(JSON.parse((event as MessageEvent<string>).data) as T));
  on<PageData>("snapshot", (data) => handlers.snapshot(data));
  on<{ entries: TimelineEntry[] }>("entries", (data) => handlers.entries(data.entries));
  on<{ analysis: Omit<SessionAnalysis, "timeline">; findings: ExportFinding[] }>("state", (data) =>
    handlers.state(data.analysis, data.findings),
  );
  on<{ judgement: Judgement }>("end", (data) => {
    handlers.end(data.judgement);
    source.close();
  });
  source.addEventListener("open", () => handlers.status("live"));
  source.addEventListener("error", () =>
    handlers.status(source.readyState === EventSource.CLOSED ? "disconnected" : "reconnecting…"),
  );
}
