/**
 * The hub's page (`mcp-conf open` with no TRACE) in Debian's Chromium, over recorded sessions of a temporary state
 * directory: at 1280, 1440 and 1920 px its table spans the page and no header wraps; its columns sort by a click; a
 * session is deleted only once the user confirms (its trace file goes, the row with it), and a delete without the
 * page's Origin or token is refused.
 */
import { copyFileSync, existsSync, mkdirSync, utimesSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serve, sharedBrowser } from "./view-helpers.js";
import { CORPUS, tempDir } from "./watch-helpers.js";

const browser = sharedBrowser();

function post(url: URL, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: Number(url.port), path, method: "POST", headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("open (the hub): layout, sort and delete", () => {
  it("spans the page at three widths, sorts, and deletes a session once confirmed", { timeout: 120_000 }, async () => {
    const home = tempDir();
    const sessions = join(home, "sessions");
    mkdirSync(sessions, { recursive: true });
    const traces = {
      "stdio-1-000000000001": "real/everything-stdio.jsonl",
      "http-1-000000000002": "real/everything-http.jsonl",
      "tools-1-000000000003": "violations/tool-006-name-charset.jsonl",
    };
    let age = 1;
    for (const [id, trace] of Object.entries(traces)) {
      const file = join(sessions, `${id}.jsonl`);
      copyFileSync(join(CORPUS, trace), file);
      const when = new Date(Date.now() - 3_600_000 * age++);
      utimesSync(file, when, when);
    }
    const served = await serve(["open"], { MCP_CONF_HOME: home });
    const w = await browser().open(served.url.href);
    await w.page.locator("#sessions tr.session").nth(2).waitFor();

    for (const width of [1280, 1440, 1920]) {
      await w.page.setViewportSize({ width, height: 900 });
      // This package's tests are not compiled for the DOM: measured by locators.
      const table = (await w.page.locator("#sessions").boundingBox())!;
      // The page's width less the main area's padding (12 px a side).
      expect({ width, table: table.width }).toEqual({ width, table: width - 24 });
      const heights = await Promise.all(
        (await w.page.locator("#sessions th").all()).map(async (th) => (await th.boundingBox())!.height),
      );
      // One line of 13 px type (18 px) and 8 px of padding; a wrapped header is a line taller.
      expect(heights.every((height) => height < 32)).toBe(true);
    }

    // ? shows the hub's keys, Esc hides them.
    expect(await w.page.isVisible("#help")).toBe(false);
    await w.page.keyboard.press("?");
    expect(await w.page.locator("#help kbd").allTextContents()).toEqual(["?", "Esc"]);
    await w.page.keyboard.press("Escape");
    expect(await w.page.isVisible("#help")).toBe(false);

    // Sort by exchanges, both ways.
    const exchanges = () =>
      w.page.$$eval("#sessions tr.session .exchanges", (cells) => cells.map((c) => Number(c.textContent)));
    await w.page.click("#sessions th:nth-child(5)");
    const up = await exchanges();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await w.page.click("#sessions th:nth-child(5)");
    expect(await exchanges()).toEqual([...up].reverse());
    expect(new Set(up).size).toBe(3);

    // Delete: dismissed, nothing happens; confirmed, the trace and its row are gone.
    const id = "tools-1-000000000003";
    const file = join(sessions, `${id}.jsonl`);
    const dialogs: string[] = [];
    w.page.once("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await w.page.click(`#sessions tr[data-id="${id}"] button.delete`);
    expect(existsSync(file)).toBe(true);
    w.page.once("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await w.page.click(`#sessions tr[data-id="${id}"] button.delete`);
    await w.page.locator("#note", { hasText: `deleted ${id}` }).waitFor();
    expect(existsSync(file)).toBe(false);
    expect(await w.page.locator(`#sessions tr[data-id="${id}"]`).count()).toBe(0);
    expect(dialogs).toEqual([
      `Delete the session ${id}? Its trace file is removed.`,
      `Delete the session ${id}? Its trace file is removed.`,
    ]);

    // The same POST without the page's Origin, or its token, deletes nothing.
    const token = served.url.searchParams.get("token")!;
    const other = "stdio-1-000000000001";
    const host = { host: `127.0.0.1:${served.url.port}` };
    expect(await post(served.url, `/s/${other}/delete?token=${token}`, host)).toBe(403);
    expect(
      await post(served.url, `/s/${other}/delete?token=${"0".repeat(32)}`, {
        ...host,
        origin: `http://127.0.0.1:${served.url.port}`,
      }),
    ).toBe(403);
    expect(existsSync(join(sessions, `${other}.jsonl`))).toBe(true);

    expect(w.problems).toEqual([]);
    await w.page.close();
    served.child.kill("SIGINT");
    expect(await served.exited).toBe(0);
  });
});
