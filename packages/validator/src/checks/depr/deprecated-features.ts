/**
 * Deprecated features used in a 2026-07-28 session (deprecated.mdx, and the notice on each feature's page: "New
 * implementations SHOULD NOT adopt it"). A server uses Roots or Sampling when it asks for them — an input request
 * of an InputRequiredResult (or a request of its own) — and Logging when it declares the `logging` capability or
 * sends `notifications/message`; a client uses a feature when a request declares its capability (for Logging: when
 * it asks for log messages with `_meta` `io.modelcontextprotocol/logLevel`). Each side's first use is reported, once:
 * a warning naming the deprecation and its migration path, never a failure.
 */

import type { MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { INPUT_REQUIRED_METHODS, inputRequiredResult } from "../support/input-rounds.js";
import { LOG_LEVEL_META_KEY, requestCapabilities, requestMeta } from "../support/modern.js";
import { resultOf } from "../support/readers.js";

interface DeprecatedFeature {
  id: string;
  /** The feature's name in deprecated.mdx. */
  name: string;
  /** The client capability that declares it. */
  clientCapability?: string;
  /** The server capability that declares it (in the server/discover result). */
  serverCapability?: string;
  /** Server-to-client requests (and input requests) that use it. */
  requests: readonly string[];
  /** Server notifications that use it. */
  notifications: readonly string[];
  /** A `_meta` key on a client request that uses it. */
  clientMeta?: string;
  migration: string;
}

function deprecatedFeatureCheck(feature: DeprecatedFeature): CheckDefinition {
  const notice = `${feature.name} is deprecated as of 2026-07-28 (SEP-2577); ${feature.migration}`;
  return {
    id: feature.id,
    description: `Neither side adopts ${feature.name}, deprecated as of 2026-07-28.`,
    tags: ["deprecated"],
    subscribe: {
      messages: ["*request", ...feature.notifications],
      exchanges: [...INPUT_REQUIRED_METHODS, ...(feature.serverCapability ? ["server/discover"] : [])],
    },
    create(ctx: CheckContext) {
      const warned = { client: false, server: false };
      const use = (side: "client" | "server", seq: number, what: string) => {
        if (warned[side]) return;
        warned[side] = true;
        ctx.report(seq, `${what}: ${notice}`);
      };
      return {
        message(ref: MessageRef) {
          const m = ref.message;
          if (ref.direction === "server-to-client") {
            if (m.type === "request" || m.type === "notification") {
              if (!feature.requests.includes(m.method) && !feature.notifications.includes(m.method)) return;
              ctx.examined();
              use("server", ref.seq, `the server sent ${quote(m.method)}`);
            }
            return;
          }
          if (m.type !== "request") return;
          ctx.examined();
          const capability = feature.clientCapability;
          if (capability !== undefined && requestCapabilities(ref)?.[capability] !== undefined)
            use("client", ref.seq, `the ${quote(m.method)} request declares the ${quote(capability)} capability`);
          else if (feature.clientMeta !== undefined && requestMeta(ref)?.[feature.clientMeta] !== undefined)
            use(
              "client",
              ref.seq,
              `the ${quote(m.method)} request asks for log messages with _meta ${quote(feature.clientMeta)}`,
            );
        },
        exchange(x) {
          if (x.type !== "request" || x.response === null) return;
          const capability = feature.serverCapability;
          if (x.method === "server/discover") {
            const capabilities = resultOf(x.response)?.capabilities;
            if (capability === undefined || !isPlainObject(capabilities)) return;
            ctx.examined();
            if (capabilities[capability] !== undefined)
              use("server", x.response.seq, `the server declares the ${quote(capability)} capability`);
            return;
          }
          const result = inputRequiredResult(x);
          if (!result || !isPlainObject(result.inputRequests)) return;
          ctx.examined();
          for (const [key, entry] of Object.entries(result.inputRequests)) {
            if (isPlainObject(entry) && feature.requests.includes(String(entry.method)))
              use("server", x.response.seq, `the server's input request ${quote(key)} is ${quote(entry.method)}`);
          }
        },
      };
    },
  };
}

export const rootsDeprecated = deprecatedFeatureCheck({
  id: "depr.roots-used",
  name: "Roots",
  clientCapability: "roots",
  requests: ["roots/list"],
  notifications: [],
  migration: "pass directories or files via tool parameters, resource URIs, or server configuration",
});

export const samplingDeprecated = deprecatedFeatureCheck({
  id: "depr.sampling-used",
  name: "Sampling",
  clientCapability: "sampling",
  requests: ["sampling/createMessage"],
  notifications: [],
  migration: "integrate directly with LLM provider APIs",
});

export const loggingDeprecated = deprecatedFeatureCheck({
  id: "depr.logging-used",
  name: "Logging",
  serverCapability: "logging",
  requests: [],
  notifications: ["notifications/message"],
  clientMeta: LOG_LEVEL_META_KEY,
  migration: "log to stderr for stdio transports; use OpenTelemetry for observability",
});
