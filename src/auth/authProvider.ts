/**
 * The authProvider: the session comes from `member/status`; permissions are the session's, and `canAccess` reads the
 * same resource → permission table as the server (contract/permissions.ts). Signing in happens on /auth/login.
 */
import type { AuthProvider } from 'ra-core';
import { authApi } from '../../contract/api/auth';
import { mayAccess } from '../../contract/permissions';
import { ApiError, call } from '../dataProvider/client';
import { absoluteLoginUrl, forgetSession, getSession } from './session';

export const authProvider: AuthProvider = {
  // Sign-in is its own screen (/auth/login), outside react-admin.
  login: async () => undefined,

  /** Answers where to go: the sign-in screens, a full page load away, with the way back. */
  async logout() {
    await call(authApi.logout).catch(() => undefined);
    forgetSession();
    return absoluteLoginUrl();
  },

  async checkAuth() {
    const session = await getSession();
    if (!session.isLogined) {
      forgetSession();
      throw { redirectTo: absoluteLoginUrl(), message: false };
    }
  },

  async checkError(error: unknown) {
    const status = error instanceof ApiError ? error.status : (error as { status?: number })?.status;
    if (status === 401) {
      forgetSession();
      throw { redirectTo: absoluteLoginUrl(), message: false };
    }
    // A refusal (403) is not an access-denied sign-out: it stays an error of its call, so that react-admin neither
    // signs out nor turns the call into an empty success (a refused delete would read 'deleted'). Its toast is
    // dropped by layout/QuietNotification (SPEC §8: silent).
  },

  async getIdentity() {
    const session = await getSession();
    const user = session.user;
    if (!user) throw new Error('signed out');
    return { id: user.id, fullName: user.nickname || user.email, avatar: user.avatar || undefined };
  },

  async getPermissions() {
    return (await getSession()).user?.permissions ?? [];
  },

  async canAccess({ resource, action }) {
    return mayAccess((await getSession()).user?.permissions ?? [], resource, action);
  },
};
