/**
 * The generated form's inputs, one per field kind. Rich text loads its editor (TipTap) only when a form has one,
 * the date kinds their pickers likewise; the slug's pinyin only when one is made.
 */
import { InputAdornment } from '@mui/material';
import { useTranslate } from 'ra-core';
import { lazy, Suspense } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  CheckboxGroupInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import type { Fields } from '../../contract/entity';
import { ImageUploadInput } from '../components/ImageUploadInput';
import { editable, validatorOf } from './form';
import { ImagesInput } from './ImagesInput';
import { LanguageTabs } from './LanguageTabs';
import type { EntityOverrides } from './overrides';
import { SlugInput } from './SlugInput';
import { type FieldInputProps, fieldLabel } from './view';

const RichTextInput = lazy(() =>
  import('../components/RichTextInput').then((m) => ({ default: m.RichTextInput })),
);
const DayInput = lazy(() => import('./DateInputs').then((m) => ({ default: m.DayInput })));
const ZonedDateTimeInput = lazy(() =>
  import('./DateInputs').then((m) => ({ default: m.ZonedDateTimeInput })),
);

export type { FieldInputProps };

export function FieldInput({ resource, name, field, source, fields }: FieldInputProps) {
  const translate = useTranslate();
  const label = fieldLabel(resource, name);
  const hint = translate(`resources.${resource}.hints.${name}`, { _: '' }) || undefined;
  const common = { source, label, helperText: hint, validate: validatorOf(field), fullWidth: true };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} />;
    case 'longText':
      return <TextInput {...common} multiline minRows={3} />;
    case 'richText':
      return (
        <Suspense fallback={null}>
          <RichTextInput {...common} />
        </Suspense>
      );
    case 'slug':
      return <SlugInput {...common} from={sourceOf(field.from, fields)} />;
    case 'image':
      return <ImageUploadInput source={source} label={label} helperText={hint} testId={`${name}-file`} />;
    case 'images':
      return (
        <ImagesInput
          source={source}
          label={label}
          helperText={hint}
          max={field.max ?? 20}
          testId={`${name}-file`}
          validate={common.validate}
        />
      );
    case 'money':
      return (
        <NumberInput
          {...common}
          step={1}
          InputProps={{ startAdornment: <InputAdornment position="start">NT$</InputAdornment> }}
        />
      );
    case 'number':
      return <NumberInput {...common} />;
    case 'switch':
      return <BooleanInput source={source} label={label} helperText={hint} validate={common.validate} />;
    case 'date':
    case 'dateTime': {
      const Input = field.kind === 'date' ? DayInput : ZonedDateTimeInput;
      return (
        <Suspense fallback={null}>
          <Input {...common} />
        </Suspense>
      );
    }
    case 'enum':
      return field.multiple ? (
        <CheckboxGroupInput
          source={source}
          label={label}
          helperText={hint}
          validate={common.validate}
          choices={(field.choices ?? []).map((id) => ({ id, name: `${label}_${id}` }))}
          row
        />
      ) : (
        <SelectInput
          {...common}
          choices={(field.choices ?? []).map((id) => ({ id, name: `${label}_${id}` }))}
        />
      );
    case 'reference':
      return (
        <ReferenceInput source={source} reference={field.reference ?? ''}>
          <AutocompleteInput label={label} helperText={hint} validate={common.validate} fullWidth />
        </ReferenceInput>
      );
    case 'references':
      return (
        <ReferenceArrayInput source={source} reference={field.reference ?? ''}>
          <AutocompleteArrayInput label={label} helperText={hint} validate={common.validate} fullWidth />
        </ReferenceArrayInput>
      );
    case 'languages':
      return (
        <LanguageTabs source={source}>
          {(i) => <FieldInputs resource={resource} fields={field.fields} at={`${source}.${i}`} />}
        </LanguageTabs>
      );
    case 'list':
      return (
        <ArrayInput source={source} label={label} helperText={hint}>
          <SimpleFormIterator inline>
            {/* Each input a direct child with its source: the iterator reads them for a new row's shape. */}
            {editable(field.fields).map(([sub, subField]) => (
              <FieldInput
                key={sub}
                resource={resource}
                name={sub}
                field={subField}
                source={sub}
                fields={field.fields ?? {}}
              />
            ))}
          </SimpleFormIterator>
        </ArrayInput>
      );
    default:
      return null;
  }
}

/**
 * The inputs of a record's (or a sub-record's) editable fields; `at` is where it sits in the form, if not at the top;
 * `inputs` an entity's own inputs of some fields (overrides).
 */
export function FieldInputs({
  resource,
  fields = {},
  at,
  inputs,
}: {
  resource: string;
  fields?: Fields;
  at?: string;
  inputs?: EntityOverrides['inputs'];
}) {
  return editable(fields).map(([name, field]) => {
    const Own = inputs?.[name];
    const props = { resource, name, field, source: at ? `${at}.${name}` : name, fields };
    return Own ? <Own key={name} {...props} /> : <FieldInput key={name} {...props} />;
  });
}

/**
 * The form path of the field a slug is made from: `title`, or `lang.title` for a per-language one — its source
 * language row (the first).
 */
function sourceOf(from: string | undefined, fields: Fields): string | undefined {
  if (!from) return undefined;
  const [name, sub] = from.split('.');
  return fields[name]?.kind === 'languages' && sub ? `${name}.0.${sub}` : from;
}
