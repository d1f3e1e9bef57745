/**
 * What `serve` sends on (`--next-hop URL`, OTLP/HTTP JSON): one span per judged session, in the session's own trace
 * (the trace id its recorder's log records and spans carry), with one span event per finding; and cumulative OTLP
 * metrics per server label — sessions judged (by completeness) and fails and warns per clause. Spans wait in a
 * bounded queue and go in batches; what the next hop refuses or never gets is counted, never retried forever, and
 * never slows judging.
 */
import { derivedIds } from "@mcp-conf/otel-mapper";
import type { SessionVerdict } from "./verdict.js";

export interface NextHopOptions {
  /** Base URL: `/v1/traces` and `/v1/metrics` are appended. */
  url: string;
  headers?: Record<string, string>;
  /** `service.instance.id` of what is sent. */
  instance: string;
  /** Spans waiting at most; more are dropped and counted. Default 4096. */
  maxQueue?: number;
  /** How often spans and metrics go. Default 1000 ms. */
  intervalMs?: number;
}

export interface NextHopStats {
  spansSent: number;
  spansDropped: number;
  spansFailed: number;
  metricExports: number;
  metricFailures: number;
}

type KeyValue = { key: string; value: { stringValue: string } | { intValue: string } | { boolValue: boolean } };

const SCOPE = { name: "@mcp-conf/fleet" };
const SPAN_BATCH = 256;
const TIMEOUT_MS = 10_000;

function attr(key: string, value: string | number | boolean): KeyValue {
  if (typeof value === "string") return { key, value: { stringValue: value } };
  if (typeof value === "boolean") return { key, value: { boolValue: value } };
  return { key, value: { intValue: String(value) } };
}

function nanos(ms: number): string {
  return `${BigInt(Math.round(ms)) * 1_000_000n}`;
}

export class NextHop {
  private readonly queue: object[] = [];
  private readonly counters = new Map<string, { attributes: KeyValue[]; metric: string; value: number }>();
  private readonly started = Date.now();
  private readonly timer: NodeJS.Timeout;
  private readonly resource: { attributes: KeyValue[] };
  private sending: Promise<void> = Promise.resolve();
  private metricsDirty = false;
  readonly stats: NextHopStats = { spansSent: 0, spansDropped: 0, spansFailed: 0, metricExports: 0, metricFailures: 0 };

  constructor(private readonly options: NextHopOptions) {
    this.resource = {
      attributes: [attr("service.name", "mcp-conf-serve"), attr("service.instance.id", options.instance)],
    };
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** A session was judged: its span goes in the next batch, and the metrics count it. */
  judged(verdict: SessionVerdict): void {
    const label = verdict.label ?? "";
    this.count("mcp_conf.sessions.judged", [
      attr("mcp_conf.server.label", label),
      attr("mcp_conf.complete", verdict.complete),
    ]);
    for (const finding of verdict.findings) {
      this.count("mcp_conf.findings", [
        attr("mcp_conf.server.label", label),
        attr("mcp_conf.requirement", finding.requirement),
        attr("mcp_conf.outcome", finding.outcome),
      ]);
    }
    if (this.queue.length >= (this.options.maxQueue ?? 4096)) {
      this.stats.spansDropped++;
      return;
    }
    this.queue.push(verdictSpan(verdict));
  }

  private count(metric: string, attributes: KeyValue[]): void {
    const key = `${metric}\0${JSON.stringify(attributes)}`;
    const counter = this.counters.get(key) ?? { attributes, metric, value: 0 };
    counter.value++;
    this.counters.set(key, counter);
    this.metricsDirty = true;
  }

  /** Sends what is queued (one send at a time). */
  flush(): Promise<void> {
    this.sending = this.sending.then(() => this.send());
    return this.sending;
  }

  private async send(): Promise<void> {
    while (this.queue.length > 0) {
      const spans = this.queue.splice(0, SPAN_BATCH);
      const body = { resourceSpans: [{ resource: this.resource, scopeSpans: [{ scope: SCOPE, spans }] }] };
      if (await this.post("/v1/traces", body)) this.stats.spansSent += spans.length;
      else this.stats.spansFailed += spans.length;
    }
    if (!this.metricsDirty) return;
    this.metricsDirty = false;
    if (await this.post("/v1/metrics", this.metricsBody())) this.stats.metricExports++;
    else this.stats.metricFailures++;
  }

  private metricsBody(): object {
    const now = nanos(Date.now());
    const start = nanos(this.started);
    const byMetric = new Map<string, object[]>();
    for (const counter of this.counters.values()) {
      const points = byMetric.get(counter.metric) ?? [];
      points.push({
        attributes: counter.attributes,
        startTimeUnixNano: start,
        timeUnixNano: now,
        asInt: String(counter.value),
      });
      byMetric.set(counter.metric, points);
    }
    const metrics = [...byMetric].map(([name, dataPoints]) => ({
      name,
      unit: name === "mcp_conf.sessions.judged" ? "{session}" : "{finding}",
      sum: { dataPoints, aggregationTemporality: 2, isMonotonic: true },
    }));
    return { resourceMetrics: [{ resource: this.resource, scopeMetrics: [{ scope: SCOPE, metrics }] }] };
  }

  private async post(path: string, body: object): Promise<boolean> {
    try {
      const url = `${this.options.url.replace(/\/+$/, "")}${path}`;
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(this.options.headers ?? {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }

  async close(): Promise<NextHopStats> {
    clearInterval(this.timer);
    await this.flush();
    return this.stats;
  }
}

/** The session's verdict as one span of its trace, a span event per finding. */
export function verdictSpan(verdict: SessionVerdict): object {
  const ids = derivedIds(verdict.session);
  const at = Date.parse(verdict.judgedAt);
  const attributes = [
    attr("mcp_conf.session", verdict.session),
    attr("mcp_conf.complete", verdict.complete),
    attr("mcp_conf.end_reason", verdict.reason),
    attr("mcp_conf.events", verdict.events),
    attr("mcp_conf.missing", verdict.missing),
    attr("mcp_conf.serve.instance", verdict.instance),
  ];
  if (verdict.label !== undefined) attributes.push(attr("mcp_conf.server.label", verdict.label));
  if (verdict.verdict !== undefined) attributes.push(attr("mcp_conf.verdict", verdict.verdict));
  if (verdict.revision !== undefined) attributes.push(attr("mcp.protocol.version", verdict.revision));
  const events = verdict.findings.map((finding) => {
    const eventAttributes = [
      attr("mcp_conf.requirement", finding.requirement),
      attr("mcp_conf.outcome", finding.outcome),
      attr("mcp_conf.level", finding.level),
      attr("mcp_conf.check", finding.check),
      attr("mcp_conf.detail", finding.detail),
    ];
    if (finding.seq !== undefined) eventAttributes.push(attr("mcp_conf.seq", finding.seq));
    return { timeUnixNano: nanos(at), name: "mcp_conf.finding", attributes: eventAttributes };
  });
  const failed = verdict.verdict === "fail" || !verdict.complete || verdict.error !== undefined;
  return {
    traceId: ids.traceId(),
    // The verdict's span id is that of seq -1, which no exchange has.
    spanId: ids.spanId(-1),
    name: "mcp-conf verdict",
    kind: 1,
    startTimeUnixNano: nanos(at),
    endTimeUnixNano: nanos(at),
    attributes,
    events,
    status: failed
      ? {
          code: 2,
          message: verdict.complete ? (verdict.error ?? "the session failed its clauses") : "incomplete capture",
        }
      : { code: 0 },
  };
}
