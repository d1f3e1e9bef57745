/**
 * What a cancellation check needs to know about the requests each side issued: per direction and HTTP session,
 * the method, seq, when it was answered and whether the answer created a task. Bounded: beyond the limit the
 * oldest are forgotten, and a check then stops claiming a request was "never issued".
 */
import { type Exchange, idKey, type JsonRpcId, type MessageRef } from "@mcp-conf/trace-format";
import { BoundedMap, createdTaskOfExchange, isTaskAugmented, paramsOf } from "../task/task-model.js";

export interface IssuedRequest {
  method: string;
  seq: number;
  taskAugmented: boolean;
  /** Seq of the answer, once answered. */
  answeredSeq?: number;
  /** The answer created a task. */
  createdTask?: boolean;
}

function key(direction: string, session: string | undefined, id: JsonRpcId): string {
  return `${direction}\u0000${session ?? ""}\u0000${idKey(id)}`;
}

export class IssuedRequests {
  private readonly requests = new BoundedMap<string, IssuedRequest>(20_000);

  get forgotten(): boolean {
    return this.requests.forgotten;
  }

  observeRequest(ref: MessageRef): void {
    if (ref.message.type !== "request") return;
    this.requests.set(key(ref.direction, ref.session, ref.message.id), {
      method: ref.message.method,
      seq: ref.seq,
      taskAugmented: isTaskAugmented(paramsOf(ref)),
    });
  }

  observeExchange(x: Exchange): void {
    if (x.type !== "request" || !x.response) return;
    const entry = this.requests.get(key(x.request.direction, x.request.session, x.request.message.id));
    if (!entry || entry.seq !== x.request.seq) return;
    entry.answeredSeq = x.response.seq;
    if (createdTaskOfExchange(x)) entry.createdTask = true;
  }

  /** The request a cancellation sent in `ref`'s direction refers to, if this side issued it. */
  lookup(ref: MessageRef, id: JsonRpcId): IssuedRequest | undefined {
    return this.requests.get(key(ref.direction, ref.session, id));
  }

  /** Whether the other side issued a request with this id (to explain a wrong-direction cancellation). */
  issuedByOtherSide(ref: MessageRef, id: JsonRpcId): IssuedRequest | undefined {
    const other = ref.direction === "client-to-server" ? "server-to-client" : "client-to-server";
    return this.requests.get(key(other, ref.session, id));
  }
}

/** The `requestId` of a cancellation notification, when it is a valid id. */
export function cancelledId(ref: MessageRef): JsonRpcId | undefined {
  const id = paramsOf(ref)?.requestId;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : undefined;
}
