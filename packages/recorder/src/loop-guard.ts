/**
 * The proxy pointed at itself: its upstream connections arrive back at its own server, and each looped request
 * would make another until the headers grow too long. The guard knows the local end of every connection the proxy
 * opened to its upstream; a request arriving from one of them is the proxy talking to itself and is answered 508
 * at once. It reads the sockets only: no header is added to what is forwarded, so the wire stays as it was.
 */
import type http from "node:http";
import type { Socket } from "node:net";

function endpoint(address: string | undefined, port: number | undefined): string | undefined {
  if (address === undefined || port === undefined) return undefined;
  return `${address.replace(/^::ffff:/i, "")}:${port}`; // a dual-stack server sees IPv4 peers as mapped addresses
}

export class LoopGuard {
  private readonly own = new Set<string>();
  /** The local ports of `own`, counted: most requests are told apart by their port alone, with no string made. */
  private readonly ports = new Map<number, number>();

  /** Remembers the local end of the connection an upstream request goes out on. */
  track(request: http.ClientRequest): void {
    request.once("socket", (socket: Socket) => {
      const remember = () => {
        const port = socket.localPort;
        const key = endpoint(socket.localAddress, port);
        if (key === undefined || port === undefined || this.own.has(key)) return;
        this.own.add(key);
        this.ports.set(port, (this.ports.get(port) ?? 0) + 1);
        socket.once("close", () => {
          this.own.delete(key);
          const left = this.ports.get(port)! - 1;
          if (left > 0) this.ports.set(port, left);
          else this.ports.delete(port);
        });
      };
      if (socket.localPort !== undefined) remember();
      else socket.once("connect", remember);
    });
  }

  /** True when this incoming connection is one the proxy itself opened. */
  isOwn(socket: Socket): boolean {
    const port = socket.remotePort;
    if (port === undefined || !this.ports.has(port)) return false;
    const key = endpoint(socket.remoteAddress, port);
    return key !== undefined && this.own.has(key);
  }

  /** Answers a looped request: 508 Loop Detected with one line saying what to change. */
  refuse(res: http.ServerResponse, upstream: string): void {
    const text = `mcp-conf: the upstream ${upstream} is this proxy itself (a loop); point it at the MCP server\n`;
    res.writeHead(508, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(text) });
    res.end(text);
  }
}
