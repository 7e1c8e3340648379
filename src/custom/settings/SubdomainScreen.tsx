/**
 * /setting/domain/sub: a new sub-domain for the site. The slug rule is checked 500 ms after typing; 'check' asks the
 * server whether another site has it (輸入的網址重複 under the field), and saving asks again.
 */
import { Alert, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { useMemo, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { settingsApi } from '../../../contract/api/settings';
import { Code, codeMessageKey } from '../../../contract/codes';
import { type SiteStatus, SUBDOMAIN_MAX } from '../../../contract/settings';
import { FormField } from '../../auth/fields';
import { ApiError, call } from '../../dataProvider/client';
import { maxLength, required, slug, type Validator } from '../../validation';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { platformDomain, useSiteStatus, useStatusChanged } from './api';
import { SettingsPage } from './parts';

interface Values {
  slug: string;
}

/** One DNS label: the slug rule, and no hyphen at the end. */
const noTrailingHyphen: Validator = (v) =>
  typeof v === 'string' && v.trim().endsWith('-') ? { message: 'validation.slug' } : undefined;
const rules = [required(), slug(), noTrailingHyphen, maxLength(SUBDOMAIN_MAX)];
const normal = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

function SubdomainForm({ status }: { status: SiteStatus }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const changed = useStatusChanged();
  const form = useForm<Values>({ defaultValues: { slug: status.slug } });
  useValidateAfterTyping(form);
  // Slugs the server said another site has: a rule of the field, so re-validating after typing keeps the message.
  const taken = useRef(new Set<string>());
  const validators = useMemo<Validator[]>(
    () => [
      ...rules,
      (v) =>
        taken.current.has(normal(v)) ? { message: codeMessageKey(Code.SLUG_TAKEN) as string } : undefined,
    ],
    [],
  );
  const [available, setAvailable] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typed = form.watch('slug').trim();

  /** Shows a refusal under the field (3012 and field errors) or as a toast. */
  const refused = (err: unknown, sent: string) => {
    const error = err instanceof ApiError ? err : null;
    if (error?.code === Code.SLUG_TAKEN) {
      taken.current.add(normal(sent));
      void form.trigger('slug');
      return;
    }
    const fields = Object.entries(error?.body.errors ?? {});
    for (const [name, message] of fields) form.setError(name as Path<Values>, { type: 'server', message });
    if (!fields.length && error?.message !== '')
      notify(error?.message ?? 'errors.generic', { type: 'error' });
  };

  const check = async () => {
    setAvailable(null);
    if (!(await form.trigger('slug'))) return;
    setBusy(true);
    const sent = form.getValues('slug');
    try {
      const reply = await call(settingsApi.check, { slug: sent });
      setAvailable(reply.slug);
    } catch (err) {
      refused(err, sent);
    } finally {
      setBusy(false);
    }
  };

  const save = form.handleSubmit(async (values) => {
    setAvailable(null);
    setBusy(true);
    try {
      const next = await call(settingsApi.saveSlug, { slug: values.slug });
      await changed(next);
      notify('settings.sub.saved', { type: 'success' });
      navigate('/setting/domain');
    } catch (err) {
      refused(err, values.slug);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card>
      <Box component="form" noValidate onSubmit={save} data-testid="subdomain-form">
        <CardContent>
          <FormField
            control={form.control}
            name="slug"
            label="settings.sub.field"
            validate={validators}
            autoComplete="off"
            onFocus={() => setAvailable(null)}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="subdomain-preview">
            {translate('settings.sub.preview', { url: `https://${typed || '…'}.${platformDomain(status)}` })}
          </Typography>
          {available && available === typed.toLowerCase() ? (
            <Alert severity="success" sx={{ mt: 2 }} role="status">
              {translate('settings.sub.available')}
            </Alert>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('settings.sub.hint')}
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('app.save')}
          </Button>
          <Button variant="outlined" onClick={() => void check()} disabled={busy}>
            {translate('settings.sub.check')}
          </Button>
          <Button onClick={() => navigate('/setting/domain')} disabled={busy}>
            {translate('app.cancel')}
          </Button>
        </CardActions>
      </Box>
    </Card>
  );
}

export default function SubdomainScreen() {
  const { data: status, isPending, error } = useSiteStatus();
  return (
    <SettingsPage
      title="settings.sub.title"
      subtitle="settings.sub.subtitle"
      testId="settings-subdomain"
      loading={isPending}
      error={error}
    >
      {status ? <SubdomainForm status={status} /> : null}
    </SettingsPage>
  );
}
