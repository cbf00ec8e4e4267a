/**
 * `react` in the browser bundles (see ./index.ts): `preact/compat`, with one difference.
 *
 * React gives a class component its `this.context` before `componentWillMount`; Preact assigns it
 * after. A class whose constructor calls `Component.call(this, props)` without the context (as
 * Babel's ES5 output of `super(props)` does) therefore reads `this.context` as undefined in
 * `UNSAFE_componentWillMount`. react-loadable, which renders every route of the site, does exactly
 * that (`this.context.loadable`), and every page crashed on hydration. Here `Component` starts each
 * instance with an empty context object; Preact then sets the real one, as before.
 *
 * React also logs every error a component throws while rendering (to the console, before an error
 * boundary such as "This page crashed." shows it); Preact logs nothing. The same log is kept here
 * through Preact's error hook (`options.__e`, `_catchError` in Preact's source: the property name
 * its published build uses, and the hook preact/compat itself wraps for Suspense). Upgrade risk:
 * a Preact release that renamed it would silently drop the log (e2e/errors.spec.ts expects it).
 * Thrown promises (Suspense) are not errors and are not logged.
 */
import { options } from 'preact';
import * as compat from 'preact/compat';

type CatchError = (error: unknown, ...rest: unknown[]) => void;
const hooks = options as typeof options & { __e: CatchError };
const catchError = hooks.__e;
hooks.__e = (error, ...rest) => {
  if (!(error instanceof Object && typeof (error as { then?: unknown }).then === 'function')) console.error(error);
  catchError(error, ...rest);
};

type ComponentFunction = ((this: object, props: object, context?: unknown) => void) & { prototype: object };

const PreactComponent = compat.Component as unknown as ComponentFunction;

function Component(this: object, props: object, context?: unknown): void {
  PreactComponent.call(this, props, context === undefined ? {} : context);
}
Component.prototype = PreactComponent.prototype;

// @ts-expect-error -- preact/compat's types use `export =`; the module itself has named ES exports.
export * from 'preact/compat';
export { Component };
export default { ...compat, Component };
