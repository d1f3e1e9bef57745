import { describe, expect, it } from "vitest";
import { RecentSenders } from "./recent-senders.js";

describe("RecentSenders", () => {
  it("knows the sender of each message among the last span seqs, and forgets older ones", () => {
    const senders = new RecentSenders(4);
    senders.set(0, "client");
    senders.set(1, "server");
    senders.set(3, "client");
    expect([0, 1, 2, 3].map((seq) => senders.get(seq))).toEqual(["client", "server", undefined, "client"]);
    senders.set(4, "server"); // takes the slot of seq 0
    expect(senders.get(0)).toBeUndefined();
    expect(senders.get(4)).toBe("server");
    expect(senders.get(1)).toBe("server");
    expect(senders.get(8)).toBeUndefined();
  });
});
