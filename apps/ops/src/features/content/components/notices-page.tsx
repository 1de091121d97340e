import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_AUDIENCES, NOTICE_EXECUTIONS, NOTICE_TYPES, type OpsNotice } from '@platform/contracts';
import type { Column } from '@/components/data-table';
import { SelectField } from '@/components/form-fields';
import { useListParams } from '@/lib/list-params';
import { deleteNotice, listNotices } from '../api/content-api';
import { ContentListPage } from './content-list-page';
import { NoticeDialog } from './notice-dialog';

const FILTERS = { audience: '', type: '', execution: '' };

/**
 * Notices (permission content.manage): announcements for the popup, promotions, the marquee's player notices, banner
 * notices and history; announcements for agents (read in the agent centre); each for an audience (members, guests, first login), a language and a schedule.
 */
export function NoticesPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);

  const columns: Column<OpsNotice>[] = [
    {
      key: 'title',
      header: t('content.notices.title'),
      cell: (row) => (
        <span className="content-text" title={row.content}>
          {row.title}
        </span>
      ),
    },
    {
      key: 'readers',
      header: t('content.notices.readers'),
      cell: (row) => t(`content.notices.readersOf.${row.audience}`),
    },
    { key: 'type', header: t('content.notices.type'), cell: (row) => t(`content.notices.types.${row.type}`) },
    {
      key: 'audience',
      header: t('content.notices.audience'),
      cell: (row) => t(`content.notices.audiences.${row.execution}`),
    },
  ];

  return (
    <ContentListPage
      kind="notice"
      list={list}
      load={listNotices}
      remove={deleteNotice}
      columns={columns}
      filters={
        <>
          <SelectField
            name="audience"
            label={t('content.notices.readers')}
            defaultValue={list.filters.audience}
            testId="notice-filter-readers"
            options={[
              { value: '', label: t('content.notices.anyReaders') },
              ...ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: t(`content.notices.readersOf.${value}`) })),
            ]}
          />
          <SelectField
            name="type"
            label={t('content.notices.type')}
            defaultValue={list.filters.type}
            testId="notice-filter-type"
            options={[
              { value: '', label: t('content.notices.anyType') },
              ...NOTICE_TYPES.map((value) => ({ value, label: t(`content.notices.types.${value}`) })),
            ]}
          />
          <SelectField
            name="execution"
            label={t('content.notices.audience')}
            defaultValue={list.filters.execution}
            testId="notice-filter-audience"
            options={[
              { value: '', label: t('content.notices.anyAudience') },
              ...NOTICE_EXECUTIONS.map((value) => ({ value, label: t(`content.notices.audiences.${value}`) })),
            ]}
          />
        </>
      }
      dialog={(notice, onClose) => <NoticeDialog notice={notice} onClose={onClose} />}
    />
  );
}
