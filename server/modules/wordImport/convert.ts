/**
 * A checked .docx (docx.ts) into the contract's blocks, through mammoth's HTML. What becomes what:
 * - headings: Word's Title and Heading 1 → level 2, Heading 2 → 3, Heading 3–6 → 4;
 * - paragraphs keep bold, italic, underline, strikethrough, super/subscript, line breaks and links (web and mail
 *   links; bookmarks and footnote references become plain text); the server's sanitizer cleans them again on save;
 * - lists (the editor has no list block): one paragraph per item, led by its mark (• ◦ ▪ by depth, or 1. 2. …),
 *   nested items indented;
 * - tables: one paragraph per row, the cells separated by ｜;
 * - pictures: image blocks after the text of the paragraph that holds them (uploaded by service.ts);
 * - footnotes and endnotes: paragraphs at the end, as mammoth puts them;
 * - a paragraph that says only the paid block's name (paidMarker.ts: 付費區塊, 以下為付費內容, Paid section …): the paid
 *   block, once.
 * The title is the first heading's text; that heading is left out of the body when it opens the document.
 */
import mammoth from 'mammoth';
import { Code } from '../../../contract/codes';
import { DOCX_IMAGES_MAX } from '../../../contract/wordImport';
import { AppError } from '../../http/errors';
import { isPaidMarker } from './paidMarker';

/** A picture of the document, not yet uploaded. */
export interface DocImage {
  contentType: string;
  bytes: Buffer;
}

/** A block before the pictures are uploaded: an image names its picture by index in `images`. */
export type DraftBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'header'; text: string; level: 2 | 3 | 4 }
  | { type: 'image'; image: number }
  | { type: 'paid' };

export interface Converted {
  title: string;
  blocks: DraftBlock[];
  images: DocImage[];
}

interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
type HtmlNode = Element | { text: string };

const VOID = new Set(['img', 'br', 'hr']);
const IMAGE_SRC = 'docx-image:';
/** Mammoth writes its HTML itself: tags with double-quoted attributes, text and values already escaped. */
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*="[^"]*")*)\s*\/?>|[^<]+|</g;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"/g;

function parseHtml(html: string): Element {
  const root: Element = { tag: '#root', attrs: {}, children: [] };
  const stack: Element[] = [root];
  for (const m of html.matchAll(TOKEN)) {
    const top = stack[stack.length - 1];
    const [token, closing, name, attrText] = m;
    if (name === undefined) {
      top.children.push({ text: token === '<' ? '&lt;' : token });
      continue;
    }
    const tag = name.toLowerCase();
    if (closing) {
      const at = stack.findLastIndex((e) => e.tag === tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? '').matchAll(ATTR)) attrs[a[1].toLowerCase()] = a[2];
    const element: Element = { tag, attrs, children: [] };
    top.children.push(element);
    if (!VOID.has(tag)) stack.push(element);
  }
  return root;
}

const isElement = (n: HtmlNode): n is Element => 'tag' in n;
const INLINE_KEPT: Record<string, string> = {
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  u: 'u',
  s: 's',
  del: 's',
  strike: 's',
  sup: 'sup',
  sub: 'sub',
  code: 'code',
};
const BLOCKISH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'div', 'blockquote', 'pre']);
const LISTS = new Set(['ul', 'ol']);

/** The inline HTML of `node`'s content; pictures found are pushed on `pictures` (their index in `images`). */
function inline(node: Element, pictures: number[]): string {
  let out = '';
  for (const child of node.children) {
    if (!isElement(child)) {
      out += child.text;
      continue;
    }
    const { tag } = child;
    if (tag === 'img') {
      const src = child.attrs.src ?? '';
      if (src.startsWith(IMAGE_SRC)) pictures.push(Number(src.slice(IMAGE_SRC.length)));
    } else if (tag === 'br') out += '<br>';
    else if (LISTS.has(tag)) continue;
    else if (tag === 'a') {
      const href = child.attrs.href ?? '';
      const text = inline(child, pictures);
      out += href && !href.startsWith('#') ? `<a href="${href}">${text}</a>` : text;
    } else if (INLINE_KEPT[tag]) {
      const t = INLINE_KEPT[tag];
      out += `<${t}>${inline(child, pictures)}</${t}>`;
    } else if (BLOCKISH.has(tag)) {
      const text = inline(child, pictures);
      out += out && text ? `<br>${text}` : text;
    } else out += inline(child, pictures);
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Text of inline HTML: tags dropped, entities read. */
export function plainText(html: string): string {
  return html
    .replace(/<[^<>]*>/g, '')
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,5});/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}
const hasText = (html: string) => plainText(html).trim() !== '';

/** Trims ASCII white space only (a list item's indent is no-break spaces), without a regular expression. */
function trimSpaces(text: string): string {
  const space = (c: string) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
  let start = 0;
  let end = text.length;
  while (start < end && space(text[start])) start++;
  while (end > start && space(text[end - 1])) end--;
  return text.slice(start, end);
}

const BULLETS = ['•', '◦', '▪'];
const INDENT = '\u00a0\u00a0\u00a0\u00a0';

class BlockWriter {
  readonly blocks: DraftBlock[] = [];
  /** The first heading's text: the title. */
  title = '';
  /** Whether the title's heading opened the document (and so is left out of the body). */
  titleOpens = false;

  private text(type: 'paragraph', html: string): void;
  private text(type: 'header', html: string, level: 2 | 3 | 4): void;
  private text(type: 'paragraph' | 'header', html: string, level?: 2 | 3 | 4) {
    const text = trimSpaces(html);
    if (!hasText(text)) return;
    if (type === 'header') {
      if (!this.title) {
        this.title = plainText(text).replace(/\s+/g, ' ').trim();
        if (this.blocks.length === 0) {
          this.titleOpens = true;
          return;
        }
      }
      this.blocks.push({ type, text, level: level as 2 | 3 | 4 });
    } else if (!this.blocks.some((b) => b.type === 'paid') && isPaidMarker(plainText(text).trim()))
      this.blocks.push({ type: 'paid' });
    else this.blocks.push({ type, text });
  }

  private pictures(list: number[]) {
    for (const image of list) this.blocks.push({ type: 'image', image });
  }

  block(node: Element) {
    for (const child of node.children) {
      if (!isElement(child)) {
        this.text('paragraph', child.text);
        continue;
      }
      const { tag } = child;
      const pictures: number[] = [];
      const heading = /^h([1-6])$/.exec(tag);
      if (heading) {
        const n = Number(heading[1]);
        this.text('header', inline(child, pictures), n === 1 ? 2 : n === 2 ? 3 : 4);
      } else if (tag === 'p' || tag === 'pre') this.text('paragraph', inline(child, pictures));
      else if (LISTS.has(tag)) this.list(child, 0);
      else if (tag === 'table') this.table(child);
      else if (tag === 'img' || INLINE_KEPT[tag] || tag === 'a' || tag === 'br')
        this.text('paragraph', inline({ tag: '#', attrs: {}, children: [child] }, pictures));
      else if (tag !== 'hr') this.block(child);
      this.pictures(pictures);
    }
  }

  private list(node: Element, depth: number) {
    let n = 0;
    for (const item of node.children) {
      if (!isElement(item) || item.tag !== 'li') continue;
      n++;
      const mark = node.tag === 'ol' ? `${n}.` : BULLETS[Math.min(depth, BULLETS.length - 1)];
      const pictures: number[] = [];
      const text = trimSpaces(inline(item, pictures));
      if (hasText(text)) this.text('paragraph', `${INDENT.repeat(depth)}${mark} ${text}`);
      this.pictures(pictures);
      for (const nested of item.children)
        if (isElement(nested) && LISTS.has(nested.tag)) this.list(nested, depth + 1);
    }
  }

  private table(node: Element) {
    const rows: Element[] = [];
    const collect = (e: Element) => {
      for (const c of e.children)
        if (isElement(c)) {
          if (c.tag === 'tr') rows.push(c);
          else if (c.tag !== 'table') collect(c);
        }
    };
    collect(node);
    for (const row of rows) {
      const pictures: number[] = [];
      const cells = row.children
        .filter((c): c is Element => isElement(c) && (c.tag === 'td' || c.tag === 'th'))
        .map((c) => trimSpaces(inline(c, pictures)));
      if (cells.some(hasText)) this.text('paragraph', cells.join(' ｜ '));
      this.pictures(pictures);
    }
  }
}

/** Word's document-title paragraph style reads as a top heading too. */
const STYLE_MAP = ['p.Title => h1:fresh', "p[style-name='Title'] => h1:fresh"];

/** Converts a checked .docx (checkDocx) into draft blocks; a document mammoth cannot read is 轉換時發生錯誤. */
export async function convertDocx(bytes: Buffer): Promise<Converted> {
  const images: DocImage[] = [];
  // Mammoth turns a converter's failure into a warning and drops the picture: the count is checked afterwards.
  let tooMany = false;
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        ignoreEmptyParagraphs: true,
        convertImage: mammoth.images.imgElement(async (image) => {
          if (images.length >= DOCX_IMAGES_MAX) {
            tooMany = true;
            return { src: '' };
          }
          images.push({ contentType: image.contentType ?? '', bytes: await image.readAsBuffer() });
          return { src: `${IMAGE_SRC}${images.length - 1}` };
        }),
      },
    );
    html = result.value;
  } catch (err) {
    throw err instanceof AppError ? err : new AppError(Code.IMPORT_FAILED);
  }
  if (tooMany) throw new AppError(Code.IMPORT_TOO_MANY_IMAGES);
  const writer = new BlockWriter();
  writer.block(parseHtml(html));
  return { title: writer.title, blocks: writer.blocks, images };
}
