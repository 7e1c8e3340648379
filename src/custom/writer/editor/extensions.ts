/**
 * The writer's document schema as TipTap extensions, without any React: paragraphs and headings 2–4 with inline
 * bold, italic, underline, strike, link and code, and four atom blocks (image, album, video, paid section) that map
 * one-to-one onto contract/blocks.ts. The editor adds React node views on top (views.tsx); the conversion module and
 * its tests use these plain definitions.
 */
import { type AnyExtension, Node } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { HEADER_LEVELS, LINK_MAX } from '../../../../contract/constants';
import { rules } from '../../../../contract/validation';

/** One picture of an image block or an album. `uploadId`/`preview` exist only while the file is uploading. */
export interface PictureAttrs {
  url: string;
  caption: string;
  width?: number | null;
  height?: number | null;
  /** Set while uploading: the placeholder is found again by this id when the upload answers. */
  uploadId?: string | null;
  /** A local object URL shown while uploading. */
  preview?: string | null;
}

export const NODE = {
  image: 'imageBlock',
  album: 'albumBlock',
  video: 'videoBlock',
  paid: 'paidBlock',
} as const;

const numberAttr = (value: string | null) => {
  const n = value ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * A picture's address the document keeps: an upload's path or an http(s) URL, as the contract's link rule says (data:
 * and javascript: addresses never enter it).
 */
export const usableUrl = (url: unknown): url is string =>
  typeof url === 'string' && url.length <= LINK_MAX && rules.link(url) === undefined;

/** Why a link in text cannot be kept (an i18n key), or undefined: http(s), a path on the site, or mail. */
export const linkProblem = (href: string): string | undefined =>
  href.length > LINK_MAX ? 'validation.link' : rules.textLink(href)?.message;

export const ImageBlock = Node.create({
  name: NODE.image,
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      url: { default: '' },
      caption: { default: '' },
      width: { default: null },
      height: { default: null },
      uploadId: { default: null, rendered: false },
      preview: { default: null, rendered: false },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'figure[data-block="image"]',
        getAttrs: (el) => {
          const img = (el as HTMLElement).querySelector('img');
          const url = img?.getAttribute('src');
          if (!usableUrl(url)) return false;
          return {
            url,
            caption: (el as HTMLElement).querySelector('figcaption')?.textContent ?? '',
            width: numberAttr(img?.getAttribute('width') ?? null),
            height: numberAttr(img?.getAttribute('height') ?? null),
          };
        },
      },
      {
        // Pictures pasted from elsewhere become image blocks when their address is usable.
        tag: 'img[src]',
        getAttrs: (el) => {
          const url = (el as HTMLElement).getAttribute('src');
          if (!usableUrl(url)) return false;
          return { url, caption: (el as HTMLElement).getAttribute('alt') ?? '' };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const img: Record<string, string> = { src: node.attrs.url, alt: node.attrs.caption };
    if (node.attrs.width) img.width = String(node.attrs.width);
    if (node.attrs.height) img.height = String(node.attrs.height);
    return ['figure', { 'data-block': 'image' }, ['img', img], ['figcaption', {}, node.attrs.caption ?? '']];
  },
});

export const AlbumBlock = Node.create({
  name: NODE.album,
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      images: {
        default: [],
        parseHTML: (el) => {
          try {
            const list = JSON.parse(el.getAttribute('data-images') ?? '[]');
            return Array.isArray(list) ? list.filter((p) => usableUrl(p?.url)) : [];
          } catch {
            return [];
          }
        },
        renderHTML: (attrs) => ({
          'data-images': JSON.stringify(
            (attrs.images as PictureAttrs[])
              .filter((p) => !p.uploadId && usableUrl(p.url))
              .map(({ url, caption, width, height }) => ({ url, caption, width, height })),
          ),
        }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'figure[data-block="album"]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['figure', { 'data-block': 'album', ...HTMLAttributes }];
  },
});

export const VideoBlock = Node.create({
  name: NODE.video,
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      id: { default: null, parseHTML: (el) => numberAttr(el.getAttribute('data-id')) },
      cover: { default: '', parseHTML: (el) => el.getAttribute('data-cover') ?? '' },
      caption: { default: '', parseHTML: (el) => el.getAttribute('data-caption') ?? '' },
    };
  },
  parseHTML() {
    return [{ tag: 'figure[data-block="video"]' }];
  },
  renderHTML({ node }) {
    return [
      'figure',
      {
        'data-block': 'video',
        'data-id': String(node.attrs.id ?? ''),
        'data-cover': node.attrs.cover ?? '',
        'data-caption': node.attrs.caption ?? '',
      },
    ];
  },
});

export const paidPluginKey = new PluginKey('onePaidSection');

/** How many paid sections a document holds. */
export function countPaid(doc: {
  descendants: (f: (n: { type: { name: string } }) => boolean | undefined) => void;
}) {
  let count = 0;
  doc.descendants((n) => {
    if (n.type.name === NODE.paid) count += 1;
    return false;
  });
  return count;
}

export const PaidBlock = Node.create({
  name: NODE.paid,
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  parseHTML() {
    return [{ tag: 'div[data-block="paid"]' }];
  },
  renderHTML() {
    return ['div', { 'data-block': 'paid' }];
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: paidPluginKey,
        // Only one paid section per document: a change that would make a second one (a paste, a drop) is refused.
        filterTransaction: (tr, state) => {
          if (!tr.docChanged) return true;
          const after = countPaid(tr.doc);
          return after <= 1 || after <= countPaid(state.doc);
        },
      }),
    ];
  },
});

/** The StarterKit trimmed to what a BlockDocument can hold. */
export const textKit = StarterKit.configure({
  blockquote: false,
  bulletList: false,
  orderedList: false,
  listItem: false,
  listKeymap: false,
  codeBlock: false,
  horizontalRule: false,
  heading: { levels: [...HEADER_LEVELS] },
  link: {
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    // Only http(s), mailto and site paths: the addresses the server keeps (rules.textLink).
    isAllowedUri: (url) => linkProblem(url.trim()) === undefined,
  },
});

/** Everything that shapes the schema. The editor appends its behaviour extensions (placeholder, menus). */
export function schemaExtensions(): AnyExtension[] {
  return [textKit, ImageBlock, AlbumBlock, VideoBlock, PaidBlock];
}
