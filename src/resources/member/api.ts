/** Member calls beyond the dataProvider: the count and limit, tags and plans for the filters, CSV out and in. */
import { useQuery } from '@tanstack/react-query';
import { memberApi } from '../../../contract/api/members';
import { Code } from '../../../contract/codes';
import type { ImportPreview } from '../../../contract/members';
import { postFile, readEnvelopeReply } from '../../components/upload';
import { type ApiError, call } from '../../dataProvider/client';

/** Query keys under the resource's name, so invalidating ['member'] also refreshes react-admin's list. */
export const memberKeys = {
  all: ['member'] as const,
  room: ['member', 'room'] as const,
  tags: ['member', 'tags'] as const,
  plans: ['member', 'plans'] as const,
};

export const useMemberRoom = () =>
  useQuery({ queryKey: memberKeys.room, queryFn: () => call(memberApi.room) });
export const useMemberTags = () =>
  useQuery({ queryKey: memberKeys.tags, queryFn: () => call(memberApi.tagList) });
export const useMemberPlans = () =>
  useQuery({ queryKey: memberKeys.plans, queryFn: () => call(memberApi.plans) });

/**
 * The envelope's words when the server gave them (messages with numbers), else the code's own; a field refusal
 * (1001) without a form to show it, such as the CSV line holding a NUL, gives its first field's words.
 */
export const failureMessage = (err: unknown): string => {
  const failure = err as ApiError;
  if (failure?.status === 403) return '';
  const fields =
    failure?.body?.errors ?? (failure?.body?.data as { errors?: Record<string, string> } | null)?.errors;
  const field = failure?.body?.code === Code.VALIDATION && fields ? Object.values(fields)[0] : undefined;
  return field || failure?.body?.msg || failure?.message || 'errors.generic';
};

/** The CSV (pasted or picked, sent as a file so that 2 MB fit) read by the server: each row's fate. */
export const previewImport = (csv: Blob) =>
  postFile(memberApi.importPreview, csv, { name: 'members.csv' }, readEnvelopeReply<ImportPreview>);

export const importCsv = (csv: Blob) =>
  postFile(
    memberApi.import,
    csv,
    { name: 'members.csv' },
    readEnvelopeReply<{ added: number; updated: number }>,
  );
