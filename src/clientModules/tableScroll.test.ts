/** The scrolling-table marker (./tableScroll.ts): the position rule, then the module on a page in jsdom. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import type { ClientModule } from '@docusaurus/types';
import { scrollPosition } from './tableScroll';

describe('scrollPosition', () => {
  it('null when the box does not scroll sideways (a pixel of rounding allowed)', () => {
    assert.equal(scrollPosition(0, 200, 200), null);
    assert.equal(scrollPosition(0, 201, 200), null);
  });
  it('start, middle or end of the scroll range (a pixel of rounding allowed at each end)', () => {
    assert.equal(scrollPosition(0, 202, 200), 'start');
    assert.equal(scrollPosition(1, 300, 200), 'start');
    assert.equal(scrollPosition(2, 300, 200), 'middle');
    assert.equal(scrollPosition(98, 300, 200), 'middle');
    assert.equal(scrollPosition(99, 300, 200), 'end');
    assert.equal(scrollPosition(100, 300, 200), 'end');
  });
});

describe('on the page', () => {
  const globals = globalThis as unknown as Record<string, unknown>;
  const names = ['window', 'document', 'requestAnimationFrame', 'cancelAnimationFrame'];
  after(() => {
    for (const name of names) delete globals[name];
  });

  it('marks each table of the text that scrolls, on route updates, its own scrolling and window resizes', async () => {
    const dom = new JSDOM(
      '<div class="markdown"><table id="a"></table><table id="b"></table><table id="c"></table></div><table id="outside"></table>',
      { pretendToBeVisual: true },
    );
    const { window } = dom;
    Object.assign(globals, {
      window,
      document: window.document,
      requestAnimationFrame: window.requestAnimationFrame.bind(window),
      cancelAnimationFrame: window.cancelAnimationFrame.bind(window),
    });
    /** jsdom has no layout: each table gets the sizes a browser would give it. */
    const layout = (id: string, scrollLeft: number, scrollWidth: number, clientWidth: number) => {
      const table = window.document.getElementById(id)!;
      for (const [key, value] of Object.entries({ scrollLeft, scrollWidth, clientWidth })) {
        Object.defineProperty(table, key, { value, configurable: true });
      }
      return table;
    };
    const marks = () => ['a', 'b', 'c', 'outside'].map((id) => window.document.getElementById(id)!.getAttribute('data-scroll'));
    const nextFrame = () => new Promise((resolve) => window.requestAnimationFrame(resolve));

    const a = layout('a', 0, 500, 200);
    layout('b', 150, 500, 200);
    layout('c', 0, 200, 200);
    layout('outside', 0, 500, 200);
    // A fresh copy of the module, loaded in this window (the one imported above ran without one).
    const modulePath = require.resolve('./tableScroll');
    delete require.cache[modulePath];
    const tableScroll = (require(modulePath) as { default: ClientModule }).default;
    tableScroll.onRouteDidUpdate?.({ location: window.location as never, previousLocation: null });
    assert.deepEqual(marks(), [null, null, null, null], 'not before the next frame');
    await nextFrame();
    assert.deepEqual(marks(), ['start', 'middle', null, null]);

    layout('a', 300, 500, 200);
    a.dispatchEvent(new window.Event('scroll'));
    assert.deepEqual(marks(), ['end', 'middle', null, null]);

    layout('b', 0, 200, 200);
    layout('c', 10, 400, 200);
    window.dispatchEvent(new window.Event('resize'));
    await nextFrame();
    assert.deepEqual(marks(), ['end', null, 'middle', null]);
    window.close();
  });
});
