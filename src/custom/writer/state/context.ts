/** The writer session for React: the controller in context, and its state read slice by slice. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { WriterController, WriterState } from './controller';

export const WriterContext = createContext<WriterController | null>(null);

export function useController(): WriterController {
  const controller = useContext(WriterContext);
  if (!controller) throw new Error('useController outside the writer');
  return controller;
}

/** A slice of the writer's state; the component re-renders when that slice changes (by identity). */
export function useWriter<T>(select: (state: WriterState) => T): T {
  const controller = useController();
  return useSyncExternalStore(controller.subscribe, () => select(controller.getState()));
}
