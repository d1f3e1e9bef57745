/**
 * The capabilities panel: for each capability, who offers it, what each side declared at initialize, whether it is
 * in effect (the offering side declared it), and how often the session used it (calls and notifications of its
 * methods). A capability used without being in effect is marked.
 */
import type { SessionAnalysis } from "@mcp-conf/analysis";
import { clear, el } from "./dom.js";
import { sortable } from "./sort.js";

interface Capability {
  name: string;
  offeredBy: "server" | "client" | "both";
  /** Method names, or prefixes ending in "/". */
  methods: string[];
}

const CAPABILITIES: Capability[] = [
  { name: "tools", offeredBy: "server", methods: ["tools/", "notifications/tools/"] },
  { name: "resources", offeredBy: "server", methods: ["resources/", "notifications/resources/"] },
  { name: "prompts", offeredBy: "server", methods: ["prompts/", "notifications/prompts/"] },
  { name: "logging", offeredBy: "server", methods: ["logging/setLevel", "notifications/message"] },
  { name: "completions", offeredBy: "server", methods: ["completion/complete"] },
  { name: "roots", offeredBy: "client", methods: ["roots/list", "notifications/roots/list_changed"] },
  { name: "sampling", offeredBy: "client", methods: ["sampling/createMessage"] },
  { name: "elicitation", offeredBy: "client", methods: ["elicitation/create", "notifications/elicitation/"] },
  { name: "tasks", offeredBy: "both", methods: ["tasks/", "notifications/tasks/"] },
];

function uses(capability: Capability, method: string): boolean {
  return capability.methods.some((m) => (m.endsWith("/") ? method.startsWith(m) : method === m));
}

function declared(value: unknown): string {
  if (value === undefined) return "–";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export function renderCapabilities(node: HTMLElement, analysis: SessionAnalysis): void {
  const open = (node as HTMLDetailsElement).open;
  clear(node);
  const { protocol, capabilities } = analysis;
  const client = capabilities.client ?? {};
  const server = capabilities.server ?? {};
  node.appendChild(el("summary", {}, el("h2", { class: "inline" }, "Capabilities")));
  node.appendChild(
    el(
      "p",
      { class: "facts", id: "negotiated" },
      protocol.stateless
        ? `protocol ${protocol.stateless} (stateless: no initialize)`
        : `protocol requested ${protocol.requested ?? "?"} → negotiated ${protocol.negotiated ?? "?"}`,
    ),
  );
  const used = new Map<string, number>();
  for (const entry of analysis.timeline) {
    if (!entry || (entry.kind !== "call" && entry.kind !== "notification")) continue;
    for (const capability of CAPABILITIES) {
      if (uses(capability, entry.method)) used.set(capability.name, (used.get(capability.name) ?? 0) + 1);
    }
  }
  const known = new Set(CAPABILITIES.map((c) => c.name));
  const extra = [...new Set([...Object.keys(client), ...Object.keys(server)])].filter((name) => !known.has(name));
  const rows = [
    ...CAPABILITIES,
    ...extra.map((name): Capability => ({ name, offeredBy: name in server ? "server" : "client", methods: [] })),
  ];
  const body = el("tbody", {});
  for (const capability of rows) {
    const inEffect =
      capability.offeredBy === "both"
        ? capability.name in client || capability.name in server
        : capability.name in (capability.offeredBy === "server" ? server : client);
    const count = used.get(capability.name) ?? 0;
    body.appendChild(
      el(
        "tr",
        { class: count > 0 && !inEffect ? "undeclared-use" : "", "data-capability": capability.name },
        el("td", {}, capability.name),
        el("td", {}, capability.offeredBy),
        el("td", { class: "declared" }, declared(client[capability.name])),
        el("td", { class: "declared" }, declared(server[capability.name])),
        el("td", {}, inEffect ? "yes" : "no"),
        el("td", {}, String(count)),
      ),
    );
  }
  const table = el(
    "table",
    { class: "stats capabilities", id: "capabilities-table" },
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        ...["capability", "offered by", "client", "server", "in effect", "used"].map((h) => el("th", {}, h)),
      ),
    ),
    body,
  );
  node.appendChild(el("div", { class: "table-box" }, sortable(table)));
  (node as HTMLDetailsElement).open = open;
}
