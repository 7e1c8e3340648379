/**
 * The app's own work on every reply, in one onSend hook rather than one hook each (issue 31: every hook is a step of
 * every request): the security headers (securityHeaders.ts), then the rest of a body left unread drained (drain.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { drainUnread } from './drain';
import { addSecurityHeaders } from './securityHeaders';

export function registerOnSend(app: FastifyInstance, config: Config): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    addSecurityHeaders(req, reply, config);
    const draining = drainUnread(req.raw);
    if (!draining) done(null, payload);
    else void draining.then(() => done(null, payload));
  });
}
