import { libraryConfig } from "../../tsup.library.js";

export default libraryConfig();
