// The offered load of bench/fleet: OTLP logs request bodies captured from real recorders (measure.ts), posted to a
// serve at RATE events/s (0: as fast as it answers, 4 requests in flight), so what is measured is serve alone and not
// the recorders sharing its cores. A 429/503 is retried after its Retry-After. Prints one JSON line: when each body
// was sent (ms since the epoch), and how many requests were told to retry.
// argv: BODIES_FILE URL RATE   (BODIES_FILE: per body a uint32 event count, a uint32 length, the bytes)
import { readFileSync } from "node:fs";

const [file, url, rateText] = process.argv.slice(2);
const rate = Number(rateText);
const data = readFileSync(file);
const bodies = [];
for (let at = 0; at < data.length; ) {
  const events = data.readUInt32BE(at);
  const length = data.readUInt32BE(at + 4);
  bodies.push({ events, bytes: data.subarray(at + 8, at + 8 + length) });
  at += 8 + length;
}

const sentAt = new Array(bodies.length);
let retried = 0;
async function post(index) {
  for (;;) {
    sentAt[index] = Date.now();
    const response = await fetch(`${url}/v1/logs`, {
      method: "POST",
      headers: { "content-type": "application/x-protobuf" },
      body: bodies[index].bytes,
    });
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (response.status !== 429 && response.status !== 503) throw new Error(`serve answered ${response.status}`);
    retried++;
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? 1) * 1000));
  }
}

const started = Date.now();
if (rate > 0) {
  // Each body leaves when the events before it are due at RATE; bodies are not awaited in turn.
  const inFlight = [];
  let due = 0;
  for (let i = 0; i < bodies.length; i++) {
    const wait = started + (due / rate) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(post(i));
    due += bodies[i].events;
  }
  await Promise.all(inFlight);
} else {
  let next = 0;
  const lane = async () => {
    while (next < bodies.length) await post(next++);
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
}
process.stdout.write(`${JSON.stringify({ sentAt, retried })}\n`);
