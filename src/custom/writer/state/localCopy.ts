/**
 * The copy of unsent work kept on this device (localStorage), so nothing typed is lost to a closed tab, a crash or
 * a dropped network. Each open editor (each tab) writes its own copy, keyed by site, type, item id and an editor id:
 * two tabs are two editors and never overwrite each other's copy. A new item (id 0) is kept under id 0 until the
 * server has created it, then moves to its id.
 *
 * A copy is written on every change, before anything is sent, and removed only when the server has confirmed the
 * very version it holds.
 */
import { type Draft, fingerprint } from './draft';

export interface CopyAddress {
  site: number;
  type: string;
  id: number;
}

export interface LocalCopy extends CopyAddress {
  v: 1;
  /** The editor (tab) that wrote it. */
  editor: string;
  lang_id: number;
  /** The server version the writer's work was based on (0 for a new item). */
  baseVersion: number;
  /** The writer's change counter when the copy was written. */
  seq: number;
  /** When it was written (ms since epoch). */
  savedAt: number;
  draft: Draft;
}

const PREFIX = 'writer.copy';

export const itemPrefix = (a: CopyAddress) => `${PREFIX}:${a.site}:${a.type}:${a.id}:`;
export const copyKey = (a: CopyAddress, editor: string) => `${itemPrefix(a)}${editor}`;

/** A random id for one editor session. */
export const newEditorId = () =>
  globalThis.crypto?.randomUUID?.().slice(0, 8) ?? Math.random().toString(36).slice(2, 10);

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function parse(raw: string | null): LocalCopy | undefined {
  if (!raw) return undefined;
  try {
    const copy = JSON.parse(raw) as LocalCopy;
    return copy && copy.v === 1 && copy.draft && typeof copy.baseVersion === 'number' ? copy : undefined;
  } catch {
    return undefined;
  }
}

export class CopyStore {
  constructor(private readonly storage: Store) {}

  /** Writes the copy; false when the device refused it (storage full or disabled). */
  write(copy: LocalCopy): boolean {
    try {
      this.storage.setItem(copyKey(copy, copy.editor), JSON.stringify(copy));
      return true;
    } catch {
      return false;
    }
  }

  read(address: CopyAddress, editor: string): LocalCopy | undefined {
    try {
      return parse(this.storage.getItem(copyKey(address, editor)));
    } catch {
      return undefined;
    }
  }

  /** Every copy of one item (from any editor), newest first. */
  list(address: CopyAddress): LocalCopy[] {
    const prefix = itemPrefix(address);
    const copies: LocalCopy[] = [];
    try {
      for (let i = 0; i < this.storage.length; i++) {
        const key = this.storage.key(i);
        if (!key?.startsWith(prefix)) continue;
        const copy = parse(this.storage.getItem(key));
        if (copy) copies.push(copy);
      }
    } catch {
      return [];
    }
    return copies.sort((a, b) => b.savedAt - a.savedAt);
  }

  remove(address: CopyAddress, editor: string): void {
    try {
      this.storage.removeItem(copyKey(address, editor));
    } catch {
      // nothing to do: storage unavailable
    }
  }

  /**
   * The server confirmed the version written at change `seq`. The copy goes when it holds nothing newer; otherwise it
   * stays, now based on the server's new version.
   */
  confirm(address: CopyAddress, editor: string, seq: number, version: number): void {
    const copy = this.read(address, editor);
    if (!copy) return;
    if (copy.seq <= seq) this.remove(address, editor);
    else this.write({ ...copy, baseVersion: version });
  }

  /** Removes copies of a site written before `before` (ms): work nobody came back for in weeks. */
  prune(site: number, before: number): void {
    const prefix = `${PREFIX}:${site}:`;
    try {
      const old: string[] = [];
      for (let i = 0; i < this.storage.length; i++) {
        const key = this.storage.key(i);
        if (!key?.startsWith(prefix)) continue;
        const copy = parse(this.storage.getItem(key));
        if (!copy || copy.savedAt < before) old.push(key);
      }
      for (const key of old) this.storage.removeItem(key);
    } catch {
      // storage unavailable
    }
  }

  /** The item was created: its copy moves from id 0 to the new id. */
  move(from: CopyAddress, toId: number, editor: string): void {
    const copy = this.read(from, editor);
    if (!copy) return;
    this.write({ ...copy, id: toId });
    this.remove(from, editor);
  }
}

export type CopyVerdict =
  /** The same as the server's: nothing to offer. */
  | 'same'
  /** Unsent work on top of the server's version. */
  | 'newer'
  /** Unsent work, but the server has moved on since it was started (someone else saved). */
  | 'diverged';

export interface ServerState {
  version: number;
  draft: Draft;
}

/**
 * How a copy compares with what the server holds: the version it was based on, and its content (both drafts in the
 * editor's own spelling — `normalize` passes the document through the editor's schema).
 */
export function judge(
  copy: LocalCopy,
  server: ServerState,
  normalize: (d: Draft) => Draft = (d) => d,
): CopyVerdict {
  if (fingerprint(normalize(copy.draft)) === fingerprint(normalize(server.draft))) return 'same';
  return copy.baseVersion >= server.version ? 'newer' : 'diverged';
}

/**
 * Which copy to offer on load: the newest one that differs from the server. Copies equal to the server's version are
 * listed for removal.
 */
export function pickOffer(
  copies: LocalCopy[],
  server: ServerState,
  normalize?: (d: Draft) => Draft,
): { offer?: { copy: LocalCopy; verdict: Exclude<CopyVerdict, 'same'> }; same: LocalCopy[] } {
  const same: LocalCopy[] = [];
  let offer: { copy: LocalCopy; verdict: Exclude<CopyVerdict, 'same'> } | undefined;
  for (const copy of copies) {
    const verdict = judge(copy, server, normalize);
    if (verdict === 'same') same.push(copy);
    else if (!offer) offer = { copy, verdict };
  }
  return { offer, same };
}

export const browserCopyStore = () => new CopyStore(globalThis.localStorage);
