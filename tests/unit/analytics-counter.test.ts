// @vitest-environment jsdom
/**
 * The public sites' counter script (server/public/analytics/counter.js) in a page: nothing at all under Do Not Track
 * or Global Privacy Control; one page view queued on load; a click per followed link (left, middle, keyboard) as a
 * path or `origin + pathname`, never a query; batches flushed on pagehide / hidden or at ten events, twenty events
 * at most each, a few batches per page load; sendBeacon first, fetch keepalive when it refuses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(path.resolve('server/public/analytics/counter.js'), 'utf8');

type Ev = { k: string; p: string; t?: string };
let sent: Ev[][];
let beacon: ReturnType<typeof vi.fn>;

/** Runs the script as the page would (each test's listeners are removed after it, see `listeners`). */
function load(nav: { doNotTrack?: string; globalPrivacyControl?: boolean } = {}) {
  Object.defineProperty(navigator, 'doNotTrack', { value: nav.doNotTrack ?? null, configurable: true });
  Object.defineProperty(navigator, 'globalPrivacyControl', {
    value: nav.globalPrivacyControl ?? false,
    configurable: true,
  });
  new Function(SOURCE)();
}

const listeners: [EventTarget, string, EventListenerOrEventListenerObject, unknown][] = [];
const add = EventTarget.prototype.addEventListener;

beforeEach(() => {
  sent = [];
  beacon = vi.fn((_url: string, body: string) => {
    sent.push(JSON.parse(body).events);
    return true;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (
    this: EventTarget,
    type: string,
    fn: EventListenerOrEventListenerObject | null,
    opts?: boolean | AddEventListenerOptions,
  ) {
    if (fn) listeners.push([this, type, fn, opts]);
    add.call(this, type, fn, opts);
  });
  document.body.innerHTML = `
    <a id="own" href="/post/hello?utm=1#x">own</a>
    <a id="away" href="https://example.org/read/more?token=secret">away</a>
    <a id="mail" href="mailto:a@example.com">mail</a>
    <a id="nohref">none</a>
    <a id="deep" href="/about"><span id="inner">inner</span></a>`;
  history.replaceState(null, '', '/post/start?email=a@b.c#frag');
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const [target, type, fn, opts] of listeners.splice(0))
    target.removeEventListener(type, fn, opts as boolean | EventListenerOptions);
});

const click = (id: string, init: MouseEventInit = {}, type = 'click') =>
  document
    .getElementById(id)
    ?.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, ...init }));
const leave = () => window.dispatchEvent(new Event('pagehide'));

describe('the counter script', () => {
  it('queues a page view, and followed links as clicks, sent on pagehide without queries', () => {
    load();
    expect(beacon).not.toHaveBeenCalled();
    click('own');
    click('away', { button: 1 }, 'auxclick');
    click('mail');
    click('nohref');
    click('inner');
    click('own', { button: 2 }, 'auxclick');
    leave();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0][0]).toBe('/_analytics');
    expect(sent[0]).toEqual([
      { k: 'v', p: '/post/start' },
      { k: 'c', p: '/post/start', t: '/post/hello' },
      { k: 'c', p: '/post/start', t: 'https://example.org/read/more' },
      { k: 'c', p: '/post/start', t: '/about' },
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/utm|token|email|frag|mailto/);
    leave();
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('flushes when hidden and at ten events, twenty per batch at most, a few batches per page', () => {
    load();
    for (let i = 0; i < 8; i++) click('own');
    expect(beacon).not.toHaveBeenCalled();
    click('own');
    expect(sent.map((b) => b.length)).toEqual([10]);
    for (let i = 0; i < 200; i++) click('away');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent.length).toBeLessThanOrEqual(5);
    expect(Math.max(...sent.map((b) => b.length))).toBeLessThanOrEqual(20);
    const total = sent.flat().length;
    expect(total).toBeLessThanOrEqual(100);
    for (let i = 0; i < 30; i++) click('away');
    leave();
    expect(sent.flat().length).toBe(total);
  });

  it('keeps every batch under 4 KB', () => {
    history.replaceState(null, '', `/${'p'.repeat(290)}`);
    document.body.innerHTML = `<a id="long" href="https://example.org/${'x'.repeat(480)}">long</a>`;
    load();
    for (let i = 0; i < 9; i++) click('long');
    leave();
    for (const batch of sent) expect(JSON.stringify({ events: batch }).length).toBeLessThanOrEqual(4000);
    expect(sent.flat()).toHaveLength(10);
  });

  it('falls back to fetch keepalive when sendBeacon refuses', () => {
    beacon.mockReturnValue(false);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    load();
    leave();
    expect(fetchMock).toHaveBeenCalledWith(
      '/_analytics',
      expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }),
    );
    vi.unstubAllGlobals();
  });

  it('does nothing at all under Do Not Track or Global Privacy Control', () => {
    for (const nav of [{ doNotTrack: '1' }, { globalPrivacyControl: true }]) {
      load(nav);
      click('own');
      leave();
    }
    expect(beacon).not.toHaveBeenCalled();
    expect(listeners).toHaveLength(0);
  });
});
