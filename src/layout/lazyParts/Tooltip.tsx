/**
 * MUI's Tooltip (@mui/material 7.3, Tooltip/Tooltip.js) loaded after the first render: the shell's menu, app bar and
 * buttons render a dozen tooltips on the first screen, and the real one brings Popper and popper.js (~10 kB gzip),
 * which no tooltip needs until it opens. Until it has loaded, the child is rendered as the real Tooltip renders it
 * closed — with the title as its accessible name (or, with describeChild, its title attribute) and the Tooltip's
 * other props — so the page looks and reads the same; then every tooltip is the real one. An `open` tooltip waits for
 * it. vite.config.ts (lazyParts) puts this module in the original's place.
 */
import { useDefaultProps } from '@mui/material/DefaultPropsProvider';
import type { TooltipProps } from '@mui/material/Tooltip';
import { useForkRef } from '@mui/material/utils';
import {
  type ComponentType,
  cloneElement,
  forwardRef,
  isValidElement,
  lazy,
  type ReactElement,
  type Ref,
  Suspense,
  useEffect,
  useState,
} from 'react';

type RealTooltip = ComponentType<TooltipProps & { ref?: Ref<unknown> }>;

const load = () =>
  import('../../../node_modules/@mui/material/esm/Tooltip/Tooltip.js').then((m) => {
    loaded = m.default as unknown as RealTooltip;
    return { default: loaded };
  });
let loaded: RealTooltip | null = null;
let loading: Promise<unknown> | null = null;
const Real = lazy(load);

/** The props the real Tooltip takes for itself; the others go to the child. */
const OWN = new Set([
  'arrow',
  'children',
  'classes',
  'components',
  'componentsProps',
  'describeChild',
  'disableFocusListener',
  'disableHoverListener',
  'disableInteractive',
  'disableTouchListener',
  'enterDelay',
  'enterNextDelay',
  'enterTouchDelay',
  'followCursor',
  'id',
  'leaveDelay',
  'leaveTouchDelay',
  'onClose',
  'onOpen',
  'open',
  'placement',
  'PopperComponent',
  'PopperProps',
  'slotProps',
  'slots',
  'title',
  'TransitionComponent',
  'TransitionProps',
]);

/** The child as the real Tooltip renders it while closed. */
function Closed({ props, forwardedRef }: { props: TooltipProps; forwardedRef: Ref<unknown> }) {
  const { children: childrenProp, describeChild = false, disableHoverListener = false, title } = props;
  const children = (
    isValidElement(childrenProp) ? childrenProp : <span>{childrenProp}</span>
  ) as ReactElement<Record<string, unknown> & { className?: string }>;
  const childRef = (children.props as { ref?: Ref<unknown> }).ref ?? null;
  const ref = useForkRef(childRef, forwardedRef);
  const other = Object.fromEntries(Object.entries(props).filter(([key]) => !OWN.has(key)));
  const titleIsString = typeof title === 'string';
  const nameOrDesc = describeChild
    ? { title: titleIsString && !disableHoverListener ? title : null }
    : { 'aria-label': titleIsString ? title : null };
  // As clsx joins them: '' when neither has one.
  const className = [other.className, children.props.className].filter(Boolean).join(' ');
  return cloneElement(children, { ...nameOrDesc, ...other, ...children.props, className, ref });
}

const Tooltip = forwardRef<unknown, TooltipProps>(function Tooltip(inProps, ref) {
  const props = useDefaultProps({ props: inProps, name: 'MuiTooltip' }) as TooltipProps;
  const [ready, setReady] = useState(loaded !== null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loading ??= load();
    loading.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  if (ready || props.open) {
    return (
      <Suspense fallback={<Closed props={props} forwardedRef={ref} />}>
        <Real ref={ref} {...inProps} />
      </Suspense>
    );
  }
  return <Closed props={props} forwardedRef={ref} />;
});

export default Tooltip;
