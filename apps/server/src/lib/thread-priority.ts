import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * On Linux each thread has a scheduling priority of its own: the calling thread's nice value becomes
 * `niceness` (0–19), no other thread's. Lowering one's own priority needs no privilege. Elsewhere, or where the
 * thread's id cannot be read (no /proc), nothing changes and the answer is false.
 */
export function lowerThisThreadsPriority(niceness: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>"; setpriority on a thread id sets that thread's.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
}
