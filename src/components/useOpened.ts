import { useState } from 'react';

/**
 * Whether `open` has been true yet: a dialog loaded on use renders from its first opening on, and stays rendered
 * after it closes, so that it closes with its transition (and keeps what it holds) as an always-rendered one does.
 */
export function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
