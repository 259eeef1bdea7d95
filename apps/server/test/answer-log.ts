import { appendFileSync } from 'node:fs';
import { watchEveryApp } from './declared-answers.ts';

/**
 * Loaded (`--import`) into a server process a test starts (test-server.ts): each answer its app gives
 * that its OpenAPI document does not declare is appended to BACKDESK_ANSWER_LOG, which the test reads
 * when it stops the server. Nothing of it is in the server's own code.
 */
const log = process.env.BACKDESK_ANSWER_LOG;
if (log) watchEveryApp((problem) => appendFileSync(log, `${problem}\n`));
