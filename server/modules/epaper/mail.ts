/**
 * An e-paper as a mail: the published snapshot's blocks as HTML (the public renderer's, cut at the paid section
 * unless the audience is the paying members) and as text, from the site's name, with an unsubscribe link
 * (`<site>/unsubscribe?token=…`) in the body and in `List-Unsubscribe` (with RFC 8058 one-click), and a Message-ID
 * that is the same every time one delivery is sent (`<delivery.send@site-host>`), so that a resend after a crash is
 * recognisably the same message. The HTML starts with a hidden preheader, the e-paper's agenda excerpt (SPEC §9), which
 * mail clients show as the summary line under the subject.
 */
import { randomUUID } from 'node:crypto';
import type { Block, BlockDocument } from '../../../contract/blocks';
import { agendaOf, freeBlocks, stripHtml } from '../../../contract/blockText';
import { CONTENT_LANGUAGES } from '../../../contract/constants';
import { fromAddress, type Mail } from '../../adapters/mail';
import type { Config } from '../../config';
import { localeOfLanguage, t } from '../../i18n';
import { blocksHtml } from '../../shared/blocksHtml';
import { escapeHtml } from '../../shared/html';
import { mediaUrlOf } from '../../shared/media';
import { signToken, UNSUBSCRIBE_LINK_DAYS } from '../../shared/tokens';
import type { contents, EpaperAudience } from '../content/schema';
import type { sites } from '../tenancy/schema';
import { siteUrl } from '../tenancy/sites';

type ContentRow = typeof contents.$inferSelect;
type SiteRow = typeof sites.$inferSelect;

/** What every mail of one send shares; `mailFor` adds the recipient's link and Message-ID. */
export interface EpaperLetter {
  siteId: number;
  subject: string;
  fromName: string;
  /** The site's root address and host name. */
  base: string;
  host: string;
  /** The body's HTML and text, each with UNSUBSCRIBE_SLOT where the recipient's link goes. */
  html: string;
  text: string;
  mailFrom: string;
}

const UNSUBSCRIBE_SLOT = '\u0000unsubscribe\u0000';

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return stripHtml(block.data.text).trim();
    case 'header':
      return stripHtml(block.data.text).trim().toUpperCase();
    case 'image':
      return block.data.caption ? `[${block.data.caption}]` : '';
    default:
      return '';
  }
}

/** Links to a path on the site (the writer allows them) made absolute on the site: a mail has no page. */
const siteLinks = (html: string, base: string) => html.replace(/(\shref=")\/(?!\/)/g, `$1${base}/`);

export function letterOf(
  site: SiteRow,
  item: ContentRow,
  audience: EpaperAudience,
  config: Pick<Config, 'siteDomain' | 'siteScheme' | 'sitePort' | 'publicUrl' | 'mailFrom'>,
): EpaperLetter {
  const snapshot = item.published ?? {
    title: item.title,
    subtitle: item.subtitle,
    content: item.body,
    cover: item.cover,
    abstract: item.abstract,
    seo: item.seo,
  };
  const iso = CONTENT_LANGUAGES.find((l) => l.id === item.langId)?.iso ?? 'zh-TW';
  const locale = localeOfLanguage(iso);
  const doc: BlockDocument = snapshot.content ?? { blocks: [] };
  const paid = audience.kind === 'paid';
  // The paying members get the whole document (its marker removed); everyone else the free part and the notice.
  const base = siteUrl(site, config);
  // Pictures by the public pages' one helper (absolute, on the admin's address or the bucket); no videos in a mail.
  const media = mediaUrlOf(config);
  const bodyHtml = blocksHtml(doc, { lang: iso, preview: paid, videos: new Map(), media }).replace(
    '<hr class="paid-marker">',
    '',
  );
  const shown = paid ? doc.blocks : freeBlocks(doc).blocks;
  const unsubscribeWord = t(locale, 'epaperSend.mail.unsubscribe');
  const why = t(locale, 'epaperSend.mail.why', { site: site.name });
  const title = snapshot.title || item.title;
  // The inbox's summary line under the subject (a hidden preheader): the e-paper's agenda excerpt.
  const agenda = agendaOf(snapshot.abstract ?? '', snapshot.subtitle ?? '');
  const preheader = agenda
    ? `\n<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(agenda)}</div>`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(iso)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;font-family:sans-serif;line-height:1.6;color:#222">${preheader}
<div style="max-width:640px;margin:0 auto">
<h1>${escapeHtml(title)}</h1>${snapshot.subtitle ? `\n<p><strong>${escapeHtml(snapshot.subtitle)}</strong></p>` : ''}
${siteLinks(bodyHtml, base)}
<hr>
<p style="font-size:12px;color:#666">${escapeHtml(why)} <a href="${UNSUBSCRIBE_SLOT}">${escapeHtml(unsubscribeWord)}</a></p>
</div></body></html>`;
  const text = [
    title,
    snapshot.subtitle,
    '',
    ...shown.map(blockText).filter(Boolean),
    ...(doc.blocks.some((b) => b.type === 'paid') && !paid ? ['', t(locale, 'publicSite.paywall')] : []),
    '',
    '--',
    why,
    `${unsubscribeWord}: ${UNSUBSCRIBE_SLOT}`,
  ]
    .filter((l) => l !== undefined)
    .join('\n');
  return {
    siteId: site.id,
    subject: title,
    fromName: site.name,
    base,
    host: new URL(base).hostname,
    html,
    text,
    mailFrom: config.mailFrom,
  };
}

export function unsubscribeUrl(letter: EpaperLetter, secret: string, readerId: number, now: number): string {
  const token = signToken(
    secret,
    { k: 'unsubscribe', site: letter.siteId, reader: readerId },
    UNSUBSCRIBE_LINK_DAYS * 86_400_000,
    now,
  );
  return `${letter.base}/unsubscribe?token=${token}`;
}

/** One recipient's mail: a delivery's (stable Message-ID) or, without a delivery, a test send (marked [TEST]). */
export function mailFor(
  letter: EpaperLetter,
  to: { email: string; readerId: number },
  opts: { secret: string; now: number; delivery?: { id: number; sendId: number }; test?: boolean },
): Mail {
  const url = unsubscribeUrl(letter, opts.secret, to.readerId, opts.now);
  const fill = (s: string, inHtml: boolean) => s.split(UNSUBSCRIBE_SLOT).join(inHtml ? escapeHtml(url) : url);
  const id = opts.delivery ? `${opts.delivery.id}.${opts.delivery.sendId}` : `test.${randomUUID()}`;
  return {
    to: to.email,
    subject: opts.test ? `[TEST] ${letter.subject}` : letter.subject,
    html: fill(letter.html, true),
    text: fill(letter.text, false),
    fromName: letter.fromName,
    messageId: `<${id}@${letter.host}>`,
    headers: {
      'List-Unsubscribe': `<${url}>, <mailto:${fromAddress(letter.mailFrom)}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
