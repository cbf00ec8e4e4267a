/**
 * AdminDeclarations on the published 5.54.0 declarations of `@strapi/admin/strapi-admin`
 * (.cache/strapi-source): what a lookup returns for an interface, a class, a namespace and its
 * members, a type, a value, and what it leaves out. Each expected value was read in the `.d.ts`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AdminDeclarations, normaliseType, type DeclaredMember } from './sources/declarations';

const admin = new AdminDeclarations('5.54.0');
const member = (symbol: string, name: string): DeclaredMember | undefined => admin.lookup(symbol)?.members.find((m) => m.name === name);

test('a release without unpacked declarations is refused with the command that unpacks them', () => {
  assert.throws(
    () => new AdminDeclarations('0.0.1'),
    /^Error: No declarations at .*@strapi__admin@0\.0\.1\/dist\/admin\/src\/index\.d\.ts: run `npm run strapi-source`$/,
  );
});

test("the entry's exported names", () => {
  const names = admin.names();
  for (const name of ['StrapiApp', 'FormProps', 'Table', 'useNotification', 'TrackingEvent']) assert.ok(names.includes(name), name);
  assert.equal(new Set(names).size, names.length);
  assert.ok(admin.entry.endsWith('/@strapi__admin@5.54.0/dist/admin/src/index.d.ts'));
});

test('an interface: its own and inherited members, with their type as written, optional as the type sees it', () => {
  const props = admin.lookup('Pagination.Props')!;
  assert.equal(props.kind, 'interface');
  assert.ok(props.file.endsWith('/dist/admin/src/components/Pagination.d.ts'));
  assert.deepEqual(member('Pagination.Props', 'children'), {
    name: 'children',
    optional: false,
    type: 'React.ReactNode',
    kind: 'property',
    declaredIn: 'dist/admin/src/components/Pagination.d.ts',
    owner: 'RootProps',
  });
  assert.equal(member('Pagination.Props', 'pageCount')?.optional, true);
  // FormProps extends Partial<Pick<FormContextValue, 'disabled' | 'initialValues'>>: optional without a `?`.
  const disabled = member('FormProps', 'disabled')!;
  assert.equal(disabled.optional, true);
  assert.equal(disabled.owner, 'FormContextValue');
  const helpers = admin.lookup('FormHelpers')!;
  assert.deepEqual(helpers.members.map((m) => m.name).sort(), ['resetForm', 'setErrors', 'setValues']);
  assert.ok(helpers.members.every((m) => m.owner === 'FormContextValue' && !m.optional));
});

test('a class: methods in both notations, no private member, a member declared outside the package', () => {
  const app = admin.lookup('StrapiApp')!;
  assert.equal(app.kind, 'class');
  assert.deepEqual(member('StrapiApp', 'bootstrap'), {
    name: 'bootstrap',
    optional: false,
    type: '(customBootstrap?: unknown) => Promise<void>',
    altType: '(customBootstrap?: unknown): Promise<void>',
    kind: 'method',
    declaredIn: 'dist/admin/src/StrapiApp.d.ts',
    owner: 'StrapiApp',
  });
  assert.equal(member('StrapiApp', 'render')?.type, '() => import("react/jsx-runtime").JSX.Element');
  // `runHookWaterfall: <T>(...) => T` is a property whose type is a function.
  assert.equal(member('StrapiApp', 'runHookWaterfall')?.kind, 'property');
  for (const hidden of ['warnedLegacyLocalePairs', 'mergePluginTranslationsByCanonical'])
    assert.equal(member('StrapiApp', hidden), undefined, hidden);
  const stack = member('FetchError', 'stack')!;
  assert.equal(stack.declaredIn, '', "Error's own member, from TypeScript's lib");
  assert.equal(stack.owner, 'Error');
});

test('a namespace, a type alias and a value have no members; unknown names and members are null', () => {
  assert.deepEqual({ ...admin.lookup('Table')!, file: '' }, { name: 'Table', kind: 'namespace', members: [], file: '' });
  assert.equal(admin.lookup('TrackingEvent')?.kind, 'type');
  assert.equal(admin.lookup('useNotification')?.kind, 'other');
  assert.equal(admin.lookup('Table.BodyProps')?.name, 'Table.BodyProps');
  assert.deepEqual(
    admin.lookup('Table.BodyProps')?.members.map((m) => [m.name, m.owner]),
    [['children', 'BodyProps']],
  );
  assert.equal(admin.lookup('NotExported'), null);
  assert.equal(admin.lookup('Table.NoSuchMember'), null);
});

test('type text compares without whitespace, comments or trailing semicolons', () => {
  assert.equal(normaliseType('{ a: string; /* note */ b: number; // end\n };'), '{a:string;b:number}');
  assert.equal(normaliseType('Array<{ x: 1; }>;;'), 'Array<{x:1}>');
  assert.equal(normaliseType('[a; ]'), '[a]');
  assert.equal(normaliseType('(a: string) => void'), '(a:string)=>void');
});
