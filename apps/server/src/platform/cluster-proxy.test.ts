import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { startProxy } from './cluster-proxy.ts';

/** A stand-in node: answers its name, and /readyz as told. */
function fakeNode(name: string, ready: () => boolean) {
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') res.writeHead(ready() ? 200 : 503).end();
    else
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`${name} ${req.headers['x-forwarded-for']}`);
  });
  return new Promise<{ port: number; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, close: () => server.close() }),
    ),
  );
}

const closers: Array<() => unknown> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('the start:cluster proxy', () => {
  it('spreads requests over the ready nodes and leaves out one that drains', async () => {
    let bReady = true;
    const a = await fakeNode('a', () => true);
    const b = await fakeNode('b', () => bReady);
    closers.push(a.close, b.close);
    const proxy = startProxy([a.port, b.port], 0);
    closers.push(proxy.close);
    const port = await proxy.listen();
    const hit = async () => (await (await fetch(`http://127.0.0.1:${port}/x`)).text()).split(' ');

    const first = await Promise.all([hit(), hit(), hit(), hit()]);
    expect(new Set(first.map(([name]) => name))).toEqual(new Set(['a', 'b']));
    expect(first[0]![1]).toBe('127.0.0.1');

    bReady = false;
    // The next readiness round (every second) leaves b out.
    await eventually(
      async () => {
        const after = await Promise.all([hit(), hit(), hit(), hit()]);
        expect(after.map(([name]) => name)).toEqual(['a', 'a', 'a', 'a']);
      },
      { everyMs: 100 },
    );
  });
});
