// The floor of any HTTP answer on this machine: a bare node:http server that answers every request with the same
// few bytes of JSON, reading nothing. `GET /api/health` of the app is measured against it (bench/lib/overhead.ts).
import { createServer } from "node:http";

const port = Number(process.env.PORT ?? 3512);
createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end('{"ok":true}');
}).listen(port, "127.0.0.1");
