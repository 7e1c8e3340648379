/** A site's owner as the plan mails address them: the site's name and time zone, the owner's address and language. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sites, users } from '../tenancy/schema';

export async function ownerOf(db: Db, siteId: number) {
  const [row] = await db
    .select({
      site: sites.name,
      timezone: sites.timezone,
      email: users.email,
      nickname: users.nickname,
      language: users.language,
    })
    .from(sites)
    .leftJoin(users, eq(users.id, sites.ownerId))
    .where(eq(sites.id, siteId));
  return row;
}
