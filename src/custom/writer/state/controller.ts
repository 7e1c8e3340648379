/**
 * One writer session: the item being written, its draft, the local copy, autosave, conflicts, language switching and
 * history restore. React components read its state through `useWriter` and call its methods; the editor stays
 * uncontrolled (the controller reads the document from it when it needs a copy, and loads content only by creating a
 * new editor).
 */
import type { Editor } from '@tiptap/core';
import type { BlockDocument } from '../../../../contract/blocks';
import { abstractOf, characterCount, emptyDocument, readingMinutes } from '../../../../contract/blockText';
import { Code } from '../../../../contract/codes';
import { DELAY } from '../../../../contract/constants';
import type { ConflictData, ContentItem, SaveReply, Status } from '../../../../contract/content';
import { autosaveDelay, type ContentTypeName, STATUS } from '../../../../contract/contentConstants';
import { rules } from '../../../../contract/validation';
import { getSession } from '../../../auth/session';
import { ApiError } from '../../../dataProvider/client';
import { sendPath } from '../../../resources/content/kinds';
import { api, isBusy, isConflict, isNetworkError, messageOf } from '../api';
import { docToBlocks } from '../editor/convert';
import { type Draft, draftFromItem, emptyMeta, LIST_PATH, type Meta, toSave } from './draft';
import {
  browserCopyStore,
  type CopyStore,
  type CopyVerdict,
  type LocalCopy,
  newEditorId,
  pickOffer,
} from './localCopy';
import { SaveMachine, type SaveView } from './saveMachine';
import { type TranslateProgressView, translateWithProgress } from './translateRun';

export interface ItemInfo {
  id: number;
  uuid: string;
  lang_id: number;
  version: number;
  status: Status;
  is_draft_changed: boolean;
  /** The languages this item exists in. */
  languages: number[];
  url: string;
  preview_url: string;
  publish_ts: string | null;
}

export interface WriterState {
  phase: 'loading' | 'ready';
  info: ItemInfo;
  meta: Meta;
  /** The document a new editor starts with; changes only when content is loaded (editorKey changes with it). */
  initial: BlockDocument;
  editorKey: number;
  stats: { abstract: string; minutes: number; characters: number };
  save: SaveView;
  fieldErrors: Record<string, string>;
  conflict: ConflictData | null;
  offer: { copy: LocalCopy; verdict: Exclude<CopyVerdict, 'same'> } | null;
  /** A language the writer asked for that does not exist yet. */
  askLanguage: number | null;
  scheduledNotice: boolean;
  slugAuto: boolean;
  busy: boolean;
}

export interface WriterDeps {
  navigate: (path: string, opts?: { replace?: boolean; state?: unknown }) => void;
  notify: (
    message: string,
    opts?: { type?: 'info' | 'success' | 'warning' | 'error'; args?: object },
  ) => void;
  /** Passes a document through the editor's schema (the editor's spelling), for comparing copies. */
  normalize: (doc: BlockDocument) => BlockDocument;
  translate: (key: string, args?: object) => string;
  copies?: CopyStore;
  onOnline?: (listener: () => void) => () => void;
}

const newInfo = (): ItemInfo => ({
  id: 0,
  uuid: '',
  lang_id: 1,
  version: 0,
  status: STATUS.DRAFT,
  is_draft_changed: false,
  languages: [],
  url: '',
  preview_url: '',
  publish_ts: null,
});

function infoFromItem(item: ContentItem): ItemInfo {
  return {
    id: item.id,
    uuid: item.uuid,
    lang_id: item.lang_id,
    version: item.version,
    status: item.status,
    is_draft_changed: item.is_draft_changed,
    languages: item.frontend_display_language?.length ? item.frontend_display_language : [item.lang_id],
    url: item.url ?? '',
    preview_url: item.preview_url ?? '',
    publish_ts: item.publish_ts ?? null,
  };
}

const statsOf = (doc: BlockDocument) => ({
  abstract: abstractOf(doc),
  minutes: readingMinutes(doc),
  characters: characterCount(doc),
});

type Listener = () => void;

export class WriterController {
  readonly editorId = newEditorId();
  private state: WriterState;
  private listeners = new Set<Listener>();
  private editor: Editor | null = null;
  private site = 0;
  private readonly copies: CopyStore;
  readonly machine: SaveMachine<SaveReply>;
  private statsTimer: ReturnType<typeof setTimeout> | undefined;
  private slugTimer: ReturnType<typeof setTimeout> | undefined;
  private loadToken = 0;
  private manualSave = false;
  private leaveAllowed = false;
  private disposed = false;
  /** An input method is composing somewhere in the writer: no copy is sent mid-word. */
  private composing = false;
  /** A slug the server refused (duplicate): saves carry the last accepted one until the writer changes it. */
  private rejectedSlug: string | null = null;
  private acceptedSlug = '';
  /** While the previous item's last changes are sent on the way to another: no navigation from its reply. */
  private quiet = false;
  /** Set while loading: the route id being loaded. */
  private loadingId: number | null = null;

  constructor(
    readonly type: ContentTypeName,
    private readonly deps: WriterDeps,
  ) {
    this.copies = deps.copies ?? browserCopyStore();
    this.machine = new SaveMachine<SaveReply>({
      send: (attempt) => this.send(attempt.force),
      onSaved: (reply, attempt) => this.onSaved(reply, attempt.seq),
      onConflict: (error) => this.onConflict(error),
      onError: (error) => this.onError(error),
      onChange: (view) => this.set({ save: view }),
      isNetworkError,
      isBusy,
      isConflict,
      onOnline:
        deps.onOnline ??
        ((listener) => {
          window.addEventListener('online', listener);
          return () => window.removeEventListener('online', listener);
        }),
      delay: autosaveDelay(type),
      ready: () => !this.composingNow(),
    });
    this.state = {
      phase: 'loading',
      info: { ...newInfo(), id: -1 },
      meta: emptyMeta(),
      initial: emptyDocument(),
      editorKey: 0,
      stats: statsOf(emptyDocument()),
      save: this.machine.current,
      fieldErrors: {},
      conflict: null,
      offer: null,
      askLanguage: null,
      scheduledNotice: false,
      slugAuto: true,
      busy: false,
    };
  }

  // ——— store ———

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = () => this.state;

  private set(patch: Partial<WriterState>) {
    if (this.disposed) return;
    // New content means a new editor: until it exists, the document is `initial`.
    if (patch.editorKey !== undefined && patch.editorKey !== this.state.editorKey) {
      this.editor = null;
      this.latest = null;
    }
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private get address() {
    return { site: this.site, type: this.type, id: this.state.info.id };
  }

  // ——— the editor ———

  attachEditor(editor: Editor) {
    this.editor = editor;
  }

  detachEditor(editor: Editor) {
    if (this.editor !== editor) return;
    if (!editor.isDestroyed) this.latest = docToBlocks(editor.state.doc);
    this.editor = null;
  }

  /** The document as last read from the editor: what is sent once the editor is gone (the page was left). */
  private latest: BlockDocument | null = null;

  /** The document as the writer has it now. */
  content(): BlockDocument {
    if (this.editor && !this.editor.isDestroyed) this.latest = docToBlocks(this.editor.state.doc);
    return this.latest ?? this.state.initial;
  }

  private composingNow(): boolean {
    if (this.composing) return true;
    const editor = this.editor;
    return !!editor && !editor.isDestroyed && editor.view.composing;
  }

  draft(): Draft {
    return { ...this.state.meta, content: this.content() };
  }

  /** The editor's document changed. */
  contentChanged() {
    if (this.state.phase !== 'ready') return;
    this.changed();
    clearTimeout(this.statsTimer);
    this.statsTimer = setTimeout(() => this.set({ stats: statsOf(this.content()) }), 300);
  }

  /** A field of the draft changed. */
  setMeta(patch: Partial<Meta>, opts: { slugTouched?: boolean } = {}) {
    if (this.state.phase !== 'ready') return;
    const meta = { ...this.state.meta, ...patch };
    const fieldErrors = { ...this.state.fieldErrors };
    for (const key of Object.keys(patch)) delete fieldErrors[key];
    let slugAuto = this.state.slugAuto;
    if (opts.slugTouched) slugAuto = (patch.slug ?? '') === '';
    this.set({ meta, fieldErrors, slugAuto });
    this.changed();
    if ('title' in patch && slugAuto) this.scheduleSlug();
  }

  private scheduleSlug() {
    clearTimeout(this.slugTimer);
    this.slugTimer = setTimeout(async () => {
      const { slugify } = await import('../../../../contract/slug');
      if (!this.state.slugAuto || this.disposed) return;
      const slug = slugify(this.state.meta.title);
      if (slug !== this.state.meta.slug) this.setMeta({ slug });
    }, DELAY.slugFromTitle);
  }

  /** Counts a change and keeps the copy on this device before anything is sent. */
  private changed() {
    const seq = this.machine.change();
    this.writeCopy(seq);
  }

  private writeCopy(seq = this.machine.changes) {
    this.copies.write({
      v: 1,
      ...this.address,
      editor: this.editorId,
      lang_id: this.state.info.lang_id,
      baseVersion: this.state.info.version,
      seq,
      savedAt: Date.now(),
      draft: this.draft(),
    });
  }

  /** An input method started or ended composing in one of the writer's fields. */
  setComposing(composing: boolean) {
    this.composing = composing;
  }

  // ——— loading ———

  /** Opens the item of the route. Nothing happens when it is the one already open (e.g. just created). */
  async open(routeId: number, preloaded?: ContentItem) {
    if (routeId === this.state.info.id || routeId === this.loadingId) return;
    const token = ++this.loadToken;
    this.loadingId = routeId;
    if (this.machine.dirty && this.state.phase === 'ready' && !this.state.conflict) {
      // The route moved to another item (the browser's back button): what is unsaved here is sent first.
      this.quiet = true;
      await this.machine.flush();
      this.quiet = false;
      if (token !== this.loadToken) return;
    }
    this.machine.reset();
    clearTimeout(this.slugTimer);
    this.set({
      phase: 'loading',
      info: { ...newInfo(), id: -1 },
      conflict: null,
      offer: null,
      askLanguage: null,
      fieldErrors: {},
    });
    try {
      const session = await getSession().catch(() => null);
      this.site = session?.site.current?.id ?? 0;
      this.copies.prune(this.site, Date.now() - COPY_TTL_MS);
      let item: ContentItem | null = null;
      if (routeId !== 0) {
        try {
          item = preloaded?.id === routeId ? preloaded : await api.get(this.type, routeId);
        } catch {
          if (token !== this.loadToken) return;
          // 404 and the like: a new item instead, with a word about it.
          this.deps.notify('writer.load.failed', {
            type: 'warning',
            args: { type: this.deps.translate(`writer.types.${this.type}`) },
          });
          this.loadingId = null;
          this.deps.navigate(`/edit/${this.type}/0`, { replace: true });
          return;
        }
      }
      if (token !== this.loadToken) return;
      const draft = item ? draftFromItem(item) : { ...emptyMeta(), content: emptyDocument() };
      if (!item) {
        // A new item's byline is the signed-in user's own author.
        const mine = await api.myAuthor().catch(() => null);
        if (token !== this.loadToken) return;
        if (mine?.id) draft.author = [mine.id];
      }
      const { content, ...meta } = draft;
      const info = item ? infoFromItem(item) : newInfo();
      this.rejectedSlug = null;
      this.acceptedSlug = item?.slug ?? '';
      this.set({
        phase: 'ready',
        info,
        meta,
        initial: content,
        editorKey: this.state.editorKey + 1,
        stats: statsOf(content),
        save: this.machine.current,
        scheduledNotice: this.type === 'epaper' && item?.status === STATUS.SCHEDULED,
        slugAuto: !item || item.slug === '' || item.status === STATUS.DRAFT,
      });
      if (item && item.slug !== '' && item.status === STATUS.DRAFT) void this.checkSlugFollowsTitle(item);
      this.offerLocalCopy({ version: info.version, draft });
    } finally {
      if (token === this.loadToken) this.loadingId = null;
    }
  }

  /** An existing draft's slug keeps following its title only if it was made from it. */
  private async checkSlugFollowsTitle(item: ContentItem) {
    const { slugify } = await import('../../../../contract/slug');
    const made = slugify(item.title);
    const follows = made !== '' && (item.slug === made || new RegExp(`^${made}-\\d+$`).test(item.slug));
    if (!follows && this.state.info.id === item.id) this.set({ slugAuto: false });
  }

  private normalizeDraft = (draft: Draft): Draft => ({
    ...draft,
    content: this.deps.normalize(draft.content),
  });

  /** Unsent work of this item left on the device (by another tab, or before a crash) is offered back. */
  private offerLocalCopy(server: { version: number; draft: Draft }) {
    const copies = this.copies.list(this.address).filter((c) => c.editor !== this.editorId);
    const { offer, same } = pickOffer(copies, server, this.normalizeDraft);
    for (const copy of same) this.copies.remove(copy, copy.editor);
    if (offer) this.set({ offer });
  }

  /** The writer restores the copy kept on this device. */
  restoreOffer() {
    const offer = this.state.offer;
    if (!offer) return;
    const { content, ...meta } = offer.copy.draft;
    this.copies.remove(offer.copy, offer.copy.editor);
    this.set({
      offer: null,
      meta,
      initial: content,
      editorKey: this.state.editorKey + 1,
      stats: statsOf(content),
      // Saved on top of the version it was based on: if the server has moved on since, that save is a conflict and
      // the writer chooses.
      info: { ...this.state.info, version: Math.min(offer.copy.baseVersion, this.state.info.version) },
    });
    this.changed();
  }

  discardOffer() {
    const offer = this.state.offer;
    if (!offer) return;
    this.copies.remove(offer.copy, offer.copy.editor);
    this.set({ offer: null });
  }

  /** Replaces the open content with the server's item (a new editor is created with it). */
  private applyItem(item: ContentItem) {
    const { content, ...meta } = draftFromItem(item);
    this.machine.reset();
    this.copies.remove(this.address, this.editorId);
    this.rejectedSlug = null;
    this.acceptedSlug = item.slug;
    this.set({
      info: infoFromItem(item),
      meta,
      initial: content,
      editorKey: this.state.editorKey + 1,
      stats: statsOf(content),
      fieldErrors: {},
    });
  }

  // ——— saving ———

  private sentSlug = '';
  private sentTitle = '';

  private send(force: boolean) {
    const { info } = this.state;
    const draft = this.draft();
    if (this.state.slugAuto) {
      // Made from the title: the server makes it too, with -2, -3 … when another item has it.
      draft.slug = '';
    } else if (draft.slug === this.rejectedSlug || (draft.slug !== '' && rules.slug(draft.slug))) {
      // A slug the server refused (or one not valid yet) is not sent: the rest of the work is saved meanwhile.
      draft.slug = this.acceptedSlug;
    }
    this.sentSlug = draft.slug;
    this.sentTitle = draft.title;
    return api.save(this.type, toSaveBody(draft, info, force));
  }

  private onSaved(reply: SaveReply, seq: number) {
    const wasNew = this.state.info.id === 0;
    const info: ItemInfo = {
      ...this.state.info,
      id: reply.id,
      uuid: reply.uuid,
      lang_id: reply.lang_id,
      version: reply.version,
      status: reply.status,
      is_draft_changed: reply.is_draft_changed,
      languages: reply.frontend_display_language?.length
        ? reply.frontend_display_language
        : this.state.info.languages.length
          ? this.state.info.languages
          : [reply.lang_id],
    };
    this.acceptedSlug = reply.slug;
    const kept = this.state.fieldErrors.slug;
    const fieldErrors: Record<string, string> =
      kept && this.rejectedSlug !== null && this.state.meta.slug === this.rejectedSlug ? { slug: kept } : {};
    const patch: Partial<WriterState> = { info, fieldErrors, conflict: null };
    // The server made the slug from the title (unique on the site): show it, unless the title moved on since.
    const madeByServer = this.state.slugAuto || this.state.meta.slug === '';
    if (
      madeByServer &&
      reply.slug &&
      this.state.meta.title === this.sentTitle &&
      reply.slug !== this.state.meta.slug
    ) {
      patch.meta = { ...this.state.meta, slug: reply.slug };
    }
    if (wasNew) this.copies.move({ ...this.address, id: 0 }, reply.id, this.editorId);
    this.set(patch);
    this.copies.confirm(this.address, this.editorId, seq, reply.version);
    this.manualSave = false;
    if (wasNew && !this.quiet) this.go(`/edit/${this.type}/${reply.id}`, { replace: true });
  }

  private onConflict(error: unknown) {
    const data = (error instanceof ApiError ? error.body.data : null) as ConflictData | null;
    this.set({ conflict: data ?? { version: 0, revision_id: 0, updated_by: '' } });
  }

  private onError(error: unknown) {
    if (this.disposed) return;
    const manual = this.manualSave;
    this.manualSave = false;
    if (error instanceof ApiError && error.code === Code.VALIDATION) {
      const errors = error.body.errors ?? {};
      this.set({ fieldErrors: errors });
      const onlySlug = Object.keys(errors).length === 1 && 'slug' in errors;
      if (onlySlug && this.sentSlug !== this.acceptedSlug) {
        // e.g. 此欄位重複: shown under the field, and everything else is saved right away with the last good slug.
        this.rejectedSlug = this.sentSlug;
        void this.machine.saveNow();
        return;
      }
      if (manual || !onlySlug) this.deps.notify('writer.save.invalid', { type: 'warning' });
      return;
    }
    if (error instanceof ApiError && error.status === 403) return;
    if (manual || !(error instanceof ApiError) || error.status !== 401) {
      this.deps.notify(messageOf(error), { type: 'error' });
    }
  }

  /** The save button and Ctrl/Cmd+S. */
  saveNow() {
    this.manualSave = true;
    return this.machine.saveNow(this.state.info.id === 0);
  }

  /** Everything saved (and the item created): true when the server has it all. */
  async ensureSaved(): Promise<boolean> {
    if (this.state.info.id === 0) await this.machine.saveNow(true);
    return (await this.machine.flush()) && this.state.info.id > 0;
  }

  async resolveConflict(choice: 'mine' | 'latest') {
    this.set({ conflict: null });
    if (choice === 'mine') {
      await this.machine.resolveConflict('mine');
      return;
    }
    this.set({ busy: true });
    try {
      const item = await api.get(this.type, this.state.info.id);
      await this.machine.resolveConflict('latest');
      this.applyItem(item);
    } catch (error) {
      this.deps.notify(messageOf(error), { type: 'error' });
    } finally {
      this.set({ busy: false });
    }
  }

  // ——— leaving, publishing ———

  /** Whether leaving should ask first: unsaved changes, or unpublished draft changes of a published item. */
  shouldBlockLeave(): boolean {
    if (this.leaveAllowed) return false;
    const { info } = this.state;
    return this.machine.dirty || (info.status === STATUS.PUBLISHED && info.is_draft_changed);
  }

  /** The writer's own navigation (publish, language) passes the leave guard once. */
  go(path: string, opts?: { replace?: boolean; state?: unknown }) {
    if (this.disposed) return;
    this.leaveAllowed = true;
    this.deps.navigate(path, opts);
    setTimeout(() => {
      this.leaveAllowed = false;
    }, 0);
  }

  /**
   * 發佈 (or 更新) opens the publish settings. An e-paper not yet sent is published by sending it (SPEC §4): its 發送
   * opens the send screen.
   */
  async publish() {
    this.set({ busy: true });
    try {
      if (!(await this.ensureSaved())) {
        this.deps.notify('writer.save.saveFirst', { type: 'warning' });
        return;
      }
      const { id, status } = this.state.info;
      this.go(
        this.type === 'epaper' && status !== STATUS.PUBLISHED
          ? sendPath(id)
          : `/${LIST_PATH[this.type]}/${id}/publish/setting`,
      );
    } finally {
      this.set({ busy: false });
    }
  }

  // ——— languages ———

  async switchLanguage(lang: number) {
    const { info } = this.state;
    if (lang === info.lang_id) return;
    this.set({ busy: true });
    try {
      if (!(await this.ensureSaved())) {
        this.deps.notify('writer.language.saveFirst', { type: 'warning' });
        return;
      }
      if (!this.state.info.languages.includes(lang)) {
        this.set({ askLanguage: lang });
        return;
      }
      const item = await api.get(this.type, this.state.info.id, lang);
      this.go(`/edit/${this.type}/${item.id}`, { state: { item } });
    } catch (error) {
      this.deps.notify(messageOf(error), { type: 'error' });
    } finally {
      this.set({ busy: false });
    }
  }

  /** Creates the language asked for: machine translation (its progress to `onProgress`), or a blank copy. */
  async createLanguage(translate: boolean, onProgress: (p: TranslateProgressView) => void = () => {}) {
    const lang = this.state.askLanguage;
    if (!lang) return;
    this.set({ busy: true });
    try {
      const { id, lang_id: from } = this.state.info;
      const created = translate
        ? await translateWithProgress(this.type, id, lang, from, onProgress)
        : await api.translate(this.type, id, false, lang, from);
      this.set({ askLanguage: null });
      const item = await api.get(this.type, created.id);
      this.go(`/edit/${this.type}/${item.id}`, { state: { item } });
    } catch (error) {
      // No service for the pair, or it failed: the server's own words.
      const text = error instanceof ApiError && error.body.msg ? error.body.msg : messageOf(error);
      this.deps.notify(text, { type: 'warning' });
    } finally {
      this.set({ busy: false });
    }
  }

  cancelLanguage() {
    this.set({ askLanguage: null });
  }

  // ——— history ———

  /**
   * Restores a revision: the server makes it the draft, and the writer loads it. What is typed here must be on the
   * server first (it then stays in the history); when it cannot be sent (offline, refused, in conflict) nothing is
   * restored and the work stays in the editor and in the copy on this device.
   */
  async restoreRevision(revisionId: number, version: number) {
    this.set({ busy: true });
    try {
      if (!(await this.machine.flush())) {
        this.deps.notify('writer.history.saveFirst', { type: 'warning' });
        return;
      }
      await api.restore(this.type, this.state.info.id, revisionId);
      const item = await api.get(this.type, this.state.info.id);
      if (this.machine.dirty) {
        // Typed while the restore was on its way: kept. Its save, based on the version before the restore, is a
        // conflict, which keeps it on the server and lets the writer choose.
        this.deps.notify('writer.history.restoredKept', { type: 'warning', args: { n: version } });
        return;
      }
      this.applyItem(item);
      this.deps.notify('writer.history.restored', { type: 'success', args: { n: version } });
    } catch (error) {
      this.deps.notify(messageOf(error), { type: 'error' });
    } finally {
      this.set({ busy: false });
    }
  }

  closeScheduledNotice() {
    this.set({ scheduledNotice: false });
  }

  /**
   * The writer is gone (another route, e.g. the browser's back button): what is unsaved is still sent, quietly, and
   * the copy on this device stays until the server confirms it.
   */
  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.statsTimer);
    clearTimeout(this.slugTimer);
    if (!this.machine.dirty || this.state.conflict) {
      this.machine.dispose();
      return;
    }
    void this.machine.flush().finally(() => this.machine.dispose());
  }
}

/** Copies older than this are dropped when the writer opens. */
const COPY_TTL_MS = 30 * 24 * 3600 * 1000;

const toSaveBody = (draft: Draft, info: ItemInfo, force: boolean) =>
  toSave(draft, { id: info.id, lang_id: info.lang_id, version: info.version, force });
