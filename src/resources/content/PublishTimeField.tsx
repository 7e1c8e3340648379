/** When an item was (or will be) published, to the minute, in the interface language. */
import { LocalDateField } from '../../components/LocalDateField';

const toTheMinute: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

export function PublishTimeField() {
  return <LocalDateField source="publish_ts" options={toTheMinute} sx={{ whiteSpace: 'nowrap' }} />;
}
