/**
 * The task reading of scripts/trace-tasks.ts on a trace written for each case: only tasks after
 * the first contentful paint and on the page's main thread count; a task's kind comes from what ran
 * in it; the blocking time is 4 x the duration less 50 ms; CPU samples are charged to their task.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { figures, kindOf, median, type TraceEvent } from './trace-tasks';

const PID = 7;
const MAIN = 1;
const event = (name: string, ts: number, dur: number, args?: TraceEvent['args'], tid = MAIN): TraceEvent => ({
  name,
  ph: 'X',
  pid: PID,
  tid,
  ts,
  dur,
  args,
});

function trace(): TraceEvent[] {
  return [
    { name: 'thread_name', pid: PID, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', pid: PID, tid: 2, ts: 0, args: { name: 'Compositor' } },
    { name: 'firstContentfulPaint', pid: PID, tid: MAIN, ts: 100_000 },
    // Before the paint: not counted, however long.
    event('RunTask', 10_000, 60_000),
    event('ParseHTML', 10_000, 60_000),
    // After it: the main bundle (20 ms), a slice (13 ms), a short slice (5 ms), a style task (12 ms).
    event('RunTask', 110_000, 20_000),
    event('EvaluateScript', 110_000, 19_000, { data: { url: 'http://127.0.0.1/assets/js/main.0123abcd.js' } }),
    event('RunTask', 140_000, 13_000),
    event('TimerFire', 140_000, 13_000),
    event('RunTask', 160_000, 5_000),
    event('TimerFire', 160_000, 5_000),
    event('RunTask', 170_000, 12_000),
    event('UpdateLayoutTree', 170_000, 11_000),
    // Another thread's long task is not the page's.
    event('RunTask', 200_000, 80_000, undefined, 2),
    // Samples at 111, 112 and 141 ms: two in the main bundle's task (110 to 130 ms), one in the slice.
    { name: 'Profile', pid: PID, tid: MAIN, ts: 0, args: { data: { startTime: 0 } } },
    {
      name: 'ProfileChunk',
      pid: PID,
      tid: MAIN,
      ts: 1,
      args: {
        data: {
          cpuProfile: {
            nodes: [
              {
                id: 1,
                callFrame: { url: 'http://127.0.0.1/assets/js/main.0123abcd.js', functionName: 'a', lineNumber: 0, columnNumber: 5 },
              },
              { id: 2, parent: 1, callFrame: { url: '', functionName: 'appendChild', lineNumber: -1, columnNumber: -1 } },
            ],
            samples: [1, 2, 1],
          },
          timeDeltas: [111_000, 1_000, 29_000],
        },
      },
    },
  ];
}

test('tasks after the first paint on the page’s main thread, by kind, with their blocking time at 4x', () => {
  const load = figures(trace(), (frame) => (frame.url ? 'main.js' : `(${frame.functionName})`));
  assert.deepEqual(
    [...load.longest],
    [
      ['main bundle', 20],
      ['timer (hydration slice)', 13],
    ],
  );
  assert.equal(load.long, 2);
  assert.equal(load.slices, 2);
  assert.equal(load.longSlices, 1);
  // 4 x 20 - 50, 4 x 13 - 50, nothing for 5 ms (-30), 4 x 12 - 50 < 0.
  assert.equal(load.blocking4x, 30 + 2);
  // The first sample until the second (1 ms), the second until the task's end (18 ms).
  assert.deepEqual(
    [...load.files.get('main bundle')!],
    [
      ['main.js', 1],
      ['(appendChild)', 18],
    ],
  );
  // The slice's one sample, at 141 ms, until its end at 153 ms.
  assert.deepEqual([...load.files.get('timer (hydration slice)')!], [['main.js', 12]]);
});

test('a task’s kind: a bundle, a route chunk, the loader, a slice, style, the preload’s microtasks', () => {
  const url = (file: string) => ({ data: { url: `http://h/assets/js/${file}` } });
  assert.equal(kindOf([event('EvaluateScript', 0, 1, url('main.1.js'))]), 'main bundle');
  assert.equal(kindOf([event('EvaluateScript', 0, 1, url('runtime~main.1.js'))]), 'runtime');
  assert.equal(kindOf([event('EvaluateScript', 0, 1, url('17896441.1.js'))]), 'route chunk (hydration)');
  assert.equal(kindOf([event('FunctionCall', 0, 1, { data: { url: 'http://h/guides/page' } })]), 'inline script (loader)');
  assert.equal(kindOf([event('FunctionCall', 0, 1, url('main.1.js')), event('TimerFire', 0, 1)]), 'timer (hydration slice)');
  assert.equal(kindOf([event('UpdateLayoutTree', 0, 1)]), 'style and layout');
  assert.equal(kindOf([event('RunMicrotasks', 0, 1)]), 'microtasks (route preload)');
  assert.equal(kindOf([]), 'other');
});

test('the kind of a task named by each trace event it holds', () => {
  // Written out here, not read from kindOf: an event name dropped from the code fails this test.
  const kinds: Array<[string, string]> = [
    ['TimerFire', 'timer (hydration slice)'],
    ['FireIdleCallback', 'idle callback (prefetch)'],
    ['FireAnimationFrame', 'animation frame'],
    ['ParseAuthorStyleSheet', 'stylesheet parse'],
    ['UpdateLayoutTree', 'style and layout'],
    ['Layout', 'style and layout'],
    ['RunMicrotasks', 'microtasks (route preload)'],
    ['EventDispatch', 'event'],
  ];
  assert.deepEqual(
    kinds.map(([name]) => [name, kindOf([event('RunTask', 0, 1), event(name, 0, 1)])]),
    kinds,
  );
});

test('median: the middle value, the upper one of an even count, 0 for none', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 3);
  assert.equal(median([]), 0);
});
