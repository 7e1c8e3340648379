/** Small marks shared by the site list and detail: the current site, the plan, published or not, the address. */
import OpenIcon from '@mui/icons-material/OpenInNew';
import { Chip, Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { UserSite } from '../../../contract/sites';

export function CurrentChip({ site }: { site: UserSite }) {
  const translate = useTranslate();
  if (!site.current) return null;
  return <Chip size="small" color="primary" label={translate('sites.current')} data-testid="current-site" />;
}

export function PlanText({ site }: { site: UserSite }) {
  const translate = useTranslate();
  return <>{site.service?.name ?? translate('sites.noPlan')}</>;
}

export function PublishedChip({ site }: { site: UserSite }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={site.published ? 'success' : 'default'}
      label={translate(site.published ? 'sites.published' : 'sites.unpublished')}
    />
  );
}

/** The public address, opened in a new tab; a click on it does not open the row. */
export function SiteAddress({ site }: { site: UserSite }) {
  return (
    <Link
      href={site.url}
      target="_blank"
      rel="noopener"
      onClick={(e) => e.stopPropagation()}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, wordBreak: 'break-all' }}
    >
      {site.url.replace(/^https?:\/\//, '')}
      <OpenIcon sx={{ fontSize: 14 }} aria-hidden />
    </Link>
  );
}
