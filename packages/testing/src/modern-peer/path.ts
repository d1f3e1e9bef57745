import { fileURLToPath } from "node:url";

/** The modern peer's command-line entry (`--stdio`, or HTTP), a TypeScript file: run it with tsx's loader. */
export const MODERN_PEER_MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
