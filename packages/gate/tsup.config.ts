import { libraryConfig } from "../../tsup.library.js";

export default libraryConfig({
  // The client shim is a program of its own: the suite runs it as the client command (src/suite/run.ts).
  // checkTraces starts its default worker threads from check-worker.js, beside the chunk that starts them.
  entry: {
    index: "src/index.ts",
    "suite-client-shim": "src/suite/client-shim.ts",
    "check-worker": "src/check/check-worker.ts",
  },
  dts: { entry: "src/index.ts" },
});
