/**
 * Where a Word document's paid section starts. Word has nothing for it, so the convention is a paragraph that says
 * only the paid block's name, as the writer names it (its block menu's name or the marker's label) in zh-TW, zh-CN,
 * en or ja — e.g. 付費區塊, 以下為付費內容, Paid section — optionally in brackets or between dashes
 * (【付費區塊】, --- Paid section ---), in any case. The first such paragraph becomes the paid block; a later one
 * stays text (an item has at most one paid section).
 */
const NAMES = [
  // zh-TW
  '付費區塊',
  '以下為付費內容',
  '付費內容從這裡開始',
  // zh-CN
  '付费区块',
  '以下为付费内容',
  '付费内容从这里开始',
  // en
  'paid section',
  'paid content starts here',
  // ja
  '有料ブロック',
  'ここから有料コンテンツ',
];
const MARKERS = new Set(NAMES);

/** Brackets, dashes, colons and the like around the name, and white space, do not count. */
const EDGES = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu;

/** Whether a paragraph's plain text marks the paid section's start. */
export function isPaidMarker(text: string): boolean {
  if (text.length > 100) return false;
  return MARKERS.has(text.replace(EDGES, '').replace(/\s+/g, ' ').toLowerCase());
}
