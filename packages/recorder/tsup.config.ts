import { libraryConfig } from "../../tsup.library.js";

export default libraryConfig({ entry: ["src/index.ts", "src/file-sink-worker.ts", "src/trace-file-thread-worker.ts"] });
