/**
 * The mails of a paid order, queued in the transaction that made it paid (so exactly once): the buyer's
 * confirmation in the order's language, and the new-order notice to the site's e-commerce staff — those whose role
 * holds `order.edit`, other than the owner and the administrators (電商人員 and custom roles with it) — or, when
 * there is none, to the owner.
 */
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { CONTENT_LANGUAGES, type Locale } from '../../../contract/constants';
import { ROLE } from '../../../contract/permissions';
import { formatTwd } from '../../../contract/shop';
import { mailQueue } from '../../adapters/outbox';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { localeOfLanguage, t } from '../../i18n';
import { roles, siteStaff, sites, users } from '../tenancy/schema';
import { orderPageUrl } from './links';
import type { OrderRow } from './moves';
import { orderItems } from './schema';

const ORDER_EDIT = 'order.edit';

export const localeOfLangId = (langId: number): Locale =>
  localeOfLanguage(CONTENT_LANGUAGES.find((l) => l.id === langId)?.iso ?? 'zh-TW');

/** Who hears of a new order: e-commerce staff (built-in 電商人員 or a custom role with order.edit), else the owner. */
async function orderStaff(tx: Db, siteId: number, ownerId: number | null) {
  const staff = await tx
    .select({
      email: users.email,
      language: users.language,
      roleId: roles.id,
      permissions: roles.permissions,
    })
    .from(siteStaff)
    .innerJoin(roles, eq(roles.id, siteStaff.roleId))
    .innerJoin(users, eq(users.id, siteStaff.userId))
    .where(
      and(
        eq(siteStaff.siteId, siteId),
        or(eq(roles.id, ROLE.ECOMMERCE), and(eq(roles.builtin, false), eq(roles.siteId, siteId))),
        ownerId === null ? undefined : ne(siteStaff.userId, ownerId),
      ),
    );
  const shop = staff.filter((s) => s.roleId === ROLE.ECOMMERCE || s.permissions.includes(ORDER_EDIT));
  if (shop.length || ownerId === null) return shop;
  return tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.id, [ownerId]));
}

export async function queuePaidMails(
  tx: Db,
  deps: { config: Config; now: () => number },
  order: OrderRow,
): Promise<void> {
  const [site] = await tx
    .select({
      name: sites.name,
      slug: sites.slug,
      domain: sites.domain,
      displayLanguages: sites.displayLanguages,
      ownerId: sites.ownerId,
    })
    .from(sites)
    .where(eq(sites.id, order.siteId));
  if (!site) return;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  const outbox = mailQueue(tx, deps.now);
  const words = (lang: Locale) => ({
    site: site.name,
    order: order.orderNumber,
    name: order.buyerName,
    email: order.buyerEmail,
    phone: order.buyerPhone,
    address: order.address,
    note: order.note,
    logistic: order.logisticName,
    subtotal: formatTwd(order.subtotal),
    shipping: formatTwd(order.logisticFee),
    total: formatTwd(order.total),
    lines: items
      .map((i) =>
        t(lang, 'shopMail.line', {
          goods: i.goodsName,
          sku: i.skuName,
          qty: i.qty,
          amount: formatTwd(i.amount),
        }),
      )
      .join('\n'),
  });
  const buyerLang = localeOfLangId(order.langId);
  const buyer = {
    ...words(buyerLang),
    link: orderPageUrl(site, deps.config, order.langId, order.orderNumber),
  };
  await outbox.enqueue({
    to: order.buyerEmail,
    subject: t(buyerLang, 'shopMail.buyer.subject', buyer),
    text: t(buyerLang, 'shopMail.buyer.body', buyer),
  });
  const seen = new Set<string>();
  for (const person of await orderStaff(tx, order.siteId, site.ownerId)) {
    if (seen.has(person.email)) continue;
    seen.add(person.email);
    const lang = localeOfLanguage(person.language);
    const args = { ...words(lang), link: `${deps.config.publicUrl}/orders/${order.id}` };
    await outbox.enqueue({
      to: person.email,
      subject: t(lang, 'shopMail.staff.subject', args),
      text: t(lang, 'shopMail.staff.body', args),
    });
  }
}
