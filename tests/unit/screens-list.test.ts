/**
 * The screen sweep's list (tests/e2e/screens.ts) is the app's routes, no more and no fewer: a new route, page or
 * resource fails here until the sweep visits it. The routes come from where the app declares them: the route modules
 * (src/custom/<area>/routes.tsx, src/resources/<r>/routes.tsx), the resources (src/resources/<r>/index.ts and every
 * entity's), and the few written in AdminApp.tsx and AuthApp.tsx themselves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Children, isValidElement, type ReactNode } from 'react';
import type { ResourceProps } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { EntityOverrides } from '../../src/entities/overrides';
import { entityResources } from '../../src/entities/registry';
import { ADMIN_SCREENS, AUTH_SCREENS } from '../e2e/screens';

const routeModules = import.meta.glob<Record<string, unknown>>('../../src/{custom,resources}/*/routes.tsx', {
  eager: true,
});
const overrideModules = import.meta.glob<{ default: EntityOverrides }>('../../src/entities/overrides/*.tsx', {
  eager: true,
});
const resourceModules = import.meta.glob<{ default: ResourceProps }>('../../src/resources/*/index.{ts,tsx}', {
  eager: true,
});

const pathOf = (element: unknown): string | undefined =>
  isValidElement<{ path?: string }>(element) ? element.props.path : undefined;

/** The paths written as `path="…"` in a source file. */
const literalPaths = (file: string): string[] =>
  [
    ...readFileSync(path.resolve(import.meta.dirname, '../../src', file), 'utf8').matchAll(
      /\bpath="([^"]+)"/g,
    ),
  ].map((m) => m[1]);

function adminRoutes(): string[] {
  const custom = Object.values(routeModules).flatMap((exports) =>
    Object.values(exports)
      .filter(Array.isArray)
      .flatMap((routes: unknown[]) => routes.map(pathOf)),
  );
  const resources = Object.values(resourceModules).flatMap(({ default: r }) => [
    ...(r.list ? [`/${r.name}`] : []),
    ...(r.create ? [`/${r.name}/create`] : []),
    ...(r.edit ? [`/${r.name}/:id`] : []),
    ...(r.show ? [`/${r.name}/:id/show`] : []),
    ...Children.toArray(r.children as ReactNode).map((child) => `/${r.name}${pathOf(child)}`),
  ]);
  // An entity's list, and its dialog or record page at /<name>/<id> (0 adds a record), unless a list of its own
  // stands alone or its rows lead elsewhere (content's lists, whose rows open the writer: /<name>/<id> is the list).
  const alone = (name: string) => {
    const own = overrideModules[`../../src/entities/overrides/${name}.tsx`]?.default;
    return (own?.List || own?.rowPath) && !own.Show && !own.Dialog;
  };
  const entities = entityResources.flatMap(({ name }) => [
    `/${name}`,
    ...(alone(name) ? [] : [`/${name}/:id`]),
  ]);
  // The dashboard, and what AdminApp routes itself (/auth/* hands over to the sign-in app).
  const inline = literalPaths('AdminApp.tsx').filter((p) => p !== '/auth/*');
  return [...new Set(['/', ...custom, ...resources, ...entities, ...inline])].filter(
    (p): p is string => typeof p === 'string',
  );
}

describe('the screen sweep’s list', () => {
  it('holds every route of the admin, and only those', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const listed = new Set(ADMIN_SCREENS.map((s) => s.route));
    expect(routes.filter((r) => !listed.has(r))).toEqual([]);
    expect([...listed].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('holds every sign-in screen', () => {
    // AuthApp's table of screens: `'/auth/login': lazy(…)`.
    const routes = [
      ...readFileSync(path.resolve(import.meta.dirname, '../../src/auth/AuthApp.tsx'), 'utf8').matchAll(
        /^\s*'(\/auth\/[^']*)':\s*lazy\(/gm,
      ),
    ].map((m) => m[1]);
    expect(routes.length).toBeGreaterThan(5);
    expect(AUTH_SCREENS.map((s) => s.route).sort()).toEqual([...routes].sort());
  });
});
