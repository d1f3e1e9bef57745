/** The one mapping from a trace direction to the side of the session that sent it. */
import type { Direction } from "@mcp-conf/trace-format";

/** The side that sends in `direction`: the client for client-to-server, the server for server-to-client. */
export function senderOf(direction: Direction): "client" | "server" {
  return direction === "client-to-server" ? "client" : "server";
}
