import { TIMEOUT } from '../../contract/constants';

/**
 * `fetch` given up after `timeout` ms (besides any signal of the caller's own): for the SPA's fetches outside the
 * envelope client. Short reads outside the catalogue take SPEC §9's 3 s base (TIMEOUT.base); a catalogue endpoint
 * fetched by hand its own timeout.
 */
export function fetchWithin(timeout: number = TIMEOUT.base): typeof fetch {
  return (input, init) => {
    const limit = AbortSignal.timeout(timeout);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, limit]) : limit });
  };
}
