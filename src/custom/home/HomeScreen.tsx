/**
 * /page/home: the home page settings — layout type, cover story (cover, title, content, link), and the articles and
 * categories shown, in a dragged order. Saving with nothing chosen is stopped with a toast (SPEC §5); a save says
 * 已儲存。. Leaving with unsaved changes asks first. Without setting.edit the settings are shown read-only.
 */
import { Alert, Box, CardContent, Divider, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
import { Loading, RadioButtonGroupInput, SaveButton, TextInput, Title } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { homeApi } from '../../../contract/api/home';
import { HOME_CONTENT_MAX, HOME_TITLE_MAX, HOME_TYPES, type HomeSettings } from '../../../contract/home';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { FormCard, SaveBar } from '../../components/SaveBar';
import { FormSection, SettingsForm } from '../../components/SettingsForm';
import { type ApiError, call } from '../../dataProvider/client';
import { compose, link, maxLength } from '../../validation';
import { EntryList } from './EntryList';
import { noneChosen, toHomeSave } from './homeLogic';
import { ArticlePicker, CategoryPicker } from './Pickers';

const typeChoices = HOME_TYPES.map((id) => ({ id, name: `homeSettings.types.${id}` }));
const validateTitle = compose(maxLength(HOME_TITLE_MAX));
const validateContent = compose(maxLength(HOME_CONTENT_MAX));
const validateLink = compose(link());

function HomeForm({ initial, canEdit }: { initial: HomeSettings; canEdit: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();

  const save = async (form: FieldValues) => {
    const home = form as HomeSettings;
    if (noneChosen(home)) {
      notify('homeSettings.noneChosen', { type: 'warning' });
      return null;
    }
    return call(homeApi.save, toHomeSave(home));
  };

  return (
    <SettingsForm initial={initial} save={save} done="homeSettings.saved" toastFieldMessage>
      <FormCard>
        <CardContent>
          <Typography variant="h5" component="h2">
            {translate('homeSettings.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('homeSettings.subtitle')}
          </Typography>
          {canEdit ? null : (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('homeSettings.readOnly')}
            </Alert>
          )}
          <Box sx={{ mt: 2 }}>
            <RadioButtonGroupInput
              source="type"
              label="homeSettings.fields.type"
              choices={typeChoices}
              helperText={false}
              disabled={!canEdit}
            />
          </Box>
          <FormSection title="homeSettings.cover">
            <ImageUploadInput source="cover" label="homeSettings.fields.cover" disabled={!canEdit} />
            <TextInput
              source="title"
              label="homeSettings.fields.title"
              validate={validateTitle}
              fullWidth
              disabled={!canEdit}
            />
            <TextInput
              source="content"
              label="homeSettings.fields.content"
              validate={validateContent}
              multiline
              minRows={3}
              fullWidth
              disabled={!canEdit}
            />
            <TextInput
              source="link"
              label="homeSettings.fields.link"
              validate={validateLink}
              helperText="homeSettings.linkHint"
              fullWidth
              disabled={!canEdit}
            />
          </FormSection>
          <Divider sx={{ mt: 2 }} />
          <FormSection title="homeSettings.fields.articles">
            {canEdit ? <ArticlePicker /> : null}
            <EntryList source="articles" empty="homeSettings.emptyArticles" canEdit={canEdit} />
          </FormSection>
          <FormSection title="homeSettings.fields.categories">
            {canEdit ? <CategoryPicker /> : null}
            <EntryList source="categories" empty="homeSettings.emptyCategories" canEdit={canEdit} />
          </FormSection>
          {canEdit ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('homeSettings.listHint')}
            </Typography>
          ) : null}
        </CardContent>
        {canEdit ? (
          <SaveBar end>
            <SaveButton />
          </SaveBar>
        ) : null}
      </FormCard>
    </SettingsForm>
  );
}

export default function HomeScreen() {
  const translate = useTranslate();
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({
    resource: 'setting',
    action: 'edit',
  });
  const { data, isPending, error } = useQuery({
    queryKey: ['home'],
    queryFn: () => call(homeApi.get),
    // The form holds its own copy from the first answer: fetched fresh on every visit, never refetched under it.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  return (
    <Box sx={{ mt: 2, maxWidth: 880 }} data-testid="home-screen">
      <Title title={translate('homeSettings.title')} />
      {isPending || checking ? (
        <Loading />
      ) : error || !data ? (
        <Alert severity="error">{translate((error as ApiError | null)?.message || 'errors.generic')}</Alert>
      ) : (
        <HomeForm initial={data} canEdit={canEdit} />
      )}
    </Box>
  );
}
