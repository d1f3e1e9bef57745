/**
 * Chromium for the viewer's tests: Debian's `chromium` (installed by .ci/run where it is missing) driven by
 * playwright-core, headless, with nothing that reaches out (no background networking, updates, sync or QUIC) and a
 * fresh empty profile. Each page records its console messages, page errors and every request it makes.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface WatchedPage {
  page: Page;
  /** Console messages of level error or warning, and uncaught page errors. */
  problems: string[];
  /** Every URL the page requested. */
  requests: string[];
}

export class TestBrowser {
  private constructor(
    private readonly context: BrowserContext,
    private readonly profile: string,
  ) {}

  static async launch(): Promise<TestBrowser> {
    const profile = mkdtempSync(join(tmpdir(), "mcp-conf-chromium-"));
    // playwright passes the profile as --user-data-dir itself.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1400, height: 900 },
      // The viewer's copy buttons write the clipboard; the tests read it back.
      permissions: ["clipboard-read", "clipboard-write"],
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    return new TestBrowser(context, profile);
  }

  async open(url: string): Promise<WatchedPage> {
    const page = await this.context.newPage();
    const watched: WatchedPage = { page, problems: [], requests: [] };
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        watched.problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => watched.problems.push(`pageerror: ${error.message}`));
    page.on("request", (request) => watched.requests.push(request.url()));
    await page.goto(url);
    return watched;
  }

  /**
   * CPU time (user + system, ms) used so far by this browser's renderer processes — where a page is parsed, its
   * script run and its layout done (each process of this browser carries the profile directory on its command
   * line). Timing a page by CPU rather than by the clock holds on a busy machine.
   */
  rendererCpuMs(): number {
    const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
    let ticks = 0;
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        if (!command.includes(this.profile) || !command.includes("--type=renderer")) continue;
        // Fields after the command name (which may hold spaces) start after the last ")".
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended while we looked.
      }
    }
    return ticks / ticksPerMs;
  }

  async close(): Promise<void> {
    await this.context.close();
    rmSync(this.profile, { recursive: true, force: true });
  }
}
