/**
 * In the build, what the writer's StarterKit (./extensions.ts textKit) imports in place of the extensions it turns off:
 * StarterKit imports every one of its extensions, the ones told to stay out too (lists, quotes, code blocks, rules:
 * ~8 kB gzip the writer never runs). vite.config.ts (writerKit) hands this module to the writer's own copy of
 * StarterKit only; ra-input-rich-text's keeps them all. StarterKit configures an extension only when it is on, so
 * one of these is never touched unless textKit turns it on again: then it says so instead of half-working.
 */
const leftOut = (name: string) => ({
  configure(): never {
    throw new Error(
      `${name} is left out of the writer's build (kitPackages.ts): turning it on in textKit needs it back`,
    );
  },
});

export const Blockquote = leftOut('Blockquote');
export const BulletList = leftOut('BulletList');
export const CodeBlock = leftOut('CodeBlock');
export const HorizontalRule = leftOut('HorizontalRule');
export const ListItem = leftOut('ListItem');
export const ListKeymap = leftOut('ListKeymap');
export const OrderedList = leftOut('OrderedList');
