/**
 * Step 1: the site's address (slug) and name. The slug rule is checked 500 ms after typing (SPEC §5), then the
 * server is asked whether the address is free; a taken one shows 輸入的網址重複 under the field.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, CircularProgress, InputAdornment, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Code, codeMessageKey } from '../../../contract/codes';
import { DELAY, NAME_MAX } from '../../../contract/constants';
import { SUBDOMAIN_MAX } from '../../../contract/settings';
import { FormField } from '../../auth/fields';
import { maxLength, required, slug as slugRule, type Validator } from '../../validation';
import type { WizardValues } from './draft';
import { checkSlug } from './slugCheck';

/** One DNS label: the slug rule, and no hyphen at the end (as contract/settings.ts subdomainField). */
const noTrailingHyphen: Validator = (v) =>
  typeof v === 'string' && v.trim().endsWith('-') ? { message: 'validation.slug' } : undefined;
const FORMAT = [required(), slugRule(), noTrailingHyphen, maxLength(SUBDOMAIN_MAX)];
export const normalSlug = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
const formatOk = (v: string) => FORMAT.every((rule) => !rule(v));

export function SlugStep({
  form,
  taken,
  domain,
  locked,
}: {
  form: UseFormReturn<WizardValues>;
  /** Slugs the server said are taken: a rule of the field, so later checks keep the message. */
  taken: Set<string>;
  /** The platform's domain for the address preview, when known. */
  domain: string | null;
  /** The site exists already (its payment failed): only paying is left. */
  locked: boolean;
}) {
  const translate = useTranslate();
  const typed = normalSlug(form.watch('slug'));
  const [answer, setAnswer] = useState<{ slug: string; free: boolean } | null>(null);
  const [checking, setChecking] = useState(false);
  const validators = useMemo<Validator[]>(
    () => [
      ...FORMAT,
      (v) => (taken.has(normalSlug(v)) ? { message: codeMessageKey(Code.SLUG_TAKEN) as string } : undefined),
    ],
    [taken],
  );

  // As the user types: 500 ms after the last key, a well-formed slug is asked about.
  useEffect(() => {
    if (locked || !typed || !formatOk(typed) || taken.has(typed)) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setChecking(true);
      const found = await checkSlug(typed, controller.signal);
      if (controller.signal.aborted) return;
      setChecking(false);
      if (found === 'taken') {
        taken.add(typed);
        void form.trigger('slug');
      }
      setAnswer(found === 'unknown' ? null : { slug: typed, free: found === 'free' });
    }, DELAY.validate);
    return () => {
      clearTimeout(timer);
      controller.abort();
      setChecking(false);
    };
  }, [typed, locked, taken, form]);

  const free = answer?.free && answer.slug === typed;
  return (
    <Stack spacing={1} data-testid="wizard-slug">
      <Typography color="text.secondary">{translate('wizard.slug.intro')}</Typography>
      {locked ? (
        <Alert severity="info" data-testid="wizard-locked">
          {translate('wizard.slug.locked')}
        </Alert>
      ) : null}
      <FormField
        control={form.control}
        name="slug"
        label="wizard.slug.field"
        validate={validators}
        autoComplete="off"
        autoFocus={!locked}
        disabled={locked}
        hint={{ key: 'wizard.slug.rule' }}
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength: SUBDOMAIN_MAX },
          input: {
            endAdornment: checking ? (
              <InputAdornment position="end">
                <CircularProgress size={18} aria-label={translate('wizard.slug.checking')} />
              </InputAdornment>
            ) : free ? (
              <InputAdornment position="end">
                <CheckCircleIcon color="success" aria-label={translate('wizard.slug.available')} />
              </InputAdornment>
            ) : null,
          },
        }}
      />
      {domain ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="wizard-preview">
          {translate('wizard.slug.preview', { url: `https://${typed || '…'}.${domain}` })}
        </Typography>
      ) : null}
      {/* Always there, empty until the answer: its line is kept, so the answer arriving does not push the buttons
          down under a click, and a live region is announced only once it exists. */}
      <Typography
        variant="body2"
        color="success.main"
        role="status"
        sx={(theme) => ({ minHeight: `${theme.typography.body2.lineHeight}em` })}
      >
        {free && !locked ? translate('wizard.slug.available') : null}
      </Typography>
      <FormField
        control={form.control}
        name="site_name"
        label="wizard.slug.siteName"
        validate={[required(), maxLength(NAME_MAX)]}
        disabled={locked}
      />
    </Stack>
  );
}
