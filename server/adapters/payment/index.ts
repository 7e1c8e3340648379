/**
 * The payment gateway the configuration chooses (server/config.ts `payment`): TapPay with PAYMENT_GATEWAY=tappay,
 * else the built-in sandbox, whose pages (sandboxRoutes.ts) are then served by the product. `routes` is the
 * Fastify plugin to register, if any: `if (payment.routes) await app.register(payment.routes)`.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PaymentConfig } from '../../config';
import type { PaymentGateway } from './gateway';
import { type SandboxOptions, sandboxGateway } from './sandbox';
import { sandboxRoutes } from './sandboxRoutes';
import { tapPayGateway } from './tappay';

export interface Payment {
  gateway: PaymentGateway;
  routes?: (app: FastifyInstance) => Promise<void>;
}

/**
 * The sandbox's notification secret: PAYMENT_NOTIFY_SECRET, else one derived from the database's own secret, the
 * same on every instance that shares the database (a notification may reach another instance than the one that
 * sent it).
 */
export function notifySecretOf(config: PaymentConfig, databaseSecret: string): PaymentConfig {
  if (config.gateway !== 'sandbox' || config.notifySecret) return config;
  return {
    ...config,
    notifySecret: createHmac('sha256', databaseSecret).update('payment-notify').digest('hex'),
  };
}

export function paymentGateway(
  config: PaymentConfig,
  publicUrl: string,
  sandbox: Omit<SandboxOptions, 'publicUrl' | 'notifySecret'> = {},
): Payment {
  if (config.gateway === 'tappay') return { gateway: tapPayGateway(config.tappay) };
  const gateway = sandboxGateway({ ...sandbox, publicUrl, notifySecret: config.notifySecret });
  return { gateway, routes: sandboxRoutes(gateway) };
}
