/**
 * /setting/general: the site's name, description, language and time zone (from the known list), logo and favicon,
 * SEO (cover, title, description), the front end's display languages in a dragged order, and the tracking code.
 * Fields are checked 500 ms after typing (SPEC §5); a save says 儲存成功. Without setting.edit it is read-only.
 */
import { Alert, Box, Card, CardActions, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Form, useCanAccess, useNotify, useTranslate } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { AutocompleteInput, SaveButton, SelectInput, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { LOCALES } from '../../../contract/constants';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../../contract/content';
import {
  SITE_DESCRIPTION_MAX,
  SITE_TITLE_MAX,
  type SiteProfile,
  type SiteSave,
  TRACKING_MAX,
} from '../../../contract/settings';
import { TIMEZONES } from '../../../contract/timezones';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { type ApiError, call } from '../../dataProvider/client';
import zhTW from '../../i18n/zh-TW';
import { useReloadSession } from '../../layout/session';
import { compose, maxLength, required, timezone } from '../../validation';
import { ValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { DisplayLanguagesInput } from './DisplayLanguagesInput';
import { SettingsPage } from './parts';

const PROFILE_KEY = ['settings', 'profile'];

// Languages are named in themselves, whatever the interface language.
const languageChoices = LOCALES.map((id) => ({ id, name: zhTW.app.languages[id] }));
const timezoneChoices = TIMEZONES.map((id) => ({ id, name: id }));

const validateTitle = compose(required(), maxLength(SITE_TITLE_MAX));
const validateDescription = compose(maxLength(SITE_DESCRIPTION_MAX));
const validateTimezone = compose(required(), timezone());
const validateSeoTitle = compose(maxLength(SEO_TITLE_MAX));
const validateSeoDescription = compose(maxLength(SEO_DESCRIPTION_MAX));
// The snippet is kept as pasted, so its length is counted untrimmed, as the server does.
const validateTracking = compose((v) =>
  typeof v === 'string' && [...v].length > TRACKING_MAX
    ? { message: 'validation.maxLength', args: { n: TRACKING_MAX } }
    : undefined,
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

const field = (name: string) => `settings.general.fields.${name}`;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** The form's values as site/save takes them: react-admin holds an emptied text field as null. */
const toSave = (v: FieldValues): SiteSave => ({
  title: text(v.title),
  description: text(v.description),
  tracking: text(v.tracking),
  timezone: text(v.timezone),
  language: v.language,
  logo: text(v.logo),
  favicon: text(v.favicon),
  seo: { cover: text(v.seo?.cover), title: text(v.seo?.title), description: text(v.seo?.description) },
  frontend_display_language: v.frontend_display_language ?? [],
});

function GeneralForm({ initial, canEdit }: { initial: SiteProfile; canEdit: boolean }) {
  const notify = useNotify();
  const reloadSession = useReloadSession();
  // A save starts the form again from the server's answer, so it is no longer 'unsaved'.
  const [values, setValues] = useState(initial);
  const [version, setVersion] = useState(0);

  const submit = async (form: FieldValues) => {
    try {
      const reply = await call<SiteProfile>('site/save', toSave(form));
      setValues(reply);
      setVersion((v) => v + 1);
      notify('app.saved', { type: 'success' });
      // The shell shows the site's name; schedules read its time zone from the session.
      await reloadSession();
      return undefined;
    } catch (err) {
      const failure = err as ApiError;
      if (failure.message) notify(failure.message, { type: 'error' });
      return failure.body?.errors ?? {};
    }
  };

  return (
    <Form
      key={version}
      defaultValues={values}
      onSubmit={submit}
      mode="onSubmit"
      reValidateMode="onSubmit"
      warnWhenUnsavedChanges
      noValidate
    >
      <ValidateAfterTyping />
      <Card>
        <CardContent>
          <Section title="settings.general.basics">
            <TextInput
              source="title"
              label={field('title')}
              validate={validateTitle}
              fullWidth
              disabled={!canEdit}
            />
            <TextInput
              source="description"
              label={field('description')}
              validate={validateDescription}
              multiline
              minRows={2}
              fullWidth
              disabled={!canEdit}
            />
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
              <SelectInput
                source="language"
                label={field('language')}
                choices={languageChoices}
                translateChoice={false}
                helperText="settings.general.languageHint"
                disabled={!canEdit}
                sx={{ minWidth: 200 }}
              />
              <AutocompleteInput
                source="timezone"
                label={field('timezone')}
                choices={timezoneChoices}
                translateChoice={false}
                validate={validateTimezone}
                helperText="settings.general.timezoneHint"
                disableClearable
                margin="dense"
                disabled={!canEdit}
                sx={{ width: 360, maxWidth: '100%' }}
              />
            </Stack>
          </Section>
          <Divider sx={{ mt: 1 }} />
          <Section title="settings.general.images">
            <ImageUploadInput source="logo" label={field('logo')} testId="logo-file" disabled={!canEdit} />
            <ImageUploadInput
              source="favicon"
              label={field('favicon')}
              kind="favicon"
              variant="avatar"
              testId="favicon-file"
              disabled={!canEdit}
            />
          </Section>
          <Divider sx={{ mt: 1 }} />
          <Section title="settings.general.seo">
            <ImageUploadInput
              source="seo.cover"
              label={field('seoCover')}
              testId="seo-cover-file"
              disabled={!canEdit}
            />
            <TextInput
              source="seo.title"
              label={field('seoTitle')}
              validate={validateSeoTitle}
              helperText="settings.general.seoHint"
              fullWidth
              disabled={!canEdit}
            />
            <TextInput
              source="seo.description"
              label={field('seoDescription')}
              validate={validateSeoDescription}
              multiline
              minRows={2}
              fullWidth
              disabled={!canEdit}
            />
          </Section>
          <Divider sx={{ mt: 1 }} />
          <Section title="settings.general.languages">
            <DisplayLanguagesInput source="frontend_display_language" disabled={!canEdit} />
          </Section>
          <Divider sx={{ mt: 3 }} />
          <Section title="settings.general.tracking">
            <TextInput
              source="tracking"
              label={field('tracking')}
              validate={validateTracking}
              helperText="settings.general.trackingHint"
              multiline
              minRows={4}
              fullWidth
              disabled={!canEdit}
              sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.8125rem' } }}
            />
          </Section>
        </CardContent>
        {canEdit ? (
          <CardActions sx={{ px: 2, pb: 2, justifyContent: 'flex-end' }}>
            <SaveButton alwaysEnable />
          </CardActions>
        ) : null}
      </Card>
    </Form>
  );
}

export default function GeneralSettings() {
  const translate = useTranslate();
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({
    resource: 'setting',
    action: 'edit',
  });
  const { data, isPending, error } = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: () => call<SiteProfile>('site/profile'),
    // The form holds its own copy from the first answer: fetched fresh on every visit, never refetched under it.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  return (
    <SettingsPage
      title="settings.general.title"
      subtitle="settings.general.subtitle"
      testId="settings-general"
      loading={isPending || checking}
      error={error}
    >
      {canEdit ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('settings.overview.readOnly')}
        </Alert>
      )}
      {data ? <GeneralForm initial={data} canEdit={canEdit} /> : null}
    </SettingsPage>
  );
}
