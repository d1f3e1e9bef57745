/**
 * The HTML viewer as one self-contained file: the bundled page script and style inlined, the session as a JSON data
 * block (a `<script type="application/json">` the page reads as text: never executed, and `<` escaped so no payload
 * can close it), and a Content-Security-Policy that allows exactly the inlined script and style by hash, no other
 * source, and no network but — in the live view — the page's own origin. The export and the live view use this
 * one renderer.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { PageData } from "./document.js";
import type { HubList } from "./hub.js";

export interface HtmlOptions {
  /** The live view: the page follows this same-origin event stream (and may POST replays to `replay`). */
  live?: { events: string; replay?: string };
  /** A session served by the hub: the address of the list, which the page links back to. */
  back?: string;
  title?: string;
  /** A filter expression the page opens with in its search box. */
  filter?: string;
}

interface Assets {
  script: string;
  style: string;
  scriptHash: string;
  styleHash: string;
}
let assets: Assets | undefined;

/** The bundled page, from dist/ (beside this module once built, or the package's dist/ when run from source). */
function loadAssets(): Assets {
  if (assets) return assets;
  const read = (name: string) => {
    for (const base of ["./", "../dist/"]) {
      try {
        return readFileSync(new URL(`${base}${name}`, import.meta.url), "utf8");
      } catch {}
    }
    throw new Error(`the viewer page ${name} is not built (run pnpm build)`);
  };
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const script = read("page.js");
  const style = read("page.css");
  assets = { script, style, scriptHash: hash(script), styleHash: hash(style) };
  return assets;
}

/** JSON safe inside a script element: no `<` (so no `</script>`), no line separators that old parsers choke on. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The viewer page for `data`, as one HTML document. */
export function renderHtml(data: PageData, options: HtmlOptions = {}): string {
  const blocks: Record<string, unknown> = { "mcp-conf-data": data };
  if (options.live) blocks["mcp-conf-live"] = options.live;
  if (options.back !== undefined) blocks["mcp-conf-back"] = { href: options.back };
  if (options.filter !== undefined) blocks["mcp-conf-filter"] = { filter: options.filter };
  return renderPage(
    options.title ?? `mcp-conf · ${data.analysis.session.label ?? "MCP session"}`,
    blocks,
    !!options.live,
  );
}

/** The hub's list of sessions (the same page script, which shows the list when the page holds one). */
export function renderHubHtml(list: HubList, live: { events: string; remove?: string }): string {
  return renderPage("mcp-conf · sessions", { "mcp-conf-hub": list, "mcp-conf-live": live }, true);
}

/** The page around its JSON data blocks (inert: `application/json` is never run), with the policy that locks it. */
function renderPage(title: string, blocks: Record<string, unknown>, live: boolean): string {
  const { script, style, scriptHash, styleHash } = loadAssets();
  const csp = [
    "default-src 'none'",
    `script-src ${scriptHash}`,
    `style-src ${styleHash}`,
    live ? "connect-src 'self'" : "connect-src 'none'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  const data = Object.entries(blocks)
    .map(([id, value]) => `<script type="application/json" id="${id}">${inlineJson(value)}</script>\n`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${data}<script>${script}</script>
</body>
</html>
`;
}
