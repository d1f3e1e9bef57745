/**
 * A file-system error in words, for the one-line errors of every command that reads or writes a file. Its own module
 * so that a command that only reads (validate) does not load what writing output needs (output.ts).
 */

/** A file-system error code in words. */
export function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EISDIR":
      return "is a directory";
    case "ENOTDIR":
      return "a part of the path is not a directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ENOSPC":
      return "no space left on the device";
    default:
      return `cannot read or write (${code ?? "unknown error"})`;
  }
}
