/**
 * Clauses that bind a 2026-07-28 server, judged only once the server has shown it is one. A legacy server meets
 * modern requests on its way to the fallback — a `server/discover` probe it refuses (-32601 on stdio, the spec's own
 * legacy signal), a request it serves under 2025 rules (a result without `resultType`) — and none of the modern
 * era's result and error-code clauses bind it. So a wrapped check's subjects and findings are held until some result
 * of the server's carries `resultType` or `_meta` serverInfo, then counted and reported; held ones are dropped at the
 * end of a session whose server never showed it (its rows are then not observed, not passed).
 */

import { type MessageRef, SERVER_INFO_META_KEY } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition, CheckHandlers, Side } from "../../engine/types.js";

/** A held report; `undefined` stands for one subject examined. */
type Held = { seq: number | undefined; detail: string; owner?: Side } | undefined;
/** Enough for the few refused requests of a fallback; past it, a session is long enough to have shown its server. */
const MAX_HELD = 256;

/** A server result of the modern shape: `resultType`, or `_meta` serverInfo. */
export function showsModernServer(ref: MessageRef): boolean {
  if (ref.direction !== "server-to-client" || ref.message.type !== "result") return false;
  const result = ref.message.result;
  if (!isPlainObject(result)) return false;
  return (
    typeof result.resultType === "string" ||
    (isPlainObject(result._meta) && result._meta[SERVER_INFO_META_KEY] !== undefined)
  );
}

/** `check`, its subjects and findings held until the server shows it speaks 2026-07-28 (see above). */
export function heldUntilServerIsModern(check: CheckDefinition): CheckDefinition {
  const forwardsMessages = check.subscribe.messages !== undefined;
  const subscribe = forwardsMessages ? check.subscribe : { ...check.subscribe, messages: ["*response"] };
  return {
    ...check,
    subscribe,
    create(ctx: CheckContext): CheckHandlers {
      let modern = false;
      let held: Held[] = [];
      const flush = () => {
        modern = true;
        for (const item of held) {
          if (item === undefined) ctx.examined();
          else ctx.report(item.seq, item.detail, item.owner);
        }
        held = [];
      };
      const hold = (item: Held) => {
        if (held.length < MAX_HELD) held.push(item);
      };
      const gated: CheckContext = {
        get revision() {
          return ctx.revision;
        },
        get facts() {
          return ctx.facts;
        },
        validateSchema: (definition, value) => ctx.validateSchema(definition, value),
        hasSchema: (definition) => ctx.hasSchema(definition),
        openRequests: () => ctx.openRequests(),
        examined: () => (modern ? ctx.examined() : hold(undefined)),
        report: (seq, detail, owner) =>
          modern
            ? ctx.report(seq, detail, owner)
            : hold(owner === undefined ? { seq, detail } : { seq, detail, owner }),
      };
      const handlers = check.create(gated);
      return {
        ...handlers,
        message(ref: MessageRef) {
          if (!modern && showsModernServer(ref)) flush();
          if (forwardsMessages) handlers.message?.(ref);
        },
      };
    },
  };
}
