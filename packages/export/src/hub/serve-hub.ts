/** Serving a `DirectoryHub` on 127.0.0.1: the viewer server over it, and its look at the store a few times a second. */
import { ViewerServer } from "../viewer-server.js";
import { DirectoryHub, type DirectoryHubOptions } from "./directory-hub.js";

export interface ServeHubOptions extends DirectoryHubOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Milliseconds between looks at the store. Default 500. */
  intervalMs?: number;
}

export interface ServedHub {
  /** The address, with the token that opens it. */
  url: string;
  hub: DirectoryHub;
  close(): Promise<void>;
}

/** Looks at the store once, then serves the hub until closed. */
export async function serveHub(options: ServeHubOptions): Promise<ServedHub> {
  const { port = 0, intervalMs = 500, ...hubOptions } = options;
  const hub = new DirectoryHub(hubOptions);
  await hub.look();
  const timer = setInterval(() => void hub.look(), intervalMs);
  timer.unref();
  let server: ViewerServer;
  try {
    server = await ViewerServer.start({ hub }, { port, keepAlive: true });
  } catch (error) {
    clearInterval(timer);
    hub.close();
    throw error;
  }
  return {
    url: server.url,
    hub,
    async close() {
      clearInterval(timer);
      hub.close();
      await server.close();
    },
  };
}
