/**
 * The generated form's inputs, one per field kind. Rich text loads its editor (TipTap) only when a form has one;
 * the slug's pinyin only when one is made.
 */
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { Box, InputAdornment, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { DELAY } from '../../contract/constants';
import { LANG_IDS } from '../../contract/content';
import type { Field, Fields } from '../../contract/entity';
import { ImageUploadInput } from '../components/ImageUploadInput';
import { editable, validatorOf } from './form';
import { loadSlugify } from './view';

const RichTextInput = lazy(() => import('ra-input-rich-text').then((m) => ({ default: m.RichTextInput })));

export interface FieldInputProps {
  resource: string;
  /** The field's name: its words are `resources.<resource>.fields.<name>`. */
  name: string;
  field: Field;
  /** Where the value sits in the form (`name`, or `lang.2.title` inside a sub-record). */
  source: string;
  /** The record's fields, for a slug made from another one. */
  fields: Fields;
}

export function FieldInput({ resource, name, field, source, fields }: FieldInputProps) {
  const translate = useTranslate();
  const label = `resources.${resource}.fields.${name}`;
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
    case 'enum':
      return (
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
      return <LanguageTabs resource={resource} source={source} fields={field.fields ?? {}} />;
    case 'list':
      return (
        <ArrayInput source={source} label={label} helperText={hint}>
          <SimpleFormIterator inline>
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
 * The form path of the field a slug is made from: `title`, or `lang.title` for a per-language one — its source
 * language row (the first).
 */
function sourceOf(from: string | undefined, fields: Fields): string | undefined {
  if (!from) return undefined;
  const [name, sub] = from.split('.');
  return fields[name]?.kind === 'languages' && sub ? `${name}.0.${sub}` : from;
}

/**
 * A slug: made with pinyin from its `from` field a moment after that changes, until the user types one of their own
 * (clearing it hands it back); whatever is typed is normalised to the slug rule on leaving the field. `hint` words
 * the helper text for either state.
 */
export function SlugInput({
  from,
  hint,
  ...props
}: { source: string; from?: string; hint?: (own: boolean) => string } & Omit<
  Parameters<typeof TextInput>[0],
  'source'
>) {
  const { source } = props;
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const [own, setOwn] = useState(() => Boolean(getValues(source)));
  const origin = useWatch({ name: from ?? source }) as string | null;

  useEffect(() => {
    if (own || !from) return;
    let live = true;
    const timer = setTimeout(async () => {
      const text = (origin ?? '').trim();
      const next = text ? (await loadSlugify())(text) : '';
      if (live && (getValues(source) ?? '') !== next)
        setValue(source, next, { shouldDirty: true, shouldValidate: true });
    }, DELAY.slugFromTitle);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [origin, own, from, source, getValues, setValue]);

  const normalise = async (typed: string) => {
    if (!typed) return;
    const next = (await loadSlugify())(typed);
    if (next !== getValues(source)) setValue(source, next, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <TextInput
      {...props}
      helperText={hint ? translate(hint(own)) : props.helperText}
      parse={(v: string) => v}
      onChange={(e: { target: { value: string } }) => setOwn(e.target.value.trim() !== '')}
      onBlur={(e: { target: { value: string } }) => void normalise(e.target.value.trim())}
    />
  );
}

/** One tab per content language, each with the sub-record's inputs; a tab with errors turns red. */
function LanguageTabs({ resource, source, fields }: { resource: string; source: string; fields: Fields }) {
  const translate = useTranslate();
  const baseId = useId();
  const [tab, setTab] = useState(0);
  const { errors } = useFormState({ name: source });
  const rowErrors = (errors[source] ?? []) as unknown as unknown[];
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_e, next: number) => setTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={translate('labels.langTabs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {LANG_IDS.map((langId, i) => {
          const hasError = Boolean(rowErrors[i]);
          return (
            <Tab
              key={langId}
              value={i}
              id={`${baseId}-tab-${i}`}
              aria-controls={`${baseId}-panel-${i}`}
              data-testid={`lang-tab-${langId}`}
              label={translate(`labels.languages.${langId}`)}
              icon={
                hasError ? (
                  <ErrorIcon fontSize="small" aria-label={translate('labels.hasError')} />
                ) : undefined
              }
              iconPosition="end"
              sx={{ minHeight: 48, ...(hasError ? { '&, &.Mui-selected': { color: 'error.main' } } : {}) }}
            />
          );
        })}
      </Tabs>
      {LANG_IDS.map((langId, i) => (
        <Box
          key={langId}
          role="tabpanel"
          id={`${baseId}-panel-${i}`}
          aria-labelledby={`${baseId}-tab-${i}`}
          hidden={tab !== i}
        >
          {editable(fields).map(([sub, subField]) => (
            <FieldInput
              key={sub}
              resource={resource}
              name={sub}
              field={subField}
              source={`${source}.${i}.${sub}`}
              fields={fields}
            />
          ))}
        </Box>
      ))}
    </>
  );
}
