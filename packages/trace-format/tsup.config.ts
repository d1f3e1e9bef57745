import { copyFileSync } from "node:fs";
import { libraryConfig } from "../../tsup.library.js";

export default libraryConfig({
  // The schema ships beside the bundle as a plain file too: `@mcp-conf/trace-format/trace-event.schema.json`.
  onSuccess: async () => copyFileSync("src/schema/trace-event.schema.json", "dist/trace-event.schema.json"),
});
