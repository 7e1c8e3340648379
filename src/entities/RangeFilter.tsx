/** A day range filter (`from`, `to`: days of the site's time zone, both included), loaded by the lists that have one. */
import { DateInput } from 'react-admin';

export default function RangeFilter({ resource }: { resource: string }) {
  return (
    <>
      <DateInput source="from" label={`resources.${resource}.filters.from`} helperText={false} fullWidth />
      <DateInput source="to" label={`resources.${resource}.filters.to`} helperText={false} fullWidth />
    </>
  );
}
