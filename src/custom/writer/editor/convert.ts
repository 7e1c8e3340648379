/**
 * Conversion both ways between the editor's ProseMirror document and the contract's BlockDocument. Pure: it needs
 * only the schema and a DOM (the browser's, or jsdom in tests). Paragraph and heading text is inline HTML written by
 * ProseMirror's DOMSerializer and read back by its DOMParser, so only what the schema allows survives a round trip
 * (no scripts, no unknown attributes, no javascript: links).
 *
 * The editor is uncontrolled: a document is loaded into it once (when it is created) with `blocksToJSON`, and what
 * the writer wrote is read with `docToBlocks` whenever a copy is needed. Unchanged nodes are converted once: the
 * result is remembered per (immutable) node.
 */
import type { JSONContent } from '@tiptap/core';
import {
  DOMSerializer,
  type NodeType,
  type Node as PMNode,
  DOMParser as ProseMirrorDOMParser,
  type Schema,
} from '@tiptap/pm/model';
import type { Block, BlockDocument } from '../../../../contract/blocks';
import { NODE, type PictureAttrs, usableUrl } from './extensions';

type Picture = { url: string; caption: string; width?: number; height?: number };

const positiveInt = (n: unknown): number | undefined =>
  typeof n === 'number' && Number.isFinite(n) && n >= 1 ? Math.min(100_000, Math.round(n)) : undefined;

/** Inline HTML parsed into an inert document: nothing loads and no script runs. */
function inertBody(html: string): HTMLElement {
  const Parser = globalThis.DOMParser;
  return new Parser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html').body;
}

/** A paragraph or heading node of `type` holding `html` as its inline content. */
export function inlineToNode(html: string, type: NodeType, attrs?: Record<string, unknown>): PMNode {
  const parser = ProseMirrorDOMParser.fromSchema(type.schema);
  return parser.parse(inertBody(html), { topNode: type.create(attrs), preserveWhitespace: true });
}

/** The inline content of a textblock as HTML. */
export function nodeInlineHtml(node: PMNode): string {
  const doc = globalThis.document;
  const fragment = DOMSerializer.fromSchema(node.type.schema).serializeFragment(node.content, {
    document: doc,
  });
  const holder = doc.createElement('div');
  holder.appendChild(fragment);
  return holder.innerHTML;
}

/** Inline HTML passed through the schema: what is safe to show as HTML (history previews). */
export function safeInlineHtml(html: string, schema: Schema): string {
  return nodeInlineHtml(inlineToNode(html, schema.nodes.paragraph));
}

function picture(p: Picture | PictureAttrs): Picture {
  const out: Picture = { url: p.url, caption: typeof p.caption === 'string' ? p.caption : '' };
  const width = positiveInt(p.width);
  const height = positiveInt(p.height);
  if (width) out.width = width;
  if (height) out.height = height;
  return out;
}

const cache = new WeakMap<PMNode, Block | null>();

/** One top-level node as a block, or null for what is not (yet) a valid block: an upload still running. */
export function nodeToBlock(node: PMNode): Block | null {
  const known = cache.get(node);
  if (known !== undefined) return known;
  let block: Block | null = null;
  switch (node.type.name) {
    case 'paragraph':
      block = { type: 'paragraph', data: { text: nodeInlineHtml(node) } };
      break;
    case 'heading': {
      const level = Math.min(4, Math.max(2, Number(node.attrs.level) || 2)) as 2 | 3 | 4;
      block = { type: 'header', data: { text: nodeInlineHtml(node), level } };
      break;
    }
    case NODE.image:
      if (!node.attrs.uploadId && usableUrl(node.attrs.url)) {
        block = { type: 'image', data: picture(node.attrs as PictureAttrs) };
      }
      break;
    case NODE.album: {
      const images = ((node.attrs.images ?? []) as PictureAttrs[])
        .filter((p) => !p.uploadId && usableUrl(p.url))
        .map(picture);
      if (images.length > 0) block = { type: 'album', data: { images } };
      break;
    }
    case NODE.video: {
      const id = positiveInt(node.attrs.id);
      const cover = typeof node.attrs.cover === 'string' ? node.attrs.cover : '';
      // A video block is valid only with an uploaded video's id and its cover.
      if (id && usableUrl(cover)) {
        block = { type: 'video', data: { id, cover, caption: node.attrs.caption ?? '' } };
      }
      break;
    }
    case NODE.paid:
      block = { type: 'paid', data: {} };
      break;
  }
  cache.set(node, block);
  return block;
}

const isEmptyParagraph = (b: Block) => b.type === 'paragraph' && b.data.text === '';

/** The editor's document as a BlockDocument. Trailing empty paragraphs are dropped; only the first paid section counts. */
export function docToBlocks(doc: PMNode): BlockDocument {
  const blocks: Block[] = [];
  let paid = false;
  doc.forEach((node) => {
    const block = nodeToBlock(node);
    if (!block) return;
    if (block.type === 'paid') {
      if (paid) return;
      paid = true;
    }
    blocks.push(block);
  });
  while (blocks.length > 0 && isEmptyParagraph(blocks[blocks.length - 1])) blocks.pop();
  return { blocks };
}

/** A BlockDocument as editor content (TipTap JSON), for loading into a new editor once. */
export function blocksToJSON(doc: BlockDocument, schema: Schema): JSONContent {
  const content: JSONContent[] = [];
  for (const block of doc.blocks ?? []) {
    switch (block.type) {
      case 'paragraph':
        content.push(inlineToNode(block.data.text ?? '', schema.nodes.paragraph).toJSON());
        break;
      case 'header':
        content.push(
          inlineToNode(block.data.text ?? '', schema.nodes.heading, { level: block.data.level }).toJSON(),
        );
        break;
      case 'image':
        content.push({ type: NODE.image, attrs: { width: null, height: null, ...picture(block.data) } });
        break;
      case 'album':
        content.push({ type: NODE.album, attrs: { images: block.data.images.map(picture) } });
        break;
      case 'video':
        content.push({
          type: NODE.video,
          attrs: { id: block.data.id, cover: block.data.cover, caption: block.data.caption ?? '' },
        });
        break;
      case 'paid':
        content.push({ type: NODE.paid });
        break;
    }
  }
  if (content.length === 0) content.push({ type: 'paragraph' });
  return { type: 'doc', content };
}

/** A BlockDocument as a ProseMirror document of `schema`. */
export const blocksToDoc = (doc: BlockDocument, schema: Schema): PMNode =>
  schema.nodeFromJSON(blocksToJSON(doc, schema));

/**
 * A BlockDocument as the editor would write it back: the same text in the editor's own spelling of HTML. Copies from
 * different places (the server, this device) are compared in this form.
 */
export const normalizeBlocks = (doc: BlockDocument, schema: Schema): BlockDocument =>
  docToBlocks(blocksToDoc(doc, schema));
