/**
 * The life of progress tokens: which request (by direction) handed out each token, whether that request is still
 * in flight, finished, or became a task (whose token stays valid until the task ends). Bounded; once it has
 * forgotten something a check no longer claims a token was "never provided".
 */
import type { Direction, Exchange, MessageRef } from "@mcp-conf/trace-format";
import {
  BoundedMap,
  createdTaskOfExchange,
  metaOf,
  paramsOf,
  TaskStatusBook,
  taskSnapshots,
} from "../task/task-model.js";

export interface TokenUse {
  requestSeq: number;
  method: string;
  state: "open" | "done" | "task";
  doneSeq?: number;
  taskId?: string;
}

/** A token as a map key: 1 and "1" are different tokens. */
export function tokenKey(direction: Direction, token: unknown): string {
  return `${direction}\u0000${typeof token}\u0000${String(token)}`;
}

/** `_meta.progressToken` of a request, if any. */
export function requestToken(ref: MessageRef): unknown {
  return metaOf(paramsOf(ref))?.progressToken;
}

/** `progressToken` of a progress notification, if any. */
export function notificationToken(ref: MessageRef): unknown {
  return paramsOf(ref)?.progressToken;
}

export class ProgressTokens {
  private readonly uses = new BoundedMap<string, TokenUse>(20_000);
  readonly statuses = new TaskStatusBook();

  get forgotten(): boolean {
    return this.uses.forgotten;
  }

  /** Records a request's token; returns the use it replaces, if that one is still active. */
  observeRequest(ref: MessageRef): TokenUse | undefined {
    if (ref.message.type !== "request") return undefined;
    const token = requestToken(ref);
    if (token === undefined || (typeof token !== "string" && typeof token !== "number")) return undefined;
    const key = tokenKey(ref.direction, token);
    const previous = this.uses.get(key);
    this.uses.set(key, { requestSeq: ref.seq, method: ref.message.method, state: "open" });
    return previous && this.isActive(previous) ? previous : undefined;
  }

  observeExchange(x: Exchange): void {
    for (const s of taskSnapshots(x)) this.statuses.record(s);
    if (x.type !== "request" || !x.response) return;
    const token = requestToken(x.request);
    if (token === undefined) return;
    const use = this.uses.get(tokenKey(x.request.direction, token));
    if (!use || use.requestSeq !== x.request.seq) return;
    const task = createdTaskOfExchange(x);
    if (task && typeof task.taskId === "string") {
      use.state = "task";
      use.taskId = task.taskId;
    } else {
      use.state = "done";
    }
    use.doneSeq = x.response.seq;
  }

  /** The use of a token a progress notification travelling in `notificationDirection` refers to. */
  useFor(notificationDirection: Direction, token: unknown): TokenUse | undefined {
    const requestDirection: Direction =
      notificationDirection === "client-to-server" ? "server-to-client" : "client-to-server";
    return this.uses.get(tokenKey(requestDirection, token));
  }

  /** The terminal status of the task a token belongs to, if the task has ended. */
  terminalStatus(use: TokenUse, notificationDirection: Direction): string | undefined {
    if (use.state !== "task" || use.taskId === undefined) return undefined;
    const status = this.statuses.statusOf(notificationDirection, use.taskId);
    return status === "completed" || status === "failed" || status === "cancelled" ? status : undefined;
  }

  /** The token of the request that created a task (receiver → requestor direction given). */
  tokenOfTask(notificationDirection: Direction, taskId: string): { token: unknown; found: boolean } {
    const found = this.taskTokens.get(`${notificationDirection}\u0000${taskId}`);
    return found === undefined ? { token: undefined, found: false } : { token: found.token, found: true };
  }

  private readonly taskTokens = new BoundedMap<string, { token: unknown }>(20_000);

  /** Records which token (possibly none) the request that created a task carried. */
  observeCreatedTask(x: Exchange): void {
    if (x.type !== "request" || !x.response) return;
    const task = createdTaskOfExchange(x);
    if (!task || typeof task.taskId !== "string") return;
    this.taskTokens.set(`${x.response.direction}\u0000${task.taskId}`, { token: requestToken(x.request) });
  }

  private isActive(use: TokenUse): boolean {
    return use.state === "open" || use.state === "task";
  }
}
