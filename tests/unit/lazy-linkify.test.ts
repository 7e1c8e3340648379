/**
 * linkifyjs loaded on use for TipTap's Link extension (src/layout/lazyParts/linkify.ts): nothing is a link until it
 * has loaded (the extension then leaves the text as it is), any call starts the load, and once loaded it answers as
 * linkifyjs does; protocols registered before the load are registered after it.
 */
import * as original from 'linkifyjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Lazy = typeof import('../../src/layout/lazyParts/linkify');
let lazy: Lazy;

beforeEach(async () => {
  // A fresh copy of the module each time: one whose linkifyjs has not loaded yet.
  vi.resetModules();
  lazy = await import('../../src/layout/lazyParts/linkify');
});
// linkify's state (its protocols) is the module's: back to none after each test.
afterEach(async () => (await lazy.loadLinkify()).reset());

const text = '請見 https://example.com/a?b=1 與 mail@example.org';

describe('the lazy linkify', () => {
  it('finds nothing before it has loaded, and starts loading', async () => {
    expect(lazy.find(text)).toEqual([]);
    expect(lazy.tokenize('https://example.com')).toEqual([]);
    // The load the calls started is the one loadLinkify answers with.
    await lazy.loadLinkify();
    expect(lazy.find(text).length).toBeGreaterThan(0);
  });

  it('answers as linkifyjs once loaded', async () => {
    await lazy.loadLinkify();
    expect(lazy.find(text)).toEqual(original.find(text));
    expect(lazy.find(text, { defaultProtocol: 'https' })).toEqual(
      original.find(text, { defaultProtocol: 'https' }),
    );
    const tokens = (t: ReturnType<typeof original.tokenize>) => t.map((x) => x.toObject('https'));
    expect(tokens(lazy.tokenize('www.example.com'))).toEqual(tokens(original.tokenize('www.example.com')));
  });

  it('registers the protocols asked for before the load, in order, after it', async () => {
    lazy.registerCustomProtocol('web-app');
    await lazy.loadLinkify();
    expect(lazy.find('web-app://x/y').map((l) => l.href)).toEqual(['web-app://x/y']);
    lazy.reset();
    expect(lazy.find('web-app://x/y')).toEqual([]);
  });
});
