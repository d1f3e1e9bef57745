import { libraryConfig } from "../../tsup.library.js";

export default libraryConfig({
  // The SDK v2 server is a program of its own: the 2026-07-28 session runs it behind the relay (src/sdk-v2-server.ts).
  entry: { index: "src/index.ts", "sdk-v2-server": "src/sdk-v2-server.ts" },
  dts: { entry: "src/index.ts" },
});
