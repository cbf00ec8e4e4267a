/**
 * The full-size diagram view's keys (./keys.ts), written from what a reader expects: each arrow
 * brings what lies in its direction into view, so the drawing moves the other way, along that
 * arrow's axis only; + and = zoom in, - zooms out, 0 fits; a key with a modifier is the browser's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keyAction, PAN_STEP, withUniqueIds } from './keys';

const press = (key: string, modifiers: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) =>
  keyAction({ key, altKey: false, ctrlKey: false, metaKey: false, ...modifiers });

test('each arrow moves the drawing the other way, by one step, along its own axis', () => {
  assert.equal(PAN_STEP, 60);
  assert.deepEqual(press('ArrowLeft'), { kind: 'pan', x: 60, y: 0 });
  assert.deepEqual(press('ArrowRight'), { kind: 'pan', x: -60, y: 0 });
  assert.deepEqual(press('ArrowUp'), { kind: 'pan', x: 0, y: 60 });
  assert.deepEqual(press('ArrowDown'), { kind: 'pan', x: 0, y: -60 });
});

test('+ and = zoom in, - zooms out, 0 fits; other keys are not the view’s', () => {
  assert.deepEqual(press('+'), { kind: 'zoom-in' });
  assert.deepEqual(press('='), { kind: 'zoom-in' });
  assert.deepEqual(press('-'), { kind: 'zoom-out' });
  assert.deepEqual(press('0'), { kind: 'fit' });
  for (const key of ['Enter', ' ', 'Tab', 'a', '1', 'Home', 'End', 'PageDown', 'Escape', '_']) assert.equal(press(key), null, key);
});

test('with Alt, Ctrl or Cmd a key is left to the browser (page zoom, history)', () => {
  for (const key of ['+', '-', '0', 'ArrowLeft', 'ArrowUp']) {
    assert.equal(press(key, { ctrlKey: true }), null, `Ctrl+${key}`);
    assert.equal(press(key, { metaKey: true }), null, `Cmd+${key}`);
    assert.equal(press(key, { altKey: true }), null, `Alt+${key}`);
  }
});

test('ids of the copy are renamed with every reference to them, longest first, and nothing else', () => {
  const svg = [
    '<svg id="m1" aria-roledescription="flowchart">',
    '<style>#m1 .node{fill:red}#m1-x{}</style>',
    '<marker id="m1-arrow"/><path marker-end="url(#m1-arrow)"/>',
    '<use href="#m1"/><a href="#m1b">not an id here</a>',
    '<g data-id="m1" class="#m1"></g>',
    '</svg>',
  ].join('');
  assert.equal(
    withUniqueIds(svg),
    [
      '<svg id="m1-full" aria-roledescription="flowchart">',
      '<style>#m1-full .node{fill:red}#m1-x{}</style>',
      '<marker id="m1-arrow-full"/><path marker-end="url(#m1-arrow-full)"/>',
      '<use href="#m1-full"/><a href="#m1b">not an id here</a>',
      '<g data-id="m1" class="#m1-full"></g>',
      '</svg>',
    ].join(''),
  );
  assert.equal(withUniqueIds('<svg><g/></svg>'), '<svg><g/></svg>');
  // Without ids, a lone # in a label stays as it is.
  assert.equal(withUniqueIds('<svg><text># 1, #.</text></svg>'), '<svg><text># 1, #.</text></svg>');
  assert.equal(withUniqueIds('<svg id="a.b(c)"><use href="#a.b(c)"/></svg>', '-2'), '<svg id="a.b(c)-2"><use href="#a.b(c)-2"/></svg>');
  assert.equal(withUniqueIds('<svg id="a" x="#axe"/>'), '<svg id="a-full" x="#axe"/>');
});
