/**
 * The Preact client plugin: the aliases it gives the browser compilation only, and the `react`
 * module it points to (the class component context and the error log React would have printed).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { options } from 'preact';
import * as compat from 'preact/compat';
import preactClientPlugin, { PREACT_ALIASES } from './index';
import React, { Component } from './react';

type Configure = (config: object, isServer: boolean) => { resolve?: { alias?: Record<string, string> } };

test('the browser compilation gets the aliases, the server compilation nothing', () => {
  const plugin = preactClientPlugin();
  assert.equal(plugin.name, 'preact-client');
  const configure = plugin.configureWebpack as unknown as Configure;
  assert.deepEqual(configure({}, false), { resolve: { alias: PREACT_ALIASES } });
  assert.deepEqual(configure({}, true), {});
});

test('only exact module names are aliased, each to a module that exists', () => {
  assert.deepEqual(Object.keys(PREACT_ALIASES).sort(), [
    'react$',
    'react-dom$',
    'react-dom/client$',
    'react/jsx-dev-runtime$',
    'react/jsx-runtime$',
  ]);
  assert.ok(existsSync(PREACT_ALIASES.react$), PREACT_ALIASES.react$);
  for (const [name, target] of Object.entries(PREACT_ALIASES).filter(([n]) => n !== 'react$'))
    assert.doesNotThrow(() => require.resolve(target), `${name} → ${target}`);
  assert.equal(PREACT_ALIASES['react-dom$'], 'preact/compat');
  assert.equal(PREACT_ALIASES['react-dom/client$'], 'preact/compat/client');
  assert.equal(PREACT_ALIASES['react/jsx-runtime$'], 'preact/jsx-runtime');
  assert.equal(PREACT_ALIASES['react/jsx-dev-runtime$'], 'preact/jsx-runtime');
});

test('a class built the ES5 way reads an empty context before Preact sets it, and a given context as is', () => {
  // What Babel's ES5 output of `class Loadable extends React.Component { constructor(p) { super(p) } }` does.
  function Loadable(this: { context?: unknown; props?: unknown }, props: object) {
    (Component as unknown as (this: object, props: object) => void).call(this, props);
  }
  Loadable.prototype = Object.create(Component.prototype);
  const instance = new (Loadable as unknown as new (props: object) => { context: unknown; props: unknown })({ id: 1 });
  assert.deepEqual(instance.context, {});
  assert.deepEqual(instance.props, { id: 1 });
  assert.ok(instance instanceof compat.Component, "it is still Preact's component");

  const context = { loadable: ['route'] };
  const withContext = {} as { context?: unknown };
  (Component as unknown as (this: object, props: object, context: unknown) => void).call(withContext, {}, context);
  assert.equal(withContext.context, context);
});

test('the module is preact/compat with that Component, by name and by default export', () => {
  assert.equal(React.Component, Component);
  assert.notEqual(Component, compat.Component);
  assert.equal(Component.prototype, compat.Component.prototype);
  assert.equal(React.useState, compat.useState);
  assert.equal(React.createElement, compat.createElement);
});

test("a render error is logged before Preact's own handling, a thrown promise is not", () => {
  const hook = (options as unknown as { __e: (error: unknown, vnode: object) => void }).__e;
  const logged: unknown[] = [];
  const error = console.error;
  console.error = (value: unknown) => void logged.push(value);
  try {
    const failure = new Error('render failed');
    // With no error boundary above the vnode, Preact's handler throws the error on: it still runs.
    assert.throws(() => hook(failure, {}), failure);
    assert.deepEqual(logged, [failure]);
    const suspended = Promise.resolve();
    assert.throws(
      () => hook(suspended, {}),
      (thrown: unknown) => thrown === suspended,
    );
    assert.deepEqual(logged, [failure], 'a thrown promise (Suspense) is not logged');
  } finally {
    console.error = error;
  }
});
