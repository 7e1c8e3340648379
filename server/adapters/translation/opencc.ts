/**
 * zh-TW ↔ zh-CN offline through OpenCC (opencc-js), with Taiwan phrases: 'twp' → 'cn' (軟體 → 软件, 網路 → 网络) and
 * 'cn' → 'twp'. Only text nodes are converted; tags and attributes (link addresses) stay as they are.
 */
import * as OpenCC from 'opencc-js';
import { mapTextNodes } from './html';
import type { Translator } from './translator';

const ZH_TW = 1;
const ZH_CN = 2;

export function openccTranslator(): Translator {
  const converters = new Map<number, (s: string) => string>();
  const converter = (to: number) => {
    let convert = converters.get(to);
    if (!convert) {
      convert = OpenCC.Converter(to === ZH_CN ? { from: 'twp', to: 'cn' } : { from: 'cn', to: 'twp' });
      converters.set(to, convert);
    }
    return convert;
  };
  return {
    name: 'opencc',
    serves: (from, to) => (from === ZH_TW && to === ZH_CN) || (from === ZH_CN && to === ZH_TW),
    async translate({ texts, to, html }) {
      const convert = converter(to);
      return texts.map((t) => (html ? mapTextNodes(t, convert) : convert(t)));
    },
  };
}
