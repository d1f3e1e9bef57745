/**
 * The viewer served on loopback: `watch --ui` (a live session) and `open` (a recorded one). It binds 127.0.0.1 only
 * and answers nothing without the random token of the URL it prints, nor any request whose Host or Origin is not its
 * own address (a page elsewhere cannot reach it through DNS rebinding). A live page follows Server-Sent Events:
 * timeline entries as they are created or answered, the statistics and live findings, the report at the end. Updates
 * are sent a few times a second from what the feed has gathered; a page that does not keep up is skipped (the updates
 * it missed are counted) and sent a fresh snapshot once it drains — the session never waits for a browser.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ExportDocument } from "./document.js";
import { renderHtml } from "./html.js";
import type { LiveFeed } from "./live-feed.js";

export interface ViewerServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Milliseconds between live updates. Default 200. */
  intervalMs?: number;
  /** Keep the process running while it serves (`open`); by default the session that feeds it decides. */
  keepAlive?: boolean;
}

interface Client {
  response: ServerResponse;
  behind: boolean;
}

const SECURITY_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

export class ViewerServer {
  /** Updates not sent to a page that was not keeping up. */
  dropped = 0;
  private readonly clients = new Set<Client>();
  private timer: NodeJS.Timeout | undefined;
  private ended = false;

  private constructor(
    private readonly server: Server,
    private readonly token: string,
    private readonly source: { document: ExportDocument } | { feed: LiveFeed },
    readonly port: number,
  ) {}

  /** Serves a recorded session (`document`) or a live one (`feed`) on 127.0.0.1. */
  static async start(
    source: { document: ExportDocument } | { feed: LiveFeed },
    options: ViewerServerOptions = {},
  ): Promise<ViewerServer> {
    const token = randomBytes(16).toString("hex");
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const viewer = new ViewerServer(server, token, source, port);
    server.on("request", (request, response) => viewer.handle(request, response));
    if ("feed" in source) {
      viewer.timer = setInterval(() => viewer.tick(), options.intervalMs ?? 200);
      viewer.timer.unref();
    }
    if (!options.keepAlive) server.unref();
    return viewer;
  }

  /** The page's address, token included: what the user opens. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/?token=${this.token}`;
  }

  /** Sends what is left and the report, then closes every page's stream and the server. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if ("feed" in this.source && !this.ended) {
      this.ended = true;
      this.tick();
      const judgement = this.source.feed.judgement;
      for (const client of this.clients) {
        if (judgement) send(client, "end", { judgement });
        client.response.end();
      }
    }
    for (const client of this.clients) client.response.end();
    this.clients.clear();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // A browser keeps its connection open for the next request: close() alone would wait for it to time out.
    this.server.closeAllConnections();
    await closed;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const refusal = this.refusal(request);
    if (refusal !== undefined) {
      response.writeHead(refusal.status, { "content-type": "text/plain; charset=utf-8", ...SECURITY_HEADERS });
      response.end(`${refusal.reason}\n`);
      return;
    }
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === "/") this.page(response);
    else if (path === "/events" && "feed" in this.source) this.events(response);
    else this.notFound(response);
  }

  private notFound(response: ServerResponse): void {
    response.writeHead(404, { "content-type": "text/plain; charset=utf-8", ...SECURITY_HEADERS });
    response.end("not found\n");
  }

  /** Why a request is refused: a foreign Host or Origin, a wrong or missing token, a method other than GET. */
  private refusal(request: IncomingMessage): { status: number; reason: string } | undefined {
    const own = [`127.0.0.1:${this.port}`, `localhost:${this.port}`];
    if (!own.includes(request.headers.host ?? "")) return { status: 403, reason: "forbidden: not this server's host" };
    const origin = request.headers.origin;
    if (origin !== undefined && !own.some((host) => origin === `http://${host}`)) {
      return { status: 403, reason: "forbidden: cross-origin request" };
    }
    if (request.method !== "GET") return { status: 405, reason: "method not allowed" };
    const token = new URL(request.url ?? "/", "http://localhost").searchParams.get("token") ?? "";
    const expected = Buffer.from(this.token);
    const given = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { status: 403, reason: "forbidden: wrong or missing token" };
    }
    return undefined;
  }

  private page(response: ServerResponse): void {
    const live = "feed" in this.source;
    const data = live
      ? (this.source as { feed: LiveFeed }).feed.pageData()
      : (this.source as { document: ExportDocument }).document;
    const html = renderHtml(data, live ? { live: { events: `/events?token=${this.token}` } } : {});
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...SECURITY_HEADERS });
    response.end(html);
  }

  private events(response: ServerResponse): void {
    response.writeHead(200, { "content-type": "text/event-stream", ...SECURITY_HEADERS });
    const feed = (this.source as { feed: LiveFeed }).feed;
    const client: Client = { response, behind: false };
    this.clients.add(client);
    response.on("close", () => this.clients.delete(client));
    response.on("drain", () => {
      if (!client.behind) return;
      client.behind = false;
      send(client, "snapshot", feed.pageData());
    });
    send(client, "snapshot", feed.pageData());
    if (feed.judgement && this.ended) send(client, "end", { judgement: feed.judgement });
  }

  /** One round of live updates to every page that keeps up. */
  private tick(): void {
    if (!("feed" in this.source)) return;
    const update = this.source.feed.takeUpdate();
    if (!update) return;
    for (const client of this.clients) {
      if (client.behind) {
        this.dropped++;
        continue;
      }
      if (update.entries.length > 0) send(client, "entries", { entries: update.entries });
      send(client, "state", { analysis: update.analysis, findings: update.findings });
    }
  }
}

function send(client: Client, event: string, data: unknown): void {
  const ok = client.response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  if (!ok) client.behind = true;
}
