/**
 * Authors' own rules on the generated screens: an author tied to a member account is that person's (SPEC §6), so
 * its row shows the link, its edit and delete are disabled with the reason, its dialog explains instead of editing,
 * and the server's refusal (3006) is expected.
 */
import LinkIcon from '@mui/icons-material/Link';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { type RaRecord, useGetIdentity, useRecordContext, useTranslate } from 'ra-core';
import { Code } from '../../../contract/codes';
import type { EntityOverrides } from '../overrides';
import { initials } from '../view';

const isLinked = (author: RaRecord) => author.member_id !== null && author.member_id !== undefined;

/** The signed-in user's own author. */
function useIsOwn(author: RaRecord | undefined) {
  const { identity } = useGetIdentity();
  return Boolean(author && isLinked(author) && identity && String(author.member_id) === String(identity.id));
}

function LinkedCell() {
  const translate = useTranslate();
  const record = useRecordContext();
  const own = useIsOwn(record);
  if (!record || !isLinked(record)) return null;
  return (
    <Tooltip title={translate('resources.author.linkedTip')}>
      <Chip
        size="small"
        icon={<LinkIcon />}
        color={own ? 'primary' : 'default'}
        variant="outlined"
        label={translate(own ? 'resources.author.yours' : 'resources.author.linked')}
        data-testid="author-linked"
      />
    </Tooltip>
  );
}

/** Why a linked author cannot be changed here, with the author as it is. */
function LinkedAuthor({
  record,
  onClose,
  titleId,
}: {
  record: RaRecord;
  onClose: () => void;
  titleId: string;
}) {
  const translate = useTranslate();
  const own = useIsOwn(record);
  return (
    <>
      <DialogTitle id={titleId}>{translate('resources.author.issue.title')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar src={record.avatar || undefined} alt={record.name} sx={{ width: 56, height: 56 }}>
            {initials(record.name)}
          </Avatar>
          <Box>
            <Typography variant="subtitle1">{record.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {record.title || translate('resources.author.noTitle')}
            </Typography>
          </Box>
        </Stack>
        <Alert severity="info" data-testid="author-issue">
          {translate('resources.author.issue.body', { name: record.name })}
          {own ? <Box sx={{ mt: 1 }}>{translate('resources.author.issue.own')}</Box> : null}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose}>
          {translate('resources.author.issue.close')}
        </Button>
      </DialogActions>
    </>
  );
}

const author: EntityOverrides = {
  cells: { member_id: LinkedCell },
  locked: (record) => (isLinked(record) ? 'resources.author.linkedTip' : undefined),
  Locked: LinkedAuthor,
  warnCode: Code.AUTHOR_LINKED,
};

export default author;
