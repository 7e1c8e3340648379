/** When an item was (or will be) published, to the minute, in the site's time zone; in a tight list the time goes under the date. */
import { DateTimeField } from '../../components/DateTimeField';

export function PublishTimeField() {
  return <DateTimeField source="publish_ts" sx={{ whiteSpace: 'normal' }} />;
}
