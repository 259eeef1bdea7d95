#!/usr/bin/env node
// Development: the API server restarting on change, and Vite's dev server with hot reload
// (http://localhost:5173, proxying /api to the server on :3000).
import { spawn } from 'node:child_process';

// Each child leads its own process group, so stopping reaches the grandchildren too
// (tsx's watcher, the server, and the embedded PostgreSQL it started).
const start = (command, args, env) =>
  spawn(command, args, { stdio: 'inherit', detached: true, env: { ...process.env, ...env } });

const children = [
  start('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
    NODE_ENV: 'development',
    PORT: process.env.PORT ?? '3000',
  }),
  start('npm', ['run', 'dev', '-w', '@backdesk/web'], {}),
];

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode ??= code ?? 0;
  });
}
