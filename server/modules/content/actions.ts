/**
 * The two shapes of a content action (routes.ts; translate/routes.ts uses them too): `typed`, whose type comes with
 * `?t=`, and `onItem`, on one existing item, whose permission follows the item's type.
 */
import type { z } from 'zod';
import type { Endpoint } from '../../../contract/endpoint';
import { action, type SiteContext } from '../../http/action';
import {
  assertAllowed,
  type ContentRecord,
  findItem,
  type Need,
  queryType,
  requireType,
  type Scope,
  scopeOf,
  viewerOf,
} from './scope';

export type SiteEndpoint<S extends z.ZodType, O extends z.ZodType> = Endpoint<S, O, 'site'>;

/** An action whose type must come with `?t=`. */
export function typed<S extends z.ZodType, O extends z.ZodType>(
  endpoint: SiteEndpoint<S, O>,
  needs: (input: z.output<S>) => Need[],
  handler: (input: z.output<S>, scope: Scope) => Promise<z.input<O>>,
) {
  return action({
    ...endpoint,
    handler: (body, ctx: SiteContext) => {
      const type = requireType(ctx.query);
      assertAllowed(ctx, type, needs(body));
      return handler(body, scopeOf(ctx, type));
    },
  });
}

/**
 * An action on one existing item: `?t=` is optional (the item has a type), and when given the item must be of it.
 * With `?t=` the permission is checked first, so a refused role learns nothing about ids.
 */
export function onItem<S extends z.ZodType, O extends z.ZodType>(
  endpoint: SiteEndpoint<S, O>,
  idOf: (input: z.output<S>) => number,
  needs: Need[],
  handler: (input: z.output<S>, scope: Scope, item: ContentRecord) => Promise<z.input<O>>,
) {
  return action({
    ...endpoint,
    handler: async (body, ctx: SiteContext) => {
      const type = queryType(ctx.query);
      if (type) assertAllowed(ctx, type, needs);
      const item = await findItem(viewerOf(ctx), idOf(body), type);
      if (!type) assertAllowed(ctx, item.type as Scope['type'], needs);
      return handler(body, scopeOf(ctx, item.type as Scope['type']), item);
    },
  });
}

export const byId = (input: { id: number }) => input.id;
