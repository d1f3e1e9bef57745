import { SECRET_SAMPLES } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { maskCommandLine, safeUrl } from "./session-facts.js";

const sample = (kind: string) => SECRET_SAMPLES.find((s) => s.kind === kind)!.value;

describe("maskCommandLine", () => {
  it("masks --name=value and --name value for credential-named options", () => {
    expect(
      maskCommandLine(["node", "s.js", "--api-key=abc12345", "--token", "opaque-value", "--port", "8080"]),
    ).toEqual([
      "node",
      "s.js",
      "--api-key=[redacted:secret:credential-pair]",
      "--token",
      "[redacted:secret:credential-pair]",
      "--port",
      "8080",
    ]);
  });

  it("masks credential shapes anywhere in a word, and a URL's password", () => {
    const key = sample("openai-key");
    expect(
      maskCommandLine(["npx", "server", key, `KEY:${sample("github-token")}`, "postgres://app:pw1234@db/main"]),
    ).toEqual([
      "npx",
      "server",
      "[redacted:secret:openai-key]",
      "KEY:[redacted:secret:github-token]",
      "postgres://app:[redacted:secret:url-userinfo]@db/main",
    ]);
  });

  it("leaves an ordinary command line alone, and a credential option followed by another option", () => {
    const argv = ["uvx", "mcp-server-git", "--repository", "/srv/repo", "--token", "--verbose"];
    expect(maskCommandLine(argv)).toEqual(argv);
  });
});

describe("safeUrl", () => {
  it("drops user info, query and fragment", () => {
    expect(safeUrl("http://user:pass@localhost:3000/mcp?api_key=abc#x")).toBe("http://localhost:3000/mcp");
    expect(safeUrl(new URL("https://example.test/"))).toBe("https://example.test/");
  });
});
