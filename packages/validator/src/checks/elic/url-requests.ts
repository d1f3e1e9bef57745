/**
 * URL-mode elicitation: the URL uses HTTPS (outside local development hosts); an elicitation id is used for one
 * elicitation only; notifications/elicitation/complete names an elicitation this session established; a
 * URLElicitationRequiredError (-32042) lists the URL-mode elicitations needed, each with an elicitationId.
 */

import type { MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { BoundedMap } from "../support/bounded-map.js";
import { paramsOf } from "../support/readers.js";
import { modeOf } from "./elicitation-modes.js";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
export const URL_ELICITATION_REQUIRED = -32042;

function isUrlRequest(ref: MessageRef): boolean {
  return ref.message.type === "request" && ref.direction === "server-to-client" && modeOf(ref) === "url";
}

export const urlHttps: CheckDefinition = {
  id: "elic.url-https",
  description: "A URL-mode elicitation points at an https URL (local development hosts aside).",
  subscribe: { messages: ["elicitation/create"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (!isUrlRequest(ref)) return;
        const url = paramsOf(ref)?.url;
        if (typeof url !== "string") return;
        ctx.examined();
        let parsed: URL | undefined;
        try {
          parsed = new URL(url);
        } catch {
          parsed = undefined;
        }
        if (parsed && parsed.protocol !== "https:" && !LOCAL_HOSTS.has(parsed.hostname)) {
          ctx.report(ref.seq, `URL-mode elicitation points at ${JSON.stringify(url)}, not an https URL`);
        }
      },
    };
  },
};

export const elicitationIdUnique: CheckDefinition = {
  id: "elic.elicitation-id-unique",
  description: "Each URL-mode elicitation request carries an elicitationId not used by an earlier one.",
  subscribe: { messages: ["elicitation/create"] },
  create(ctx) {
    const seen = new BoundedMap<string, number>(20_000);
    return {
      message(ref: MessageRef) {
        if (!isUrlRequest(ref)) return;
        const id = paramsOf(ref)?.elicitationId;
        if (typeof id !== "string") return;
        ctx.examined();
        const first = seen.get(id);
        if (first !== undefined)
          ctx.report(
            ref.seq,
            `elicitationId ${JSON.stringify(id)} was already used by the elicitation at seq ${first}`,
          );
        else seen.set(id, ref.seq);
      },
    };
  },
};

/** The elicitations listed in a -32042 error, when the message is one. */
function requiredElicitations(ref: MessageRef): { isRequiredError: boolean; list: unknown } {
  const m = ref.message;
  if (m.type !== "error" || !isPlainObject(m.error) || m.error.code !== URL_ELICITATION_REQUIRED)
    return { isRequiredError: false, list: undefined };
  const data = m.error.data;
  return { isRequiredError: true, list: isPlainObject(data) ? data.elicitations : undefined };
}

export const completeReferencesElicitation: CheckDefinition = {
  id: "elic.complete-references-elicitation",
  description:
    "notifications/elicitation/complete names an elicitationId this client was given in a URL-mode elicitation.",
  subscribe: { messages: ["elicitation/create", "notifications/elicitation/complete", "*response"] },
  create(ctx) {
    const established = new BoundedMap<string, true>(20_000);
    return {
      message(ref: MessageRef) {
        if (ref.direction !== "server-to-client") return;
        const m = ref.message;
        if (m.type === "request") {
          const id = paramsOf(ref)?.elicitationId;
          if (isUrlRequest(ref) && typeof id === "string") established.set(id, true);
          return;
        }
        if (m.type === "error") {
          const { list } = requiredElicitations(ref);
          if (Array.isArray(list)) {
            for (const e of list)
              if (isPlainObject(e) && typeof e.elicitationId === "string") established.set(e.elicitationId, true);
          }
          return;
        }
        if (m.type !== "notification") return;
        const id = paramsOf(ref)?.elicitationId;
        ctx.examined();
        if (typeof id !== "string" || (!established.has(id) && !established.forgotten)) {
          ctx.report(
            ref.seq,
            `notifications/elicitation/complete names elicitationId ${JSON.stringify(id ?? null)}, which no URL-mode elicitation sent to this client established`,
          );
        }
      },
    };
  },
};

export const requiredErrorListsElicitations: CheckDefinition = {
  id: "elic.required-error-lists-elicitations",
  description: "A URLElicitationRequiredError (-32042) lists the elicitations required, in data.elicitations.",
  subscribe: { messages: ["*response"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.direction !== "server-to-client") return;
        const { isRequiredError, list } = requiredElicitations(ref);
        if (!isRequiredError) return;
        ctx.examined();
        if (!Array.isArray(list) || list.length === 0) {
          ctx.report(
            ref.seq,
            "URLElicitationRequiredError (-32042) does not list the required elicitations in data.elicitations",
          );
        }
      },
    };
  },
};

export const requiredErrorUrlMode: CheckDefinition = {
  id: "elic.required-error-url-mode",
  description: "Every elicitation listed in a -32042 error is URL mode with an elicitationId.",
  subscribe: { messages: ["*response"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.direction !== "server-to-client") return;
        const { list } = requiredElicitations(ref);
        if (!Array.isArray(list)) return;
        for (const [i, e] of list.entries()) {
          ctx.examined();
          if (!isPlainObject(e) || e.mode !== "url" || typeof e.elicitationId !== "string") {
            const mode = isPlainObject(e) ? e.mode : undefined;
            ctx.report(
              ref.seq,
              `data.elicitations[${i}] of the -32042 error is ${mode === "url" ? "missing an elicitationId" : `mode ${JSON.stringify(mode ?? null)}, not a URL-mode elicitation`}`,
            );
          }
        }
      },
    };
  },
};
