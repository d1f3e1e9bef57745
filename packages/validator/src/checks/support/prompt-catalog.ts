/**
 * What a server has said about its prompts: each prompt's latest definition (from any `prompts/list` page) and the
 * names of the latest complete listing — which stops counting as the server's whole list once it announces a
 * change with `notifications/prompts/list_changed`. Bounded like the tool catalog.
 */

import { type Exchange, type MessageRef, trimOldest } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import { ListingAssembler, nameOf } from "./listing.js";

export const MAX_PROMPTS = 10_000;

export class PromptCatalog {
  private readonly prompts = new Map<string, Record<string, unknown>>();
  private readonly assembler = new ListingAssembler("prompts");
  /** Names of the latest complete listing, while no change has been announced since. */
  private complete: Set<string> | undefined;

  /** Feed `prompts/list` exchanges. */
  learn(exchange: Exchange): void {
    const accepted = this.assembler.accept(exchange);
    if (!accepted) return;
    for (const item of accepted.page.items) {
      const name = nameOf(item);
      if (name === undefined || !isPlainObject(item)) continue;
      this.prompts.delete(name);
      this.prompts.set(name, item);
      trimOldest(this.prompts, MAX_PROMPTS);
    }
    if (accepted.listing) {
      this.complete = new Set(accepted.listing.items.map(nameOf).filter((n): n is string => n !== undefined));
    }
  }

  /** Feed `notifications/prompts/list_changed`: the last complete listing no longer tells what exists. */
  changed(ref: MessageRef): void {
    if (ref.direction === "server-to-client") this.complete = undefined;
  }

  /** The latest definition of a prompt. */
  get(name: unknown): Record<string, unknown> | undefined {
    return typeof name === "string" ? this.prompts.get(name) : undefined;
  }

  /** True when a complete, still current listing does not hold `name`; false when it does or nothing is known. */
  isUnknown(name: string): boolean {
    return this.complete !== undefined && !this.complete.has(name);
  }
}

/** The names of a prompt definition's required arguments. */
export function requiredArguments(prompt: Record<string, unknown>): string[] {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  return args
    .filter((arg) => isPlainObject(arg) && arg.required === true && typeof arg.name === "string")
    .map((arg) => (arg as { name: string }).name);
}
