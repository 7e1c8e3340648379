/**
 * /subscription (SPEC §2, §7): the site's reader plans per content language — tabs of the site's front-end
 * languages, the plan cards with the 'subscription item' modal (name, price, cover, features, months a period, on
 * sale, rich-text description), and the paywall text readers who do not pay see. Toasts 方案已更新。 and
 * 方案內文已更新。. A site whose plan lacks the membership feature is told so, with nothing to edit.
 */
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { lazy, Suspense, useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Form,
  Loading,
  NumberInput,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  Title,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { subscriptionApi } from '../../../contract/api/subscription';
import { CONTENT_LANGUAGES } from '../../../contract/constants';
import {
  READER_PLAN_FREQ_MAX,
  READER_PLAN_FUNC_LENGTH,
  READER_PLAN_FUNC_MAX,
  READER_PLAN_NAME_MAX,
  READER_PLAN_PRICE_MAX,
  type ReaderPlan,
} from '../../../contract/subscription';
import { FormDialog } from '../../components/FormDialog';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { type ApiError, call } from '../../dataProvider/client';
import { compose, maxLength, required } from '../../validation';

const RichTextInput = lazy(() =>
  import('../../components/RichTextInput').then((m) => ({ default: m.RichTextInput })),
);

type LangId = 1 | 2 | 3 | 4 | 5;
const langLabel = (id: number) => CONTENT_LANGUAGES.find((l) => l.id === id)?.label ?? String(id);
const range = (min: number, max: number) => (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? undefined : 'validation.format';

const EMPTY_PLAN = {
  id: 0,
  name: '',
  price: 100,
  cover: '',
  func: [] as string[],
  freq: 1,
  status: true,
  content: '',
};

function PlanDialog({
  plan,
  langId,
  onClose,
  onSaved,
}: {
  plan: ReaderPlan | null;
  langId: LangId;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const initial = plan
    ? { ...plan, status: plan.status === 1, func: plan.func.map((value) => ({ value })) }
    : { ...EMPTY_PLAN, func: [] };
  const save = async (values: FieldValues) => {
    try {
      await call(subscriptionApi.savePlan, {
        id: plan?.id ?? 0,
        lang_id: langId,
        name: String(values.name ?? ''),
        price: Number(values.price),
        cover: String(values.cover ?? ''),
        func: ((values.func ?? []) as { value?: string }[])
          .map((f) => String(f?.value ?? ''))
          .filter(Boolean),
        freq: Number(values.freq),
        status: values.status ? 1 : 0,
        content: String(values.content ?? ''),
      });
      notify('readerPlans.saved', { type: 'success' });
      onSaved();
    } catch (err) {
      const e = err as ApiError;
      if (e.status !== 403) notify(e.message || 'errors.generic', { type: 'error' });
      return (e.body as { errors?: Record<string, string> } | undefined)?.errors;
    }
  };
  return (
    <FormDialog titleId="reader-plan-title" onClose={onClose} testId="reader-plan-dialog">
      <DialogTitle id="reader-plan-title">
        {translate(plan ? 'readerPlans.edit' : 'readerPlans.add')}
      </DialogTitle>
      <Form record={initial} onSubmit={save} mode="onBlur">
        <DialogContent>
          <TextInput
            source="name"
            label="readerPlans.name"
            validate={compose(required(), maxLength(READER_PLAN_NAME_MAX))}
            fullWidth
          />
          <Stack direction="row" spacing={2}>
            <NumberInput
              source="price"
              label="readerPlans.price"
              validate={range(1, READER_PLAN_PRICE_MAX)}
              min={1}
              step={1}
            />
            <NumberInput
              source="freq"
              label="readerPlans.freq"
              validate={range(1, READER_PLAN_FREQ_MAX)}
              min={1}
              max={READER_PLAN_FREQ_MAX}
              step={1}
            />
          </Stack>
          <BooleanInput source="status" label="readerPlans.status" />
          <ImageUploadInput source="cover" label="readerPlans.cover" testId="reader-plan-cover" />
          <ArrayInput source="func" label="readerPlans.func">
            <SimpleFormIterator inline disableReordering>
              <TextInput
                source="value"
                label="readerPlans.func"
                validate={compose(required(), maxLength(READER_PLAN_FUNC_LENGTH))}
              />
            </SimpleFormIterator>
          </ArrayInput>
          <Typography variant="caption" color="text.secondary">
            ≤ {READER_PLAN_FUNC_MAX}
          </Typography>
          <Suspense fallback={<Loading />}>
            <RichTextInput source="content" label="readerPlans.content" fullWidth />
          </Suspense>
        </DialogContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('readerPlans.cancel')}</Button>
          <SaveButton label="readerPlans.save" alwaysEnable />
        </Stack>
      </Form>
    </FormDialog>
  );
}

function PaywallText({ langId, content, onSaved }: { langId: LangId; content: string; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = async (values: FieldValues) => {
    try {
      await call(subscriptionApi.saveContent, { lang_id: langId, content: String(values.content ?? '') });
      notify('readerPlans.contentSaved', { type: 'success' });
      onSaved();
    } catch (err) {
      const e = err as ApiError;
      if (e.status !== 403) notify(e.message || 'errors.generic', { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('readerPlans.paywallText')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('readerPlans.paywallHelp')}
        </Typography>
        <Form key={`${langId}:${content}`} record={{ content }} onSubmit={save}>
          <Suspense fallback={<Loading />}>
            <RichTextInput source="content" label={false} fullWidth />
          </Suspense>
          <SaveButton label="readerPlans.save" alwaysEnable />
        </Form>
      </CardContent>
    </Card>
  );
}

function PlanCard({ plan, onEdit }: { plan: ReaderPlan; onEdit: () => void }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ width: 280 }} data-testid="reader-plan-card">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h3">
            {plan.name}
          </Typography>
          <Chip
            size="small"
            color={plan.status === 1 ? 'success' : 'default'}
            label={translate(plan.status === 1 ? 'readerPlans.on' : 'readerPlans.off')}
          />
        </Stack>
        <Typography variant="body1">
          {translate('readerPlans.perPeriod', { price: plan.price.toLocaleString('en-US'), freq: plan.freq })}
        </Typography>
        {plan.func.length ? (
          <Box component="ul" sx={{ pl: 2, my: 1 }}>
            {plan.func.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </Box>
        ) : null}
      </CardContent>
      <CardActions>
        <Button startIcon={<EditIcon />} onClick={onEdit}>
          {translate('readerPlans.edit')}
        </Button>
      </CardActions>
    </Card>
  );
}

export default function SubscriptionPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [langId, setLangId] = useState<LangId>(1);
  const [editing, setEditing] = useState<ReaderPlan | null | undefined>(undefined);
  // A plan without the membership feature never gets here: its route explains the plan (layout/PlanNeeded.tsx).
  const info = useQuery({
    queryKey: ['subscription/info', langId],
    queryFn: () => call(subscriptionApi.info, { lang_id: langId }),
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['subscription/info'] });

  if (info.isPending) return <Loading />;
  if (info.isError || !info.data)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{translate((info.error as ApiError)?.message || 'errors.generic')}</Alert>
      </Box>
    );
  const data = info.data;
  const languages = data.post.frontend_display_language.length ? data.post.frontend_display_language : [1];
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('readerPlans.title')} />
      <Typography variant="h5" component="h2">
        {translate('readerPlans.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('readerPlans.subtitle')}
      </Typography>
      <Alert severity={data.status ? 'success' : 'info'} sx={{ my: 2 }}>
        {translate(data.status ? 'readerPlans.selling' : 'readerPlans.notSelling')}
      </Alert>
      <Tabs
        value={langId}
        onChange={(_e, v: LangId) => setLangId(v)}
        aria-label={translate('readerPlans.title')}
      >
        {languages.map((id) => (
          <Tab key={id} value={id} label={langLabel(id)} />
        ))}
      </Tabs>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 2 }}>
        {data.list.map((plan) => (
          <PlanCard key={plan.id} plan={plan} onEdit={() => setEditing(plan)} />
        ))}
        {data.list.length ? null : (
          <Typography color="text.secondary">{translate('readerPlans.empty')}</Typography>
        )}
      </Stack>
      {data.able ? (
        <Button startIcon={<AddIcon />} variant="outlined" sx={{ mt: 2 }} onClick={() => setEditing(null)}>
          {translate('readerPlans.add')}
        </Button>
      ) : null}
      <PaywallText langId={langId} content={data.post.content} onSaved={refresh} />
      {editing !== undefined ? (
        <PlanDialog
          plan={editing}
          langId={langId}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
          }}
        />
      ) : null}
    </Box>
  );
}
