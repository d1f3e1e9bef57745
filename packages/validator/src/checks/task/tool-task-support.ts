/**
 * Tool-level task negotiation: what each listed tool declared as `execution.taskSupport`, read off `tools/list`
 * results, and the four checks that judge tools/call against it (only once the server declared
 * `tasks.requests.tools.call`; without it the capability rule alone applies). A client is judged on the tools it had
 * listed before calling; a server on every answer, at the end of the trace for tools listed only later.
 */

import { type Exchange, hasCapability, type MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { METHOD_NOT_FOUND } from "../support/answers.js";
import { BoundedMap } from "../support/bounded-map.js";
import { errorCodeOf, paramsOf, resultOf } from "../support/readers.js";
import { isTaskAugmented } from "../support/tasks.js";

/** `taskSupport` of each tool the server listed ("forbidden" when absent). */
export class ToolTaskSupport {
  private readonly tools = new BoundedMap<string, string>(10_000);
  observeList(x: Exchange): void {
    if (x.type !== "request" || x.request.direction !== "client-to-server") return;
    const result = resultOf(x.response);
    if (!result || !Array.isArray(result.tools)) return;
    for (const tool of result.tools) {
      if (!isPlainObject(tool) || typeof tool.name !== "string") continue;
      const execution = tool.execution;
      const support =
        isPlainObject(execution) && typeof execution.taskSupport === "string" ? execution.taskSupport : "forbidden";
      this.tools.set(tool.name, support);
    }
  }
  /** The tool's declared support, or undefined for a tool never listed. */
  supportOf(name: unknown): string | undefined {
    return typeof name === "string" ? this.tools.get(name) : undefined;
  }
}

type Judge = (
  ctx: CheckContext,
  call: { ref: MessageRef; response: MessageRef | null; tool: string; support: string; asTask: boolean },
) => void;

function taskSupportCheck(id: string, description: string, onRequest: boolean, judge: Judge): CheckDefinition {
  return {
    id,
    description,
    subscribe: onRequest
      ? { exchanges: ["tools/list"], messages: ["tools/call"] }
      : { exchanges: ["tools/list", "tools/call"] },
    create(ctx) {
      const book = new ToolTaskSupport();
      /** Answers to calls of tools not listed yet: the server knew their support even if the client did not. */
      const deferred: { ref: MessageRef; response: MessageRef }[] = [];
      const consider = (ref: MessageRef, response: MessageRef | null, final: boolean) => {
        if (ref.direction !== "client-to-server" || !hasCapability(ctx.facts, "server.tasks.requests.tools.call"))
          return;
        const params = paramsOf(ref);
        const support = book.supportOf(params?.name);
        if (support === undefined) {
          if (!final && response && deferred.length < 10_000) deferred.push({ ref, response });
          return;
        }
        judge(ctx, { ref, response, tool: String(params?.name), support, asTask: isTaskAugmented(params) });
      };
      return {
        message(ref) {
          // The client's obligation rests on what it knew: only tools listed before the call are judged.
          if (ref.message.type === "request") consider(ref, null, true);
        },
        exchange(x) {
          if (x.type !== "request") return;
          if (x.method === "tools/list") book.observeList(x);
          else if (!onRequest && x.response) consider(x.request, x.response, false);
        },
        finish() {
          for (const { ref, response } of deferred) consider(ref, response, true);
        },
      };
    },
  };
}

const forbidden = (support: string) => support !== "optional" && support !== "required";

export const forbiddenToolNotCalledAsTask = taskSupportCheck(
  "task.forbidden-tool-not-called-as-task",
  'A client never invokes as a task a tool whose execution.taskSupport is absent or "forbidden".',
  true,
  (ctx, c) => {
    if (!forbidden(c.support)) return;
    ctx.examined();
    if (c.asTask)
      ctx.report(
        c.ref.seq,
        `tool ${JSON.stringify(c.tool)} (taskSupport ${JSON.stringify(c.support)}) was invoked as a task`,
      );
  },
);

export const forbiddenTaskCallRejected = taskSupportCheck(
  "task.forbidden-task-call-rejected",
  "A server answers a task-augmented call of a tool that does not support tasks with a -32601 error.",
  false,
  (ctx, c) => {
    if (!forbidden(c.support) || !c.asTask) return;
    ctx.examined();
    const code = errorCodeOf(c.response);
    if (code !== METHOD_NOT_FOUND) {
      ctx.report(
        c.response?.seq,
        `task-augmented call of tool ${JSON.stringify(c.tool)} (taskSupport ${JSON.stringify(c.support)}) was answered with ${code === undefined ? "a result" : `error code ${code}`}, not -32601`,
      );
    }
  },
);

export const requiredToolCalledAsTask = taskSupportCheck(
  "task.required-tool-called-as-task",
  'A client invokes a tool whose execution.taskSupport is "required" only as a task.',
  true,
  (ctx, c) => {
    if (c.support !== "required") return;
    ctx.examined();
    if (!c.asTask)
      ctx.report(c.ref.seq, `tool ${JSON.stringify(c.tool)} requires task augmentation but was called without "task"`);
  },
);

export const requiredTaskCallRejected = taskSupportCheck(
  "task.required-task-call-rejected",
  "A server answers a non-task call of a tool that requires tasks with a -32601 error.",
  false,
  (ctx, c) => {
    if (c.support !== "required" || c.asTask) return;
    ctx.examined();
    const code = errorCodeOf(c.response);
    if (code !== METHOD_NOT_FOUND) {
      ctx.report(
        c.response?.seq,
        `call of tool ${JSON.stringify(c.tool)} without "task" (taskSupport "required") was answered with ${code === undefined ? "a result" : `error code ${code}`}, not -32601`,
      );
    }
  },
);
