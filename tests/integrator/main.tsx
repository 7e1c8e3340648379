/**
 * An integrator's app: plain react-admin with nothing of ours but the package export `publishing-admin/dataProvider`.
 * tests/e2e/integrator.spec.ts builds it and opens it against the real server.
 */
import { dataProvider, type ResourceName, resourceNames } from 'publishing-admin/dataProvider';
import { Admin, ListGuesser, Resource } from 'react-admin';
import { createRoot } from 'react-dom/client';

const shown: ResourceName[] = ['author', 'role'];

createRoot(document.getElementById('root') as HTMLElement).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    {shown
      .filter((name) => resourceNames.includes(name))
      .map((name) => (
        <Resource key={name} name={name} list={ListGuesser} />
      ))}
  </Admin>,
);
