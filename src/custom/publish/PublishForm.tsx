/**
 * Publish now or schedule, for a draft or a scheduled item. A draft defaults to now and, for a schedule, to the
 * next half hour; a scheduled item starts on its own date and time. Submitting asks for confirmation first.
 */
import SendIcon from '@mui/icons-material/Send';
import { Button, Stack } from '@mui/material';
import { Form, useTranslate } from 'ra-core';
import { useMemo, useState } from 'react';
import { RadioButtonGroupInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ContentItem } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { nextHalfHour, wallTime } from '../../../contract/zoned';
import { useDateTime } from '../../components/DateTimeField';
import type { ContentKind } from '../../resources/content/kinds';
import { ValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { ConfirmPublish } from './ConfirmPublish';
import { choiceOf, type PublishChoice, type SettingValues } from './request';
import { ScheduleFields } from './ScheduleFields';

const modes = [
  { id: 'now', name: 'content.publish.setting.now' },
  { id: 'schedule', name: 'content.publish.setting.schedule' },
];

function SubmitButton() {
  const translate = useTranslate();
  const mode = useWatch({ name: 'mode' });
  return (
    <Button type="submit" variant="contained" startIcon={<SendIcon />}>
      {translate(
        mode === 'schedule' ? 'content.publish.setting.submitSchedule' : 'content.publish.setting.submitNow',
      )}
    </Button>
  );
}

function ScheduleWhenChosen({ zone }: { zone: string }) {
  return useWatch({ name: 'mode' }) === 'schedule' ? <ScheduleFields zone={zone} /> : null;
}

export function PublishForm({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const { zone } = useDateTime();
  const [choice, setChoice] = useState<PublishChoice | null>(null);
  const defaultValues = useMemo<SettingValues>(() => {
    const scheduled = item.status === STATUS.SCHEDULED && item.publish_ts;
    return scheduled
      ? { mode: 'schedule', ...wallTime(item.publish_ts as string, zone) }
      : { mode: 'now', ...nextHalfHour(Date.now(), zone) };
  }, [item.status, item.publish_ts, zone]);
  return (
    <>
      <Form
        defaultValues={defaultValues}
        onSubmit={(values: Record<string, unknown>) =>
          setChoice(choiceOf(item, values as unknown as SettingValues))
        }
        mode="onSubmit"
        reValidateMode="onChange"
        noValidate
      >
        <ValidateAfterTyping />
        <Stack sx={{ alignItems: 'flex-start' }}>
          <RadioButtonGroupInput source="mode" label="content.publish.setting.mode" choices={modes} />
          <ScheduleWhenChosen zone={zone} />
          <SubmitButton />
        </Stack>
      </Form>
      <ConfirmPublish kind={kind} item={item} choice={choice} onClose={() => setChoice(null)} />
    </>
  );
}
