/**
 * What an interface not in English must not show (the screen sweep checks every text and control name against it):
 * a text that is an i18n key left untranslated, or an English status or control word standing alone.
 */

/** Whole texts that are a status or a control left in English (react-admin's, the rich-text toolbar's, ours). */
const ENGLISH_WORDS = [
  'paid',
  'unpaid',
  'sent',
  'sending',
  'queued',
  'pending',
  'draft',
  'published',
  'scheduled',
  'failed',
  'active',
  'inactive',
  'cancelled',
  'canceled',
  'lapsed',
  'shipped',
  'completed',
  'invalid',
  'refunded',
  'expired',
  'online',
  'offline',
  'free',
  'done',
  'new',
  'read',
  'Normal',
  'Heading',
  'Paragraph',
  'Bold',
  'Italic',
  'Save',
  'Cancel',
  'Delete',
  'Edit',
  'Create',
  'Search',
  'Loading',
  'No results found',
];

/**
 * An i18n key: lowercase or camelCase parts joined by dots (`members.add`, `share.social.link.title`), which a host
 * name or a file name is not.
 */
const KEY = /^[a-z][A-Za-z0-9_]*(\.[a-z][A-Za-z0-9_]*)+$/;
const NOT_A_KEY =
  /\.(localhost|com|net|org|tw|jp|io|test|example|png|jpe?g|webp|gif|svg|ico|zip|csv|docx|pdf|mp4)$/;

export function looksUntranslated(text: string): boolean {
  const t = text.trim();
  if (KEY.test(t) && !NOT_A_KEY.test(t)) return true;
  return ENGLISH_WORDS.some((w) => w.toLowerCase() === t.toLowerCase());
}
