/**
 * A site's own settings (SPEC §2 Settings, §3 Site settings): the general settings, the publish switch and service
 * status, the sub-domain, and a custom domain verified through its CNAME record. Every function works on the site of
 * the request's context, never one named in the input.
 */
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../contract/codes';
import { localeOr } from '../../../contract/constants';
import type {
  BindInput,
  SiteProfile,
  SiteSave,
  SiteStatus,
  SlugCheckReply,
} from '../../../contract/settings';
import { BADGE } from '../../../contract/sites';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import { AppError, FieldError, notFound } from '../../http/errors';
import { foreignUploadErrors } from '../files/addresses';
import { planRow, planService } from '../tenancy/catalogue';
import { bumpRender } from '../tenancy/invalidate';
import { sites } from '../tenancy/schema';
import { awardBadge, siteById, siteUrl } from '../tenancy/sites';

type SiteRow = typeof sites.$inferSelect;

async function siteRow(db: Db, siteId: number): Promise<SiteRow> {
  const row = await siteById(db, siteId);
  if (!row) throw notFound();
  return row;
}

const toProfile = (s: SiteRow): SiteProfile => ({
  title: s.name,
  description: s.description,
  tracking: s.tracking,
  timezone: s.timezone,
  language: localeOr(s.language, 'zh-TW'),
  logo: s.logo,
  favicon: s.favicon,
  seo: { cover: s.seo.cover ?? '', title: s.seo.title ?? '', description: s.seo.description ?? '' },
  frontend_display_language: [...s.displayLanguages],
});

export async function getProfile(db: Db, siteId: number): Promise<SiteProfile> {
  return toProfile(await siteRow(db, siteId));
}

/** Saves the general settings; title and description earn the settings badge, a logo the logo badge. */
export async function saveProfile(
  deps: Deps,
  siteId: number,
  input: z.output<typeof SiteSave>,
): Promise<SiteProfile> {
  const bad = foreignUploadErrors(deps, siteId, [
    ['logo', input.logo],
    ['favicon', input.favicon],
    ['seo.cover', input.seo.cover],
  ]);
  if (Object.keys(bad).length) throw new FieldError(bad);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(sites)
      .set({
        name: input.title,
        description: input.description,
        tracking: input.tracking,
        timezone: input.timezone,
        language: input.language,
        logo: input.logo,
        favicon: input.favicon,
        seo: input.seo,
        displayLanguages: input.frontend_display_language,
        updatedAt: new Date(),
      })
      .where(eq(sites.id, siteId))
      .returning();
    if (!row) throw notFound();
    await bumpRender(tx, siteId);
    if (row.name && row.description) await awardBadge(tx, siteId, BADGE.SETTINGS);
    if (row.logo) await awardBadge(tx, siteId, BADGE.LOGO);
    return toProfile(row);
  });
}

/** The public pages' cache moves on (modules/tenancy/invalidate.ts), in the same update as the site's change. */
const renderBump = { renderVersion: sql`${sites.renderVersion} + 1` };

/** What a custom domain's CNAME must point at: the configured target, or the site's own sub-domain. */
export const cnameTarget = (deps: Deps, s: Pick<SiteRow, 'slug'>): string =>
  deps.config.cnameTarget ?? `${s.slug}.${deps.config.siteDomain}`;

async function toStatus(deps: Deps, s: SiteRow): Promise<SiteStatus> {
  const plan = planService(await planRow(deps.db, s.serviceId));
  const verified = s.customDomain !== '' && s.domain === s.customDomain;
  return {
    service: plan,
    published: s.published,
    slug: s.slug,
    subdomain: `${s.slug}.${deps.config.siteDomain}`,
    domain: s.domain,
    url: siteUrl(s, deps.config),
    custom_domain: {
      domain: s.customDomain,
      state: s.customDomain === '' ? 'none' : verified ? 'verified' : 'pending',
      verified_at: verified && s.domainVerifiedAt ? s.domainVerifiedAt.toISOString() : null,
      cname_target: cnameTarget(deps, s),
    },
  };
}

export async function getStatus(deps: Deps, siteId: number): Promise<SiteStatus> {
  return toStatus(deps, await siteRow(deps.db, siteId));
}

export async function setPublished(deps: Deps, siteId: number, publish: boolean): Promise<SiteStatus> {
  const [row] = await deps.db
    .update(sites)
    .set({ published: publish, updatedAt: new Date(), ...renderBump })
    .where(eq(sites.id, siteId))
    .returning();
  if (!row) throw notFound();
  return toStatus(deps, row);
}

/** A slug is free for this site when no other site has it (the site's own current slug is free). */
export async function checkSlug(db: Db, siteId: number, slug: string): Promise<SlugCheckReply> {
  const [other] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.slug, slug), ne(sites.id, siteId)))
    .limit(1);
  if (other) throw new AppError(Code.SLUG_TAKEN);
  return { slug, available: true };
}

/** Moves the site to another sub-domain; two sites asking for one at once: the unique index keeps one (3012). */
export async function saveSlug(deps: Deps, siteId: number, slug: string): Promise<SiteStatus> {
  await checkSlug(deps.db, siteId, slug);
  try {
    const [row] = await deps.db
      .update(sites)
      .set({ slug, updatedAt: new Date(), ...renderBump })
      .where(eq(sites.id, siteId))
      .returning();
    if (!row) throw notFound();
    return toStatus(deps, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.SLUG_TAKEN);
    throw err;
  }
}

/** Another site that has `domain`, bound or verified. */
async function domainHolder(db: Db, siteId: number, domain: string) {
  const [other] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(ne(sites.id, siteId), or(eq(sites.domain, domain), eq(sites.customDomain, domain))))
    .limit(1);
  return other;
}

/**
 * Binds a custom domain, unverified: the site keeps its sub-domain address until `site/valid` sees the CNAME.
 * Binding the domain the site already has changes nothing.
 */
export async function bindDomain(
  deps: Deps,
  siteId: number,
  input: z.output<typeof BindInput>,
): Promise<SiteStatus> {
  const { domain } = input;
  const platform = deps.config.siteDomain;
  // The platform's own names are not anyone's custom domain.
  if (domain === platform || domain.endsWith(`.${platform}`))
    throw new FieldError({ domain: { message: 'validation.domain' } });
  const site = await siteRow(deps.db, siteId);
  if (site.customDomain === domain) return toStatus(deps, site);
  if (await domainHolder(deps.db, siteId, domain)) throw new AppError(Code.DOMAIN_TAKEN);
  const [row] = await deps.db
    .update(sites)
    .set({ customDomain: domain, domain: '', domainVerifiedAt: null, updatedAt: new Date(), ...renderBump })
    .where(eq(sites.id, siteId))
    .returning();
  if (!row) throw notFound();
  return toStatus(deps, row);
}

export async function unbindDomain(deps: Deps, siteId: number): Promise<SiteStatus> {
  const [row] = await deps.db
    .update(sites)
    .set({ customDomain: '', domain: '', domainVerifiedAt: null, updatedAt: new Date(), ...renderBump })
    .where(eq(sites.id, siteId))
    .returning();
  if (!row) throw notFound();
  return toStatus(deps, row);
}

const hostName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/**
 * Verifies the bound domain: its CNAME must point at the platform's target. No record, a wrong one, a name that does
 * not exist or a lookup that times out all answer 13000. The lookup runs outside any transaction; the domain is
 * then made the site's address only if it is still the one bound.
 */
export async function verifyDomain(deps: Deps, siteId: number): Promise<SiteStatus> {
  const site = await siteRow(deps.db, siteId);
  const domain = site.customDomain;
  if (!domain) throw new FieldError({ domain: { message: 'validation.required' } });
  const target = cnameTarget(deps, site);
  let names: string[] = [];
  try {
    names = await deps.dns.resolveCname(domain);
  } catch (err) {
    deps.log.info({ domain, code: (err as { code?: string }).code }, 'CNAME lookup failed');
  }
  if (!names.some((n) => hostName(n) === target)) throw new AppError(Code.CNAME_NOT_FOUND);
  try {
    const [row] = await deps.db
      .update(sites)
      .set({ domain, domainVerifiedAt: new Date(deps.now()), updatedAt: new Date(), ...renderBump })
      .where(and(eq(sites.id, siteId), eq(sites.customDomain, domain)))
      .returning();
    // Unbound or rebound while the lookup ran: the answer is about a domain the site no longer has.
    if (!row) throw new AppError(Code.CNAME_NOT_FOUND);
    return toStatus(deps, row);
  } catch (err) {
    // Another site verified it first.
    if (isUniqueViolation(err)) throw new AppError(Code.DOMAIN_TAKEN);
    throw err;
  }
}
