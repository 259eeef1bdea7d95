import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const TOKEN = 'metrics-token-for-tests';
const t = useTestApp({ METRICS_TOKEN: TOKEN });

describe('infrastructure endpoints', () => {
  it('answers alive and ready on a migrated database', async () => {
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect([alive.statusCode, alive.body]).toEqual([200, 'ok\n']);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.body]).toEqual([200, 'ready\n']);
  });

  it('serves Prometheus metrics to the token holder only', async () => {
    await t.app.inject({ method: 'GET', url: '/api/auth/captcha' });
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(res.body).toMatch(
      /backdesk_http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/captcha",status="2xx"\} 1\n/,
    );
    expect(res.body).toMatch(/\nbackdesk_jobs_waiting \d+\n/);
    expect(res.body).toMatch(/\nbackdesk_rollup_deltas_waiting \d+\n/);
    expect(res.body).toMatch(/\nbackdesk_db_pool_connections \d+\n/);
    expect(res.body).toMatch(/backdesk_event_loop_delay_seconds\{quantile="0.99"\} [\d.e-]+\n/);
  });

  it('publishes gauges other modules register', async () => {
    t.app.metrics.gauge('backdesk_test_gauge', 'A gauge a module registered', async () => 7);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.body).toContain('# TYPE backdesk_test_gauge gauge\nbackdesk_test_gauge 7\n');
  });

  it('turns not ready once draining, after running the drain hooks', async () => {
    const drained: string[] = [];
    t.app.drain.onDrain(async () => {
      drained.push('sse');
    });
    await t.app.drain.drain();
    expect(drained).toEqual(['sse']);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.body]).toEqual([503, 'draining\n']);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('metrics without a token', () => {
  const off = useTestApp();
  it('are off', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
  });
});
