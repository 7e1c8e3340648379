/**
 * The date and time of a schedule, in the site's time zone. The time must be in the future (請選擇未來的時間):
 * checked 500 ms after typing, on submit, and again when the date changes after a first submit.
 */
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useMemo } from 'react';
import { TextInput } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { futureWallTime } from '../../../contract/zoned';
import { compose, required, time } from '../../validation';

const validateDate = compose(required());

const validateTime = (zone: string) =>
  compose(required(), time(), (value, all) =>
    typeof all?.date === 'string' && all.date !== ''
      ? futureWallTime({ date: all.date, time: String(value) }, zone)
      : undefined,
  );

export function ScheduleFields({ zone }: { zone: string }) {
  const translate = useTranslate();
  const date = useWatch({ name: 'date' });
  const { trigger } = useFormContext();
  const { isSubmitted } = useFormState();
  const validate = useMemo(() => validateTime(zone), [zone]);
  useEffect(() => {
    if (isSubmitted && date) void trigger('time');
  }, [date, isSubmitted, trigger]);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          source="date"
          type="date"
          label="content.publish.setting.date"
          validate={validateDate}
          InputLabelProps={{ shrink: true }}
        />
        <TextInput
          source="time"
          type="time"
          label="content.publish.setting.time"
          validate={validate}
          InputLabelProps={{ shrink: true }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('content.publish.setting.zone', { zone })}
      </Typography>
    </>
  );
}
