/**
 * The remove button of a record page (a staff member, a member): asks first (DeleteDialog), then refreshes
 * `invalidate` and goes back to the list. Its words are `<words>.remove`, `.removeTitle`, `.removeBody` (given
 * `name`) and `.removed`.
 */
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import { Button } from '@mui/material';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type RaRecord, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteDialog } from './DeleteDialog';

export function RemoveRecordButton({
  resource,
  record,
  name,
  words,
  invalidate,
  backTo,
}: {
  resource: string;
  record: RaRecord;
  name: string;
  words: string;
  invalidate: QueryKey;
  backTo: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="error" startIcon={<PersonRemoveIcon />} onClick={() => setOpen(true)}>
        {translate(`${words}.remove`)}
      </Button>
      {open ? (
        <DeleteDialog
          resource={resource}
          record={record}
          name={name}
          title={`${words}.removeTitle`}
          content={`${words}.removeBody`}
          confirm={`${words}.remove`}
          done={`${words}.removed`}
          refreshAfter={false}
          onClose={() => setOpen(false)}
          onDeleted={() => {
            void queryClient.invalidateQueries({ queryKey: invalidate });
            navigate(backTo);
          }}
        />
      ) : null}
    </>
  );
}
