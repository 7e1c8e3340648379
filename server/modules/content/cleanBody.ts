/**
 * A body's HTML cleaned (workers/sanitize.ts), off the event loop when it is large: sanitize-html takes about 0.5 s
 * per MB, which on the server's one thread would hold every other request (issue 28).
 */
import type { BlockDocument } from '../../../contract/blocks';
import { sanitizeInWorker } from '../../workers/pool';
import { RENDER_LIMITS } from '../../workers/renderLimits';
import { sanitizeDocument } from '../../workers/sanitize';

/** Characters of HTML the document's paragraphs and headings hold. */
function htmlChars(doc: BlockDocument): number {
  let chars = 0;
  for (const block of doc.blocks)
    if (block.type === 'paragraph' || block.type === 'header') chars += block.data.text.length;
  return chars;
}

export function cleanBody(doc: BlockDocument): Promise<BlockDocument> {
  return htmlChars(doc) > RENDER_LIMITS.sanitizeInWorkerChars
    ? sanitizeInWorker(doc)
    : Promise.resolve(sanitizeDocument(doc));
}
