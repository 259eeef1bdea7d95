// Solving runs here, off the main thread, so the sign-in form stays responsive while it works.
import type { CaptchaChallenge } from '@backdesk/contract';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

export type SolverReply =
  | { solution: { counter: number; derivedKey: string; time?: number } }
  | { error: string };

// The project is typed for the DOM; describe the little of the worker scope used here.
const worker = self as unknown as {
  onmessage: (event: MessageEvent<CaptchaChallenge>) => void;
  postMessage: (reply: SolverReply) => void;
};

worker.onmessage = async (event: MessageEvent<CaptchaChallenge>) => {
  let reply: SolverReply;
  try {
    const solution = await solveChallenge({ challenge: event.data as Challenge, deriveKey });
    reply = solution ? { solution } : { error: 'No solution found in time' };
  } catch (error) {
    reply = { error: String(error) };
  }
  worker.postMessage(reply);
};
