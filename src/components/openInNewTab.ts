/**
 * Opening an address that a call has yet to answer (site/visit, an item's links): the tab is opened at once, while
 * the click still counts as the user's (a popup blocker lets it through), and sent on when the address arrives; it
 * is closed again when the call fails. The new tab never gets a handle on this one.
 */
export async function openInNewTab(address: Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await address;
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** Saves what an address serves as a download (same origin: the browser keeps this page where it is). */
export function downloadFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
