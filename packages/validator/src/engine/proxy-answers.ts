/**
 * The recording proxy's own answers (`proxy: true` on an s→c `http` event: 502 when the upstream could not be
 * reached, 508 when the proxy is its own upstream). Neither peer sent them: the checks read them as they read any
 * HTTP refusal (the request was never delivered), and the judge drops a finding located at one, so no peer is blamed
 * for it. A session in which the server never spoke while the proxy answered its requests judged nothing of the
 * server: the report says so and its verdict is never a pass.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";

/** Seqs of the proxy's answers remembered (bounded: a finding comes soon after what it rests on). */
const MAX_REMEMBERED = 4096;

export class ProxyAnswers {
  /** Responses the proxy made itself. */
  answered = 0;
  /** Whether anything came from the server itself (a message, an HTTP response, a raw line). */
  private serverSpoke = false;
  private readonly seqs = new Set<number>();

  observe(event: TraceEvent): void {
    if (event.direction !== "server-to-client") return;
    if (event.kind === "http" && event.proxy === true) {
      this.answered++;
      if (this.seqs.size >= MAX_REMEMBERED) this.seqs.delete(this.seqs.values().next().value!);
      this.seqs.add(event.seq);
    } else if (event.kind === "message" || event.kind === "http" || event.kind === "raw") this.serverSpoke = true;
  }

  /** Whether the event at `seq` is one of the proxy's own answers. */
  has(seq: number): boolean {
    return this.seqs.has(seq);
  }

  /** Whether the server never spoke while the proxy answered: nothing of the server could be judged. */
  get unreached(): boolean {
    return this.answered > 0 && !this.serverSpoke;
  }
}
