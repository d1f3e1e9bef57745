/**
 * The page's only way to make elements: tag, attributes, children — and children that are strings become text
 * nodes. Nothing from the session is ever parsed as HTML (the bundle has no innerHTML, and a test holds it to that).
 */
export type Child = Node | string | number | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  append(node, ...children);
  return node;
}

export function append(node: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

export function clear(node: Node): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** Spec links only ever point at the specification's own site. */
export function specLink(url: string, text: string): HTMLElement {
  if (!/^https:\/\/modelcontextprotocol\.io\//.test(url)) return el("span", {}, text);
  return el("a", { href: url, target: "_blank", rel: "noreferrer noopener" }, text);
}
