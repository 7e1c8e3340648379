/**
 * The sharing provider the configuration chooses (server/config.ts `social`): Facebook's Graph API with
 * FACEBOOK_APP_ID, else the built-in sandbox, whose consent page (sandbox.ts) is then served by the product.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SocialConfig } from '../../config';
import { graphProvider } from './graph';
import type { SocialProvider } from './provider';
import { socialSandbox, socialSandboxRoutes } from './sandbox';

export interface Social {
  provider: SocialProvider;
  routes?: (app: FastifyInstance) => Promise<void>;
}

export function socialProvider(config: SocialConfig, log: FastifyBaseLogger): Social {
  if (config.provider === 'graph' && config.graph) return { provider: graphProvider(config.graph) };
  const sandbox = socialSandbox((post) =>
    log.info(
      { platform: post.platform, account: post.accountId, id: post.id, link: post.link },
      'sandbox share',
    ),
  );
  return { provider: sandbox, routes: socialSandboxRoutes(sandbox) };
}
