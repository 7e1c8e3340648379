/**
 * The writer's text kit (src/custom/writer/editor/textKit.ts) is TipTap's StarterKit as the writer configured it:
 * the same extensions in the same order with the same options, so the same schema.
 */
import { getSchema, resolveExtensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { HEADER_LEVELS } from '../../contract/constants';
import { textKit } from '../../src/custom/writer/editor/extensions';

const isAllowedUri = () => true;
const starterKit = StarterKit.configure({
  blockquote: false,
  bulletList: false,
  orderedList: false,
  listItem: false,
  listKeymap: false,
  codeBlock: false,
  horizontalRule: false,
  heading: { levels: [...HEADER_LEVELS] },
  link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri },
});
const kit = textKit.configure({
  ...textKit.options,
  link: { ...textKit.options.link, isAllowedUri },
});

const described = (e: ReturnType<typeof resolveExtensions>[number]) => ({
  name: e.name,
  type: e.type,
  priority: e.config.priority,
  // Functions (defaults made afresh on each resolve) by name only; the kit's own options are what it hands on.
  options:
    e.name === 'starterKit'
      ? null
      : JSON.stringify(e.options, (_key, value) =>
          typeof value === 'function' ? `fn ${value.name}` : value,
        ),
});

describe('the text kit', () => {
  it("resolves to StarterKit's extensions, in its order, with its options", () => {
    expect(resolveExtensions([kit]).map(described)).toEqual(resolveExtensions([starterKit]).map(described));
  });

  it("makes StarterKit's schema", () => {
    const spec = (s: ReturnType<typeof getSchema>) => ({
      nodes: s.spec.nodes.toObject(),
      marks: s.spec.marks.toObject(),
      top: s.topNodeType.name,
    });
    expect(JSON.stringify(spec(getSchema([kit])))).toBe(JSON.stringify(spec(getSchema([starterKit]))));
  });
});
