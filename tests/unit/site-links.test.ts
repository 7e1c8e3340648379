/**
 * The admin's links to the public site: a label's address (the site's own address and the SPEC §2 preview path),
 * and a tab opened at the click for an address a call has yet to answer (site/visit), closed again on failure.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openInNewTab } from '../../src/components/openInNewTab';
import { previewUrl } from '../../src/resources/label/labelLogic';

describe('previewUrl', () => {
  it('puts /tag/<slug or id> or /category/<id> after the site address', () => {
    const site = 'http://demo.sites.localhost:8080';
    expect(previewUrl(site, 'tag', { id: 3, slug: 'tai-bei' })).toBe(`${site}/tag/tai-bei`);
    expect(previewUrl(`${site}/`, 'tag', { id: 3, slug: '' })).toBe(`${site}/tag/3`);
    expect(previewUrl(site, 'category', { id: 7, slug: 'xin-wen' })).toBe(`${site}/category/7`);
  });
});

describe('openInNewTab', () => {
  afterEach(() => vi.unstubAllGlobals());

  const fakeTab = () => ({ opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() });

  it('opens the tab at once, cut from this page, and sends it on when the address arrives', async () => {
    const tab = fakeTab();
    const open = vi.fn(() => tab);
    vi.stubGlobal('window', { open });
    let answer: (url: string) => void = () => undefined;
    const done = openInNewTab(new Promise<string>((resolve) => (answer = resolve)));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    answer('http://demo.sites.localhost:8080/_staff?token=t');
    await done;
    expect(tab.location.href).toBe('http://demo.sites.localhost:8080/_staff?token=t');
  });

  it('closes the tab when the call fails, and opens the address itself when no tab could be opened', async () => {
    const tab = fakeTab();
    vi.stubGlobal('window', { open: vi.fn(() => tab) });
    await expect(openInNewTab(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(tab.close).toHaveBeenCalled();

    const open = vi.fn(() => null);
    vi.stubGlobal('window', { open });
    await openInNewTab(Promise.resolve('http://x.sites.localhost/'));
    expect(open).toHaveBeenLastCalledWith('http://x.sites.localhost/', '_blank', 'noopener');
  });
});
