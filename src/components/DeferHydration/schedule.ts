/**
 * The order and pace in which the deferred parts of the first page load hydrate (./index.tsx).
 *
 * Parts hydrate one at a time, in the order they were queued (document order, a nested part after
 * its parent). After a part has hydrated, the next one starts in the same task while the task is
 * younger than the time budget, otherwise in a new task: so the page hydrates in tasks of about
 * the budget each (plus at most one part), and input and paint can run between them.
 *
 * A plain module (no React), so it is unit-tested without a browser (./schedule.test.ts).
 */

/** One deferred part's place in the queue. */
export interface Turn {
  /** Settles when the part may hydrate: what its gate throws while it waits. */
  readonly promise: Promise<void>;
  /** True once the part may hydrate. */
  ready: boolean;
  /** True once the part has hydrated (its gate called `hydrated`). */
  done: boolean;
}

interface QueuedTurn extends Turn {
  open(): void;
}

/** Runs `callback` in a new task, after the current one. */
export type PostTask = (callback: () => void) => void;

export interface ScheduleOptions {
  /** Starts a slice of parts: after the next frame, so that the effects of the last slice ran first. */
  nextSlice: PostTask;
  /** The task after the current one (the check that a part reported). */
  postTask: PostTask;
  /** Milliseconds, monotonic. */
  now: () => number;
  /** How long a task may go on opening parts, in milliseconds. */
  budget: number;
}

export interface HydrationSchedule {
  /** A new turn at the end of the queue; the queue starts moving in a later task. */
  enqueue(): Turn;
  /** What a part calls once it has hydrated (in a layout effect): the next part may start. */
  hydrated(turn: Turn): void;
  /** True while a part waits or hydrates. */
  pending(): boolean;
  /** Runs `callback` once every queued part has hydrated (at once when none is pending). */
  afterHydration(callback: () => void): void;
}

export function createSchedule({ nextSlice, postTask, now, budget }: ScheduleOptions): HydrationSchedule {
  const queue: QueuedTurn[] = [];
  const callbacks: Array<() => void> = [];
  let moving = false;
  let current: QueuedTurn | null = null;
  let taskStart = 0;

  function next(): void {
    const turn = queue.shift();
    if (!turn) {
      current = null;
      moving = false;
      for (const callback of callbacks.splice(0)) callback();
      return;
    }
    current = turn;
    turn.ready = true;
    turn.open();
    // A part that never reports (it was unmounted while waiting, or threw) must not stall the
    // queue: one task later, it counts as hydrated.
    postTask(() => {
      if (current === turn) finish(turn);
    });
  }

  function task(): void {
    taskStart = now();
    next();
  }

  function finish(turn: QueuedTurn): void {
    turn.done = true;
    if (current !== turn) return;
    current = null;
    if (now() - taskStart < budget) next();
    else nextSlice(task);
  }

  return {
    enqueue() {
      let open: () => void = () => undefined;
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      const turn: QueuedTurn = { promise, ready: false, done: false, open };
      queue.push(turn);
      if (!moving) {
        moving = true;
        nextSlice(task);
      }
      return turn;
    },
    hydrated(turn) {
      finish(turn as QueuedTurn);
    },
    pending() {
      return moving;
    },
    afterHydration(callback) {
      if (moving) callbacks.push(callback);
      else callback();
    },
  };
}

/** Callbacks waiting for their task, in order; one message on the shared channel each. */
const posted: Array<() => void> = [];
let channel: MessageChannel | undefined;

/**
 * A task after the current one: a message on one shared MessageChannel where it exists (no 4 ms
 * clamp; one channel for the page, since creating one per call cost a part its own channel and
 * ports), else setTimeout.
 */
export function postTask(callback: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(callback, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => posted.shift()?.();
  }
  posted.push(callback);
  channel.port2.postMessage(null);
}

/**
 * A task after the next frame, as Preact runs effects (preact/hooks `afterNextFrame`: the frame,
 * or 35 ms when no frame comes, as in a hidden tab). Preact's own frame callback for the effects
 * of the slice just hydrated was requested first, so those effects run in a task of their own
 * before the next slice, instead of piling up into one long task after the last slice.
 */
export function afterNextFrame(callback: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') {
    setTimeout(callback, 0);
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(callback, 0);
  };
  const timeout = setTimeout(run, 35);
  const frame = requestAnimationFrame(run);
}

/**
 * The page's schedule. 8 ms per task: Lighthouse's mobile preset counts a task as blocking above
 * 50 ms at a 4x slower CPU, that is above 12.5 ms here.
 */
export const schedule = createSchedule({ nextSlice: afterNextFrame, postTask, now: () => performance.now(), budget: 8 });

export const afterHydration = (callback: () => void): void => schedule.afterHydration(callback);
