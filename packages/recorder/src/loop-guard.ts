/**
 * The proxy pointed at itself: its upstream connections arrive back at its own server, and each looped request
 * would make another until the headers grow too long. The guard knows both ends of every connection the proxy
 * opened to its upstream; a connection arriving whose two ends are those two ends swapped (its remote end is one of
 * ours' local end, and its local end that one's remote end) is the proxy talking to itself, and its request is
 * answered 508 at once. The whole 4-tuple is matched, not the peer's address and port alone: Linux gives one
 * ephemeral port to several connections to different destinations, so a client's port may well equal the local port
 * of one of the proxy's upstream sockets. It reads the sockets only: no header is added to what is forwarded, so the
 * wire stays as it was.
 */
import type http from "node:http";
import type { Socket } from "node:net";

/** A dual-stack server sees IPv4 peers as mapped addresses. */
function address(value: string | undefined): string | undefined {
  return value?.replace(/^::ffff:/i, "");
}

/** `local>remote` of a connection, or undefined while an end is not known. */
function connectionKey(
  localAddress: string | undefined,
  localPort: number | undefined,
  remoteAddress: string | undefined,
  remotePort: number | undefined,
): string | undefined {
  const local = address(localAddress);
  const remote = address(remoteAddress);
  if (local === undefined || remote === undefined || localPort === undefined || remotePort === undefined) {
    return undefined;
  }
  return `${local}:${localPort}>${remote}:${remotePort}`;
}

export class LoopGuard {
  /** Our upstream connections by `local>remote`, each with the socket. */
  private readonly own = new Map<string, Socket>();
  /** The local ports of `own`, counted: most requests are told apart by their port alone, with no string made. */
  private readonly ports = new Map<number, number>();

  /** Remembers both ends of the connection an upstream request goes out on. */
  track(request: http.ClientRequest): void {
    request.once("socket", (socket: Socket) => {
      const remember = () => {
        const port = socket.localPort;
        const key = connectionKey(socket.localAddress, port, socket.remoteAddress, socket.remotePort);
        if (key === undefined || port === undefined || this.own.has(key)) return;
        this.own.set(key, socket);
        this.ports.set(port, (this.ports.get(port) ?? 0) + 1);
        socket.once("close", () => {
          this.own.delete(key);
          const left = this.ports.get(port)! - 1;
          if (left > 0) this.ports.set(port, left);
          else this.ports.delete(port);
        });
      };
      if (socket.remotePort !== undefined) remember();
      else socket.once("connect", remember);
    });
  }

  /** The proxy's own upstream socket this incoming connection is the other end of, if it is one. */
  ownSocket(incoming: Socket): Socket | undefined {
    const port = incoming.remotePort;
    if (port === undefined || !this.ports.has(port)) return undefined;
    // Seen from our upstream socket, the incoming connection's remote end is local and its local end remote.
    const key = connectionKey(incoming.remoteAddress, port, incoming.localAddress, incoming.localPort);
    return key === undefined ? undefined : this.own.get(key);
  }

  /** True when this incoming connection is one the proxy itself opened. */
  isOwn(incoming: Socket): boolean {
    return this.ownSocket(incoming) !== undefined;
  }

  /** Answers a looped request: 508 Loop Detected with one line saying what to change. */
  refuse(res: http.ServerResponse, upstream: string, name: string): void {
    const text = `${name}: the upstream ${upstream} is this proxy itself (a loop); point it at the MCP server\n`;
    res.writeHead(508, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(text) });
    res.end(text);
  }
}
