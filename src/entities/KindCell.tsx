/** The cells of the less common field kinds (loaded with the first list that shows one). */
import { useRecordContext, useTranslate } from 'ra-core';
import { BooleanField, NumberField, ReferenceArrayField, ReferenceField } from 'react-admin';
import { formatTwd } from '../../contract/shop';
import { useDateTime } from '../components/DateTimeField';
import { formatDateTime } from '../components/dates';
import { type FieldProps, fieldLabel } from './view';

function EnumCell({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const values: unknown[] = Array.isArray(record?.[source]) ? record[source] : [record?.[source]];
  return values.map((v) => translate(`${label}_${v}`, { _: String(v) })).join(', ');
}

/** An amount as every other screen writes it (NT$1,200), not as the browser's locale would (zh-TW: $1,200). */
function MoneyCell({ source }: { source: string }) {
  const value = useRecordContext()?.[source];
  return typeof value === 'number' ? formatTwd(value) : null;
}

/** A calendar day (YYYY-MM-DD, a day of the site's) as the interface language writes it. */
function DayCell({ source }: { source: string }) {
  const value = useRecordContext()?.[source];
  const { locale } = useDateTime();
  return typeof value === 'string' && value ? formatDateTime(`${value}T00:00Z`, locale, 'UTC', 'date') : null;
}

export default function KindCell({ resource, name, field }: FieldProps) {
  switch (field.kind) {
    case 'date':
      return <DayCell source={name} />;
    case 'switch':
      return <BooleanField source={name} />;
    case 'money':
      return <MoneyCell source={name} />;
    case 'enum':
      return <EnumCell source={name} label={fieldLabel(resource, name)} />;
    case 'reference':
      return <ReferenceField source={name} reference={field.reference ?? ''} link={false} />;
    case 'references':
      return <ReferenceArrayField source={name} reference={field.reference ?? ''} />;
    default:
      return <NumberField source={name} />;
  }
}
