/**
 * The AI helper (contract/intelligence.ts): suggestions of a slug, tags or a summary, counted against the plan's
 * monthly quota (plans.ai_per_month) in `ai_usage` per site and calendar month of the site's time zone.
 *
 * Counting: a call first takes one unit with a single conditional upsert (`used < quota`), so concurrent calls never
 * go over; a provider that fails (or suggests nothing) gives the unit back. What a provider answers is only text:
 * bounded and cleaned here and returned as a suggestion; nothing on the site changes.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { freeBlocks, paragraphText } from '../../../contract/blockText';
import { Code } from '../../../contract/codes';
import { type ContentTypeId, STATUS } from '../../../contract/contentConstants';
import {
  AI_SLUG_MAX,
  AI_SUMMARY_MAX,
  AI_TAG_MAX,
  AI_TAGS_MAX,
  type AiKind,
  type AiStreamInput,
  type AiSuggestion,
  type AiUsage,
} from '../../../contract/intelligence';
import { slugify } from '../../../contract/slug';
import { aiProvider } from '../../adapters/ai';
import { type AiProvider, AiProviderError } from '../../adapters/ai/provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SiteContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { contents, tags } from '../content/schema';
import { findItem, viewerOf } from '../content/scope';
import { month } from '../plans/service';
import { sitePlan } from '../tenancy/catalogue';
import { sites } from '../tenancy/schema';
import { paidTexts, withoutPaid } from './freeText';
import { aiUsage } from './schema';

/** Content language id → BCP 47 (SPEC §9: 1 zh-TW, 2 zh-CN, 3 en, 4 ja, 5 kr). */
const LANG_TAGS: Record<number, string> = { 1: 'zh-TW', 2: 'zh-CN', 3: 'en', 4: 'ja', 5: 'ko' };
/** Published articles read for word statistics at most (the newest), and characters of each. */
const CORPUS_DOCS = 300;
const CORPUS_DOC_CHARS = 3_000;
/** Site tags considered at most. */
const SITE_TAGS = 2_000;

const providers = new WeakMap<Config, AiProvider>();
function providerOf(config: Config): AiProvider {
  let p = providers.get(config);
  if (!p) {
    p = aiProvider(config.ai);
    providers.set(config, p);
  }
  return p;
}

async function siteZone(db: Db, siteId: number): Promise<{ timezone: string; language: string }> {
  const [site] = await db
    .select({ timezone: sites.timezone, language: sites.language })
    .from(sites)
    .where(eq(sites.id, siteId));
  return site ?? { timezone: 'Asia/Taipei', language: 'zh-TW' };
}

async function quotaOf(db: Db, siteId: number): Promise<number> {
  return (await sitePlan(db, siteId))?.aiPerMonth ?? 0;
}

/** The month's usage of a site (`intelligence/status`). */
export async function usageOf(ctx: SiteContext): Promise<AiUsage> {
  const { db } = ctx.deps;
  const { timezone } = await siteZone(db, ctx.site.id);
  const m = month(ctx.deps.now(), timezone);
  const quota = await quotaOf(db, ctx.site.id);
  const [row] = await db
    .select({ used: aiUsage.used })
    .from(aiUsage)
    .where(and(eq(aiUsage.siteId, ctx.site.id), eq(aiUsage.month, m)));
  const used = row?.used ?? 0;
  return { month: m, usage: used, quota, remain: Math.max(0, quota - used) };
}

/** Takes one unit of the month's quota, or answers null when none is left (one statement: races cannot go over). */
async function take(db: Db, siteId: number, m: string, quota: number): Promise<number | null> {
  if (quota <= 0) return null;
  const [row] = await db
    .insert(aiUsage)
    .values({ siteId, month: m, used: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.siteId, aiUsage.month],
      set: { used: sql`${aiUsage.used} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${aiUsage.used} < ${quota}`,
    })
    .returning({ used: aiUsage.used });
  return row?.used ?? null;
}

/** Gives back a unit taken for a call that suggested nothing. */
async function giveBack(db: Db, siteId: number, m: string): Promise<number> {
  const [row] = await db
    .update(aiUsage)
    .set({ used: sql`${aiUsage.used} - 1` })
    .where(and(eq(aiUsage.siteId, siteId), eq(aiUsage.month, m), gt(aiUsage.used, 0)))
    .returning({ used: aiUsage.used });
  return row?.used ?? 0;
}

/** A script-based guess when the caller names no language: kana → ja, Han → zh-TW, Hangul → ko. */
function guessLang(text: string): string | undefined {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja';
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  if (/\p{Script=Han}/u.test(text)) return 'zh-TW';
  if (/\p{Script=Latin}/u.test(text)) return 'en';
  return undefined;
}

/** Control and format characters (zero-width, bidirectional overrides): never part of a suggestion. */
const CONTROL = /[\p{Cc}\p{Cf}]/gu;
const clean = (s: string) => s.replace(CONTROL, '').replace(/\s+/g, ' ').trim();

/** The provider's raw answer → the suggestions offered (bounded, cleaned, the site's tag names as the site has them). */
function bound(
  kind: AiKind,
  raw: string[],
  siteTags: readonly string[],
): { result: string[]; existing: string[] } {
  if (kind === 'summary') {
    const text = clean(raw[0] ?? '');
    return { result: text ? [[...text].slice(0, AI_SUMMARY_MAX).join('').trimEnd()] : [], existing: [] };
  }
  if (kind === 'slug') {
    const slug = slugify(clean(raw[0] ?? '').slice(0, 500)).slice(0, AI_SLUG_MAX);
    return { result: slug ? [slug] : [], existing: [] };
  }
  const own = new Map(siteTags.map((t) => [t.toLowerCase(), t]));
  const seen = new Set<string>();
  const result: string[] = [];
  const existing: string[] = [];
  for (const r of raw) {
    const name = clean(r.slice(0, 200)).replace(/^#+/, '').trim();
    const length = [...name].length;
    if (length < 2 || length > AI_TAG_MAX) continue;
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const mine = own.get(key);
    result.push(mine ?? name);
    if (mine) existing.push(mine);
    if (result.length >= AI_TAGS_MAX) break;
  }
  return { result, existing };
}

/** What the helper reads: the text (never an item's paid part), its title and language. */
export interface AiSource {
  kind: AiKind;
  title: string;
  text: string;
  langId?: number;
  lang: string;
}

/**
 * The source of a suggestion. A saved item the body names must be the site's and in the caller's sight (else 404,
 * before anything is counted); the text is then held back against its paid part (freeText.ts), whatever the
 * client sent.
 */
export async function sourceOf(ctx: SiteContext, input: AiStreamInput): Promise<AiSource> {
  const item =
    input.id === undefined
      ? undefined
      : await findItem(viewerOf(ctx), input.id, input.type as ContentTypeId | undefined);
  const langId = input.lang_id ?? item?.langId;
  const lang =
    (langId && LANG_TAGS[langId]) ||
    guessLang(input.content) ||
    (await siteZone(ctx.deps.db, ctx.site.id)).language;
  const paid = item ? [...paidTexts(item.body), ...paidTexts(item.published?.content)] : [];
  return {
    kind: input.kind,
    title: input.title ?? '',
    text: withoutPaid(input.content, paid, lang),
    langId,
    lang,
  };
}

/**
 * A suggestion of one kind for a source, counted against the quota. `onDelta` gets the suggestion's text as the
 * provider streams it.
 */
export async function suggest(
  ctx: SiteContext,
  source: AiSource,
  onDelta?: (text: string) => void,
  signal?: AbortSignal,
): Promise<AiSuggestion> {
  const { db } = ctx.deps;
  const siteId = ctx.site.id;
  const { kind, langId, lang } = source;
  const provider = providerOf(ctx.deps.config);
  // Nothing left to read (e.g. every sentence was the paid part's): nothing to suggest, nothing counted.
  if (!source.text.trim() && !source.title.trim())
    return {
      kind,
      result: [],
      additional: { existing: [] },
      provider: provider.name,
      ...(await usageOf(ctx)),
    };
  const site = await siteZone(db, siteId);
  const m = month(ctx.deps.now(), site.timezone);
  const quota = await quotaOf(db, siteId);
  const used = await take(db, siteId, m, quota);
  if (used === null) throw new AppError(Code.AI_QUOTA_USED_UP);

  const siteTags = (
    await db.select({ name: tags.name }).from(tags).where(eq(tags.siteId, siteId)).limit(SITE_TAGS)
  ).map((t) => t.name);
  const corpus = async () => {
    const rows = await db
      .select({ title: contents.title, published: contents.published })
      .from(contents)
      .where(
        and(
          eq(contents.siteId, siteId),
          eq(contents.status, STATUS.PUBLISHED),
          langId ? eq(contents.langId, langId) : undefined,
        ),
      )
      .orderBy(desc(contents.publishTs))
      .limit(CORPUS_DOCS);
    // The statistics read the free part only, like everything the helper reads.
    return rows.map((r) =>
      `${r.published?.title ?? r.title}\n${r.published ? paragraphText(freeBlocks(r.published.content)) : ''}`.slice(
        0,
        CORPUS_DOC_CHARS,
      ),
    );
  };

  let bounded: { result: string[]; existing: string[] };
  try {
    const raw = await provider.suggest(
      {
        kind,
        title: source.title,
        text: source.text,
        lang,
        siteTags,
        corpus,
        corpusKey: `${siteId}:${langId ?? lang}`,
      },
      onDelta,
      signal,
    );
    bounded = bound(kind, raw, siteTags);
  } catch (err) {
    await giveBack(db, siteId, m);
    if (err instanceof AiProviderError) {
      ctx.deps.log.warn({ err: err.message, provider: provider.name }, 'AI provider failed');
      throw new AppError(Code.AI_PROVIDER_FAILED);
    }
    throw err;
  }
  // Nothing to suggest (e.g. a text of emoji only): not counted.
  const usage = bounded.result.length ? used : await giveBack(db, siteId, m);
  return {
    kind,
    result: bounded.result,
    additional: { existing: bounded.existing },
    provider: provider.name,
    month: m,
    usage,
    quota,
    remain: Math.max(0, quota - usage),
  };
}
