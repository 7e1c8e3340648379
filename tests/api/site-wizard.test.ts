/**
 * The new-site wizard's server side before payment: the slug check for a user with no site yet (site/check_new:
 * 3012 輸入的網址重複 when taken, §5's slug rule when malformed), and the limit on sites waiting for their first
 * payment (19007).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentReply, SITES_AWAITING_PAYMENT_MAX } from '../../contract/billing';
import { Code } from '../../contract/codes';
import { SANDBOX_CARDS } from '../../server/adapters/payment/sandbox';
import { sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  register,
  signInOwner,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

let t: TestApp;
let newcomer: Client;

beforeAll(async () => {
  t = await createTestApp();
  newcomer = await register(t, 'newcomer@example.com', 'secret-pass-1', 'Newcomer');
  // Without any site: the wizard's case (the site made at registration gone).
  await t.database.db.delete(sites).where(eq(sites.ownerId, await userIdOf(t, 'newcomer@example.com')));
});
afterAll(async () => {
  await t?.close();
});

describe('site/check_new', () => {
  it('answers a signed-in user without a site: free, taken (3012), or malformed', async () => {
    const status = await newcomer.call<{ site: { current: unknown } }>('member/status');
    expect(status.data.site.current).toBeNull();
    expect(await newcomer.call('site/check_new', { slug: ' My-Shop ' })).toMatchObject({
      code: 1,
      data: { slug: 'my-shop', available: true },
    });
    const taken = await newcomer.call('site/check_new', { slug: 'demo' });
    expect(taken).toMatchObject({ code: Code.SLUG_TAKEN, msg: '輸入的網址重複' });
    for (const slug of ['1abc', 'ab_c', 'abc-', '中文'])
      expect(fieldErrors(await newcomer.call('site/check_new', { slug })), slug).toEqual({
        slug: '格式錯誤',
      });
    expect(fieldErrors(await newcomer.call('site/check_new', { slug: '' }))).toEqual({
      slug: '此欄位為必填',
    });
  });

  it('counts every site, the caller’s own current one too, and is refused without a session', async () => {
    const { owner } = await signInOwner(t);
    expect((await owner.call('site/check_new', { slug: 'demo' })).code).toBe(Code.SLUG_TAKEN);
    expect((await t.client().call('site/check_new', { slug: 'free-one' })).status).toBe(401);
  });
});

describe('sites waiting for their first payment', () => {
  it(`allows ${SITES_AWAITING_PAYMENT_MAX} per user, then answers 19007 and makes no site`, async () => {
    const init = (slug: string) => {
      const answer = t.sandbox.createPrime({ number: SANDBOX_CARDS.declined, expiry: '12/30', ccv: '123' });
      if ('error' in answer) throw new Error(answer.error);
      return newcomer.call<PaymentReply>('site/init', {
        slug,
        site_name: slug,
        plan: 2,
        name: 'Newcomer',
        email: 'newcomer@example.com',
        prime: answer.prime,
        invoice: { mode: 'donation' },
      });
    };
    for (let i = 1; i <= SITES_AWAITING_PAYMENT_MAX; i++)
      expect(await init(`waiting-${i}`)).toMatchObject({ code: 1, data: { status: 'failed' } });
    expect((await init('one-too-many')).code).toBe(Code.SITES_AWAITING_PAYMENT);
    expect((await newcomer.call('site/check_new', { slug: 'one-too-many' })).code).toBe(1);
    // Another user is not held back by them.
    const other = await register(t, 'other@example.com', 'secret-pass-1', 'Other');
    const answer = t.sandbox.createPrime({ number: SANDBOX_CARDS.success, expiry: '12/30', ccv: '123' });
    if ('error' in answer) throw new Error(answer.error);
    const r = await other.call<PaymentReply>('site/init', {
      slug: 'other-shop',
      site_name: 'Other',
      plan: 2,
      name: 'Other',
      email: 'other@example.com',
      prime: answer.prime,
      invoice: { mode: 'donation' },
    });
    expect(r).toMatchObject({ code: 1, data: { status: 'pending' } });
  });
});
