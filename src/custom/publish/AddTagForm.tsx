/** Adds a tag by name (at least 2 characters) to the item, then shows the item's tags again. */
import AddIcon from '@mui/icons-material/Add';
import { Button, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { TextInput } from 'react-admin';
import { NAME_MAX, TAG_MIN_LENGTH } from '../../../contract/constants';
import { TAGS_MAX } from '../../../contract/contentConstants';
import type { ContentKind } from '../../resources/content/kinds';
import { useContentNotify } from '../../resources/content/useContentNotify';
import { compose, maxLength, minLength, required } from '../../validation';
import { ValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { addTagToItem, TagLimitError } from './tags';

const validateName = compose(required(), minLength(TAG_MIN_LENGTH), maxLength(NAME_MAX));

export function AddTagForm({ kind, id }: { kind: ContentKind; id: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { done, failed } = useContentNotify(kind);
  // A new key empties the form after each tag.
  const [round, setRound] = useState(0);
  const add = useMutation({
    mutationFn: (name: string) => addTagToItem(kind, id, name),
    onSuccess: (tag) => {
      done('tag', { name: tag.name });
      setRound((r) => r + 1);
      // The item's tags are queried under the resource too.
      return queryClient.invalidateQueries({ queryKey: [kind.resource] });
    },
    onError: (error) =>
      error instanceof TagLimitError
        ? notify(error.message, { type: 'error', messageArgs: { n: TAGS_MAX } })
        : failed('tag', error),
  });
  return (
    <Form
      key={round}
      onSubmit={(values: { name?: string }) => add.mutate(String(values.name ?? ''))}
      mode="onSubmit"
      noValidate
    >
      <ValidateAfterTyping />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextInput source="name" label="content.publish.tags.name" validate={validateName} />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={add.isPending}
          sx={{ mt: 1 }}
        >
          {translate('content.publish.tags.add')}
        </Button>
      </Stack>
    </Form>
  );
}
