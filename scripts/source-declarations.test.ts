/**
 * AdminDeclarations on the published 5.54.0 declarations of `@strapi/admin/strapi-admin`
 * (.cache/strapi-source): what a lookup returns for an interface, a class, a namespace and its
 * members, a type, a value, and what it leaves out. Each expected value was read in the `.d.ts`.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AdminDeclarations, declarationSources, normaliseType, type DeclaredMember } from './sources/declarations';

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

/** A planted `@strapi/admin` whose entry declares each shape the reader handles. */
function planted(): { dir: string; declarations: AdminDeclarations } {
  const dir = mkdtempSync(join(tmpdir(), 'admin-declarations-'));
  const src = join(dir, 'dist', 'admin', 'src');
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, 'base.d.ts'),
    `export type Base = {\n  fromAlias: string;\n};\nexport interface Parent {\n  inherited?: number;\n}\n`,
  );
  writeFileSync(
    join(src, 'index.d.ts'),
    [
      `import type { Base, Parent } from './base';`,
      `declare const KEY: unique symbol;`,
      `export interface Shapes extends Base, Parent {`,
      `  plain: string;`,
      `  untyped;`,
      `  maybe?: boolean;`,
      `  generic<T, U extends string>(value: T, label: U): T;`,
      `  noReturn(a: number);`,
      `  [KEY]: string;`,
      `}`,
      `export declare class Service {`,
      `  private hidden;`,
      `  protected guarded: string;`,
      `  readonly ro: string;`,
      `  visible: number;`,
      `  get size(): number;`,
      `  run(): void;`,
      `}`,
      `export type Mapped = Partial<Shapes>;`,
      `export declare const value: number;`,
      `export declare const Merged: () => void;`,
      `export declare namespace Merged {`,
      `  interface Props {`,
      `    size: 'S' | 'M';`,
      `  }`,
      `}`,
      `export declare namespace Empty {}`,
      ``,
    ].join('\n'),
  );
  return { dir, declarations: new AdminDeclarations('planted', dir) };
}

test('planted declarations: every shape of member and symbol the reader tells apart', () => {
  const { dir, declarations } = planted();
  try {
    assert.equal(declarations.entry, join(dir, 'dist', 'admin', 'src', 'index.d.ts'));
    // In a declaration file every top-level declaration is exported, KEY too.
    assert.deepEqual(declarations.names().sort(), ['Empty', 'KEY', 'Mapped', 'Merged', 'Service', 'Shapes', 'value']);
    const shapes = declarations.lookup('Shapes')!;
    assert.equal(shapes.kind, 'interface');
    assert.equal(shapes.file, join(dir, 'dist', 'admin', 'src', 'index.d.ts'));
    const byName = Object.fromEntries(shapes.members.map((m) => [m.name, m]));
    assert.deepEqual(Object.keys(byName).sort(), ['fromAlias', 'generic', 'inherited', 'maybe', 'noReturn', 'plain', 'untyped']);
    assert.deepEqual(byName.plain, {
      name: 'plain',
      optional: false,
      type: 'string',
      kind: 'property',
      declaredIn: 'dist/admin/src/index.d.ts',
      owner: 'Shapes',
    });
    assert.equal(byName.untyped.type, 'any');
    assert.equal(byName.maybe.optional, true);
    assert.deepEqual(byName.generic, {
      name: 'generic',
      optional: false,
      type: '<T, U extends string>(value: T, label: U) => T',
      altType: '<T, U extends string>(value: T, label: U): T',
      kind: 'method',
      declaredIn: 'dist/admin/src/index.d.ts',
      owner: 'Shapes',
    });
    assert.equal(byName.noReturn.type, '(a: number) => void');
    assert.equal(byName.noReturn.altType, '(a: number): void');
    assert.deepEqual([byName.fromAlias.owner, byName.fromAlias.declaredIn], ['Base', 'dist/admin/src/base.d.ts']);
    assert.deepEqual([byName.inherited.owner, byName.inherited.optional], ['Parent', true]);

    const service = declarations.lookup('Service')!;
    assert.equal(service.kind, 'class');
    assert.deepEqual(
      service.members.map((m) => [m.name, m.kind, m.type]),
      // A readonly property is kept; an accessor is neither a property nor a method declaration: left out.
      [
        ['ro', 'property', 'string'],
        ['visible', 'property', 'number'],
        ['run', 'method', '() => void'],
      ],
    );
    // Partial<Shapes>: members made optional by a mapped type are not read (a type alias has none).
    assert.deepEqual(declarations.lookup('Mapped'), { name: 'Mapped', kind: 'type', members: [], file: shapes.file });
    assert.equal(declarations.lookup('value')?.kind, 'other');
    assert.equal(declarations.lookup('Merged')?.kind, 'namespace');
    assert.equal(declarations.lookup('Empty')?.kind, 'namespace');
    assert.deepEqual(
      declarations.lookup('Merged.Props')?.members.map((m) => [m.name, m.type, m.owner]),
      [['size', "'S' | 'M'", 'Props']],
    );
    assert.equal(declarations.lookup('value.toFixed'), null, 'a value has no exported members');
    assert.equal(declarations.lookup('Mapped.anything'), null, 'nor has a type alias');
    assert.equal(declarations.lookup('Merged.Nope'), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a declaration file maps to the four sources it may come from, in the order they are tried', () => {
  assert.deepEqual(declarationSources('dist/admin/src/components/Form.d.ts'), [
    'packages/core/admin/admin/src/components/Form.ts',
    'packages/core/admin/admin/src/components/Form.tsx',
    'packages/core/admin/admin/src/components/Form/index.ts',
    'packages/core/admin/admin/src/components/Form/index.tsx',
  ]);
  // Only a leading dist/ and a trailing .d.ts are cut.
  assert.deepEqual(declarationSources('dist/x/dist/a.d.ts.d.ts', 'pkg')[0], 'pkg/x/dist/a.d.ts.ts');
});
