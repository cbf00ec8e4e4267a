/**
 * Some pages show their example as a Jest test (`it(...)` with `expect(...)`), the way Strapi's own
 * unit tests are written. Jest is not part of the test application, so `jestGlobals()` provides the
 * few globals such an example uses, with Jest's semantics: `it`/`test` record the test, `expect`
 * supports `toEqual`, `toStrictEqual`, `toBe`, `toBeCloseTo` (default precision 2), `toBeUndefined`,
 * `toBeDefined`, `toBeNull`, `toHaveLength`, `toContain`, `toThrow` and `.not`. Load the example
 * inside `load()`, then `run()` runs every recorded test and throws the first failure.
 */
import assert from 'node:assert/strict';

type TestFn = () => unknown | Promise<unknown>;

function matchers(actual: unknown, negate: boolean) {
  const check = (pass: boolean, message: string) => {
    if (pass === negate) throw new assert.AssertionError({ message: negate ? `not: ${message}` : message, actual });
  };
  const deepEqual = (expected: unknown, strict: boolean) => {
    try {
      if (strict) assert.deepStrictEqual(actual, expected);
      else assert.deepEqual(JSON.parse(JSON.stringify(actual ?? null)), JSON.parse(JSON.stringify(expected ?? null)));
      return true;
    } catch {
      return false;
    }
  };
  return {
    toEqual: (expected: unknown) =>
      check(deepEqual(expected, false), `expected ${JSON.stringify(actual)} to equal ${JSON.stringify(expected)}`),
    toStrictEqual: (expected: unknown) =>
      check(deepEqual(expected, true), `expected ${JSON.stringify(actual)} to strictly equal ${JSON.stringify(expected)}`),
    toBe: (expected: unknown) => check(Object.is(actual, expected), `expected ${String(actual)} to be ${String(expected)}`),
    toBeCloseTo: (expected: number, digits = 2) =>
      check(
        Math.abs(Number(actual) - expected) < 10 ** -digits / 2,
        `expected ${String(actual)} to be close to ${expected} (${digits} digits)`,
      ),
    toBeUndefined: () => check(actual === undefined, `expected ${String(actual)} to be undefined`),
    toBeDefined: () => check(actual !== undefined, 'expected a defined value'),
    toBeNull: () => check(actual === null, `expected ${String(actual)} to be null`),
    toHaveLength: (n: number) => check((actual as { length?: number })?.length === n, `expected length ${n}`),
    toContain: (item: unknown) => check((actual as unknown[] | string).includes(item as never), `expected to contain ${String(item)}`),
    toThrow: (expected?: string | RegExp) => {
      let thrown: unknown;
      try {
        (actual as () => unknown)();
      } catch (error) {
        thrown = error ?? new Error('undefined thrown');
      }
      const message = thrown instanceof Error ? thrown.message : String(thrown);
      const pass =
        thrown !== undefined &&
        (expected === undefined || (typeof expected === 'string' ? message.includes(expected) : expected.test(message)));
      check(
        pass,
        `expected the function to throw${expected ? ` ${String(expected)}` : ''}, got ${thrown === undefined ? 'no error' : message}`,
      );
    },
  };
}

function expect(actual: unknown) {
  return Object.assign(matchers(actual, false), { not: matchers(actual, true) });
}

export function jestRecorder() {
  const tests: Array<{ name: string; fn: TestFn }> = [];
  const record = (name: string, fn: TestFn) => void tests.push({ name, fn });
  const globals: Record<string, unknown> = { it: record, test: record, describe: (_: string, fn: () => void) => fn(), expect };
  // Installed while the example loads and while each test runs (a test body reads them when it runs).
  const install = () => {
    const saved = Object.fromEntries(Object.keys(globals).map((k) => [k, (globalThis as Record<string, unknown>)[k]]));
    Object.assign(globalThis, globals);
    return () => {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete (globalThis as Record<string, unknown>)[k];
        else (globalThis as Record<string, unknown>)[k] = v;
      }
    };
  };
  return {
    tests,
    /** Runs `fn` (typically `runExample(...)`) with the globals installed. */
    load<T>(fn: () => T): T {
      const restore = install();
      try {
        return fn();
      } finally {
        restore();
      }
    },
    /** Runs every recorded test in order; throws the first failure, naming the test. */
    async run(): Promise<string[]> {
      if (tests.length === 0) throw new Error('the example declared no test');
      for (const t of tests) {
        const restore = install();
        try {
          await t.fn();
        } catch (error) {
          throw new Error(`example test "${t.name}" failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        } finally {
          restore();
        }
      }
      return tests.map((t) => t.name);
    },
  };
}
