import { afterAll, expect } from 'vitest';
import { undeclaredAnswers, watchEveryApp } from './declared-answers.ts';

/**
 * A setup file of every test file: each answer of an app built in the file (and of a server process
 * it starts, test-server.ts) is checked against the app's OpenAPI document, and the file fails,
 * listing them, when one was not declared for its operation.
 */
watchEveryApp((problem) => undeclaredAnswers.add(problem, expect.getState().currentTestName ?? 'a hook'));

afterAll(() => {
  const found = undeclaredAnswers.take();
  if (found.size === 0) return;
  const lines = [...found].map(([problem, where]) => `  ${problem}  (${[...where].slice(0, 2).join('; ')})`);
  throw new Error(
    `${found.size} answer(s) not declared in the OpenAPI document; declare them in the contract ` +
      `(errors, file) or fix the server:\n${lines.join('\n')}`,
  );
});
