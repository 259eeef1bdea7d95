import type { CaptchaChallenge } from '@backdesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha } from '../get-captcha.ts';
import { encodeCaptchaToken, msUntilRenewal } from './captcha-token.ts';
import type { SolverReply } from './solve-captcha.worker.ts';

export type CaptchaStatus = 'loading' | 'ready' | 'solving' | 'verified' | 'expired' | 'error';

export interface CaptchaState {
  status: CaptchaStatus;
  /** The payload to post as `captchaToken`, once verified. */
  token?: string;
}

export interface Captcha extends CaptchaState {
  /** The user asked to verify (ticked the box or started filling the form). */
  start(): void;
  /** A token is good for one attempt: fetch and solve a new challenge. */
  renew(): void;
}

/**
 * The proof-of-work captcha of the sign-in form: fetches a challenge, solves it in a Web Worker
 * once the user asks, and replaces it before it expires.
 */
export function useCaptcha(): Captcha {
  const [state, setState] = useState<CaptchaState>({ status: 'loading' });
  const challenge = useRef<CaptchaChallenge | undefined>(undefined);
  const wanted = useRef(false);
  const worker = useRef<Worker | undefined>(undefined);
  const renewal = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | undefined>(undefined);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = undefined;
    clearTimeout(renewal.current);
    request.current?.abort();
  }, []);

  const solve = useCallback((current: CaptchaChallenge) => {
    setState({ status: 'solving' });
    const solver = new Worker(new URL('./solve-captcha.worker.ts', import.meta.url), { type: 'module' });
    worker.current = solver;
    solver.onmessage = (event: MessageEvent<SolverReply>) => {
      solver.terminate();
      if (worker.current !== solver) return;
      worker.current = undefined;
      const reply = event.data;
      if ('solution' in reply)
        setState({ status: 'verified', token: encodeCaptchaToken(current, reply.solution) });
      else setState({ status: 'error' });
    };
    solver.onerror = () => {
      solver.terminate();
      if (worker.current === solver) setState({ status: 'error' });
    };
    solver.postMessage(current);
  }, []);

  const load = useCallback(
    async (status: 'loading' | 'expired' = 'loading') => {
      stop();
      challenge.current = undefined;
      setState({ status });
      const controller = new AbortController();
      request.current = controller;
      try {
        const fresh = await getCaptcha(controller.signal);
        if (controller.signal.aborted) return;
        challenge.current = fresh;
        const renewIn = msUntilRenewal(fresh, Date.now());
        if (renewIn !== undefined) renewal.current = setTimeout(() => void load('expired'), renewIn);
        if (wanted.current) solve(fresh);
        else setState({ status: 'ready' });
      } catch (error) {
        if (!controller.signal.aborted) {
          console.error('Captcha challenge could not be loaded', error);
          setState({ status: 'error' });
        }
      }
    },
    [solve, stop],
  );

  useEffect(() => {
    void load();
    return stop;
  }, [load, stop]);

  const start = useCallback(() => {
    wanted.current = true;
    if (state.status === 'ready' && challenge.current) solve(challenge.current);
    else if (state.status === 'error') void load();
  }, [state.status, load, solve]);

  const renew = useCallback(() => void load(), [load]);

  return { ...state, start, renew };
}
