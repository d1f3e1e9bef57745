/**
 * Versioning in 2026-07-28: a request declaring a version the server does not support (one its `server/discover`
 * result did not list) is answered with -32022, never served (ver.unsupported-version-rejected); told -32022, the
 * client retries with a version from `data.supported` (ver.retry-with-supported-version); `server/discover` is
 * implemented (ver.discover-implemented); extension identifiers follow the `_meta` key rules with a prefix
 * (ver.extension-identifier).
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { METHOD_NOT_FOUND } from "../support/answers.js";
import { quote } from "../support/detail.js";
import {
  errorOf,
  requestCapabilities,
  requestMeta,
  STATELESS_VERSION_META_KEY,
  UNSUPPORTED_PROTOCOL_VERSION,
} from "../support/modern.js";
import { errorCodeOf, resultOf } from "../support/readers.js";

export const unsupportedVersionRejected: CheckDefinition = {
  id: "ver.unsupported-version-rejected",
  description: "A request declaring a version the server's discover result did not list is answered with -32022.",
  subscribe: { exchanges: ["*request"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "client-to-server" || !x.response) return;
        const supported = ctx.facts.supportedVersions;
        const version = requestMeta(x.request)?.[STATELESS_VERSION_META_KEY];
        if (!supported || typeof version !== "string" || supported.includes(version)) return;
        ctx.examined();
        const code = errorCodeOf(x.response);
        if (code === UNSUPPORTED_PROTOCOL_VERSION) return;
        ctx.report(
          x.response.seq,
          `the ${quote(x.method)} request declared version ${quote(version)}, which the server's discover result does not list (${quote(supported)}), and was answered with ${code === undefined ? "a result" : `error ${code}`}, not -32022`,
        );
      },
    };
  },
};

export const retryWithSupportedVersion: CheckDefinition = {
  id: "ver.retry-with-supported-version",
  description: "After -32022, the client's next request declares a version from data.supported.",
  subscribe: { messages: ["*request", "*response"] },
  create(ctx) {
    let supported: unknown[] | undefined;
    return {
      message(ref: MessageRef) {
        if (ref.message.type === "error" && ref.direction === "server-to-client") {
          const error = errorOf(ref);
          if (error?.code !== UNSUPPORTED_PROTOCOL_VERSION || !isPlainObject(error.data)) return;
          if (Array.isArray(error.data.supported)) supported = error.data.supported;
          return;
        }
        if (ref.message.type !== "request" || ref.direction !== "client-to-server" || !supported) return;
        const version = requestMeta(ref)?.[STATELESS_VERSION_META_KEY];
        ctx.examined();
        if (!supported.includes(version))
          ctx.report(
            ref.seq,
            `after -32022 listing ${quote(supported)}, the client's next request declares version ${quote(version ?? null)}`,
          );
        supported = undefined;
      },
    };
  },
};

export const discoverImplemented: CheckDefinition = {
  id: "ver.discover-implemented",
  description: "The server implements server/discover (never answers it with -32601).",
  subscribe: { exchanges: ["server/discover"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "client-to-server" || !x.response) return;
        ctx.examined();
        if (errorCodeOf(x.response) === METHOD_NOT_FOUND)
          ctx.report(x.response.seq, "the server answered server/discover with -32601 (method not found)");
      },
    };
  },
};

const LABEL = "[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
const EXTENSION_ID = new RegExp(`^${LABEL}(?:\\.${LABEL})*/(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$`);

export const extensionIdentifier: CheckDefinition = {
  id: "ver.extension-identifier",
  description: "Extension identifiers in capabilities follow the _meta key rules, with a prefix.",
  subscribe: { messages: ["*request"], exchanges: ["server/discover"] },
  create(ctx) {
    const judge = (seq: number, side: string, capabilities: unknown) => {
      if (!isPlainObject(capabilities) || !isPlainObject(capabilities.extensions)) return;
      for (const id of Object.keys(capabilities.extensions)) {
        ctx.examined();
        if (!EXTENSION_ID.test(id))
          ctx.report(seq, `the ${side} advertises extension ${quote(id)}, not a prefixed _meta key name`);
      }
    };
    return {
      message(ref: MessageRef) {
        if (ref.direction === "client-to-server") judge(ref.seq, "client", requestCapabilities(ref));
      },
      exchange(x: Exchange) {
        if (x.type !== "request" || !x.response) return;
        judge(x.response.seq, "server", resultOf(x.response)?.capabilities);
      },
    };
  },
};
