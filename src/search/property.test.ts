/**
 * Property test: thousands of random and adversarial strings thrown at the parser and the
 * ranking never raise; each gives results or an error message.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { SECTIONS, SETTINGS, buildIndex } from './fixture';
import { parseQuery } from './queryParser';
import { search } from './ranking';

const fixture = buildIndex(SECTIONS);
const OPERATORS = ['+', '-', ':', '~', '^', '*', '\\', ' ', 'title:', 'content:', 'tags:', 'x:', '~2', '^10', '~a', '^b'];
const META = ['.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '^', '$', '\\', '/', '\u0000', '\u200b', '\ud83d\ude00', '\ud800'];
const WORDS = ['hooks', 'server', 'lifecycle', 'transactions', 'admin', 'config', 'injection', 'permission'];

const adversarial = fc
  .array(
    fc.oneof(
      fc.constantFrom(...OPERATORS),
      fc.constantFrom(...META),
      fc.constantFrom(...WORDS),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 600 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 200 }),
  adversarial,
);

function check(input: string): void {
  const parsed = parseQuery(input);
  if (!parsed.ok) assert.ok(parsed.error.length > 0);
  const outcome = search([fixture, { documents: [], index: null }], input, SETTINGS);
  if (outcome.kind === 'error') {
    assert.ok(outcome.message.length > 0);
  } else {
    assert.ok(outcome.results.length <= SETTINGS.maxSearchResults);
  }
}

describe('parser and ranking never throw', () => {
  it('on thousands of random and adversarial strings', () => {
    fc.assert(
      fc.property(anyString, (input) => check(input)),
      { numRuns: 4000 },
    );
  });

  it('on 10,000-character inputs', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPERATORS, ...META, ...WORDS, 'a', 'é'), fc.constantFrom(' ', '', '*', '~2 '), (unit, sep) => {
        const input = `${unit}${sep}`.repeat(Math.ceil(10_000 / Math.max(1, unit.length + sep.length))).slice(0, 10_000);
        check(input);
      }),
      { numRuns: 200 },
    );
  });

  it('the combined query ranks exactly like the per-field one, on random word lists', () => {
    const words = fc.array(
      fc.oneof(
        fc.constantFrom(...WORDS),
        fc.constantFrom(...WORDS).map((w) => w.slice(0, 3)),
      ),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(words, fc.option(fc.integer({ min: 1, max: 20 })), (list, boost) => {
        const query = list.map((word, i) => (i === 0 && boost ? `${word}^${boost}` : word)).join(' ');
        const literal = search([fixture], query, SETTINGS, 'literal');
        const combined = search([fixture], query, SETTINGS, 'combined');
        assert.ok(literal.kind === 'results' && combined.kind === 'results');
        assert.deepEqual(
          combined.results.map((r) => r.score.toFixed(9)),
          literal.results.map((r) => r.score.toFixed(9)),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('on fixed nasty cases', () => {
    for (const input of [
      '*',
      '**',
      '*~2',
      'a*~2',
      '-',
      '+-',
      '--x',
      '\\',
      'title:*',
      '~',
      '^',
      ':',
      'x'.repeat(10_000) + '~2',
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      '((((',
      '$&$1',
    ]) {
      check(input);
    }
  });
});
