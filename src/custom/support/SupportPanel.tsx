/**
 * The owner's 平台支援 panel on /setting (issue 17): the switch that lets platform operators in or keeps them out, and
 * the log of their entries (who, why, when asked, entered and until when), in the site's time zone. Shown to the
 * site's owner only (the calls are the owner's); anyone else, or an operator in support, does not see it.
 */
import {
  Card,
  CardContent,
  FormControlLabel,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { supportApi } from '../../../contract/api/support';
import { ROLE } from '../../../contract/permissions';
import { useDateTime } from '../../components/DateTimeField';
import { useSavedSwitch } from '../../components/useSavedSwitch';
import { type ApiError, call } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';

const KEY = ['support-log'];

function Panel() {
  const translate = useTranslate();
  const notify = useNotify();
  const { format } = useDateTime();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: KEY, queryFn: () => call(supportApi.get, { page: 1 }) });
  const save = useSavedSwitch(data?.support_access ?? false, {
    mutationFn: (on: boolean) => call(supportApi.save, { support_access: on }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      notify('support.panel.saved', { type: 'success' });
    },
    onError: (err: ApiError) => {
      if (err.message) notify(err.message, { type: 'error' });
    },
  });
  if (!data) return null;
  return (
    <Card data-testid="support-panel">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('support.panel.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('support.panel.hint')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={save.checked}
              onChange={save.onChange}
              disabled={save.busy}
              slotProps={{ input: { role: 'switch' } }}
            />
          }
          label={translate('support.panel.switch')}
        />
        {data.entries.length === 0 ? (
          <Typography color="text.secondary">{translate('support.panel.empty')}</Typography>
        ) : (
          <Table size="small" data-testid="support-log">
            <TableHead>
              <TableRow>
                <TableCell>{translate('support.panel.who')}</TableCell>
                <TableCell>{translate('support.panel.reason')}</TableCell>
                <TableCell>{translate('support.panel.created')}</TableCell>
                <TableCell>{translate('support.panel.joined')}</TableCell>
                <TableCell>{translate('support.panel.expires')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.entries.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{e.operator_email}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.reason}</TableCell>
                  <TableCell>{format(e.created_at)}</TableCell>
                  <TableCell>
                    {e.joined_at ? format(e.joined_at) : translate('support.panel.notJoined')}
                  </TableCell>
                  <TableCell>{format(e.expires_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export default function SupportPanel() {
  const { data: session } = useSessionQuery();
  if (!session || session.support || session.role?.id !== ROLE.OWNER) return null;
  return <Panel />;
}
