/** A problem with the file or the entry, fit to print as one line. */
export class WrapError extends Error {
  override name = "WrapError";
}
