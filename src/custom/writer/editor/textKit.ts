/**
 * TipTap's StarterKit (3.31) as the writer configures it, made of only the extensions it keeps: StarterKit itself
 * imports every one of its extensions, those it is told to leave out too (lists, quotes, code blocks, rules: ~8 kB
 * gzip the writer never runs). The same extension, named as StarterKit, adding the same extensions in StarterKit's
 * order with the same options, so the schema and the behaviour are StarterKit's. The packages are StarterKit's own
 * (installed with it, versions pinned in package.json's overrides).
 */
import { Extension } from '@tiptap/core';
import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading, type HeadingOptions } from '@tiptap/extension-heading';
import { Italic } from '@tiptap/extension-italic';
import { Link, type LinkOptions } from '@tiptap/extension-link';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Strike } from '@tiptap/extension-strike';
import { Text } from '@tiptap/extension-text';
import { Underline } from '@tiptap/extension-underline';
import { Dropcursor, Gapcursor, TrailingNode, UndoRedo } from '@tiptap/extensions';

export interface TextKitOptions {
  heading: Partial<HeadingOptions>;
  link: Partial<LinkOptions>;
}

/** StarterKit with blockquote, lists, list keymap, code block and horizontal rule turned off. */
export const TextKit = Extension.create<TextKitOptions>({
  name: 'starterKit',
  addOptions: () => ({ heading: {}, link: {} }),
  addExtensions() {
    return [
      Bold.configure(),
      Code.configure(),
      Document.configure(),
      Dropcursor.configure(),
      Gapcursor.configure(),
      HardBreak.configure(),
      Heading.configure(this.options.heading),
      UndoRedo.configure(),
      Italic.configure(),
      Link.configure(this.options.link),
      Paragraph.configure(),
      Strike.configure(),
      Text.configure(),
      Underline.configure(),
      TrailingNode.configure(),
    ];
  },
});
