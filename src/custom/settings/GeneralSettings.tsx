/**
 * /setting/general: the site's name, description, language and time zone (from the known list), logo and favicon,
 * SEO (cover, title, description), the front end's display languages in a dragged order, and the tracking code.
 * Fields are checked 500 ms after typing (SPEC §5); a save says 儲存成功. Without setting.edit it is read-only.
 */
import { Alert, CardContent, Divider, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useTranslate } from 'ra-core';
import { AutocompleteInput, SaveButton, SelectInput, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { settingsApi } from '../../../contract/api/settings';
import { LOCALE_NAMES, LOCALES } from '../../../contract/constants';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../../contract/contentConstants';
import {
  SITE_DESCRIPTION_MAX,
  SITE_TITLE_MAX,
  type SiteProfile,
  type SiteSave,
  TRACKING_MAX,
} from '../../../contract/settings';
import { TIMEZONES } from '../../../contract/timezones';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { FormCard, SaveBar } from '../../components/SaveBar';
import { FormSection, SettingsForm } from '../../components/SettingsForm';
import { call } from '../../dataProvider/client';
import { useReloadSession } from '../../layout/session';
import { compose, maxLength, required, timezone } from '../../validation';
import { DisplayLanguagesInput } from './DisplayLanguagesInput';
import { SettingsPage } from './parts';

const PROFILE_KEY = ['settings', 'profile'];

// Languages are named in themselves, whatever the interface language.
const languageChoices = LOCALES.map((id) => ({ id, name: LOCALE_NAMES[id] }));
const timezoneChoices = TIMEZONES.map((id) => ({ id, name: id }));

const validateTitle = compose(required(), maxLength(SITE_TITLE_MAX));
const validateDescription = compose(maxLength(SITE_DESCRIPTION_MAX));
const validateTimezone = compose(required(), timezone(TIMEZONES));
const validateSeoTitle = compose(maxLength(SEO_TITLE_MAX));
const validateSeoDescription = compose(maxLength(SEO_DESCRIPTION_MAX));
// The snippet is kept as pasted, so its length is counted untrimmed, as the server does.
const validateTracking = compose((v) =>
  typeof v === 'string' && [...v].length > TRACKING_MAX
    ? { message: 'validation.maxLength', args: { n: TRACKING_MAX } }
    : undefined,
);

const field = (name: string) => `settings.general.fields.${name}`;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** The form's values as settingsApi.save takes them: react-admin holds an emptied text field as null. */
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
  const reloadSession = useReloadSession();
  return (
    <SettingsForm
      initial={initial}
      save={(form) => call(settingsApi.save, toSave(form))}
      done="app.saved"
      // The shell shows the site's name; schedules read its time zone from the session.
      onSaved={reloadSession}
    >
      <FormCard>
        <CardContent>
          <FormSection title="settings.general.basics">
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
          </FormSection>
          <Divider sx={{ mt: 1 }} />
          <FormSection title="settings.general.images">
            <ImageUploadInput source="logo" label={field('logo')} testId="logo-file" disabled={!canEdit} />
            <ImageUploadInput
              source="favicon"
              label={field('favicon')}
              kind="favicon"
              variant="avatar"
              testId="favicon-file"
              disabled={!canEdit}
            />
          </FormSection>
          <Divider sx={{ mt: 1 }} />
          <FormSection title="settings.general.seo">
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
          </FormSection>
          <Divider sx={{ mt: 1 }} />
          <FormSection title="settings.general.languages">
            <DisplayLanguagesInput source="frontend_display_language" disabled={!canEdit} />
          </FormSection>
          <Divider sx={{ mt: 3 }} />
          <FormSection title="settings.general.tracking">
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
          </FormSection>
        </CardContent>
        {canEdit ? (
          <SaveBar end>
            <SaveButton alwaysEnable />
          </SaveBar>
        ) : null}
      </FormCard>
    </SettingsForm>
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
    queryFn: () => call(settingsApi.profile),
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
