/**
 * /customer/:id: one customer message — subject, sender, when it came, the text — and its thread of replies. Opening
 * it marks it read (the server does, in customer/get), so the list and the menu badge are refreshed. With
 * customer.reply a reply box mails the sender; what is typed is kept in local storage until it is sent, and a failed
 * send leaves it in the box. 標示為未讀 puts the message back among the new ones.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MarkUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify, useRequireAccess, useTranslate } from 'ra-core';
import { useEffect, useRef, useState } from 'react';
import { LinkBase, Loading, Title } from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import type { CustomerMessage } from '../../../contract/api/customers';
import { useDateTime } from '../../components/DateTimeField';
import type { ApiError } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';
import { customerKeys, drafts, markUnread, openMessage, REPLY_MAX, sendReply } from './api';

const BASE = '/customer';
const idOf = (param: string | undefined): number => (param && /^\d{1,10}$/.test(param) ? Number(param) : 0);
const preWrap = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function Thread({ message }: { message: CustomerMessage }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  return (
    <Box component="section" aria-labelledby="customer-thread-title" data-testid="customer-thread">
      <Typography id="customer-thread-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('inbox.customers.show.thread')}
      </Typography>
      {message.thread.length === 0 ? (
        <Typography color="text.secondary">{translate('inbox.customers.show.noReplies')}</Typography>
      ) : (
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {message.thread.map((reply) => (
            <Box
              component="li"
              key={reply.id}
              sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 2, py: 0.5 }}
              data-testid="customer-reply"
            >
              <Typography variant="caption" color="text.secondary" component="p">
                {translate('inbox.customers.show.repliedBy', {
                  name: reply.staff || '—',
                  date: format(reply.created_at),
                })}
              </Typography>
              <Typography variant="body2" sx={preWrap}>
                {reply.body}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The reply box: typed text survives a failed send, a reload and leaving the page, until it is sent. */
function ReplyBox({ message, siteId }: { message: CustomerMessage; siteId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => drafts.read(siteId, message.id));
  const restored = useRef(text !== '');
  const change = (value: string) => {
    setText(value);
    drafts.write(siteId, message.id, value);
  };
  const send = useMutation({
    mutationFn: () => sendReply(message.id, text),
    onSuccess: (answered) => {
      queryClient.setQueryData(customerKeys.message(message.id), answered);
      void queryClient.invalidateQueries({ queryKey: customerKeys.list });
      restored.current = false;
      change('');
      notify('inbox.customers.show.sent', { type: 'success' });
    },
    onError: (error) => {
      const failure = error as ApiError;
      // The text stays in the box and in storage.
      if (failure?.status !== 403) notify('inbox.customers.show.failed', { type: 'error' });
    },
  });
  const length = text.length;
  const over = length > REPLY_MAX;
  const fieldError = (send.error as ApiError | null)?.body?.errors?.body;
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() && !over && !send.isPending) send.mutate();
      }}
      aria-label={translate('inbox.customers.show.reply')}
    >
      {restored.current ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('inbox.customers.show.draftKept')}
        </Alert>
      ) : null}
      <TextField
        label={translate('inbox.customers.show.replyLabel', { email: message.email })}
        value={text}
        onChange={(e) => change(e.target.value)}
        multiline
        minRows={4}
        fullWidth
        error={over || Boolean(fieldError)}
        helperText={translate('inbox.customers.show.chars', { count: length, max: REPLY_MAX })}
        slotProps={{ htmlInput: { 'data-testid': 'customer-reply-input' } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendIcon />}
          disabled={!text.trim() || over || send.isPending}
          data-testid="customer-reply-send"
        >
          {translate('inbox.customers.show.send')}
        </Button>
      </Stack>
    </Box>
  );
}

function MessageCard({
  message,
  canReply,
  siteId,
}: {
  message: CustomerMessage;
  canReply: boolean;
  siteId: number;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { format } = useDateTime();
  const unread = useMutation({
    mutationFn: () => markUnread(message.id),
    onSuccess: () => {
      notify('inbox.customers.show.markedUnread', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: customerKeys.unread });
      void queryClient.invalidateQueries({ queryKey: customerKeys.list });
      queryClient.removeQueries({ queryKey: customerKeys.message(message.id) });
      navigate(BASE);
    },
    onError: (error) => {
      const failure = error as ApiError;
      if (failure?.message) notify(failure.message, { type: 'error' });
    },
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }} data-testid="customer-title">
          {message.title}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0, mb: 2 }}
        >
          <Typography component="dt" color="text.secondary">
            {translate('inbox.customers.show.from')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }} data-testid="customer-sender">
            {message.name ? `${message.name} <${message.email}>` : message.email}
            {message.member ? (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {translate('inbox.customers.show.member', { name: message.member.name || message.email })}
              </Typography>
            ) : null}
          </Box>
          <Typography component="dt" color="text.secondary">
            {translate('inbox.customers.show.received')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            {format(message.created_at)}
          </Box>
        </Box>
        <Typography sx={preWrap} data-testid="customer-body">
          {message.body}
        </Typography>
        {message.read_by && message.read_at ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            {translate('inbox.customers.show.readBy', {
              name: message.read_by,
              date: format(message.read_at),
            })}
          </Typography>
        ) : null}
        <Divider sx={{ my: 3 }} />
        <Thread message={message} />
        <Divider sx={{ my: 3 }} />
        {canReply ? (
          <ReplyBox message={message} siteId={siteId} />
        ) : (
          <Alert severity="info">{translate('inbox.customers.show.readOnly')}</Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <Button component={LinkBase} to={BASE} startIcon={<ArrowBackIcon />} color="inherit">
          {translate('inbox.customers.show.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {canReply ? (
          <Button
            startIcon={<MarkUnreadIcon />}
            onClick={() => unread.mutate()}
            disabled={unread.isPending}
            data-testid="customer-mark-unread"
          >
            {translate('inbox.customers.show.markUnread')}
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}

export default function CustomerShow() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = idOf(useParams().id);
  const { data: session } = useSessionQuery();
  const siteId = session?.site.current?.id ?? 0;
  const { isPending: checking } = useRequireAccess({ resource: 'customer', action: 'list' });
  const { canAccess: canReply = false } = useCanAccess({ resource: 'customer', action: 'edit' });
  const { data: message, error } = useQuery({
    queryKey: customerKeys.message(id),
    queryFn: ({ signal }) => openMessage(id, signal),
    enabled: id > 0 && !checking,
    retry: false,
    // Opened once per visit: a refetch would only mark it read again.
    refetchOnWindowFocus: false,
  });

  // Opening marked it read: the badge and the list show it at once.
  const opened = message?.id;
  useEffect(() => {
    if (!opened) return;
    void queryClient.invalidateQueries({ queryKey: customerKeys.unread });
    void queryClient.invalidateQueries({ queryKey: customerKeys.list });
  }, [opened, queryClient]);

  useEffect(() => {
    if (!error && id > 0) return;
    if ((error as ApiError | null)?.status === 403) return;
    notify('inbox.customers.show.notFound', { type: 'error' });
    navigate(BASE);
  }, [error, id, notify, navigate]);

  return (
    <Box sx={{ maxWidth: 800, mt: 2 }}>
      <Title title={message?.title ?? translate('inbox.customers.show.title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('inbox.customers.show.title')}
      </Typography>
      {message ? <MessageCard message={message} canReply={canReply} siteId={siteId} /> : <Loading />}
    </Box>
  );
}
