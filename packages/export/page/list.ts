/**
 * The timeline as a virtualised list: rows of one fixed height, only those in view (plus a margin) in the DOM, so
 * ten thousand exchanges scroll as smoothly as ten.
 */
import type { TimelineEntry } from "@mcp-conf/analysis";
import type { ExportFinding } from "../src/document.js";
import { clear, el } from "./dom.js";
import { label, statusOf } from "./model.js";

export const ROW_HEIGHT = 24;
const MARGIN_ROWS = 10;

export class VirtualList {
  readonly viewport: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly rows: HTMLElement;
  private indexes: number[] = [];
  private maxLatency = 1;
  selected: number | undefined;
  private scheduled = false;

  constructor(
    private readonly entries: () => TimelineEntry[],
    private readonly findingsAt: (index: number) => ExportFinding[] | undefined,
    private readonly onSelect: (index: number) => void,
  ) {
    this.rows = el("div", { class: "rows" });
    this.spacer = el("div", { class: "spacer" }, this.rows);
    this.viewport = el(
      "div",
      { class: "viewport", tabindex: "0", role: "listbox", "aria-label": "exchanges" },
      this.spacer,
    );
    this.viewport.addEventListener("scroll", () => this.schedule());
    this.viewport.addEventListener("click", (event) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>("[data-index]");
      if (row) this.onSelect(Number(row.dataset.index));
    });
  }

  /** The rows to show, by timeline index. */
  show(indexes: number[]): void {
    this.indexes = indexes;
    let max = 1;
    for (const entry of this.entries())
      if (entry?.kind === "call" && entry.latencyMs !== undefined) max = Math.max(max, entry.latencyMs);
    this.maxLatency = max;
    this.spacer.style.height = `${indexes.length * ROW_HEIGHT}px`;
    this.render();
  }

  get shown(): readonly number[] {
    return this.indexes;
  }

  /** Scrolls the row of a timeline index into view. */
  reveal(index: number): void {
    const position = this.indexes.indexOf(index);
    if (position < 0) return;
    const top = position * ROW_HEIGHT;
    if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
    else if (top + ROW_HEIGHT > this.viewport.scrollTop + this.viewport.clientHeight) {
      this.viewport.scrollTop = top + ROW_HEIGHT - this.viewport.clientHeight;
    }
    this.render();
  }

  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.render();
    });
  }

  render(): void {
    const height = this.viewport.clientHeight || 600;
    const first = Math.max(0, Math.floor(this.viewport.scrollTop / ROW_HEIGHT) - MARGIN_ROWS);
    const last = Math.min(
      this.indexes.length,
      Math.ceil((this.viewport.scrollTop + height) / ROW_HEIGHT) + MARGIN_ROWS,
    );
    clear(this.rows);
    this.rows.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
    const all = this.entries();
    for (let position = first; position < last; position++) {
      const index = this.indexes[position]!;
      const entry = all[index];
      if (entry) this.rows.appendChild(this.row(entry));
    }
  }

  private row(entry: TimelineEntry): HTMLElement {
    const findings = this.findingsAt(entry.index) ?? [];
    const worst = findings.some((f) => f.outcome === "fail") ? "fail" : findings.length > 0 ? "warn" : "";
    const status = statusOf(entry);
    const bar = el("span", { class: "bar" });
    if (entry.kind === "call" && entry.latencyMs !== undefined) {
      bar.style.width = `${Math.max(1, Math.round((entry.latencyMs / this.maxLatency) * 100))}%`;
    }
    const row = el(
      "div",
      {
        class: `row${entry.index === this.selected ? " selected" : ""}${worst ? ` has-${worst}` : ""}`,
        "data-index": String(entry.index),
        "data-status": status,
        role: "option",
      },
      el("span", { class: "seq" }, String(entry.seq)),
      el("span", { class: "dir" }, entry.direction === "client-to-server" ? "→" : "←"),
      el("span", { class: "label" }, label(entry)),
      el("span", { class: `status status-${status}` }, status),
      el(
        "span",
        { class: "latency" },
        entry.kind === "call" && entry.latencyMs !== undefined ? `${entry.latencyMs} ms` : "",
      ),
      el("span", { class: "bar-track" }, bar),
      el("span", { class: `mark mark-${worst || "none"}` }, worst ? `${findings.length} ${worst}` : ""),
    );
    return row;
  }
}
