import type { Direction, TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { Correlator } from "./correlator.js";
import {
  declaredVersion,
  hasCapability,
  type SessionFacts,
  SessionFactsTracker,
  STATELESS_VERSION_META_KEY,
} from "./session-facts.js";

/** Runs messages through a correlator and a facts tracker, as the validator engine does. */
function factsOf(messages: Array<[Direction, unknown]>): SessionFacts {
  const correlator = new Correlator();
  const tracker = new SessionFactsTracker();
  messages.forEach(([direction, payload], seq) => {
    const event: TraceEvent = { seq, direction, transport: "stdio", kind: "message", payload };
    tracker.event(event);
    const observation = correlator.observe(event);
    for (const message of observation.messages) tracker.message(message);
    for (const exchange of observation.exchanges) tracker.exchange(exchange);
  });
  return tracker.facts;
}

const initialize = (id: number, protocolVersion: unknown, capabilities: unknown = { sampling: {} }) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion, capabilities, clientInfo: { name: "host", version: "1.0.0" } },
});
const initializeResult = (id: number, protocolVersion: string, capabilities: unknown) => ({
  jsonrpc: "2.0",
  id,
  result: { protocolVersion, capabilities, serverInfo: { name: "srv", version: "2.0.0" } },
});

describe("SessionFactsTracker", () => {
  it("reads the requested and negotiated versions, both sides' capabilities and infos off initialize", () => {
    const facts = factsOf([
      ["client-to-server", initialize(0, "2025-11-25")],
      ["server-to-client", initializeResult(0, "2025-06-18", { tools: { listChanged: true }, logging: {} })],
    ]);
    expect(facts).toEqual({
      requestedVersion: "2025-11-25",
      negotiatedVersion: "2025-06-18",
      clientCapabilities: { sampling: {} },
      serverCapabilities: { tools: { listChanged: true }, logging: {} },
      clientInfo: { name: "host", version: "1.0.0" },
      serverInfo: { name: "srv", version: "2.0.0" },
      initializeSeq: 0,
      initializedResponseSeq: 1,
    });
    expect(declaredVersion(facts)).toBe("2025-06-18");
  });

  it("has a requested but no negotiated version when initialize fails or goes unanswered", () => {
    const failed = factsOf([
      ["client-to-server", initialize(0, "2025-11-25")],
      ["server-to-client", { jsonrpc: "2.0", id: 0, error: { code: -32602, message: "Unsupported" } }],
    ]);
    expect(failed.requestedVersion).toBe("2025-11-25");
    expect(failed.negotiatedVersion).toBeUndefined();
    expect(declaredVersion(failed)).toBeUndefined();
    expect(factsOf([["client-to-server", initialize(0, "2025-11-25")]]).negotiatedVersion).toBeUndefined();
  });

  it("keeps the first initialize and ignores a second one", () => {
    const facts = factsOf([
      ["client-to-server", initialize(0, "2025-11-25")],
      ["server-to-client", initializeResult(0, "2025-11-25", {})],
      ["client-to-server", initialize(1, "2024-11-05")],
      ["server-to-client", initializeResult(1, "2024-11-05", { tools: {} })],
    ]);
    expect(facts.requestedVersion).toBe("2025-11-25");
    expect(facts.negotiatedVersion).toBe("2025-11-25");
    expect(facts.serverCapabilities).toEqual({});
  });

  it("ignores an initialize request sent by the server", () => {
    const facts = factsOf([["server-to-client", initialize(0, "2025-11-25")]]);
    expect(facts).toEqual({});
  });

  it("reads the stateless _meta protocol version when there is no initialize", () => {
    const facts = factsOf([
      [
        "client-to-server",
        {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/list",
          params: { _meta: { [STATELESS_VERSION_META_KEY]: "2026-07-28" } },
        },
      ],
      [
        "client-to-server",
        {
          jsonrpc: "2.0",
          id: 2,
          method: "tools/list",
          params: { _meta: { [STATELESS_VERSION_META_KEY]: "2099-01-01" } },
        },
      ],
    ]);
    expect(facts.statelessVersion).toBe("2026-07-28");
    expect(declaredVersion(facts), "declared, but no request answered yet").toBeUndefined();
  });

  it("prefers the negotiated version over a stateless one", () => {
    expect(
      declaredVersion({
        negotiatedVersion: "2025-11-25",
        statelessVersion: "2026-07-28",
        answeredStatelessVersion: "2026-07-28",
      }),
    ).toBe("2025-11-25");
  });

  it("ignores a protocolVersion that is not a string", () => {
    const facts = factsOf([["client-to-server", initialize(0, 20251125)]]);
    expect(facts.initializeSeq).toBe(0);
    expect(facts.requestedVersion).toBeUndefined();
  });
});

const modernMeta = (version: string, capabilities: unknown) => ({
  _meta: {
    [STATELESS_VERSION_META_KEY]: version,
    "io.modelcontextprotocol/clientCapabilities": capabilities,
    "io.modelcontextprotocol/clientInfo": { name: "host", version: "1.0.0" },
  },
});

describe("SessionFactsTracker in the modern era (2026-07-28)", () => {
  it("settles on the version of the first request answered with a result, and reads server/discover", () => {
    const facts = factsOf([
      ["client-to-server", { jsonrpc: "2.0", id: 1, method: "server/discover", params: modernMeta("2099-01-01", {}) }],
      [
        "server-to-client",
        { jsonrpc: "2.0", id: 1, error: { code: -32022, message: "Unsupported", data: { supported: ["2026-07-28"] } } },
      ],
      [
        "client-to-server",
        { jsonrpc: "2.0", id: 2, method: "server/discover", params: modernMeta("2026-07-28", { sampling: {} }) },
      ],
      [
        "server-to-client",
        {
          jsonrpc: "2.0",
          id: 2,
          result: {
            resultType: "complete",
            supportedVersions: ["2026-07-28"],
            capabilities: { tools: {} },
            _meta: { "io.modelcontextprotocol/serverInfo": { name: "srv", version: "2.0.0" } },
          },
        },
      ],
      [
        "client-to-server",
        {
          jsonrpc: "2.0",
          id: 3,
          method: "tools/list",
          params: modernMeta("2026-07-28", { elicitation: {}, sampling: { tools: {} } }),
        },
      ],
    ]);
    expect(facts.statelessVersion).toBe("2099-01-01");
    expect(facts.answeredStatelessVersion).toBe("2026-07-28");
    expect(declaredVersion(facts)).toBe("2026-07-28");
    expect(facts.serverCapabilities).toEqual({ tools: {} });
    expect(facts.supportedVersions).toEqual(["2026-07-28"]);
    expect(facts.serverInfo).toEqual({ name: "srv", version: "2.0.0" });
    expect(facts.clientInfo).toEqual({ name: "host", version: "1.0.0" });
    expect(facts.clientCapabilities, "merged over requests, first declaration of a key kept").toEqual({
      sampling: {},
      elicitation: {},
    });
    expect(facts.discoverResponseSeq).toBe(3);
  });

  it("judges a dual-era client that fell back to initialize at the negotiated version, with its capabilities", () => {
    const facts = factsOf([
      [
        "client-to-server",
        { jsonrpc: "2.0", id: 1, method: "server/discover", params: modernMeta("2026-07-28", { roots: {} }) },
      ],
      ["server-to-client", { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } }],
      ["client-to-server", initialize(2, "2025-11-25")],
      ["server-to-client", initializeResult(2, "2025-11-25", { tools: {} })],
    ]);
    expect(declaredVersion(facts)).toBe("2025-11-25");
    expect(facts.clientCapabilities).toEqual({ sampling: {} });
    expect(facts.serverCapabilities).toEqual({ tools: {} });
  });

  it("reads the MCP-Protocol-Version header of the client's first HTTP request that has one", () => {
    const tracker = new SessionFactsTracker();
    const http = (headers: Record<string, string>): TraceEvent => ({
      seq: 0,
      direction: "client-to-server",
      transport: "streamable-http",
      kind: "http",
      method: "POST",
      headers,
    });
    tracker.event(http({ accept: "application/json" }));
    tracker.event(http({ "mcp-protocol-version": "2026-07-28" }));
    tracker.event(http({ "mcp-protocol-version": "2025-11-25" }));
    tracker.event({ ...http({ "mcp-protocol-version": "1999-01-01" }), direction: "server-to-client" });
    expect(tracker.facts.headerVersion).toBe("2026-07-28");
  });
});

describe("hasCapability", () => {
  const facts: SessionFacts = {
    serverCapabilities: { tools: { listChanged: true }, resources: { subscribe: false }, logging: {}, prompts: null },
    clientCapabilities: { sampling: {}, roots: true },
  };

  it("counts a declared object or true, at any depth", () => {
    expect(hasCapability(facts, "server.tools")).toBe(true);
    expect(hasCapability(facts, "server.tools.listChanged")).toBe(true);
    expect(hasCapability(facts, "server.logging")).toBe(true);
    expect(hasCapability(facts, "client.sampling")).toBe(true);
    expect(hasCapability(facts, "client.roots")).toBe(true);
  });

  it("does not count false, null, absence, or an unknown side", () => {
    expect(hasCapability(facts, "server.resources.subscribe")).toBe(false);
    expect(hasCapability(facts, "server.prompts")).toBe(false);
    expect(hasCapability(facts, "server.completions")).toBe(false);
    expect(hasCapability(facts, "client.elicitation")).toBe(false);
    expect(hasCapability(facts, "server.tools.listChanged.deeper")).toBe(false);
    expect(hasCapability(facts, "host.tools")).toBe(false);
    expect(hasCapability({}, "server.tools")).toBe(false);
  });
});
