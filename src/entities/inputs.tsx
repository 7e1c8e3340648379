/**
 * The generated form's inputs, one per field kind. Rich text loads its editor (TipTap) only when a form has one;
 * the slug's pinyin only when one is made.
 */
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { Box, InputAdornment, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
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
import { useFormState, useWatch } from 'react-hook-form';
import { LANG_IDS, type LangId } from '../../contract/content';
import type { Field, Fields } from '../../contract/entity';
import { ImageUploadInput } from '../components/ImageUploadInput';
import { editable, validatorOf } from './form';
import { SlugInput } from './SlugInput';

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
          {(i) =>
            editable(field.fields).map(([sub, subField]) => (
              <FieldInput
                key={sub}
                resource={resource}
                name={sub}
                field={subField}
                source={`${source}.${i}.${sub}`}
                fields={field.fields ?? {}}
              />
            ))
          }
        </LanguageTabs>
      );
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

export interface LanguageTabsProps {
  /** Where the rows sit in the form: `<source>.<i>` is LANG_IDS[i]'s. */
  source: string;
  /** Marks the source language's tab (the first) as required. */
  required?: boolean;
  /** Whether a row holds something: the other languages' tabs then show a dot. */
  filled?: (row: Record<string, unknown> | undefined) => boolean;
  /** A tab's inputs. */
  children: (index: number, langId: LangId) => ReactNode;
}

/** One tab per content language; a tab whose fields have errors turns red, and a failed save shows the first. */
export function LanguageTabs({ source, required, filled, children }: LanguageTabsProps) {
  const translate = useTranslate();
  const baseId = useId();
  const [tab, setTab] = useState(0);
  const { errors, submitCount } = useFormState({ name: source });
  const rows = useWatch({ name: source }) as Record<string, unknown>[] | undefined;
  const rowErrors = (errors[source] ?? []) as unknown as unknown[];
  const handled = useRef(0);

  useEffect(() => {
    if (submitCount === handled.current) return;
    const first = LANG_IDS.findIndex((_, i) => Boolean(rowErrors[i]));
    if (first < 0) return;
    handled.current = submitCount;
    if (!rowErrors[tab]) setTab(first);
  }, [submitCount, rowErrors, tab]);

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
              icon={
                hasError ? (
                  <ErrorIcon fontSize="small" aria-label={translate('labels.hasError')} />
                ) : undefined
              }
              iconPosition="end"
              sx={{ minHeight: 48, ...(hasError ? { '&, &.Mui-selected': { color: 'error.main' } } : {}) }}
              label={
                <span>
                  {translate(`labels.languages.${langId}`)}
                  {i === 0 && required ? <span aria-hidden="true"> *</span> : null}
                  {i > 0 && filled?.(rows?.[i]) ? (
                    <Box
                      component="span"
                      title={translate('labels.filled')}
                      sx={{
                        display: 'inline-block',
                        width: 6,
                        height: 6,
                        borderRadius: '50%',
                        bgcolor: 'success.main',
                        ml: 0.75,
                        verticalAlign: 'middle',
                      }}
                    />
                  ) : null}
                </span>
              }
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
          {children(i, langId)}
        </Box>
      ))}
    </>
  );
}
