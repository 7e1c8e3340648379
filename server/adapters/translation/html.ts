/**
 * Inline HTML as alternating text and tags, walked once with indexOf (no pattern retried from every '<'): the text
 * nodes are what a translation changes, the tags what it keeps.
 */

/** parts[0], parts[2] … are text, parts[1], parts[3] … tags ('<…>'); text parts may be ''. */
export function splitHtml(html: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', from)) {
    const close = html.indexOf('>', open);
    if (close === -1) break;
    parts.push(html.slice(from, open), html.slice(open, close + 1));
    from = close + 1;
  }
  parts.push(html.slice(from));
  return parts;
}

/** The tags of inline HTML, in order. */
export const tagsOf = (html: string) => splitHtml(html).filter((_, i) => i % 2 === 1);

/** The tags of `a` and `b` are the same, in the same order. */
export function sameTags(a: string, b: string): boolean {
  const x = tagsOf(a);
  const y = tagsOf(b);
  return x.length === y.length && x.every((t, i) => t === y[i]);
}

/** Each text node of `html` through `convert`, the tags untouched. */
export function mapTextNodes(html: string, convert: (text: string) => string): string {
  return splitHtml(html)
    .map((part, i) => (i % 2 === 0 && part !== '' ? convert(part) : part))
    .join('');
}
