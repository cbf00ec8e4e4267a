import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Core } from '@strapi/strapi';
import {
  APP_DIR,
  addLocalPlugin,
  appVariant,
  bootStrapi,
  claim,
  codeBlock,
  defect,
  exampleToJs,
  runExample,
  stopStrapi,
} from '../../harness';

/** What the variant's plugin and application record while Strapi boots (see the variant below). */
interface Probe {
  appRegisterJobRunning?: boolean;
  appBootstrapSawConfigTask?: boolean;
  appBootstrapJobRunning?: boolean;
  pluginBootstrapSawConfigTask?: boolean;
  exampleJobsAtCreation?: Array<{ name: string; running: boolean }>;
  configTaskThis?: unknown;
}
const g = globalThis as unknown as { __cronProbe: Probe };

/**
 * The application with: a named task in `server.cron.tasks` (and `enabled: true` only when
 * CLAIMS_CRON_ENABLED is set), an application `register`/`bootstrap` that add jobs, and a local
 * plugin `reports` whose `bootstrap` is the page's example, compiled as a plugin would be.
 */
const variant = appVariant('cron', (dir) => {
  writeFileSync(
    path.join(dir, 'config/server.js'),
    `const base = require(${JSON.stringify(path.join(APP_DIR, 'config/server.js'))});
module.exports = (ctx) => ({
  ...base(ctx),
  cron: {
    ...(process.env.CLAIMS_CRON_ENABLED ? { enabled: true } : {}),
    tasks: {
      'config.named': { options: '0 0 3 * * *', task() { globalThis.__cronProbe.configTaskThis = this; } },
    },
  },
});
`,
  );
  writeFileSync(
    path.join(dir, 'src/index.js'),
    `module.exports = {
  register({ strapi }) {
    strapi.cron.add({ 'app.register': { options: '0 0 4 * * *', task: () => {} } });
    globalThis.__cronProbe.appRegisterJobRunning = strapi.cron.jobs.find((j) => j.name === 'app.register').job.isRunning();
  },
  bootstrap({ strapi }) {
    const probe = globalThis.__cronProbe;
    probe.appBootstrapSawConfigTask = strapi.cron.jobs.some((j) => j.name === 'config.named');
    strapi.cron.add({ 'app.bootstrap': { options: '0 0 5 * * *', task: () => {} } });
    probe.appBootstrapJobRunning = strapi.cron.jobs.find((j) => j.name === 'app.bootstrap').job.isRunning();
  },
};
`,
  );
  addLocalPlugin(
    dir,
    'reports',
    {
      'bootstrap.js': exampleToJs(codeBlock({ title: 'server/src/bootstrap.ts' })),
      'strapi-server.js': `const example = require('./bootstrap').default;
module.exports = {
  async bootstrap({ strapi }) {
    const probe = globalThis.__cronProbe;
    probe.pluginBootstrapSawConfigTask = strapi.cron.jobs.some((j) => j.name === 'config.named');
    await example({ strapi });
    probe.exampleJobsAtCreation = strapi.cron.jobs
      .filter((j) => j.name && j.name.startsWith('reports.'))
      .map((j) => ({ name: j.name, running: j.job.isRunning() }));
  },
};
`,
    },
    { nightly: true },
  );
});
let strapi: Core.Strapi;
let disabledBoot: { probe: Probe; enabled: unknown; jobNames: Array<string | null>; appJobsRunning: boolean[] };
let enabledProbe: Probe;

before(async () => {
  g.__cronProbe = {};
  strapi = await bootStrapi({ name: 'cron', appDir: variant });
  disabledBoot = {
    probe: g.__cronProbe,
    enabled: strapi.config.get('server.cron.enabled', true),
    jobNames: strapi.cron.jobs.map((j) => j.name),
    appJobsRunning: strapi.cron.jobs.filter((j) => j.name?.startsWith('app.')).map((j) => j.job.isRunning()),
  };
  await stopStrapi(strapi);
  g.__cronProbe = {};
  strapi = await bootStrapi({ name: 'cron', keepDatabase: true, appDir: variant, env: { CLAIMS_CRON_ENABLED: '1' } });
  enabledProbe = g.__cronProbe;
});
after(async () => {
  if (strapi) await stopStrapi(strapi);
});

type Job = Core.Strapi['cron']['jobs'][number];
/** `strapi.cron.add` without the types' demand that every task return a promise. */
const addJobs = (tasks: Record<string, unknown>) => strapi.cron.add(tasks as never);
const jobNamed = (name: string): Job | undefined => strapi.cron.jobs.find((j) => j.name === name);
/** Calls `fn` with `strapi.log.error` recording its calls, and returns them. */
async function loggedErrors(fn: () => unknown): Promise<unknown[][]> {
  const calls: unknown[][] = [];
  const original = strapi.log.error;
  strapi.log.error = ((...args: unknown[]) => void calls.push(args)) as unknown as typeof strapi.log.error;
  try {
    await fn();
  } finally {
    strapi.log.error = original;
  }
  return calls;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(ok: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

claim({ id: 'enabled-defaults-to-false', says: 'so the true fallback is never reached' }, () => {
  // The variant's config/server.js sets `cron.tasks` but not `cron.enabled`, as most projects do.
  assert.equal(disabledBoot.enabled, false);
});

claim(
  {
    id: 'config-tasks-need-enabled',
    says: 'Tasks from configuration run only when the application sets cron: { enabled: true } in config/server',
  },
  () => {
    assert.ok(!disabledBoot.jobNames.includes('config.named'));
    assert.ok(jobNamed('config.named'));
  },
);

claim({ id: 'code-tasks-ignore-the-flag', says: 'Tasks that code adds with strapi.cron.add do not depend on this flag.' }, () => {
  assert.deepEqual(disabledBoot.appJobsRunning, [true, true]);
});

claim({ id: 'start-whatever-the-setting', says: 'It then calls start() whatever the setting.' }, () => {
  // Added in `register`, before start(), and running after the boot with cron disabled.
  assert.equal(disabledBoot.probe.appRegisterJobRunning, false);
  assert.equal(disabledBoot.appJobsRunning[0], true);
});

claim(
  {
    id: 'provider-bootstrap-between-plugins-and-app',
    says: "provider bootstraps run after every module's (plugin's) bootstrap and before the application's own bootstrap",
  },
  () => {
    assert.equal(enabledProbe.pluginBootstrapSawConfigTask, false);
    assert.equal(enabledProbe.appBootstrapSawConfigTask, true);
  },
);

claim(
  { id: 'paused-before-start-running-after', says: "jobs added afterwards (for example in the application's bootstrap) run at once" },
  () => {
    assert.equal(enabledProbe.appRegisterJobRunning, false);
    assert.equal(enabledProbe.appBootstrapJobRunning, true);
    assert.equal(jobNamed('app.register')?.job.isRunning(), true);
  },
);

claim({ id: 'example-jobs-paused-then-started', says: 'so both jobs are created paused and begin once start() resumes them' }, () => {
  assert.deepEqual(enabledProbe.exampleJobsAtCreation, [
    { name: 'reports.nightly', running: false },
    { name: 'reports.warmup', running: false },
  ]);
  assert.equal(jobNamed('reports.nightly')?.job.isRunning(), true);
  assert.equal(jobNamed('reports.warmup')?.job.isRunning(), true);
  // The example's schedules, as croner received them.
  const nightly = jobNamed('reports.nightly')!.job as unknown as { getPattern(): string; options: { timezone?: string } };
  assert.equal(nightly.getPattern(), '0 0 2 * * *');
  assert.equal(nightly.options.timezone, 'Europe/Paris');
  assert.equal((jobNamed('reports.warmup')!.job as unknown as { runsLeft(): number }).runsLeft(), 1);
});

claim({ id: 'remove-example', says: 'To cancel the nightly job later, for example when the setting is switched off:' }, () => {
  const nightly = jobNamed('reports.nightly')!.job as unknown as { isStopped(): boolean };
  runExample(codeBlock({ contains: 'strapi.cron.remove("reports.nightly")' }));
  assert.equal(jobNamed('reports.nightly'), undefined);
  assert.equal(nightly.isStopped(), true);
});

claim({ id: 'named-task-bound-to-its-object', says: 'In the named form, task is bound to its own { task, options } object' }, async () => {
  await jobNamed('config.named')!.job.invoke();
  const tasks = strapi.config.get('server.cron.tasks') as Record<string, unknown>;
  assert.equal(g.__cronProbe.configTaskThis, tasks['config.named']);
});

claim({ id: 'rule-as-key', says: 'bound to the whole tasks object' }, async () => {
  const tasks = {
    '0 0 1 * * *': function (this: unknown) {
      return this;
    },
  };
  addJobs(tasks);
  const spec = strapi.cron.jobs.at(-1)!;
  assert.equal(spec.name, null);
  assert.equal(spec.options, '0 0 1 * * *');
  assert.equal(await spec.job.invoke(), tasks);
  spec.job.cancel();
});

claim(
  {
    id: 'rule-as-key-cannot-be-removed',
    says: 'Jobs declared with the schedule as the key have name: null, so remove cannot target them.',
  },
  () => {
    addJobs({ '0 0 7 * * *': async () => {} });
    const spec = strapi.cron.jobs.at(-1)!;
    assert.equal(spec.name, null);
    // Neither the key nor null finds it; only destroy() will stop it.
    strapi.cron.remove('0 0 7 * * *');
    assert.throws(() => strapi.cron.remove(null as unknown as string), { message: 'You must provide a name to remove a cron job.' });
    assert.equal(strapi.cron.jobs.at(-1), spec);
    assert.equal(spec.job.isRunning(), true);
    spec.job.cancel();
  },
);

claim({ id: 'sloppy-ranges', says: "croner's sloppyRanges: true is set, so 5/15 is accepted as it was with node-schedule" }, () => {
  addJobs({ 'claims.sloppy': { task: () => {}, options: '5/15 * * * * *' } });
  const next = jobNamed('claims.sloppy')!.job.nextInvocation() as Date;
  assert.ok([5, 20, 35, 50].includes(next.getSeconds()), `next run at second ${next.getSeconds()}`);
  // Five fields: minute precision, seconds at 0.
  addJobs({ 'claims.five': { task: () => {}, options: '*/5 * * * *' } });
  const five = jobNamed('claims.five')!.job.nextInvocation() as Date;
  assert.equal(five.getSeconds(), 0);
  assert.equal(five.getMinutes() % 5, 0);
  strapi.cron.remove('claims.sloppy').remove('claims.five');
});

claim({ id: 'date-is-one-shot', says: 'A one-shot job (maxRuns: 1)' }, () => {
  addJobs({
    'claims.date': { task: () => {}, options: new Date(Date.now() + 3_600_000) },
    'claims.timestamp': { task: () => {}, options: Date.now() + 3_600_000 },
    'claims.pattern': { task: () => {}, options: '0 0 1 * * *' },
  });
  const runsLeft = (name: string) => (jobNamed(name)!.job as unknown as { runsLeft(): number }).runsLeft();
  assert.equal(runsLeft('claims.date'), 1);
  assert.equal(runsLeft('claims.timestamp'), 1);
  assert.equal(runsLeft('claims.pattern'), Infinity);
  strapi.cron.remove('claims.date').remove('claims.timestamp').remove('claims.pattern');
});

claim(
  {
    id: 'recurrence-object',
    says: 'month (0–11, shifted by one), dayOfWeek, optional year; each field a number, a string, { start, end, step? } or an array of those; missing fields become *',
  },
  () => {
    const start = new Date(Date.now() + 86_400_000);
    addJobs({
      'claims.recurrence': { task: () => {}, options: { hour: 2, minute: 30 } },
      'claims.month': {
        task: () => {},
        options: { month: 0, date: 1, dayOfWeek: [1, { start: 3, end: 5 }], minute: { start: 0, end: 30, step: 10 }, year: 2099 },
      },
      'claims.window': { task: () => {}, options: { hour: 2, tz: 'Asia/Tokyo', start } },
    });
    const job = (name: string) =>
      jobNamed(name)!.job as unknown as { getPattern(): string; options: { timezone?: string }; nextRun(): Date };
    assert.equal(job('claims.recurrence').getPattern(), '0 30 2 * * *');
    assert.equal(job('claims.month').getPattern(), '0 0-30/10 * 1 1 1,3-5 2099');
    assert.equal(job('claims.window').getPattern(), '0 * 2 * * *');
    assert.equal(job('claims.window').options.timezone, 'Asia/Tokyo');
    assert.ok(job('claims.window').nextRun().getTime() >= start.getTime() - 1000);
    strapi.cron.remove('claims.recurrence').remove('claims.month').remove('claims.window');
  },
);

claim({ id: 'rule-object', says: 'a date or timestamp makes it one-shot' }, () => {
  addJobs({
    'claims.rule': { task: () => {}, options: { rule: '0 0 * * * *', tz: 'Europe/Paris' } },
    'claims.rule-date': { task: () => {}, options: { rule: Date.now() + 3_600_000 } },
    'claims.rule-recurrence': { task: () => {}, options: { rule: { hour: 6 }, tz: 'UTC' } },
  });
  const job = (name: string) =>
    jobNamed(name)!.job as unknown as { getPattern(): string; options: { timezone?: string }; runsLeft(): number };
  assert.equal(job('claims.rule').getPattern(), '0 0 * * * *');
  assert.equal(job('claims.rule').options.timezone, 'Europe/Paris');
  assert.equal(job('claims.rule-date').runsLeft(), 1);
  assert.equal(job('claims.rule-recurrence').getPattern(), '0 * 6 * * *');
  strapi.cron.remove('claims.rule').remove('claims.rule-date').remove('claims.rule-recurrence');
});

claim(
  {
    id: 'no-function-throws',
    says: 'An object without a task function throws Could not schedule a cron job for "<key>": no function found.',
  },
  () => {
    assert.throws(() => addJobs({ 'claims.nothing': { options: '* * * * * *' } }), {
      message: 'Could not schedule a cron job for "claims.nothing": no function found.',
    });
  },
);

claim(
  { id: 'invalid-schedule-logged', says: 'add logs Could not schedule cron job "<label>": invalid schedule and skips that entry' },
  async () => {
    const before = strapi.cron.jobs.length;
    const errors = await loggedErrors(() => addJobs({ 'claims.bad': { task: () => {}, options: 'every day at noon' } }));
    assert.equal(errors.length, 1);
    assert.equal(errors[0][0], 'Could not schedule cron job "claims.bad": invalid schedule');
    assert.ok(errors[0][1] instanceof Error);
    assert.equal(strapi.cron.jobs.length, before);
  },
);

/** An every-second job that fails on its first run, started once for the claims that watch it. */
let watched: Promise<{ runs: Array<{ arg: unknown; fireDate: Date; at: number }>; errors: unknown[][] }> | undefined;
function watchFailingJob() {
  watched ??= (async () => {
    const runs: Array<{ arg: unknown; fireDate: Date; at: number }> = [];
    const errors = await loggedErrors(async () => {
      addJobs({
        'claims.every-second': {
          options: '* * * * * *',
          task(arg: unknown, fireDate: Date) {
            runs.push({ arg, fireDate, at: Date.now() });
            if (runs.length === 1) throw new Error('first run fails');
          },
        },
        '*/1 * * * * *': async () => {
          throw new Error('rule-as-key fails');
        },
      });
      await until(() => runs.length >= 2, 'two runs of the job');
    });
    strapi.cron.remove('claims.every-second');
    strapi.cron.jobs.find((j) => j.options === '*/1 * * * * *')!.job.cancel();
    return { runs, errors };
  })();
  return watched;
}

claim({ id: 'run-arguments', says: 'Each run calls fn({ strapi }, fireDate) with the global strapi' }, async () => {
  const { runs } = await watchFailingJob();
  const [first] = runs;
  assert.deepEqual(Object.keys(first.arg as object), ['strapi']);
  assert.equal((first.arg as { strapi: unknown }).strapi, (globalThis as unknown as { strapi: unknown }).strapi);
  // A scheduled second (croner's pattern time), not the moment the timer fired.
  assert.equal(first.fireDate.getMilliseconds(), 0);
  assert.ok(
    first.fireDate.getTime() <= first.at && first.at - first.fireDate.getTime() < 1800,
    `${first.at - first.fireDate.getTime()} ms late`,
  );
});

claim(
  {
    id: 'failure-logged-schedule-continues',
    says: 'where the label is the task name or, for a rule-as-key task, the key; the schedule continues',
  },
  async () => {
    const { runs, errors } = await watchFailingJob();
    const named = errors.find((e) => e[0] === 'Cron job "claims.every-second" failed');
    assert.ok(named, JSON.stringify(errors.map((e) => e[0])));
    assert.equal((named[1] as Error).message, 'first run fails');
    const keyed = errors.find((e) => e[0] === 'Cron job "*/1 * * * * *" failed');
    assert.ok(keyed);
    assert.equal((keyed[1] as Error).message, 'rule-as-key fails');
    assert.ok(runs.length >= 2);
  },
);

claim({ id: 'methods-chain', says: 'All methods except the jobs getter return the service, so calls can be chained.' }, () => {
  const cron = strapi.cron;
  assert.equal(cron.add({ 'claims.chain': { task: async () => {}, options: '0 0 1 * * *' } }), cron);
  assert.equal(cron.remove('claims.chain'), cron);
  assert.equal(cron.stop(), cron);
  assert.equal(cron.start(), cron);
});

claim({ id: 'remove-every-job-with-the-name', says: 'Stops and removes every job whose name equals name.' }, () => {
  addJobs({ 'claims.twice': { task: () => {}, options: '0 0 1 * * *' } });
  addJobs({ 'claims.twice': { task: () => {}, options: '0 0 2 * * *' } });
  const twins = strapi.cron.jobs.filter((j) => j.name === 'claims.twice').map((j) => j.job as unknown as { isStopped(): boolean });
  assert.equal(twins.length, 2);
  strapi.cron.remove('claims.twice');
  assert.equal(jobNamed('claims.twice'), undefined);
  assert.deepEqual(
    twins.map((j) => j.isStopped()),
    [true, true],
  );
});

claim(
  {
    id: 'same-name-cancels-each-other',
    says: 'remove stops every job with that name, so two plugins using the same name cancel each other.',
  },
  () => {
    const ran: string[] = [];
    addJobs({ sync: { task: () => void ran.push('plugin a'), options: '0 0 1 * * *' } });
    addJobs({ sync: { task: () => void ran.push('plugin b'), options: '0 0 2 * * *' } });
    const [a, b] = strapi.cron.jobs.filter((j) => j.name === 'sync');
    // Plugin a cancels its own job, and plugin b's goes with it.
    strapi.cron.remove('sync');
    assert.ok((a.job as unknown as { isStopped(): boolean }).isStopped());
    assert.ok((b.job as unknown as { isStopped(): boolean }).isStopped());
    assert.equal(jobNamed('sync'), undefined);
  },
);

claim({ id: 'remove-needs-a-name', says: 'Throws You must provide a name to remove a cron job. for an empty name' }, () => {
  assert.throws(() => strapi.cron.remove(''), { message: 'You must provide a name to remove a cron job.' });
});

claim({ id: 'stop-pauses-and-keeps', says: 'Pauses every job and clears the running flag; jobs are kept' }, () => {
  const count = strapi.cron.jobs.length;
  strapi.cron.stop();
  try {
    assert.equal(strapi.cron.jobs.length, count);
    assert.ok(strapi.cron.jobs.every((j) => !j.job.isRunning()));
    // With the flag cleared, a new job is created paused.
    addJobs({ 'claims.while-stopped': { task: () => {}, options: '0 0 1 * * *' } });
    assert.equal(jobNamed('claims.while-stopped')!.job.isRunning(), false);
  } finally {
    strapi.cron.start();
    strapi.cron.remove('claims.while-stopped');
  }
});

claim({ id: 'start-resumes-every-job', says: 'Resumes every job, then sets the running flag' }, () => {
  strapi.cron.stop();
  addJobs({ 'claims.paused': { task: () => {}, options: '0 0 1 * * *' } });
  assert.equal(jobNamed('claims.paused')!.job.isRunning(), false);
  strapi.cron.start();
  assert.ok(strapi.cron.jobs.every((j) => j.job.isRunning() || (j.job as unknown as { isStopped(): boolean }).isStopped()));
  assert.equal(jobNamed('claims.paused')!.job.isRunning(), true);
  // The flag is set: a job added now starts unpaused.
  addJobs({ 'claims.after-start': { task: () => {}, options: '0 0 1 * * *' } });
  assert.equal(jobNamed('claims.after-start')!.job.isRunning(), true);
  strapi.cron.remove('claims.paused').remove('claims.after-start');
});

claim({ id: 'invoke-runs-now', says: 'Runs the task now with ({ strapi }, currentRun or now)' }, async () => {
  const seen: unknown[][] = [];
  addJobs({ 'claims.invoke': { task: (...args: unknown[]) => void seen.push(args), options: '0 0 1 1 * *' } });
  const before = Date.now();
  await jobNamed('claims.invoke')!.job.invoke();
  assert.equal(seen.length, 1);
  assert.equal((seen[0][0] as { strapi: unknown }).strapi, strapi);
  // Never run by croner yet: no currentRun, so the date is now.
  const date = seen[0][1] as Date;
  assert.ok(date.getTime() >= before && date.getTime() <= Date.now());
  strapi.cron.remove('claims.invoke');
});

claim({ id: 'cancel-keeps-the-entry', says: 'Stops the croner job; returns true (the entry stays in jobs)' }, () => {
  addJobs({ 'claims.cancel': { task: () => {}, options: '0 0 1 * * *' } });
  const spec = jobNamed('claims.cancel')!;
  assert.equal(spec.job.cancel(), true);
  assert.equal((spec.job as unknown as { isStopped(): boolean }).isStopped(), true);
  assert.equal(jobNamed('claims.cancel'), spec);
  strapi.cron.remove('claims.cancel');
});

claim(
  { id: 'reschedule', says: 'Builds a new croner job from a new schedule, stops the old one, and updates options in jobs' },
  async () => {
    addJobs({ 'claims.reschedule': { task: () => {}, options: '0 0 1 * * *' } });
    const spec = jobNamed('claims.reschedule')!;
    const handle = spec.job as unknown as { getPattern(): string; reschedule(s: unknown): boolean; nextInvocation(): Date | null };
    assert.equal(handle.reschedule('0 30 4 * * *'), true);
    assert.equal(handle.getPattern(), '0 30 4 * * *');
    assert.equal(handle.nextInvocation()?.getMinutes(), 30);
    assert.equal(jobNamed('claims.reschedule')!.options, '0 30 4 * * *');
    assert.equal(jobNamed('claims.reschedule')!.job, handle);
    const errors = await loggedErrors(() => assert.equal(handle.reschedule('not a schedule'), false));
    assert.equal(errors[0][0], 'Could not reschedule cron job "claims.reschedule"');
    assert.equal(handle.getPattern(), '0 30 4 * * *');
    strapi.cron.remove('claims.reschedule');
  },
);

defect(
  {
    id: 'null-task-type-error',
    says: 'a null or undefined value fails with a TypeError before that check',
    summary: '`strapi.cron.add` with a `null` or `undefined` task value throws a TypeError instead of its "no function found" error',
  },
  () => {
    assert.throws(
      () => addJobs({ 'claims.null': null }),
      (error: Error) => {
        assert.ok(error instanceof TypeError);
        assert.match(error.message, /Cannot read properties of null \(reading 'task'\)/);
        return true;
      },
    );
  },
);

defect(
  {
    id: 'fire-date-lags-after-a-pause',
    says: 'every later run is told the date of a run that was skipped',
    summary:
      'After the cron service was stopped across scheduled times, each run of a job receives a `fireDate` that lags behind by the skipped runs',
  },
  async () => {
    const dates: Array<{ fireDate: Date; at: number }> = [];
    addJobs({
      'claims.lag': { options: '* * * * * *', task: (_arg: unknown, fireDate: Date) => void dates.push({ fireDate, at: Date.now() }) },
    });
    strapi.cron.stop();
    await sleep(2600);
    strapi.cron.start();
    await until(() => dates.length >= 2, 'two runs after the pause');
    strapi.cron.remove('claims.lag');
    // The runs happen on time, but each is told a date at least two seconds old: the skipped ones.
    for (const { fireDate, at } of dates.slice(0, 2)) assert.ok(at - fireDate.getTime() >= 1900, `${at - fireDate.getTime()} ms`);
  },
);

/** Destroys the instance once, for the two claims about destroy(). */
let destroyed: Promise<{ jobs: Array<{ isStopped(): boolean; isRunning(): boolean }>; after: unknown[] }> | undefined;
function destroyOnce() {
  destroyed ??= (async () => {
    const jobs = strapi.cron.jobs.map((j) => j.job as unknown as { isStopped(): boolean; isRunning(): boolean });
    const cron = strapi.cron;
    assert.ok(jobs.length > 0);
    await stopStrapi(strapi);
    strapi = undefined as unknown as Core.Strapi;
    return { jobs, after: cron.jobs };
  })();
  return destroyed;
}

claim({ id: 'destroy-stops-and-empties', says: 'which pauses every job, stops it permanently and empties the list' }, async () => {
  const { jobs, after: remaining } = await destroyOnce();
  assert.deepEqual(remaining, []);
  assert.ok(jobs.every((j) => j.isStopped() && !j.isRunning()));
});

claim({ id: 'destroy-row', says: 'stop(), then stops every job permanently and empties the list' }, async () => {
  const { jobs, after: remaining } = await destroyOnce();
  assert.equal(remaining.length, 0);
  assert.ok(jobs.every((j) => j.isStopped()));
});
