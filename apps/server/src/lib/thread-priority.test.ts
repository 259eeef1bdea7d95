import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** A thread's nice value, field 19 of its stat line (the fields after the command's closing parenthesis start at 3). */
const niceness = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
const threadNiceness = () => niceness(readFileSync('/proc/thread-self/stat', 'utf8'));

// Linux's /proc names each thread (the machines Backdesk runs and is tested on).
describe('a thread lowers its own priority', () => {
  it('lowers its own thread and no other', async () => {
    const before = threadNiceness();
    expect(before).toBeLessThan(10);
    const module = new URL('./thread-priority.ts', import.meta.url).href;
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       const { readFileSync } = require('node:fs');
       const stat = () => readFileSync('/proc/thread-self/stat', 'utf8');
       import(${JSON.stringify(module)}).then((m) => {
         const start = stat();
         const lowered = m.lowerThisThreadsPriority(10);
         parentPort.postMessage({ start, lowered, after: stat() });
       });`,
      { eval: true },
    );
    const reply = await new Promise<{ start: string; lowered: boolean; after: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(reply.lowered).toBe(true);
    expect(niceness(reply.start)).toBe(before);
    expect(niceness(reply.after)).toBe(10);
    expect(threadNiceness()).toBe(before);
  });
});
