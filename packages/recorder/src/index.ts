/**
 * @mcp-conf/recorder sits in the real pipe between an MCP client and an MCP server and writes what crosses it as
 * trace events: a byte-transparent stdio relay around a child process, a streamable-HTTP reverse proxy, and an
 * embeddable `Recorder` for custom gateways. Bytes are forwarded unchanged and in order; observation is a copy
 * taken off the forwarding path, and a slow sink costs observations (counted), never traffic.
 */
export {};
