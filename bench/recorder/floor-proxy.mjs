// The floor for the proxy: the least a separate Node process in the HTTP path can cost (pipe() both ways, nothing
// observed, nothing recorded). `node floor-proxy.mjs UPSTREAM`; prints its URL.
import http from "node:http";

const upstream = new URL(process.argv[2]);
const agent = new http.Agent({ keepAlive: true });
const server = http.createServer((req, res) => {
  const forward = http.request(upstream, { method: req.method, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  req.pipe(forward);
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`http://127.0.0.1:${server.address().port}/\n`));
process.on("SIGTERM", () => process.exit(0));
