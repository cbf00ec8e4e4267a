/**
 * The hydration schedule (./schedule.ts) with a hand-driven task queue and clock: parts open one
 * at a time in queue order, several in one task while the task is within its budget, the queue
 * never stalls on a part that does not report, and `afterHydration` waits for the last part.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSchedule, type Turn } from './schedule';

function harness(budget = 8) {
  const tasks: Array<() => void> = [];
  let clock = 0;
  const post = (callback: () => void) => tasks.push(callback);
  const schedule = createSchedule({ nextSlice: post, postTask: post, now: () => clock, budget });
  return {
    schedule,
    tasks,
    advance(ms: number) {
      clock += ms;
    },
    /** Runs the oldest task, then its microtasks (a resolved turn's promise callbacks). */
    async runTask() {
      const task = tasks.shift();
      assert.ok(task, 'a task is queued');
      task();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const ready = (turns: Turn[]) => turns.map((turn) => turn.ready);

test('nothing opens in the task that queued the parts; the first opens in the next task', async () => {
  const h = harness();
  const turns = [h.schedule.enqueue(), h.schedule.enqueue()];
  assert.deepEqual(ready(turns), [false, false]);
  assert.equal(h.tasks.length, 1, 'one task posted for the whole queue');
  await h.runTask();
  assert.deepEqual(ready(turns), [true, false]);
  let settled = false;
  await turns[0].promise.then(() => {
    settled = true;
  });
  assert.ok(settled, "the open turn's promise settles, which is what lets its part render");
});

test('parts open in queue order, the next in the same task while within the budget', async () => {
  const h = harness(8);
  const turns = [h.schedule.enqueue(), h.schedule.enqueue(), h.schedule.enqueue()];
  await h.runTask();
  h.advance(3);
  h.schedule.hydrated(turns[0]);
  assert.deepEqual(ready(turns), [true, true, false], '3 ms into the task: the second part opens at once');
  h.advance(6);
  h.schedule.hydrated(turns[1]);
  assert.deepEqual(ready(turns), [true, true, false], '9 ms into the task: the third waits for a new task');
  // The second turn's watchdog and the new task are queued; the new task opens the third part.
  while (h.tasks.length > 0 && !turns[2].ready) await h.runTask();
  assert.deepEqual(ready(turns), [true, true, true]);
  assert.deepEqual(
    turns.map((turn) => turn.done),
    [true, true, false],
  );
});

test('a part that never reports counts as hydrated one task later, so the queue moves on', async () => {
  const h = harness();
  const turns = [h.schedule.enqueue(), h.schedule.enqueue()];
  await h.runTask();
  assert.deepEqual(ready(turns), [true, false]);
  await h.runTask(); // the watchdog of the first turn
  assert.equal(turns[0].done, true);
  assert.deepEqual(ready(turns), [true, true]);
});

test('a late report from a part the watchdog already passed does not open a part twice', async () => {
  const h = harness();
  const turns = [h.schedule.enqueue(), h.schedule.enqueue(), h.schedule.enqueue()];
  await h.runTask();
  await h.runTask(); // watchdog: first counts as hydrated, the second opens
  h.advance(20);
  h.schedule.hydrated(turns[0]); // late, and the task is over budget: nothing may change
  assert.deepEqual(ready(turns), [true, true, false]);
  assert.equal(h.tasks.length, 1, "only the second turn's watchdog is queued");
});

test('a part queued while another hydrates (a nested part) opens after it', async () => {
  const h = harness();
  const outer = h.schedule.enqueue();
  await h.runTask();
  const inner = h.schedule.enqueue();
  assert.equal(inner.ready, false);
  h.schedule.hydrated(outer);
  assert.equal(inner.ready, true);
});

test('afterHydration runs at once when nothing waits, else after the last part has hydrated', async () => {
  const h = harness();
  const calls: string[] = [];
  h.schedule.afterHydration(() => calls.push('idle'));
  assert.deepEqual(calls, ['idle']);
  assert.equal(h.schedule.pending(), false);

  const turns = [h.schedule.enqueue(), h.schedule.enqueue()];
  h.schedule.afterHydration(() => calls.push('after'));
  assert.equal(h.schedule.pending(), true);
  await h.runTask();
  h.schedule.hydrated(turns[0]);
  assert.deepEqual(calls, ['idle'], 'one part is still hydrating');
  h.schedule.hydrated(turns[1]);
  assert.deepEqual(calls, ['idle', 'after']);
  assert.equal(h.schedule.pending(), false);
  h.schedule.afterHydration(() => calls.push('later'));
  assert.deepEqual(calls, ['idle', 'after', 'later']);
});
