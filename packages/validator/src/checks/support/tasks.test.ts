import { describe, expect, it } from "vitest";
import { BoundedMap } from "./bounded-map.js";
import { taskCapabilityPath } from "./tasks.js";

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
});
