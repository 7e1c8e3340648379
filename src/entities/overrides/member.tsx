/**
 * Members on the generated list (contract/entities/member.ts), 25 to a page: the filter panel of today (keyword over
 * name or e-mail, status, the tags and plans in use, e-paper opt-in); the members used of the plan's limit and
 * 匯入 CSV in the toolbar (beside the declared export and the add button, which opens the add-member dialog at
 * /member/0); the plan's name, the status as a chip, the tags and the opt-in as cells; and the member's record page
 * (resources/member/MemberDetail.tsx) at /member/:id, which the rows open.
 */
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import { useCanAccess, useRecordContext, useTranslate } from 'ra-core';
import { lazy, Suspense, useState } from 'react';
import { Button, FilterList, FilterListItem } from 'react-admin';
import type { Member } from '../../../contract/entities/member';
import { MEMBER_STATUSES } from '../../../contract/memberConstants';
import { LimitCounter } from '../../components/LimitCounter';
import { LongFilterList } from '../../components/LongFilterList';
import { FilterPanel } from '../../components/lists';
import { useMemberPlans, useMemberRoom, useMemberTags } from '../../resources/member/api';
import { StatusChip } from '../../resources/member/StatusChip';
import type { EntityDialogProps, EntityOverrides } from '../overrides';

const AddMemberDialog = lazy(() =>
  import('../../resources/member/AddMemberDialog').then((m) => ({ default: m.AddMemberDialog })),
);
const ImportDialog = lazy(() =>
  import('../../resources/member/ImportDialog').then((m) => ({ default: m.ImportDialog })),
);

function Filters() {
  const translate = useTranslate();
  const { data: tags } = useMemberTags();
  const { data: plans } = useMemberPlans();
  return (
    <FilterPanel
      search={{ source: 'q', label: 'resources.member.filters.keyword' }}
      data-testid="member-filters"
    >
      <FilterList label="resources.member.filters.status" icon={<FlagIcon />}>
        {MEMBER_STATUSES.map((s) => (
          <FilterListItem key={s} label={translate(`members.status.${s}`)} value={{ status: s }} />
        ))}
      </FilterList>
      {tags?.length ? (
        <LongFilterList
          label="resources.member.filters.tag"
          icon={<LocalOfferIcon />}
          data-testid="member-tag-filter"
        >
          {tags.map((t) => (
            <FilterListItem key={t.tag} label={<span>{t.tag}</span>} value={{ tag: t.tag }} />
          ))}
        </LongFilterList>
      ) : null}
      {plans?.length ? (
        <FilterList label="resources.member.filters.plan" icon={<WorkspacesIcon />}>
          {plans.map((p) => (
            <FilterListItem key={p.id} label={<span>{p.name}</span>} value={{ plan: p.id }} />
          ))}
        </FilterList>
      ) : null}
      <FilterList label="resources.member.filters.epaper_opt_in" icon={<MailIcon />}>
        <FilterListItem label={translate('members.optIn.yes')} value={{ epaper_opt_in: 1 }} />
        <FilterListItem label={translate('members.optIn.no')} value={{ epaper_opt_in: 0 }} />
      </FilterList>
    </FilterPanel>
  );
}

/** The members used of the plan's limit, and 匯入 CSV for those who may add members. */
function Actions() {
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'member', action: 'edit' });
  const room = useMemberRoom().data;
  const [importing, setImporting] = useState(false);
  return (
    <>
      <LimitCounter usage={room} message="members.room" testId="member-room" />
      {canEdit ? (
        <Button label="members.import" onClick={() => setImporting(true)} data-testid="member-import">
          <UploadIcon />
        </Button>
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** /member/0: the add-member dialog (a member is never edited here: their page has the tags and note). */
function Dialog({ onClose }: EntityDialogProps) {
  return <AddMemberDialog onClose={onClose} />;
}

const cell = (render: (member: Member) => React.ReactNode) =>
  function MemberCell() {
    const member = useRecordContext<Member>();
    return member ? render(member) : null;
  };

function OptInCell() {
  const translate = useTranslate();
  const member = useRecordContext<Member>();
  return member ? translate(member.epaper_opt_in ? 'members.optIn.yes' : 'members.optIn.no') : null;
}

const member: EntityOverrides = {
  Filters,
  Actions,
  Dialog,
  perPage: 25,
  cells: {
    plan: cell((m) => m.plan?.name ?? '—'),
    status: cell((m) => <StatusChip status={m.status} />),
    tags: cell((m) => m.tags.join('、')),
    epaper_opt_in: OptInCell,
  },
  Show: lazy(() => import('../../resources/member/MemberDetail')),
};

export default member;
