/**
 * The server's tool, prompt and resource definitions as it last listed them. A list request without a cursor
 * starts a fresh listing; one with a cursor adds the next page to it. Only successful server answers count.
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { Definition, Definitions } from "./model.js";

interface Listing {
  key: keyof Definitions;
  /** The result member holding the array. */
  member: string;
  /** The definition's field that names it. */
  nameField: string;
}

const LISTINGS: Record<string, Listing> = {
  "tools/list": { key: "tools", member: "tools", nameField: "name" },
  "prompts/list": { key: "prompts", member: "prompts", nameField: "name" },
  "resources/list": { key: "resources", member: "resources", nameField: "uri" },
  "resources/templates/list": { key: "resourceTemplates", member: "resourceTemplates", nameField: "uriTemplate" },
};

export class DefinitionsTracker {
  private readonly current: Record<keyof Definitions, Map<string, Definition>> = {
    tools: new Map(),
    prompts: new Map(),
    resources: new Map(),
    resourceTemplates: new Map(),
  };
  /** Bumped whenever a listing changes what is known, so a live view knows to measure the cost again. */
  version = 0;

  /** Feeds one completed exchange. */
  exchange(x: Exchange): void {
    if (x.type !== "request" || x.request.direction !== "client-to-server" || !x.response) return;
    const listing = LISTINGS[x.method];
    const answer = x.response.message;
    if (!listing || answer.type !== "result" || !isPlainObject(answer.result)) return;
    const items = answer.result[listing.member];
    if (!Array.isArray(items)) return;
    const params = x.request.message.params;
    const firstPage = !isPlainObject(params) || params.cursor === undefined;
    const map = this.current[listing.key];
    if (firstPage) map.clear();
    for (const item of items) {
      if (!isPlainObject(item)) continue;
      const name = item[listing.nameField];
      if (typeof name !== "string") continue;
      map.set(name, { name, seq: x.response.seq, definition: item });
    }
    this.version++;
  }

  definitions(): Definitions {
    return {
      tools: [...this.current.tools.values()],
      prompts: [...this.current.prompts.values()],
      resources: [...this.current.resources.values()],
      resourceTemplates: [...this.current.resourceTemplates.values()],
    };
  }
}
