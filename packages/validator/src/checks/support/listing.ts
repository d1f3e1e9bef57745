/**
 * Reassembling paginated listings (`tools/list`, `prompts/list`, …) from their answered pages. A listing starts
 * with a request without a cursor and continues with requests carrying the `nextCursor` of the page before; it is
 * complete when a page has no `nextCursor`. Checks that judge a whole list (uniqueness, what changed between two
 * listings, which names exist) build on this; it keeps only the listing in progress.
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import { answeredClientRequest } from "./answers.js";

/**
 * The operations server/utilities/pagination lists as paginated. (`tasks/list` paginates too, but in either
 * direction and under the tasks page's own cursor clause, TASK-042.)
 */
export const PAGINATED_METHODS = ["resources/list", "resources/templates/list", "prompts/list", "tools/list"];

export interface Page {
  /** Seq of the response that carried the page. */
  seq: number;
  /** The page's items (`result[itemsKey]`), as received. */
  items: unknown[];
  /** True when this page continues the listing in progress (its request carried the expected cursor). */
  continued: boolean;
  /** True when this page ends its listing (no `nextCursor`). */
  last: boolean;
}

export interface Listing {
  /** Seq of the response that completed the listing. */
  seq: number;
  /** Every item of every page, in order. */
  items: unknown[];
}

/** Tracks one list method's pages; feed it that method's exchanges in order. */
export class ListingAssembler {
  private inProgress: { items: unknown[]; expectCursor: string } | undefined;

  constructor(private readonly itemsKey: string) {}

  /** Takes an exchange of the list method; returns the page it carried and the listing it completed, if any. */
  accept(exchange: Exchange): { page: Page; listing?: Listing } | undefined {
    const answer = answeredClientRequest(exchange);
    if (!answer) return undefined;
    const cursor = answer.params.cursor;
    if (!answer.result) {
      if (cursor === undefined || cursor === this.inProgress?.expectCursor) this.inProgress = undefined;
      return undefined;
    }
    const raw = answer.result[this.itemsKey];
    const items = Array.isArray(raw) ? raw : [];
    const next = answer.result.nextCursor;
    const seq = answer.response.seq;
    let all: unknown[] = [];
    let continued = false;
    if (cursor !== undefined) {
      if (typeof cursor !== "string" || this.inProgress === undefined || cursor !== this.inProgress.expectCursor) {
        // A page of some listing we did not see start: judge it as a page, never as part of a whole.
        this.inProgress = undefined;
        return { page: { seq, items, continued: false, last: typeof next !== "string" } };
      }
      all = this.inProgress.items;
      continued = true;
    }
    for (const item of items) all.push(item);
    if (typeof next === "string") {
      this.inProgress = { items: all, expectCursor: next };
      return { page: { seq, items, continued, last: false } };
    }
    this.inProgress = undefined;
    return { page: { seq, items, continued, last: true }, listing: { seq, items: all } };
  }
}

/** The `name` of a listed item, when it is a string. */
export function nameOf(item: unknown): string | undefined {
  return isPlainObject(item) && typeof item.name === "string" ? item.name : undefined;
}

/** The `uri` of a listed item, when it is a string. */
export function uriOf(item: unknown): string | undefined {
  return isPlainObject(item) && typeof item.uri === "string" ? item.uri : undefined;
}
