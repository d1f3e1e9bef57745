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

  it("keeps every sender as the ring grows past its first size, and then the last span only", () => {
    const senders = new RecentSenders(1000);
    for (let seq = 0; seq < 1500; seq++) senders.set(seq, seq % 3 === 0 ? "client" : "server");
    expect(senders.get(500)).toBe("server");
    expect(senders.get(501)).toBe("client");
    expect(senders.get(600)).toBe("client");
    expect(senders.get(1499)).toBe("server");
    expect(senders.get(499)).toBeUndefined();
    const early = new RecentSenders(1000);
    early.set(3, "client");
    early.set(700, "server");
    expect([early.get(3), early.get(700), early.get(4)]).toEqual(["client", "server", undefined]);
  });
});
