import { describe, expect, it } from "vitest";
import { isIsoDateTime } from "./task-timestamps.js";

describe("task timestamps", () => {
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
