/**
 * The build gives the writer's StarterKit stand-ins for the extensions of kitPackages.ts (vite.config.ts writerKit):
 * textKit must keep every one of them off, and a stand-in turned on says why it does not work.
 */
import { describe, expect, it } from 'vitest';
import { textKit } from '../../src/custom/writer/editor/extensions';
import { BulletList } from '../../src/custom/writer/editor/kitLeftOut';
import { KIT_LEFT_OUT } from '../../src/custom/writer/editor/kitPackages';

describe("the writer's StarterKit", () => {
  it.each(Object.values(KIT_LEFT_OUT).flat())('turns %s off', (option) => {
    expect((textKit.options as unknown as Record<string, unknown>)[option]).toBe(false);
  });

  it('has stand-ins that refuse to be turned on', () => {
    expect(() => BulletList.configure()).toThrow(/left out of the writer's build/);
  });
});
