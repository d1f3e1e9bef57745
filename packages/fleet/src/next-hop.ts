/**
 * What `serve` sends on (`--next-hop URL`, OTLP/HTTP JSON): one span per judged session, in the session's own trace
 * (the trace id its recorder's log records and spans carry), with one span event per finding — the
 * `mcp_conformance.finding` event every mcp-conf exporter writes (otel-mapper's `findingEvent`, its detail scrubbed of
 * URI credentials); and cumulative OTLP metrics per server label — sessions judged (by completeness) and fails and
 * warns per clause. Spans wait in a
 * bounded queue and go in batches; what the next hop refuses or never gets is counted, never retried forever, and
 * never slows judging.
 */
import { derivedIds, encodeOtlpJson, findingEvent, type MappedSpan, type SpanFinding } from "@mcp-conf/otel-mapper";
import { loadRegistry } from "@mcp-conf/validator";
import type { SessionVerdict, VerdictFinding } from "./verdict.js";

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
const SERVICE = "mcp-conf-serve";
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
  private readonly queue: MappedSpan[] = [];
  private readonly counters = new Map<string, { attributes: KeyValue[]; metric: string; value: number }>();
  private readonly started = Date.now();
  private readonly timer: NodeJS.Timeout;
  private readonly resource: { attributes: KeyValue[] };
  private sending: Promise<void> = Promise.resolve();
  private metricsDirty = false;
  readonly stats: NextHopStats = { spansSent: 0, spansDropped: 0, spansFailed: 0, metricExports: 0, metricFailures: 0 };

  constructor(private readonly options: NextHopOptions) {
    this.resource = {
      attributes: [attr("service.name", SERVICE), attr("service.instance.id", options.instance)],
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
        attr("mcp_conformance.requirement.id", finding.requirement),
        attr("mcp_conformance.outcome", finding.outcome),
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
      const body = encodeOtlpJson(spans, {
        serviceName: SERVICE,
        attributes: { "service.instance.id": this.options.instance },
      });
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

  private async post(path: string, body: object | string): Promise<boolean> {
    try {
      const url = `${this.options.url.replace(/\/+$/, "")}${path}`;
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(this.options.headers ?? {}) },
        body: typeof body === "string" ? body : JSON.stringify(body),
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

/** The session's verdict as one span of its trace (kind INTERNAL), a finding event per finding. */
export function verdictSpan(verdict: SessionVerdict): MappedSpan {
  const ids = derivedIds(verdict.session);
  const at = BigInt(Date.parse(verdict.judgedAt)) * 1_000_000n;
  const attributes: MappedSpan["attributes"] = {
    "mcp_conf.session": verdict.session,
    "mcp_conf.complete": verdict.complete,
    "mcp_conf.end_reason": verdict.reason,
    "mcp_conf.events": verdict.events,
    "mcp_conf.missing": verdict.missing,
    "mcp_conf.serve.instance": verdict.instance,
  };
  if (verdict.label !== undefined) attributes["mcp_conf.server.label"] = verdict.label;
  if (verdict.verdict !== undefined) attributes["mcp_conf.verdict"] = verdict.verdict;
  if (verdict.revision !== undefined) attributes["mcp.protocol.version"] = verdict.revision;
  const failed = verdict.verdict === "fail" || !verdict.complete || verdict.error !== undefined;
  return {
    traceId: ids.traceId(),
    // The verdict's span id is that of seq -1, which no exchange has.
    spanId: ids.spanId(-1),
    traceFlags: 1,
    name: "mcp-conf verdict",
    kind: "internal",
    startNanos: at,
    endNanos: at,
    attributes,
    events: verdict.findings.map((finding) => findingEvent(spanFinding(finding, verdict.revision), at)),
    droppedEvents: 0,
    status: failed
      ? {
          code: "error",
          message: verdict.complete ? (verdict.error ?? "the session failed its clauses") : "incomplete capture",
        }
      : { code: "unset" },
  };
}

function spanFinding(finding: VerdictFinding, revision: string | undefined): SpanFinding {
  const out: SpanFinding = {
    requirementId: finding.requirement,
    level: finding.level,
    outcome: finding.outcome,
    revision: revision ?? "",
    specUrl: revision === undefined ? "" : (specUrls(revision).get(finding.requirement) ?? ""),
    check: finding.check,
    detail: finding.detail,
  };
  if (finding.seq !== undefined) out.seq = finding.seq;
  return out;
}

const urlsByRevision = new Map<string, Map<string, string>>();

/** Where each requirement of a revision is published. */
function specUrls(revision: string): Map<string, string> {
  let urls = urlsByRevision.get(revision);
  if (!urls) {
    urls = new Map(loadRegistry(revision).requirements.map((r) => [r.id, r.source.url]));
    urlsByRevision.set(revision, urls);
  }
  return urls;
}
