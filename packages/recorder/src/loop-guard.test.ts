/**
 * The loop guard matches a connection by its whole 4-tuple: a client whose port happens to equal the local port of
 * one of the proxy's upstream connections (Linux shares an ephemeral port among connections to different
 * destinations) is not the proxy talking to itself. Sockets here are stand-ins with the fields the guard reads: no
 * real pair of sockets can be made to share a local port on demand.
 */
import { EventEmitter } from "node:events";
import type http from "node:http";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { LoopGuard } from "./loop-guard.js";

function socket(local: [string, number], remote: [string, number]): Socket {
  return Object.assign(new EventEmitter(), {
    localAddress: local[0],
    localPort: local[1],
    remoteAddress: remote[0],
    remotePort: remote[1],
  }) as unknown as Socket;
}

/** The guard tracking one upstream connection from 127.0.0.1:40000 to the upstream at 127.0.0.1:3000. */
function guardWithUpstream(): { guard: LoopGuard; upstream: Socket } {
  const guard = new LoopGuard();
  const request = new EventEmitter();
  guard.track(request as unknown as http.ClientRequest);
  const upstream = socket(["127.0.0.1", 40000], ["127.0.0.1", 3000]);
  request.emit("socket", upstream);
  return { guard, upstream };
}

describe("the loop guard", () => {
  it("knows the other end of its own upstream connection (the proxy listening where its upstream is)", () => {
    const { guard, upstream } = guardWithUpstream();
    expect(guard.ownSocket(socket(["127.0.0.1", 3000], ["127.0.0.1", 40000]))).toBe(upstream);
    expect(guard.isOwn(socket(["::ffff:127.0.0.1", 3000], ["::ffff:127.0.0.1", 40000]))).toBe(true);
  });

  it("does not take a client for itself because the client's port equals an upstream connection's local port", () => {
    const { guard } = guardWithUpstream();
    expect(guard.isOwn(socket(["127.0.0.1", 8080], ["127.0.0.1", 40000]))).toBe(false);
    expect(guard.isOwn(socket(["127.0.0.1", 3000], ["127.0.0.2", 40000]))).toBe(false);
  });

  it("forgets a connection once it closes", () => {
    const { guard, upstream } = guardWithUpstream();
    upstream.emit("close");
    expect(guard.isOwn(socket(["127.0.0.1", 3000], ["127.0.0.1", 40000]))).toBe(false);
  });
});
