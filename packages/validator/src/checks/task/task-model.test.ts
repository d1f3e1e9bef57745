import { describe, expect, it } from "vitest";
import { BoundedMap, taskCapabilityPath } from "./task-model.js";
import { isIsoDateTime } from "./task-timestamps.js";

describe("task model helpers", () => {
  it("names the capability that declares task support for a request type on the receiving side", () => {
    expect(taskCapabilityPath("tools/call", "client-to-server")).toBe("server.tasks.requests.tools.call");
    expect(taskCapabilityPath("sampling/createMessage", "server-to-client")).toBe(
      "client.tasks.requests.sampling.createMessage",
    );
  });

  it("a bounded map forgets its oldest entry beyond the limit and says it forgot", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    expect(map.forgotten).toBe(false);
    map.set("c", 3);
    expect([map.has("a"), map.has("b"), map.has("c"), map.forgotten]).toEqual([false, true, true, true]);
  });

  it("accepts RFC 3339 date-times and refuses other dates", () => {
    for (const ok of ["2026-01-05T10:00:00Z", "2026-01-05T10:00:00.123+02:00", "2026-12-31T23:59:60Z"]) {
      expect(isIsoDateTime(ok), ok).toBe(true);
    }
    for (const bad of [
      "2026-01-05",
      "yesterday",
      "1767607202",
      "2026-13-05T10:00:00Z",
      "2026-01-05T25:00:00Z",
      1767607202,
      null,
    ]) {
      expect(isIsoDateTime(bad), String(bad)).toBe(false);
    }
  });
});
