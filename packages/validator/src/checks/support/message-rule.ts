/**
 * The shape most one-rule checks share: the engine hands over a message, an exchange or an event (whichever kind the
 * subscription names), `subject` picks out what the rule governs in it (or `subjects`, several; nothing: skip it),
 * each subject counts as examined, and `judge` says what is wrong with it, if anything — reported at the seq of the
 * message or event handed over (of an exchange: its answer, else its request).
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition, MessageSelector } from "../../engine/types.js";

type Picks<Item, S> =
  | { subject(item: Item, ctx: CheckContext): S | undefined; subjects?: never }
  | { subjects(item: Item, ctx: CheckContext): Iterable<S>; subject?: never };

type Rule<Item, S> = Picks<Item, S> & {
  id: string;
  description: string;
  tags?: CheckDefinition["tags"];
  /** What is wrong with one subject; undefined when nothing is. */
  judge(subject: S, ctx: CheckContext): string | undefined;
};

export function messageRuleCheck<S>(
  rule: Rule<MessageRef, S> & { subscribe: { messages: readonly MessageSelector[] } },
): CheckDefinition;
export function messageRuleCheck<S>(
  rule: Rule<Exchange, S> & { subscribe: { exchanges: readonly string[] } },
): CheckDefinition;
export function messageRuleCheck<S>(
  rule: Rule<TraceEvent, S> & { subscribe: { events: readonly TraceEvent["kind"][] } },
): CheckDefinition;
export function messageRuleCheck<S>(
  rule: Rule<never, S> & {
    subscribe: {
      messages?: readonly MessageSelector[];
      exchanges?: readonly string[];
      events?: readonly TraceEvent["kind"][];
    };
  },
): CheckDefinition {
  const { id, description, tags, subscribe, judge } = rule;
  const picks = rule as Picks<unknown, S>;
  return {
    id,
    description,
    ...(tags && { tags }),
    subscribe,
    create(ctx) {
      const one = (subject: S, seq: number) => {
        ctx.examined();
        const problem = judge(subject, ctx);
        if (problem !== undefined) ctx.report(seq, problem);
      };
      const handle = (item: unknown, seq: number) => {
        if (picks.subjects) {
          for (const subject of picks.subjects(item, ctx)) one(subject, seq);
          return;
        }
        const subject = picks.subject(item, ctx);
        if (subject !== undefined) one(subject, seq);
      };
      if (subscribe.messages) return { message: (ref: MessageRef) => handle(ref, ref.seq) };
      if (subscribe.exchanges) return { exchange: (x: Exchange) => handle(x, exchangeSeq(x)) };
      return { event: (event: TraceEvent) => handle(event, event.seq) };
    },
  };
}

/** Where a finding about an exchange points: the answer of a request (the request when none came), else its message. */
function exchangeSeq(x: Exchange): number {
  switch (x.type) {
    case "request":
      return x.response?.seq ?? x.request.seq;
    case "orphan-response":
      return x.response.seq;
    default:
      return x.message.seq;
  }
}
