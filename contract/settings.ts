/**
 * Site settings (SPEC §2 Settings, §3 Site settings, §7 Site): the general settings of `site/profile` and
 * `site/save`, the service status of `site/status` with the publish switch, the sub-domain (`site/check`,
 * `site/save_slug`) and a custom domain (`site/bind`, `site/valid`, `site/unbind`).
 *
 * A custom domain is the site's own host name (e.g. `www.example.com`). It is bound first, then verified: the
 * server looks up its CNAME record, which must point at the platform's target (CNAME_TARGET, or the site's own
 * `<slug>.<SITE_DOMAIN>`). Once verified it is the site's public address. A zone apex (`example.com`) cannot carry a
 * CNAME; use a sub-domain such as `www`.
 */
import { z } from 'zod';
import { CONTENT_LANGUAGES, DEFAULT_LOCALE, DEFAULT_TIMEZONE, LOCALES } from './constants';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from './contentConstants';
import { bounded, f, ruled } from './fields';
import { ServiceRef } from './session';
import { TIMEZONES } from './timezones';
import { rules } from './validation';

export const SITE_TITLE_MAX = 100;
export const SITE_DESCRIPTION_MAX = 500;
/** The tracking code (analytics snippets) is kept as text; the admin never runs it. */
export const TRACKING_MAX = 10_000;
/** A sub-domain is one DNS label. */
export const SUBDOMAIN_MAX = 63;
/** A host name (a trailing dot, as in DNS, comes on top). */
const DOMAIN_MAX = 253;
/** IANA zone names are 32 characters at most. */
const TIMEZONE_MAX = 64;

/** General settings, as `site/profile` answers and `site/save` takes them. */
export const SiteProfile = z.object({
  /** The site's name. */
  title: z.string(),
  description: z.string(),
  tracking: z.string(),
  /** IANA zone of the site's wall clock (contract/timezones.ts). */
  timezone: z.string(),
  /** The site's own language (of its interface and mail). */
  language: z.enum(LOCALES),
  logo: z.string(),
  favicon: z.string(),
  seo: z.object({ cover: z.string(), title: z.string(), description: z.string() }),
  /** The front end's languages (content language ids), in order; the first is the default. */
  frontend_display_language: z.array(z.number()),
});
export type SiteProfile = z.infer<typeof SiteProfile>;

const imageOrEmpty = f.linkOrEmpty().default('');
const languageIds = new Set<number>(CONTENT_LANGUAGES.map((l) => l.id));

export const SiteSave = z.strictObject({
  title: ruled(bounded(SITE_TITLE_MAX), rules.required),
  description: bounded(SITE_DESCRIPTION_MAX).default(''),
  // Not trimmed: a snippet is stored exactly as pasted.
  tracking: bounded(TRACKING_MAX, { trim: false }).default(''),
  timezone: ruled(bounded(TIMEZONE_MAX), rules.required, (v) => rules.timezone(v, TIMEZONES)).default(
    DEFAULT_TIMEZONE,
  ),
  language: f.locale().default(DEFAULT_LOCALE),
  logo: imageOrEmpty,
  favicon: imageOrEmpty,
  seo: z
    .strictObject({
      cover: imageOrEmpty,
      title: bounded(SEO_TITLE_MAX).default(''),
      description: bounded(SEO_DESCRIPTION_MAX).default(''),
    })
    .default({ cover: '', title: '', description: '' }),
  frontend_display_language: ruled(
    z.array(z.number().int()).max(CONTENT_LANGUAGES.length * 2),
    (ids) => rules.countMin(ids),
    (ids) => (ids.every((id) => languageIds.has(id)) ? undefined : { message: 'validation.format' }),
    (ids) => (new Set(ids).size === ids.length ? undefined : { message: 'validation.duplicate' }),
  ),
});
export type SiteSave = z.input<typeof SiteSave>;

/** Where a custom domain stands: none bound, bound and waiting for its CNAME, or verified (the site's address). */
export const CustomDomainState = z.enum(['none', 'pending', 'verified']);
export type CustomDomainState = z.infer<typeof CustomDomainState>;

/** `site/status`: the service status of the settings overview and the domain screens. */
export const SiteStatus = z.object({
  /** The site's plan; null before one is chosen. */
  service: ServiceRef.nullable(),
  published: z.boolean(),
  slug: z.string(),
  /** `<slug>.<SITE_DOMAIN>`: the platform's address of the site. */
  subdomain: z.string(),
  /** The verified custom domain, '' for none. */
  domain: z.string(),
  /** The public address: the verified custom domain, else the sub-domain. */
  url: z.string(),
  custom_domain: z.object({
    /** The bound domain (verified or not), '' for none. */
    domain: z.string(),
    state: CustomDomainState,
    verified_at: z.string().nullable(),
    /** What the domain's CNAME record must point at. */
    cname_target: z.string(),
  }),
});
export type SiteStatus = z.infer<typeof SiteStatus>;

/** A sub-domain: the slug rule, as one DNS label (no trailing hyphen, 63 characters at most); lowercased. */
export const subdomainField = () =>
  ruled(bounded(SUBDOMAIN_MAX, { lower: true }), rules.required, rules.slug, (v) =>
    v.endsWith('-') ? { message: 'validation.slug' } : undefined,
  );

/** `site/check` and `site/save_slug`. */
export const SlugInput = z.strictObject({ slug: subdomainField() });

/** `site/bind`: a host name by the domain rule, lowercased (a trailing dot, as in DNS, is dropped). */
export const BindInput = z.strictObject({
  domain: ruled(
    bounded(DOMAIN_MAX + 1, { lower: true }).transform((v) => (v.endsWith('.') ? v.slice(0, -1) : v)),
    rules.required,
    rules.domain,
  ),
});

/** `site/publish`. */
export const PublishInput = z.strictObject({ publish: z.boolean() });

/** `site/check`: the slug is free for this site (a taken one answers 3012). */
export const SlugCheckReply = z.object({ slug: z.string(), available: z.literal(true) });
export type SlugCheckReply = z.infer<typeof SlugCheckReply>;
