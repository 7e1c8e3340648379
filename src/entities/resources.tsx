/**
 * The <Resource> of every entity resource (registry.ts), for AdminApp: its list — the generated one with the
 * entity's overrides (overrides/<resource>.tsx), or the override's own — at /<resource>, with the record's dialog or
 * the override's record page (`Show`) at /<resource>/:id, and its icon, all loaded lazily.
 */
import { Box } from '@mui/material';
import { type ComponentType, lazy, Suspense } from 'react';
import type { ResourceProps } from 'react-admin';
import { useParams } from 'react-router';
import type { MenuPlace } from '../../contract/entityBrief';
import { useOtherAreasOnceRendered } from '../i18n/LaterWords';
import type { EntityOverrides } from './overrides';
import { entityResources } from './registry';

const overrideModules = import.meta.glob<{ default: EntityOverrides }>('./overrides/*.tsx');

/** The overrides of a resource, if it has any. */
export const loadOverrides = async (resource: string): Promise<EntityOverrides | undefined> =>
  (await overrideModules[`./overrides/${resource}.tsx`]?.())?.default;

/** An icon that loads on first render, keeping its place meanwhile. */
function lazyIcon(load: MenuPlace['icon']): ComponentType {
  const Icon = lazy(() => load().then((m) => ({ default: m.default as ComponentType })));
  return function EntityIcon() {
    return (
      <Suspense fallback={<Box component="span" sx={{ display: 'inline-block', width: 24, height: 24 }} />}>
        <Icon />
      </Suspense>
    );
  };
}

export const entityResourceProps: ResourceProps[] = entityResources.map(({ name, brief, menu }) => ({
  name,
  list: lazy(async () => {
    const overrides = await loadOverrides(name);
    const Own = overrides?.List;
    // A list of its own without a record page needs none of the generated screens.
    if (Own && !overrides.Show)
      return {
        default: function OwnList() {
          useOtherAreasOnceRendered();
          return <Own resource={name} overrides={overrides} />;
        },
      };
    // modalFor with the list (view.ts reads the contract's field limits, which the first screen does without).
    const { EntityList, modalFor } = await import('./EntityList');
    const List = Own ?? EntityList;
    const Show = overrides?.Show;
    return {
      default: function EntityScreens() {
        useOtherAreasOnceRendered();
        // /<resource>/<id>: the record page when the entity has one (the list, and its dialog, otherwise).
        const record = modalFor(useParams()['*']);
        return Show && record?.open && record.id > 0 ? (
          <Show resource={name} id={record.id} />
        ) : (
          <List resource={name} overrides={overrides} />
        );
      },
    };
  }),
  icon: lazyIcon(menu.icon),
  recordRepresentation: brief.title,
}));
