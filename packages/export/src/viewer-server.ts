/**
 * The viewer served on loopback: `watch --ui` (a live session), `open TRACE` (a recorded one) and `open` (the hub:
 * every session of a directory, `/` the list and `/s/ID` each session). It binds 127.0.0.1 only and answers nothing
 * without the random token of the URL it prints, nor any request whose Host or Origin is not its own address (a page
 * elsewhere cannot reach it through DNS rebinding). A live page follows Server-Sent Events: timeline entries as they
 * are created or answered, the statistics and live findings, the report at the end; the hub's list page gets the
 * list whenever it changes. Updates are sent a few times a second; a page that does not keep up is skipped (the
 * updates it missed are counted) and sent a fresh snapshot once it drains — the session never waits for a browser.
 * Two requests change something, and both are POSTs that need the token and the page's own Origin: a live view's
 * replay of a recorded request (when the server was given a replayer) and the hub's delete of a session.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ExportDocument } from "./document.js";
import { renderHtml, renderHubHtml } from "./html.js";
import type { SessionHub, SessionView } from "./hub.js";
import type { LiveFeed } from "./live-feed.js";
import type { Replayer } from "./replay.js";

export interface ViewerServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Milliseconds between live updates. Default 200. */
  intervalMs?: number;
  /** Keep the process running while it serves (`open`); by default the session that feeds it decides. */
  keepAlive?: boolean;
  /** A live view's replay (`watch --ui`): the page may ask for a recorded request to be sent again. */
  replay?: Replayer;
}

/** What is served: one recorded session, one live session (watch swaps in each new session's feed), or a hub. */
export type ViewerSource = { document: ExportDocument } | { feed: LiveFeed } | { hub: SessionHub };

interface Client {
  response: ServerResponse;
  /** Its socket is backed up: updates are skipped until it drains. */
  behind: boolean;
  /** Updates were skipped while it was behind: it gets a fresh snapshot when it drains. */
  missed: boolean;
  /** The live session it follows (a hub session's is fixed; watch's is whichever feed the source holds). */
  feed?: LiveFeed;
  /** Following the hub's list: the version it was last sent. */
  listVersion?: number;
  ended: boolean;
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
    private readonly source: ViewerSource,
    readonly port: number,
    private readonly replayer: Replayer | undefined,
  ) {}

  /** Serves a recorded session (`document`), a live one (`feed`) or many (`hub`) on 127.0.0.1. */
  static async start(source: ViewerSource, options: ViewerServerOptions = {}): Promise<ViewerServer> {
    const token = randomBytes(16).toString("hex");
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const viewer = new ViewerServer(server, token, source, port, options.replay);
    server.on("request", (request, response) => {
      viewer.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500, SECURITY_HEADERS);
        response.end();
      });
    });
    if (!("document" in source)) {
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
    if (!this.ended) {
      this.ended = true;
      this.tick();
      for (const client of this.clients) {
        const judgement = this.feedOf(client)?.judgement;
        if (judgement && !client.ended) send(client, "end", { judgement });
      }
    }
    for (const client of this.clients) client.response.end();
    this.clients.clear();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // A browser keeps its connection open for the next request: close() alone would wait for it to time out.
    this.server.closeAllConnections();
    await closed;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refusal = this.refusal(request);
    if (refusal !== undefined) {
      response.writeHead(refusal.status, { "content-type": "text/plain; charset=utf-8", ...SECURITY_HEADERS });
      response.end(`${refusal.reason}\n`);
      return;
    }
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const source = this.source;
    if (request.method === "POST") return this.post(request, response, path);
    if (!("hub" in source)) {
      if (path === "/") this.page(response, "feed" in source ? { feed: source.feed } : source);
      else if (path === "/events" && "feed" in source) this.events(response, {});
      else this.notFound(response);
      return;
    }
    if (path === "/") return this.hubPage(response, source.hub);
    if (path === "/events") return this.events(response, { listVersion: -1 });
    const match = /^\/s\/([^/]+)(\/events)?$/.exec(path);
    const id = match ? safeDecode(match[1]!) : undefined;
    const view = id === undefined ? undefined : await source.hub.view(id);
    if (!view) return this.notFound(response);
    if (!match![2]) return this.page(response, view, `/s/${match![1]}/events`);
    if ("feed" in view) return this.events(response, { feed: view.feed });
    this.notFound(response);
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
    if (request.method === "POST") {
      // A state-changing request: from this server's own page only (a browser always sends Origin with a POST).
      if (origin === undefined) return { status: 403, reason: "forbidden: a POST needs its Origin" };
    } else if (request.method !== "GET") return { status: 405, reason: "method not allowed" };
    const token = new URL(request.url ?? "/", "http://localhost").searchParams.get("token") ?? "";
    const expected = Buffer.from(this.token);
    const given = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { status: 403, reason: "forbidden: wrong or missing token" };
    }
    return undefined;
  }

  /** The POSTs: `/replay` (a live view with a replayer) and `/s/ID/delete` (a hub that deletes). */
  private async post(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...SECURITY_HEADERS });
      response.end(`${JSON.stringify(body)}\n`);
    };
    const source = this.source;
    const deleting = /^\/s\/([^/]+)\/delete$/.exec(path);
    if (deleting && "hub" in source) {
      const id = safeDecode(deleting[1]!);
      if (!source.hub.delete) return answer(405, { error: "this hub does not delete sessions" });
      if (id === undefined) return answer(404, { error: "no such session" });
      const refused = await source.hub.delete(id);
      return refused === undefined ? answer(200, { deleted: id }) : answer(409, { error: refused });
    }
    if (path !== "/replay" || !("feed" in source)) return answer(404, { error: "not found" });
    if (!this.replayer) return answer(409, { error: "replay needs the live server: this view has none" });
    if (!(request.headers["content-type"] ?? "").startsWith("application/json")) {
      return answer(415, { error: "replay takes application/json" });
    }
    let seq: unknown;
    try {
      seq = (JSON.parse(await readBody(request, 4096)) as { seq?: unknown }).seq;
    } catch {
      return answer(400, { error: 'replay takes {"seq": N}' });
    }
    const timeline = source.feed.pageData().analysis.timeline;
    const call = timeline.find((e) => e.kind === "call" && e.seq === seq && e.direction === "client-to-server");
    const initialize = timeline.find((e) => e.kind === "call" && e.method === "initialize");
    if (call?.kind !== "call") return answer(404, { error: "no recorded client request at that seq" });
    if (initialize?.kind !== "call") return answer(409, { error: "the session has no initialize to replay with" });
    if (call.method === "initialize") return answer(409, { error: "initialize is not replayed on its own" });
    const started = performance.now();
    try {
      const replayed = await this.replayer.replay(initialize.request, call.request);
      return answer(200, { answer: replayed, ms: Math.round(performance.now() - started) });
    } catch (error) {
      return answer(502, { error: `replay failed: ${(error as Error).message}` });
    }
  }

  /** A session's page: recorded, or live with its event stream at `events` (the hub's; `/events` otherwise). */
  private page(response: ServerResponse, view: SessionView, events = "/events"): void {
    const query = `?token=${this.token}`;
    const hubbed = "hub" in this.source;
    const html =
      "feed" in view
        ? renderHtml(view.feed.pageData(), {
            live: {
              events: `${events}${query}`,
              ...(this.replayer && !hubbed ? { replay: `/replay${query}` } : {}),
            },
            ...(hubbed ? { back: `/${query}` } : {}),
          })
        : renderHtml(view.document, hubbed ? { back: `/${query}` } : {});
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...SECURITY_HEADERS });
    response.end(html);
  }

  private hubPage(response: ServerResponse, hub: SessionHub): void {
    const html = renderHubHtml(hub.list().list, {
      events: `/events?token=${this.token}`,
      ...(hub.delete ? { remove: `/s/ID/delete?token=${this.token}` } : {}),
    });
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...SECURITY_HEADERS });
    response.end(html);
  }

  private events(response: ServerResponse, follow: { feed?: LiveFeed; listVersion?: number }): void {
    response.writeHead(200, { "content-type": "text/event-stream", ...SECURITY_HEADERS });
    const client: Client = { response, behind: false, missed: false, ended: false, ...follow };
    this.clients.add(client);
    response.on("close", () => this.clients.delete(client));
    response.on("drain", () => {
      client.behind = false;
      if (!client.missed) return;
      client.missed = false;
      this.snapshot(client);
    });
    this.snapshot(client);
  }

  /** The feed a client follows: its own, or (watch) the source's current one. */
  private feedOf(client: Client): LiveFeed | undefined {
    if (client.feed) return client.feed;
    return "feed" in this.source ? this.source.feed : undefined;
  }

  /** Everything, for a page that connects or caught up. */
  private snapshot(client: Client): void {
    if (client.listVersion !== undefined && "hub" in this.source) {
      const { version, list } = this.source.hub.list();
      client.listVersion = version;
      send(client, "sessions", list);
      return;
    }
    const feed = this.feedOf(client);
    if (!feed) return;
    send(client, "snapshot", feed.pageData());
    // A hub session ends on its own; watch's view ends when watch does (the next session would replace it).
    if (feed.judgement && (client.feed !== undefined || this.ended)) {
      send(client, "end", { judgement: feed.judgement });
      client.ended = true;
    }
  }

  /** One round of live updates to every page that keeps up. */
  private tick(): void {
    const updates = new Map<LiveFeed, ReturnType<LiveFeed["takeUpdate"]>>();
    const list = "hub" in this.source ? this.source.hub.list() : undefined;
    for (const client of this.clients) {
      if (client.listVersion !== undefined) {
        if (!list || list.version === client.listVersion) continue;
        if (client.behind) {
          this.dropped++;
          client.missed = true;
          continue;
        }
        client.listVersion = list.version;
        send(client, "sessions", list.list);
        continue;
      }
      const feed = this.feedOf(client);
      if (!feed || client.ended) continue;
      if (!updates.has(feed)) updates.set(feed, feed.takeUpdate());
      const update = updates.get(feed);
      if (client.behind) {
        if (update) {
          this.dropped++;
          client.missed = true;
        }
        continue;
      }
      if (update) {
        if (update.entries.length > 0) send(client, "entries", { entries: update.entries });
        send(client, "state", { analysis: update.analysis, findings: update.findings });
      }
      if (client.feed && feed.judgement) {
        send(client, "end", { judgement: feed.judgement });
        client.ended = true;
      }
    }
  }
}

function send(client: Client, event: string, data: unknown): void {
  const ok = client.response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  if (!ok) client.behind = true;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A request's body as text, refused beyond `limit` bytes. */
function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error("too large"));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
