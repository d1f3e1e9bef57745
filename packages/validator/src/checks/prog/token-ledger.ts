/**
 * The life of progress tokens, kept once per judged trace and shared by the PROG checks (and read by CANC): which
 * request handed out each token and whether it is still in flight, answered, or became a task (whose token stays
 * valid until the task ends); which token created each task; the tasks' last statuses. Every check feeds it what
 * it hears; feeding the same message or exchange twice is a no-op, so the checks may run in any combination.
 * Tokens are kept as raw JSON values (1 and "1" differ), per direction, bounded; once anything was forgotten a
 * check stops claiming a token was "never provided".
 */

import type { Exchange, MessageRef, SessionFacts } from "@mcp-conf/session";
import { trimOldest } from "@mcp-conf/session";
import type { Direction } from "@mcp-conf/trace-format";
import { metaOf, paramsOf } from "../support/readers.js";
import { createdTaskOfExchange, TaskStatusBook, TERMINAL_STATUSES, taskSnapshots } from "../support/tasks.js";

export interface TokenUse {
  requestSeq: number;
  method: string;
  state: "open" | "done" | "task";
  doneSeq?: number;
  taskId?: string;
}

type Token = string | number;
const LIMIT = 20_000;
const TASK_STATE = new Set(["tasks/get", "tasks/cancel", "tasks/list", "notifications/tasks/status"]);

/** `_meta.progressToken` of a request, if any. */
export function requestToken(ref: MessageRef): unknown {
  return metaOf(paramsOf(ref))?.progressToken;
}

/** `progressToken` of a progress notification, if any. */
export function notificationToken(ref: MessageRef): unknown {
  return paramsOf(ref)?.progressToken;
}

function isToken(value: unknown): value is Token {
  return typeof value === "string" || typeof value === "number";
}

function boundedSet<K, V>(map: Map<K, V>, key: K, value: V): boolean {
  map.set(key, value);
  return trimOldest(map, LIMIT);
}

export class TokenLedger {
  /** Tokens by the direction of the request that provided them. */
  private readonly uses: Record<Direction, Map<Token, TokenUse>> = {
    "client-to-server": new Map(),
    "server-to-client": new Map(),
  };
  /** The token (possibly none) of the request that created each task, by the direction task messages travel. */
  private readonly taskTokens: Record<Direction, Map<string, { token: unknown }>> = {
    "client-to-server": new Map(),
    "server-to-client": new Map(),
  };
  readonly statuses = new TaskStatusBook();
  forgotten = false;
  private lastRequest: MessageRef | undefined;
  private lastClash: TokenUse | undefined;
  private lastExchange: Exchange | undefined;

  /** Records a request's token; returns the still-active use it clashes with, if any. */
  observeRequest(ref: MessageRef): TokenUse | undefined {
    if (ref === this.lastRequest) return this.lastClash;
    this.lastRequest = ref;
    this.lastClash = undefined;
    if (ref.message.type !== "request") return undefined;
    const token = requestToken(ref);
    if (!isToken(token)) return undefined;
    const map = this.uses[ref.direction];
    const previous = map.get(token);
    if (
      previous &&
      (previous.state === "open" || (previous.state === "task" && !this.taskEnded(previous, ref.direction)))
    ) {
      this.lastClash = previous;
    }
    if (previous) map.delete(token);
    if (boundedSet(map, token, { requestSeq: ref.seq, method: ref.message.method, state: "open" }))
      this.forgotten = true;
    return this.lastClash;
  }

  observeExchange(x: Exchange): void {
    if (x === this.lastExchange) return;
    this.lastExchange = x;
    if (x.type === "notification") {
      if (x.method === "notifications/tasks/status") for (const s of taskSnapshots(x)) this.statuses.record(s);
      return;
    }
    if (x.type !== "request" || !x.response) return;
    if (TASK_STATE.has(x.method)) {
      for (const s of taskSnapshots(x)) this.statuses.record(s);
      return;
    }
    const task = createdTaskOfExchange(x);
    const token = requestToken(x.request);
    if (task && typeof task.taskId === "string") {
      boundedSet(this.taskTokens[x.response.direction], task.taskId, { token });
      this.statuses.record({
        seq: x.response.seq,
        direction: x.response.direction,
        taskId: task.taskId,
        status: typeof task.status === "string" ? task.status : undefined,
        task,
        source: "CreateTaskResult",
      });
    }
    if (!isToken(token)) return;
    const use = this.uses[x.request.direction].get(token);
    if (!use || use.requestSeq !== x.request.seq) return;
    use.doneSeq = x.response.seq;
    if (task && typeof task.taskId === "string") {
      use.state = "task";
      use.taskId = task.taskId;
    } else use.state = "done";
  }

  /** The use of the token a progress notification travelling in `direction` names. */
  useFor(notificationDirection: Direction, token: unknown): TokenUse | undefined {
    if (!isToken(token)) return undefined;
    return this.uses[notificationDirection === "client-to-server" ? "server-to-client" : "client-to-server"].get(token);
  }

  /** The terminal status of the task a token belongs to, once the task has ended. */
  terminalStatus(use: TokenUse, notificationDirection: Direction): string | undefined {
    if (use.state !== "task" || use.taskId === undefined) return undefined;
    const status = this.statuses.statusOf(notificationDirection, use.taskId);
    return status !== undefined && TERMINAL_STATUSES.has(status) ? status : undefined;
  }

  /** The token of the request that created a task (`found` false for a task never seen created). */
  tokenOfTask(notificationDirection: Direction, taskId: string): { token: unknown; found: boolean } {
    const entry = this.taskTokens[notificationDirection].get(taskId);
    return entry === undefined ? { token: undefined, found: false } : { token: entry.token, found: true };
  }

  private taskEnded(use: TokenUse, requestDirection: Direction): boolean {
    const receiverToRequestor: Direction =
      requestDirection === "client-to-server" ? "server-to-client" : "client-to-server";
    return this.terminalStatus(use, receiverToRequestor) !== undefined;
  }
}

const ledgers = new WeakMap<SessionFacts, TokenLedger>();

/** The judged trace's ledger (one per trace: keyed by the trace's session facts). */
export function tokenLedger(facts: SessionFacts): TokenLedger {
  let ledger = ledgers.get(facts);
  if (!ledger) {
    ledger = new TokenLedger();
    ledgers.set(facts, ledger);
  }
  return ledger;
}
