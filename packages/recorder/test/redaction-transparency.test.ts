/**
 * Redaction never touches the wire (issue 31's acceptance): for every redaction option — none, `--redact-key`,
 * `--redact-value` (a catastrophic pattern among them), `--redact-path`, `--redact-secrets`, the secrets the recorder
 * knows from argv, and all at once — random streams of messages full of what the rules hunt for (credential samples,
 * the detector's worst runs, credential-named members, JSON inside strings, a private key, invalid UTF-8, cut lines)
 * are forwarded byte for byte, through the stdio relay to `cat` and back, and through the HTTP proxy both ways; and
 * what each sink got is redacted (no planted token in it).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import { SECRET_SAMPLES } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callbackSink,
  compileRedaction,
  type HttpProxy,
  type Redactor,
  runStdioRelay,
  startHttpProxy,
} from "../src/index.js";

const TOKEN = SECRET_SAMPLES.find((s) => s.kind === "github-token")!.value;

const OPTIONS: Record<string, Redactor | undefined> = {
  none: undefined,
  "--redact-key": compileRedaction({ keys: ["password", "apiKey"] }),
  "--redact-value": compileRedaction({ values: ["sk-[A-Za-z0-9]{8,}", "(a+)+$"] }),
  "--redact-path": compileRedaction({ paths: ["$..config", "$.params.arguments"] }),
  "--redact-secrets": compileRedaction({ secrets: true }),
  known: compileRedaction({ known: ["plain-but-secret-value"] }),
  all: compileRedaction({ keys: ["password"], values: ["(a+)+$"], paths: ["$..config"], secrets: true }),
};

const hunted = fc.oneof(
  fc.constantFrom(...SECRET_SAMPLES.map((sample) => sample.text)),
  fc.constantFrom("eyJ-", "a.", "_password =", "password: ", "Bearer a", "a://b:").map((piece) => piece.repeat(200)),
  fc.constantFrom(`${"a".repeat(30)}b`, '{"password":"correct-horse-battery"}', "plain-but-secret-value", TOKEN),
  fc.string({ maxLength: 40 }),
);
const message = fc
  .record({
    id: fc.integer({ min: 1, max: 1000 }),
    method: fc.constantFrom("tools/call", "notifications/message", "resources/read"),
    name: fc.constantFrom("password", "apiKey", "DB_PASSWORD", "note", TOKEN),
    value: hunted,
    text: hunted,
  })
  .map(({ id, method, name, value, text }) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      method,
      params: { arguments: { [name]: value, text }, config: { apiKey: value } },
    }),
  );
/** Every stream starts with a message carrying the token, so each run's sinks have something to have redacted. */
const PLANTED = Buffer.from(
  `${JSON.stringify({ jsonrpc: "2.0", id: 0, method: "tools/call", params: { text: TOKEN } })}\n`,
);
const lines = fc
  .array(
    fc.oneof(
      message.map((line) => Buffer.from(`${line}\n`)),
      message.map((line) => Buffer.from(line.slice(0, Math.floor(line.length / 2)))), // a line cut anywhere
      fc.constantFrom(Buffer.from([0xff, 0xfe, 0xc3, 0x0a]), Buffer.from("\r\n"), Buffer.from("not json at all\n")),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((chunks) => [PLANTED, ...chunks]);

function recorded(events: TraceEvent[]): string {
  return events.map((event) => JSON.stringify(event)).join("\n");
}

describe("redaction keeps the wire byte for byte", () => {
  it("over stdio, for every redaction option", async () => {
    for (const [option, redact] of Object.entries(OPTIONS)) {
      await fc.assert(
        fc.asyncProperty(lines, async (chunks) => {
          const stdin = new PassThrough();
          const stdout = new PassThrough();
          const received: Buffer[] = [];
          const events: TraceEvent[] = [];
          stdout.on("data", (chunk: Buffer) => received.push(chunk));
          const done = runStdioRelay({
            command: "cat",
            sink: callbackSink((event) => {
              events.push(event);
            }),
            redact,
            stdin,
            stdout,
            stderr: new PassThrough(),
            forwardSignals: false,
          });
          for (const chunk of chunks) stdin.write(chunk);
          stdin.end();
          await done;
          const sent = Buffer.concat(chunks);
          expect(Buffer.concat(received).equals(sent), option).toBe(true);
          if (option === "--redact-secrets" || option === "all") expect(recorded(events)).not.toContain(TOKEN);
        }),
        { numRuns: 8 },
      );
    }
  }, 180_000);

  describe("over HTTP", () => {
    let upstream: http.Server;
    let upstreamUrl: string;
    let received = Buffer.alloc(0);
    let answer = Buffer.alloc(0);

    beforeAll(async () => {
      upstream = http.createServer((req, res) => {
        const parts: Buffer[] = [];
        req.on("data", (chunk: Buffer) => parts.push(chunk));
        req.on("end", () => {
          received = Buffer.concat(parts);
          res.writeHead(200, { "content-type": "application/json" });
          res.end(answer);
        });
      });
      await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
      upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`;
    });
    afterAll(() => upstream.close());

    function post(url: string, body: Buffer): Promise<Buffer> {
      return new Promise((resolve, reject) => {
        const req = http.request(url, { method: "POST", headers: { "content-type": "application/json" } });
        req.on("response", (res) => {
          const parts: Buffer[] = [];
          res.on("data", (chunk: Buffer) => parts.push(chunk));
          res.on("end", () => resolve(Buffer.concat(parts)));
        });
        req.on("error", reject);
        req.end(body);
      });
    }

    it("both ways, for every redaction option", async () => {
      for (const [option, redact] of Object.entries(OPTIONS)) {
        const events: TraceEvent[] = [];
        const proxy: HttpProxy = await startHttpProxy({
          upstream: upstreamUrl,
          listen: { host: "127.0.0.1", port: 0 },
          redact,
          sinkForSession: () =>
            callbackSink((event) => {
              events.push(event);
            }),
        });
        try {
          await fc.assert(
            fc.asyncProperty(lines, lines, async (request, response) => {
              const body = Buffer.concat(request);
              answer = Buffer.concat(response);
              const got = await post(proxy.url, body);
              expect(received.equals(body), option).toBe(true);
              expect(got.equals(answer), option).toBe(true);
            }),
            { numRuns: 8 },
          );
        } finally {
          await proxy.close();
        }
        expect(events.length).toBeGreaterThan(0);
        if (option === "--redact-secrets" || option === "all") expect(recorded(events)).not.toContain(TOKEN);
      }
    }, 180_000);
  });
});
