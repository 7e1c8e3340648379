// @vitest-environment jsdom
/**
 * ra-core's default exporter with its CSV writer loaded on use (src/layout/lazyParts/defaultExporter.ts): the same
 * file, under the same name, as react-admin's own.
 */
import { defaultExporter as original } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultExporter } from '../../src/layout/lazyParts/defaultExporter';

/** The blob and the file name an exporter downloads. */
async function download(exporter: typeof original): Promise<{ name: string | null; csv: string }> {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:x';
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const rows = [
    { id: 1, title: '咖啡, 與茶', tags: ['a', 'b'] },
    { id: 2, title: 'plain', tags: [] },
  ];
  // Not awaited: react-admin's returns jsonexport's promise, which never settles when given a callback.
  void exporter(rows, vi.fn(), {} as never, 'post');
  await vi.waitFor(() => expect(click).toHaveBeenCalled());
  const link = click.mock.contexts[0] as HTMLAnchorElement;
  click.mockRestore();
  return { name: link.getAttribute('download'), csv: await blobs[0].text() };
}

afterEach(() => vi.restoreAllMocks());

describe('the lazy default exporter', () => {
  it("downloads what react-admin's downloads", async () => {
    const expected = await download(original);
    expect(expected.name).toBe('post.csv');
    expect(await download(defaultExporter)).toEqual(expected);
  });
});
