/** Every key the viewer answers, as `?` lists them and docs/view.md documents them (a test holds the two together). */
export const VIEWER_KEYS: readonly [key: string, what: string][] = [
  ["/", "focus the filter"],
  ["Esc", "leave the filter, close this help, clear the selection"],
  ["j / ↓", "next exchange"],
  ["k / ↑", "previous exchange"],
  ["Home / End", "first / last exchange"],
  ["s", "sort the timeline by the next column (seq, method, status, latency)"],
  ["S", "reverse the timeline's order"],
  ["f", "follow: keep the newest exchange in view (live view)"],
  ["p", "pause / resume the live updates (held ones are counted, then applied)"],
  ["c", "show / hide the capabilities panel"],
  ["y", "copy the selected exchange as JSON"],
  ["u", "copy the selected exchange as a curl command (HTTP sessions)"],
  ["?", "this help"],
];

/** The hub's keys. */
export const HUB_KEYS: readonly [key: string, what: string][] = [
  ["?", "this help"],
  ["Esc", "close this help"],
];
