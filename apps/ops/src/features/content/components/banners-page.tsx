import { useTranslation } from 'react-i18next';
import { BANNER_GROUPS, type OpsBanner } from '@platform/contracts';
import type { Column } from '@/components/data-table';
import { SelectField } from '@/components/form-fields';
import { useListParams } from '@/lib/list-params';
import { deleteBanner, listBanners } from '../api/content-api';
import { BannerDialog } from './banner-dialog';
import { previewable } from './content-form';
import { ContentListPage } from './content-list-page';

const FILTERS = { groupName: '' };

/** Banners by group (permission content.manage): list with previews, create, edit, delete; order and schedule. */
export function BannersPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);

  const columns: Column<OpsBanner>[] = [
    {
      key: 'image',
      header: t('content.banners.image'),
      cell: (row) =>
        previewable(row.imageUrl) ? (
          <img className="content-thumb" src={row.imageUrl} alt="" loading="lazy" />
        ) : (
          row.imageUrl
        ),
    },
    { key: 'title', header: t('content.banners.title'), cell: (row) => row.title },
    { key: 'group', header: t('content.banners.group'), cell: (row) => t(`content.banners.groups.${row.groupName}`) },
  ];

  return (
    <ContentListPage
      kind="banner"
      list={list}
      load={listBanners}
      remove={deleteBanner}
      columns={columns}
      filters={
        <SelectField
          name="groupName"
          label={t('content.banners.group')}
          defaultValue={list.filters.groupName}
          testId="banner-filter-group"
          options={[
            { value: '', label: t('content.banners.anyGroup') },
            ...BANNER_GROUPS.map((group) => ({ value: group, label: t(`content.banners.groups.${group}`) })),
          ]}
        />
      }
      dialog={(banner, onClose) => (
        <BannerDialog banner={banner} groupName={list.filters.groupName || undefined} onClose={onClose} />
      )}
    />
  );
}
