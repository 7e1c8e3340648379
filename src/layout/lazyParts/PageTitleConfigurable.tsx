/**
 * react-admin's PageTitleConfigurable (ra-ui-materialui 5.15, layout/PageTitleConfigurable.js) with its editor loaded
 * when the preferences inspector opens it. Every page title (<Title>, react-admin's error pages) renders this; the
 * original imports MUI's TextField for the editor, and with it the whole input family (Select, FormControl, …) on
 * the dashboard's first screen. vite.config.ts (lazyParts) puts this module in the original's place.
 */
import { useLocation, usePreference, useRecordContext, useTranslate } from 'ra-core';
import { type ComponentProps, lazy, type ReactElement, type ReactNode, Suspense } from 'react';
import { Configurable } from 'react-admin';

const PageTitleEditor = lazy(() => import('./PageTitleEditor'));

type Props = Omit<ComponentProps<'span'>, 'title'> & {
  preferenceKey?: string;
  title?: string | ReactElement;
  defaultTitle?: ReactNode;
};

export { PageTitleEditor };

export const PageTitleConfigurable = ({ preferenceKey, title, defaultTitle, ...props }: Props) => {
  const { pathname } = useLocation();
  return (
    <Configurable
      editor={
        <Suspense fallback={null}>
          <PageTitleEditor />
        </Suspense>
      }
      preferenceKey={preferenceKey || `${pathname}.title`}
      sx={{ '&.RaConfigurable-editMode': { margin: '2px' } }}
    >
      <PageTitleConfigurableInner title={title} defaultTitle={defaultTitle} {...props} />
    </Configurable>
  );
};

/** react-admin's PageTitle (layout/PageTitle.js), which the package does not export. */
const PageTitle = ({ title, defaultTitle, className, ...rest }: Omit<Props, 'preferenceKey'>) => {
  const translate = useTranslate();
  return (
    <span className={className}>
      {!title ? (
        <span {...rest}>{defaultTitle}</span>
      ) : typeof title === 'string' ? (
        <span {...rest}>{translate(title, { _: title })}</span>
      ) : (
        title
      )}
    </span>
  );
};

const PageTitleConfigurableInner = ({ title, defaultTitle, ...props }: Omit<Props, 'preferenceKey'>) => {
  const [titleFromPreferences] = usePreference();
  const translate = useTranslate();
  const record = useRecordContext();
  return typeof titleFromPreferences === 'string' ? (
    <span className={props.className} {...props}>
      {translate(titleFromPreferences, { ...record, _: titleFromPreferences })}
    </span>
  ) : (
    <PageTitle title={title} defaultTitle={defaultTitle} {...props} />
  );
};
