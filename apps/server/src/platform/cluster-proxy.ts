import http from 'node:http';

/** How often each node's /readyz is asked; a node that is not ready gets no new requests. */
const CHECK_EVERY_MS = 1_000;

/**
 * A small round-robin proxy for trying several nodes locally (`npm run start:cluster`): each request
 * goes to the next ready node, streamed both ways (so Server-Sent Events pass), with X-Forwarded-For
 * set. Not for production: a real load balancer sits there (docs/deploy.md).
 */
export function startProxy(targets: number[], port: number, host = '127.0.0.1') {
  const ready = new Set(targets);
  let next = 0;
  const check = setInterval(() => {
    for (const target of targets) {
      const req = http.get({ host: '127.0.0.1', port: target, path: '/readyz', timeout: 900 }, (res) => {
        res.resume();
        if (res.statusCode === 200) ready.add(target);
        else ready.delete(target);
      });
      req.on('error', () => ready.delete(target));
      req.on('timeout', () => req.destroy());
    }
  }, CHECK_EVERY_MS);

  const pick = () => {
    const live = targets.filter((t) => ready.has(t));
    if (live.length === 0) return undefined;
    next = (next + 1) % live.length;
    return live[next];
  };

  const server = http.createServer((req, res) => {
    const target = pick();
    if (target === undefined) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('no node is ready\n');
      return;
    }
    const client = req.socket.remoteAddress ?? '';
    const forwarded = req.headers['x-forwarded-for'];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': forwarded ? `${forwarded}, ${client}` : client,
          'x-backdesk-node': String(target),
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backdesk-node': String(target) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      ready.delete(target); // checked again within a second
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('the node went away\n');
      else res.destroy();
    });
    req.pipe(upstream);
  });

  return {
    listen: () =>
      new Promise<number>((resolve) => {
        server.listen(port, host, () => resolve((server.address() as { port: number }).port));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(check);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
