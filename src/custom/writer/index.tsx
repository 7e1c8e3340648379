/**
 * The writer at /edit/:type/:id (a full-screen page with its own top bar; its own lazy chunk with TipTap). Id 0 is a
 * new item, created by its first save. The page wires the session (WriterController) to the screen: the editor, the
 * title fields, the side panel, the dialogs, Ctrl/Cmd+S, and the guards against leaving with unsaved work.
 */
import { Box } from '@mui/material';
import { useBlocker, useCanBlock, useNotify, useTranslate } from 'ra-core';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ContentItem } from '../../../contract/content';
import type { ContentTypeName } from '../../../contract/contentConstants';
import { NotFound } from '../../components/NotFound';
import { tabTitle } from '../../components/useDocumentTitle';
import { useOpened } from '../../components/useOpened';
import { lazyWithWords, useOtherAreasOnceRendered, withLaterWords } from '../../i18n/LaterWords';
import { useSessionQuery } from '../../layout/session';
import { BlockEditor, normalizeDocument } from './editor/BlockEditor';
import { useWriter, WriterContext } from './state/context';
import { WriterController } from './state/controller';
import { isTypeName, LIST_PATH } from './state/draft';
import { writerSx } from './styles';
import { TitleFields } from './TitleFields';
import { TopBar } from './TopBar';

/** The writer's questions (./dialogs.tsx) load when one is first asked, with the words of the translation's. */
const dialogs = () => withLaterWords(import('./dialogs'));
const RestoreLocalDialog = lazy(() => dialogs().then((m) => ({ default: m.RestoreLocalDialog })));
const ConflictDialog = lazy(() => dialogs().then((m) => ({ default: m.ConflictDialog })));
const TranslateDialog = lazy(() => dialogs().then((m) => ({ default: m.TranslateDialog })));
const LeaveDialog = lazy(() => dialogs().then((m) => ({ default: m.LeaveDialog })));

/** Its children from the first time `open` is true on (a dialog closes with its transition). */
function OnceOpen({ open, children }: { open: boolean; children: ReactNode }) {
  return useOpened(open) ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The questions the writer's state asks. */
function StateDialogs() {
  const offer = useWriter((s) => Boolean(s.offer));
  const conflict = useWriter((s) => Boolean(s.conflict));
  const askLanguage = useWriter((s) => Boolean(s.askLanguage));
  return (
    <>
      <OnceOpen open={offer}>
        <RestoreLocalDialog />
      </OnceOpen>
      <OnceOpen open={conflict}>
        <ConflictDialog />
      </OnceOpen>
      <OnceOpen open={askLanguage}>
        <TranslateDialog />
      </OnceOpen>
    </>
  );
}

/** The side panel (settings, SEO, related, history) is its own chunk: the editor shows first. */
const SidePanel = lazyWithWords(() => import('./panels/SidePanel'));
/**
 * A scheduled e-paper's send warning loads when it opens: its endpoints come with their schemas, and zod with them
 * (contract/api/epaperSend.ts exports schemas too, so the build cannot give it as data), about 25 kB gzip.
 */
const EpaperSendWarning = lazyWithWords(() =>
  import('./EpaperSendWarning').then((m) => ({ default: m.EpaperSendWarning })),
);

function ScheduledNotice() {
  const open = useWriter((s) => s.scheduledNotice);
  return open ? (
    <Suspense fallback={null}>
      <EpaperSendWarning />
    </Suspense>
  ) : null;
}

/** With a data router, in-app navigation away is held until the writer answers. */
function RouterLeaveGuard({ controller }: { controller: WriterController }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && controller.shouldBlockLeave(),
  );
  const open = blocker.state === 'blocked';
  return (
    <OnceOpen open={open}>
      <LeaveDialog open={open} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </OnceOpen>
  );
}

/** BCP 47 tags of the content languages: the text is drawn with the glyphs of its own language. */
const CONTENT_LANG: Record<number, string> = { 1: 'zh-Hant-TW', 2: 'zh-Hans-CN', 3: 'en', 4: 'ja', 5: 'ko' };

function Canvas({ children }: { children: ReactNode }) {
  const lang = useWriter((s) => s.info.lang_id);
  return (
    <div className="wr-canvas" lang={CONTENT_LANG[lang] ?? undefined}>
      {children}
    </div>
  );
}

function Writer({ type, routeId }: { type: ContentTypeName; routeId: number }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const location = useLocation();
  const canBlock = useCanBlock();
  const live = useRef({ navigate, notify, translate });
  live.current = { navigate, notify, translate };
  const [controller] = useState(
    () =>
      new WriterController(type, {
        navigate: (path, opts) => live.current.navigate(path, opts),
        notify: (message, opts) =>
          live.current.notify(message, { type: opts?.type, messageArgs: { _: message, ...opts?.args } }),
        translate: (key, args) => live.current.translate(key, args),
        normalize: normalizeDocument,
      }),
  );
  const [panelOpen, setPanelOpen] = useState(() => window.innerWidth >= 1200);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);

  useEffect(() => () => controller.dispose(), [controller]);

  const preloaded = (location.state as { item?: ContentItem } | null)?.item;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route id alone decides what to open
  useEffect(() => {
    void controller.open(routeId, preloaded);
  }, [controller, routeId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void controller.saveNow();
      }
    };
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!controller.shouldBlockLeave()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [controller]);

  // The tab shows what is being written and the site; the page's own title comes back when the writer closes.
  const site = useSessionQuery().data?.site.current?.name || translate('app.name');
  useEffect(() => {
    const previous = document.title;
    const show = () => {
      const title = controller.getState().meta.title;
      const next = tabTitle(
        title || translate('writer.newItem', { type: translate(`writer.types.${type}`) }),
        site,
      );
      if (document.title !== next) document.title = next;
    };
    show();
    const unsubscribe = controller.subscribe(show);
    return () => {
      unsubscribe();
      document.title = previous;
    };
  }, [controller, translate, type, site]);

  const back = useCallback(() => {
    const to = `/${LIST_PATH[type]}`;
    if (controller.shouldBlockLeave()) setLeaveTo(to);
    else controller.go(to);
  }, [controller, type]);

  const focusBody = () => {
    const body = document.querySelector<HTMLElement>('[data-testid="writer-body"]');
    body?.focus();
  };

  return (
    <WriterContext.Provider value={controller}>
      <Box
        sx={writerSx}
        data-testid="writer"
        onCompositionStart={() => controller.setComposing(true)}
        onCompositionEnd={() => controller.setComposing(false)}
      >
        <TopBar onBack={back} panelOpen={panelOpen} onTogglePanel={() => setPanelOpen((o) => !o)} />
        <Box sx={{ flex: 1, display: 'flex', minHeight: 0, position: 'relative' }}>
          <Box component="main" sx={{ flex: 1, overflowY: 'auto' }} id="writer-scroll">
            <Canvas>
              <TitleFields onEnterBody={focusBody} />
              <BlockEditor />
            </Canvas>
          </Box>
          {panelOpen && (
            <Suspense fallback={null}>
              <SidePanel onClose={() => setPanelOpen(false)} />
            </Suspense>
          )}
        </Box>
      </Box>
      <StateDialogs />
      <ScheduledNotice />
      <OnceOpen open={leaveTo !== null}>
        <LeaveDialog
          open={leaveTo !== null}
          onStay={() => setLeaveTo(null)}
          onLeave={() => {
            const to = leaveTo;
            setLeaveTo(null);
            if (to) controller.go(to);
          }}
        />
      </OnceOpen>
      {canBlock && <RouterLeaveGuard controller={controller} />}
    </WriterContext.Provider>
  );
}

export default function WriterPage() {
  const { type, id } = useParams();
  // Its dialogs' and panels' words (and the other screens'), once it has rendered (i18n/areas.ts SCREEN_AREAS).
  useOtherAreasOnceRendered();
  if (!isTypeName(type) || !/^\d{1,10}$/.test(id ?? '')) return <NotFound />;
  // Another type is another writer; another id of the same type is loaded by the same one.
  return <Writer key={type} type={type} routeId={Number(id)} />;
}
