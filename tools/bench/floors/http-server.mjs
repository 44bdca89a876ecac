// Floor: a bare node:http server answering the same small JSON as GET /api/health/live.
// Prints {"ready":{"port":…}} once listening; exits on SIGTERM or when the harness goes away.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ ready: { port: server.address().port } })));

process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
