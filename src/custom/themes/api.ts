/**
 * The theme screens' calls: the list and one theme's detail as queries, the changes as plain calls that refresh
 * both, and the zip upload through the one upload client (components/upload.ts) with the theme reply's reader.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { themeApi } from '../../../contract/api/themes';
import { postFile } from '../../components/upload';
import { call } from '../../dataProvider/client';
import { readThemeUploadReply } from './themeLogic';

export const THEMES_KEY = ['themes'];
const detailKey = (id: number) => [...THEMES_KEY, 'detail', id];

export const useThemeList = () => useQuery({ queryKey: THEMES_KEY, queryFn: () => call(themeApi.list) });

export const useThemeDetail = (id: number) =>
  useQuery({ queryKey: detailKey(id), queryFn: () => call(themeApi.get, { id }) });

/** Every theme query again: after an upload, apply, enable or delete the list and the detail both change. */
export function useRefreshThemes() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: THEMES_KEY }), [queryClient]);
}

export const uploadTheme = (file: File, onProgress?: (percent: number) => void, signal?: AbortSignal) =>
  postFile(themeApi.upload, file, { onProgress, signal }, readThemeUploadReply);

export const applyTheme = (id: number) => call(themeApi.apply, { id });
export const enableVersion = (id: number, version: number) => call(themeApi.enable, { id, version });
export const deleteTheme = (id: number) => call(themeApi.delete, { id });
export const downloadLink = (id: number, version: number) => call(themeApi.download, { id, version });
