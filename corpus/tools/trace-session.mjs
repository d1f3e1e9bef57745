// A small builder for hand-written traces: a clean session (transport open, initialize exchange,
// notifications/initialized) at a protocol revision (default 2025-11-25; the server may answer another), over stdio
// unless another transport is named, to which a generator adds requests, answers, notifications, batches and HTTP
// events, then closes.
export const C2S = "client-to-server";
export const S2C = "server-to-client";

export class Session {
  constructor({ client = {}, server = { tools: {} }, clientInfo = { name: "corpus-client", version: "1.0.0" }, serverInfo = { name: "corpus-server", version: "1.0.0" }, version = "2025-11-25", answered = version, transport = "stdio", handshake = true } = {}) {
    this.events = [];
    this.ids = { [C2S]: 1, [S2C]: 0 };
    this.transport = transport;
    this.version = version;
    this.lifecycle("transport-open");
    if (!handshake) return;
    this.request(C2S, "initialize", { protocolVersion: version, capabilities: client, clientInfo }, 0);
    this.result(S2C, 0, { protocolVersion: answered, capabilities: server, serverInfo });
    this.notify(C2S, "notifications/initialized");
  }
  push(e) {
    this.events.push({ seq: this.events.length, ...e, transport: this.transport });
    return this;
  }
  /** An HTTP request (client-to-server: method, path, headers) or response (server-to-client: status, headers). */
  http(direction, body) {
    return this.push({ direction, kind: "http", ...body });
  }
  lifecycle(event) {
    return this.push({ direction: C2S, kind: "lifecycle", event });
  }
  message(direction, payload) {
    return this.push({ direction, kind: "message", payload });
  }
  /** Sends a request; returns its id. */
  request(direction, method, params, id = this.ids[direction]++) {
    const payload = { jsonrpc: "2.0", id, method };
    if (params !== undefined) payload.params = params;
    this.message(direction, payload);
    return id;
  }
  result(direction, id, result) {
    return this.message(direction, { jsonrpc: "2.0", id, result });
  }
  error(direction, id, code, message, data) {
    const error = { code, message };
    if (data !== undefined) error.data = data;
    return this.message(direction, { jsonrpc: "2.0", id, error });
  }
  notify(direction, method, params) {
    const payload = { jsonrpc: "2.0", method };
    if (params !== undefined) payload.params = params;
    return this.message(direction, payload);
  }
  /** A client request answered by the server. */
  call(method, params, result) {
    const id = this.request(C2S, method, params);
    return this.result(S2C, id, result);
  }
  /** A server request answered by the client. */
  ask(method, params, result) {
    const id = this.request(S2C, method, params);
    return this.result(C2S, id, result);
  }
  end() {
    this.lifecycle("transport-close");
    return this.events;
  }
}

