/** The tabs of a per-language field: the generated form's (inputs.tsx), the label dialog's, a menu item's. */
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import type { LangId } from '../../contract/content';
import { LANG_IDS } from '../../contract/contentConstants';
import { TabDot } from '../components/TabDot';

export interface LanguageTabsProps {
  /** Where the rows sit in the form: `<source>.<i>` is LANG_IDS[i]'s. */
  source: string;
  /** What the tabs are of (an i18n key). */
  label?: string;
  /** Marks the source language's tab (the first) as required. */
  required?: boolean;
  /** Whether a row holds something: the other languages' tabs then show a dot. */
  filled?: (row: Record<string, unknown> | undefined) => boolean;
  /** A tab's inputs. */
  children: (index: number, langId: LangId) => ReactNode;
}

/** One tab per content language; a tab whose fields have errors turns red, and a failed save shows the first. */
export function LanguageTabs({
  source,
  label = 'labels.langTabs',
  required,
  filled,
  children,
}: LanguageTabsProps) {
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
        aria-label={translate(label)}
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
                    <TabDot title={translate('labels.filled')} color="success.main" size={6} />
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
