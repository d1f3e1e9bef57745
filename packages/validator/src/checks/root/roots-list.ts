/**
 * The roots a client lists: every root URI is a file:// URI; and when the client declared `roots.listChanged`, a
 * list that differs from the previous one was announced by notifications/roots/list_changed in between.
 */

import { type Exchange, hasCapability } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { resultOf } from "../support/readers.js";

function rootsOf(x: Exchange): unknown[] | undefined {
  if (x.type !== "request" || x.request.direction !== "server-to-client") return undefined;
  const result = resultOf(x.response);
  return result && Array.isArray(result.roots) ? result.roots : undefined;
}

export const uriFileScheme: CheckDefinition = {
  id: "root.uri-file-scheme",
  description: "Every root a client lists has a file:// URI.",
  subscribe: { exchanges: ["roots/list"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        const roots = rootsOf(x);
        if (!roots || x.type !== "request") return;
        for (const root of roots) {
          if (!isPlainObject(root) || typeof root.uri !== "string") continue;
          ctx.examined();
          if (!root.uri.startsWith("file://")) {
            ctx.report(x.response?.seq, `root URI ${JSON.stringify(root.uri)} is not a file:// URI`);
          }
        }
      },
    };
  },
};

/** A list of roots as a comparable string (order-insensitive). */
function canonicalRoots(roots: unknown[]): string {
  const items = roots.map((r) => (isPlainObject(r) ? JSON.stringify([r.uri, r.name ?? null]) : JSON.stringify(r)));
  return JSON.stringify(items.sort());
}

export const listChangedNotified: CheckDefinition = {
  id: "root.list-changed-notified",
  description: "A client with roots.listChanged announces a changed root list with notifications/roots/list_changed.",
  subscribe: { exchanges: ["roots/list", "notifications/roots/list_changed"] },
  create(ctx) {
    let previous: { roots: string; seq: number } | undefined;
    let notifiedSince = false;
    return {
      exchange(x: Exchange) {
        if (x.type === "notification") {
          if (x.message.direction === "client-to-server") notifiedSince = true;
          return;
        }
        const roots = rootsOf(x);
        if (!roots || !hasCapability(ctx.facts, "client.roots.listChanged") || x.type !== "request") return;
        const current = canonicalRoots(roots);
        const seq = x.response?.seq ?? x.request.seq;
        if (previous) {
          ctx.examined();
          if (current !== previous.roots && !notifiedSince) {
            ctx.report(
              seq,
              `the roots changed since the list at seq ${previous.seq} with no notifications/roots/list_changed in between`,
            );
          }
        }
        previous = current.length <= 100_000 ? { roots: current, seq } : undefined;
        notifiedSince = false;
      },
    };
  },
};
