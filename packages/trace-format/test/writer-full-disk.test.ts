// A real fault, not a simulated one: a child process whose file-size limit (`ulimit -f`, RLIMIT_FSIZE) is hit half
// way through a large event, as a disk that fills up would be. The write comes up short and the next one fails with
// EFBIG. The writer must cut the torn line away, so a smaller event that still fits is written after it and the
// trace reads back cleanly.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { readTraceSync } from "../src/reader.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "trace-format-full-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = `
  import { openTraceWriter } from "@mcp-conf/trace-format";
  process.on("SIGXFSZ", () => {}); // the write then fails with EFBIG instead of killing the process
  const errors = [];
  const writer = openTraceWriter(process.argv[1], { onError: (error) => errors.push(error.code) });
  const event = (n) => ({ direction: "server-to-client", transport: "stdio", kind: "stderr", text: "x".repeat(n) });
  for (let i = 0; i < 8; i++) writer.write(event(20)); // 8 lines of 107 bytes: 856 of the 1024 allowed
  writer.write(event(2000)); // does not fit: 168 bytes of it reach the file
  writer.write(event(20)); // fits, once the torn line is gone
  await writer.close();
  process.stdout.write(JSON.stringify({ written: writer.written, errors }));
`;

describe("the trace writer at a file-size limit (a full disk)", () => {
  it("cuts a torn line back, so later events are written on their own line and the trace reads", () => {
    const path = join(dir, "full.jsonl");
    const run = spawnSync(
      "bash",
      ["-c", 'ulimit -f 1 && exec "$0" --input-type=module -e "$1" "$2"', process.execPath, script, path],
      {
        cwd: packageDir,
        encoding: "utf8",
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { written: number; errors: string[] };
    expect(result.errors[0]).toBe("EFBIG");
    const events = readTraceSync(readFileSync(path));
    expect(events.map((event) => event.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9]);
    expect(result.written).toBe(9);
  });
});
