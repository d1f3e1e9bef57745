import { S2C, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { findingLines, outcomeOf, reportOf } from "../../../test/support/judge.js";

const ARGS = { name: "args", arguments: [{ name: "city", required: true }, { name: "state" }] };

describe("prom.unknown-name-rejected (PROM-008) and comp.unknown-prompt-rejected (COMP-002)", () => {
  it("judges names only against a complete listing the server has not since announced as changed", () => {
    const s = new TraceBuilder().open().handshake({ server: { prompts: { listChanged: true }, completions: {} } });
    s.ask("prompts/list").answer({ prompts: [ARGS], nextCursor: "p2" });
    // Only one page of two seen: the list is not known to be complete.
    s.ask("prompts/get", { name: "other" }).answer({ messages: [] });
    s.ask("prompts/list", { cursor: "p2" }).answer({ prompts: [] });
    const seq = s.ask("prompts/get", { name: "other" }).answer({ messages: [] }).last;
    s.notify("notifications/prompts/list_changed", undefined, S2C);
    s.ask("prompts/get", { name: "newer" }).answer({ messages: [] });
    s.ask("completion/complete", {
      ref: { type: "ref/prompt", name: "newer" },
      argument: { name: "a", value: "" },
    }).answer({
      completion: { values: [] },
    });
    const report = reportOf(s);
    expect(findingLines(report, "prom.unknown-name-rejected")).toEqual([
      `${seq}: prompts/get for "other", which the server's prompt list does not hold, was answered with a result, not error -32602`,
    ]);
    expect(findingLines(report, "comp.unknown-prompt-rejected")).toEqual([]);
  });
});

describe("prom.required-arguments-enforced (PROM-009)", () => {
  it("wants -32602 when a required argument is missing, and is content with an optional one missing", () => {
    const s = new TraceBuilder().open().handshake({ server: { prompts: {} } });
    s.ask("prompts/list").answer({ prompts: [ARGS] });
    s.ask("prompts/get", { name: "args", arguments: { city: "Oslo" } }).answer({ messages: [] });
    s.ask("prompts/get", { name: "args" }).fail(-32602, "Missing city");
    const seq = s.ask("prompts/get", { name: "args", arguments: { state: "x" } }).fail(-32603, "Internal error").last;
    const report = reportOf(s);
    expect(findingLines(report, "prom.required-arguments-enforced")).toEqual([
      `${seq}: prompts/get for "args" without its required argument(s) "city" was answered with error -32603, not error -32602`,
    ]);
  });
});

describe("prompt message content (PROM-003…007)", () => {
  it("names each broken clause once, and lets a well-formed embedded blob through", () => {
    const s = new TraceBuilder().open().handshake({ server: { prompts: {} } });
    const seq = s.ask("prompts/get", { name: "media" }).answer({
      messages: [
        { role: "user", content: { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" } },
        { role: "user", content: { type: "audio", data: "UklGRg==", mimeType: "wav" } },
        {
          role: "user",
          content: {
            type: "resource",
            resource: { uri: "demo://r/1", mimeType: "application/octet-stream", blob: "AAEC" },
          },
        },
      ],
    }).last;
    const report = reportOf(s);
    expect(findingLines(report, "prom.audio-content-encoded")).toEqual([
      `${seq}: prompts/get "media": the audio content of message 1 has MIME type "wav", which is not valid: it has no "/" between type and subtype`,
    ]);
    for (const id of ["PROM-003", "PROM-005", "PROM-006", "PROM-007"]) expect(outcomeOf(report, id)).toBe("pass");
  });
});

describe("log.level-respected (LOG-015)", () => {
  it("applies the level from the accepted setLevel on, not before, and not a refused one", () => {
    const s = new TraceBuilder().open().handshake({ server: { logging: {} } });
    s.notify("notifications/message", { level: "debug", data: "before any level: the server's choice" }, S2C);
    s.ask("logging/setLevel", { level: "emergency" }).fail(-32603, "cannot");
    s.notify("notifications/message", { level: "debug", data: "the refused level does not apply" }, S2C);
    const accepted = s.ask("logging/setLevel", { level: "warning" }).answer({}).last;
    s.notify("notifications/message", { level: "error", data: "fine" }, S2C);
    const seq = s.notify("notifications/message", { level: "info", data: "too low" }, S2C).last;
    expect(findingLines(reportOf(s), "log.level-respected")).toEqual([
      `${seq}: notifications/message at level "info" after the client set the level to "warning" (accepted at seq ${accepted})`,
    ]);
  });
});
