/**
 * The packages of StarterKit's extensions that the writer's StarterKit turns off (./extensions.ts textKit), with the
 * StarterKit options that name them: the build gives the writer's copy of StarterKit ./kitLeftOut.ts in their place
 * (vite.config.ts writerKit). tests/unit/writer-kit.test.ts checks that textKit turns each of them off.
 */
export const KIT_LEFT_OUT: Record<string, readonly string[]> = {
  '@tiptap/extension-blockquote': ['blockquote'],
  '@tiptap/extension-code-block': ['codeBlock'],
  '@tiptap/extension-horizontal-rule': ['horizontalRule'],
  '@tiptap/extension-list': ['bulletList', 'listItem', 'listKeymap', 'orderedList'],
};
