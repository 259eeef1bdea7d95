// Hand checks for the few answers the sign-in page reads before it is usable: zod's core alone is
// ~13 KB gzip, which the page's 150 KB budget cannot carry (decision 0028). A check accepts what its
// contract schema accepts and nothing else, and drops unknown keys as zod's objects do; its test holds
// it to that schema. Everything else is parsed with the contract (lib/api.ts).

/** An answer that does not have the contract's shape. */
export class AnswerShapeError extends Error {
  override readonly name = 'AnswerShapeError';
}

export type Check<T> = (value: unknown, path?: string) => T;
type OptionalCheck<T> = Check<T | undefined> & { optional: true };

const refuse = (path: string | undefined, expected: string): never => {
  throw new AnswerShapeError(`${path ?? 'answer'}: expected ${expected}`);
};

export const string: Check<string> = (value, path) =>
  typeof value === 'string' ? value : refuse(path, 'a string');

/** zod's number: finite only. */
export const number: Check<number> = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? value : refuse(path, 'a number');

export const boolean: Check<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : refuse(path, 'a boolean');

export const array =
  <T>(item: Check<T>): Check<T[]> =>
  (value, path = 'answer') =>
    Array.isArray(value) ? value.map((entry, i) => item(entry, `${path}[${i}]`)) : refuse(path, 'an array');

/** A key that may be missing (or undefined); absent from the result when it is. */
export const optional = <T>(check: Check<T>): OptionalCheck<T> =>
  Object.assign((value: unknown, path?: string) => (value === undefined ? undefined : check(value, path)), {
    optional: true as const,
  });

type Shape = Record<string, Check<unknown>>;
type Output<S extends Shape> = {
  [K in keyof S as S[K] extends { optional: true } ? never : K]: ReturnType<S[K]>;
} & {
  [K in keyof S as S[K] extends { optional: true } ? K : never]?: Exclude<ReturnType<S[K]>, undefined>;
};

/** zod's object: a plain object (not null, not an array) holding the shape's keys, and only those kept. */
export const object =
  <S extends Shape>(shape: S): Check<Output<S>> =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse(path, 'an object');
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const checked = check(input[key], path ? `${path}.${key}` : key);
      if (checked !== undefined || key in input) out[key] = checked;
    }
    return out as Output<S>;
  };
