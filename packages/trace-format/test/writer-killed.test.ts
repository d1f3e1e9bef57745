// A recorder can die at any moment (SIGKILL, power loss of the process). With the default per-line flush every
// event written before the kill is in the file and the trace reads cleanly; with flush "none" the batch is lost.
// The writer runs in a real child process, killed by a real signal.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { readTraceSync } from "../src/reader.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "trace-format-killed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts a child that writes `count` events, prints "written", and waits to be killed. */
function writerChild(path: string, count: number, flush: "line" | "none"): ChildProcess {
  const script = `
    import { openTraceWriter } from "@mcp-conf/trace-format";
    const writer = openTraceWriter(${JSON.stringify(path)}, { flush: ${JSON.stringify(flush)} });
    for (let i = 0; i < ${count}; i++) {
      writer.write({ direction: "server-to-client", transport: "stdio", kind: "stderr", text: "line " + i });
    }
    process.stdout.write("written\\n");
    setInterval(() => {}, 1000);
  `;
  return spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: packageDir,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

async function killAfterWrites(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (data: Buffer) => {
      if (data.toString().includes("written")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`child exited early with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

describe("a writer process killed with SIGKILL", () => {
  it("leaves every event it wrote in the file, readable, when flushing per line", async () => {
    const path = join(dir, "line.jsonl");
    await killAfterWrites(writerChild(path, 500, "line"));
    const events = readTraceSync(readFileSync(path));
    expect(events).toHaveLength(500);
    expect(events.at(-1)).toMatchObject({ seq: 499, text: "line 499" });
  });

  it("loses the unflushed batch with flush none (what per-line flushing is for)", async () => {
    const path = join(dir, "none.jsonl");
    await killAfterWrites(writerChild(path, 500, "none"));
    expect(readTraceSync(readFileSync(path)).length).toBeLessThan(500);
  });
});
