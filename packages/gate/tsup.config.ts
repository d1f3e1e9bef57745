import { libraryConfig } from "../../tsup.library.js";

export default libraryConfig({
  // The client shim is a program of its own: the suite runs it as the client command (src/suite/run.ts).
  entry: { index: "src/index.ts", "suite-client-shim": "src/suite/client-shim.ts" },
  dts: { entry: "src/index.ts" },
});
