/**
 * /design (SPEC §2, §3 Theme): the applied theme's design settings as a form made from its `settings`, beside a
 * live preview of the home page wearing the unsaved values (below the form on narrow screens). Save keeps them;
 * reset puts back the theme's defaults (kept once saved). Needs design.style and the plan's design feature.
 */
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { designApi } from '../../../contract/api/themes';
import type { DesignSettings, ThemeSettingValue, ThemeSettingValues } from '../../../contract/themes';
import { type ApiError, call } from '../../dataProvider/client';
import { SettingsPage } from '../settings/parts';
import { allValid, checkValue, defaultsOf, errorsById, sameValues, valuesFor } from './designForm';
import { SettingField } from './SettingField';
import { useLivePreview } from './useLivePreview';

const DESIGN_KEY = ['design'];

function DesignForm({ design }: { design: DesignSettings }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const saved = valuesFor(design.settings, design.values);
  const [values, setValues] = useState<ThemeSettingValues>(saved);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [resetNote, setResetNote] = useState(false);
  // A save (or another tab's) brings new saved values: the form starts from them.
  const savedKey = JSON.stringify(saved);
  useEffect(() => {
    setValues(JSON.parse(savedKey) as ThemeSettingValues);
  }, [savedKey]);

  const valid = allValid(design.settings, values);
  const preview = useLivePreview(values, valid && design.settings.length > 0);
  const save = useMutation({
    mutationFn: () => call(designApi.save, { values }),
    onSuccess: (next) => {
      setServerErrors({});
      setResetNote(false);
      queryClient.setQueryData(DESIGN_KEY, next);
      notify('design.saved', { type: 'success' });
    },
    onError: (err: ApiError) => {
      setServerErrors(errorsById(err.body?.errors));
      if (err.message) notify(err.message, { type: 'error' });
    },
  });
  const change = (id: string, value: ThemeSettingValue) => {
    setValues((all) => ({ ...all, [id]: value }));
    setServerErrors(({ [id]: _gone, ...rest }) => rest);
  };
  const errorOf = (id: string) => {
    const setting = design.settings.find((s) => s.id === id);
    const local = setting ? checkValue(setting, values[id] ?? setting.default) : undefined;
    return local ? translate(local.key, local.args) : serverErrors[id];
  };

  if (design.settings.length === 0) return <Alert severity="info">{translate('design.none')}</Alert>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 360px) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Card
        variant="outlined"
        component="form"
        onSubmit={(e) => e.preventDefault()}
        data-testid="design-form"
      >
        <CardContent>
          <Stack spacing={2.5}>
            {design.settings.map((setting) => (
              <SettingField
                key={setting.id}
                setting={setting}
                value={values[setting.id] ?? setting.default}
                error={errorOf(setting.id)}
                onChange={(v) => change(setting.id, v)}
              />
            ))}
          </Stack>
          {resetNote ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('design.resetHint')}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap' }} useFlexGap>
            <Button
              type="submit"
              variant="contained"
              onClick={() => save.mutate()}
              disabled={!valid || save.isPending || sameValues(values, saved)}
            >
              {translate('design.save')}
            </Button>
            <Button
              onClick={() => {
                setValues(defaultsOf(design.settings));
                setServerErrors({});
                setResetNote(true);
              }}
              disabled={sameValues(values, defaultsOf(design.settings))}
            >
              {translate('design.reset')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
          {translate('design.preview')}
        </Typography>
        <Box sx={{ height: 4 }}>
          {preview.pending ? <LinearProgress aria-label={translate('design.previewLoading')} /> : null}
        </Box>
        <Box
          component="iframe"
          title={translate('design.previewTitle')}
          src={preview.url || undefined}
          data-testid="design-preview"
          // The site's own page runs its theme's scripts, in an origin of its own: with allow-same-origin too the
          // sandbox would be no sandbox at all (the browser warns so), and a preview needs no cookies or storage.
          sandbox="allow-scripts"
          sx={{
            display: 'block',
            width: '100%',
            height: { xs: 480, md: '70vh' },
            border: 0,
            bgcolor: 'background.default',
          }}
        />
      </Card>
    </Box>
  );
}

export default function DesignPage() {
  const design = useQuery({ queryKey: DESIGN_KEY, queryFn: () => call(designApi.get) });
  const translate = useTranslate();
  const theme = design.data?.theme;
  return (
    <SettingsPage
      title="design.title"
      testId="design-page"
      loading={design.isPending}
      error={design.error}
      maxWidth={1400}
    >
      {theme ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('design.subtitle', { name: theme.name, version: theme.version })}
        </Typography>
      ) : null}
      {design.data ? <DesignForm design={design.data} /> : null}
    </SettingsPage>
  );
}
