/**
 * Runs before every test file (vitest `setupFiles`): the file's process gets an isolated home of its own, and the
 * file fails if, by its end, mcp-conf state appeared in that home — a test that writes state must make its own
 * with `isolatedHome()`, so files running side by side never share state — or the user's real state directory
 * changed since the run began.
 */
import { afterAll } from "vitest";
import { isolatedHome } from "../isolated-home.js";
import { REAL_STATE_VARIABLE, realStateChanges } from "./real-state.js";

const saved = process.env[REAL_STATE_VARIABLE];
const sandbox = isolatedHome("mcp-conf-file-");
Object.assign(process.env, sandbox.vars);

afterAll(() => {
  const real = saved ? realStateChanges(saved) : [];
  if (real.length > 0) {
    throw new Error(`the user's real state directory changed during the run: ${real.slice(0, 20).join("; ")}`);
  }
  const touched = sandbox.touched();
  if (touched.length > 0) {
    throw new Error(
      `a test in this file wrote mcp-conf state into the default state directory (${sandbox.state}: ${touched.join(", ")}); ` +
        "run mcp-conf with the env of isolatedHome() from @mcp-conf/testing",
    );
  }
  sandbox.remove();
});
