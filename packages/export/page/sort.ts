/**
 * Sortable tables: a click on a column's header sorts the rows by it (again: the other way). Numbers sort as numbers
 * (a cell may say what it sorts by in `data-sort`), blanks last. The order is kept by the table's id, so a table the
 * live view redraws stays sorted as it was.
 */
const orders = new Map<string, { column: number; descending: boolean }>();

function sortValue(cell: Element | undefined): string | number | undefined {
  if (!cell) return undefined;
  const text = (cell as HTMLElement).dataset.sort ?? cell.textContent ?? "";
  if (text === "" || text === "–") return undefined;
  const number = Number(text.replace(/ ms$/, ""));
  return Number.isFinite(number) ? number : text.toLowerCase();
}

function apply(table: HTMLTableElement): void {
  const order = orders.get(table.id);
  const body = table.tBodies[0];
  if (!order || !body) return;
  const rows = [...body.rows];
  const value = (row: HTMLTableRowElement) => sortValue(row.cells[order.column]);
  rows.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    const compared = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : typeof x === "number" ? -1 : 1;
    return order.descending ? -compared : compared;
  });
  for (const row of rows) body.appendChild(row);
  const headers = table.tHead?.rows[0]?.cells ?? [];
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i]!;
    header.setAttribute("aria-sort", i === order.column ? (order.descending ? "descending" : "ascending") : "none");
  }
}

/** Makes `table` (which needs an id) sortable by its headers, and sorts it as it was last sorted. */
export function sortable(table: HTMLTableElement): HTMLTableElement {
  if (table.dataset.sortable === "yes") {
    apply(table);
    return table;
  }
  table.dataset.sortable = "yes";
  const headers = table.tHead?.rows[0]?.cells ?? [];
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i]!;
    header.classList.add("sortable");
    header.setAttribute("aria-sort", "none");
    header.addEventListener("click", () => {
      const now = orders.get(table.id);
      orders.set(table.id, { column: i, descending: now?.column === i ? !now.descending : false });
      apply(table);
    });
  }
  apply(table);
  return table;
}
