/**
 * Where resource URIs appear in what a server sends: listed resources, read contents, resource links and embedded
 * resources in tool results, resource links in prompt messages, and resource-updated notifications. Embedded
 * resources in prompt messages are left to PROM's own "A valid resource URI" clause, so one bad URI is reported
 * once, under the clause that names it.
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import { answeredClientRequest } from "../support/answers.js";
import { arrayField } from "../support/readers.js";

export interface FoundUri {
  uri: string;
  /** Where it was found, for a detail: `resources/list resource`, `tools/call resource_link`, … */
  where: string;
}

/** What most exchanges hold: shared, never added to. */
const NO_URIS: readonly FoundUri[] = [];

/** Resource URIs in the result of an answered request of one of the methods below. */
export function urisInExchange(exchange: Exchange): readonly FoundUri[] {
  const result = answeredClientRequest(exchange)?.result;
  if (!result || exchange.type !== "request") return NO_URIS;
  let found: FoundUri[] | undefined;
  const add = (value: unknown, where: string) => {
    if (typeof value !== "string") return;
    if (found === undefined) found = [];
    found.push({ uri: value, where });
  };
  switch (exchange.method) {
    case "resources/list":
      for (const item of arrayField(result, "resources"))
        if (isPlainObject(item)) add(item.uri, "resources/list resource");
      break;
    case "resources/read":
      for (const item of arrayField(result, "contents"))
        if (isPlainObject(item)) add(item.uri, "resources/read contents");
      break;
    case "tools/call":
      for (const block of arrayField(result, "content")) {
        if (!isPlainObject(block)) continue;
        if (block.type === "resource_link") add(block.uri, "tools/call resource_link");
        if (block.type === "resource" && isPlainObject(block.resource))
          add(block.resource.uri, "tools/call embedded resource");
      }
      break;
    case "prompts/get":
      for (const message of arrayField(result, "messages")) {
        const content = isPlainObject(message) ? message.content : undefined;
        if (isPlainObject(content) && content.type === "resource_link") add(content.uri, "prompts/get resource_link");
      }
      break;
  }
  return found ?? NO_URIS;
}

export const URI_METHODS = ["resources/list", "resources/read", "tools/call", "prompts/get"];
