/** The shell's decisions for platform operators and non-managing users (issue 17, SPEC §6). */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../contract/session';
import { shellDecision } from '../../src/layout/shellLogic';

const site = {
  id: 7,
  name: 'Demo',
  slug: 'demo',
  domain: '',
  url: 'http://demo.example.test',
  timezone: 'Asia/Taipei',
  status: 1,
  published: true,
  service: null,
  features: [],
  badge: [],
  frontend_display_language: [],
};

function session(opts: Partial<Session> & { permissions?: string[]; operator?: boolean; current?: boolean }) {
  const { permissions = [], operator = false, current = true, ...rest } = opts;
  const s: Session = {
    isLogined: true,
    user: {
      id: 1,
      is_verified: true,
      email: 'a@example.com',
      pending_email: null,
      nickname: 'A',
      account: 'a@example.com',
      avatar: '',
      info: '',
      permissions,
      base_permissions: permissions,
      meta: { language: 'zh-TW' },
      platform_admin: operator,
    },
    site: { current: current ? site : null, list: current ? [site] : [] },
    role: null,
    meta: { server_time: 0 },
    remember: false,
    ...rest,
  };
  return s;
}

describe('platform operators', () => {
  it('without a site go to /support, and stay there', () => {
    const s = session({ operator: true, current: false, managing: true, public_url: null });
    expect(shellDecision(s, '/')).toEqual({ kind: 'support' });
    expect(shellDecision(s, '/support')).toEqual({ kind: 'ok' });
  });

  it('in a support session stay in the frame', () => {
    const s = session({
      operator: true,
      permissions: ['post.list'],
      support: { site_id: 7, site_name: 'Demo', expires_at: '2026-01-01T00:00:00Z' },
    });
    expect(shellDecision(s, '/press')).toEqual({ kind: 'ok' });
  });
});

describe('non-managing users', () => {
  it('are sent to the public address the server names, even when no longer staff of the site', () => {
    const gone = session({ current: false, managing: false, public_url: 'http://demo.example.test' });
    expect(shellDecision(gone, '/')).toEqual({ kind: 'public', url: 'http://demo.example.test' });
  });

  it('a new account without any site still goes to the wizard', () => {
    expect(shellDecision(session({ current: false, managing: false, public_url: null }), '/')).toEqual({
      kind: 'no-site',
    });
  });
});
