/**
 * docs/record.md cannot lie: each ```console block runs in one bash session in a fresh directory, with `mcp-conf`
 * standing for the built binary, `my-server.js` starting server-everything, and a real server-everything HTTP
 * server where the page says `localhost:3000`, its HTTP+SSE server (`sse` mode) where it says `localhost:3001` (the
 * proxies' `127.0.0.1:8080` and `127.0.0.1:8081` become free ports). A `$ ` line is a
 * command and the lines up to the next one its expected output (stdout and stderr together); a `…` line matches
 * any number of lines and `…` inside a line any text.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { consoleBlocks, freePort, outputMatches, runConsoleBlock } from "@mcp-conf/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docsWorkspace, sessionIn } from "./docs-examples.js";
import { REPO_ROOT, startEverythingHttp, tempDir } from "./record-helpers.js";

const markdown = readFileSync(join(REPO_ROOT, "docs", "record.md"), "utf8");
const blocks = consoleBlocks(markdown);
let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
let everythingSse: Awaited<ReturnType<typeof startEverythingHttp>>;
const dir = tempDir();
beforeAll(async () => {
  everything = await startEverythingHttp();
  everythingSse = await startEverythingHttp("sse");
});
afterAll(async () => {
  await everything.stop();
  await everythingSse.stop();
  dir.remove();
});

describe("docs/record.md", () => {
  it("has examples of both modes", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(markdown).toContain("mcp-conf record http --upstream http://localhost:3000/mcp");
  });

  it("every console example prints what the page says it prints", async () => {
    const cwd = docsWorkspace(join(dir.path, "work"));
    const [proxyPort, secondProxyPort] = [await freePort(), await freePort()];
    const substitute = (text: string) =>
      text
        .replaceAll("localhost:3000", `localhost:${everything.port}`)
        .replaceAll("localhost:3001", `localhost:${everythingSse.port}`)
        .replaceAll("127.0.0.1:8080", `127.0.0.1:${proxyPort}`)
        .replaceAll("127.0.0.1:8081", `127.0.0.1:${secondProxyPort}`);
    const session = sessionIn(cwd, substitute);
    for (const steps of blocks) {
      const outputs = runConsoleBlock(steps, session);
      steps.forEach((step, i) => {
        const expected = step.expected.map(substitute);
        const actual = outputs[i] ?? [];
        expect(outputMatches(actual, expected), `$ ${step.command}\n--- got:\n${actual.join("\n")}`).toBe(true);
      });
    }
  }, 120_000);
});
