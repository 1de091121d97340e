import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMS_ANCHOR, type OpsHelpSection } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { SelectField } from '@/components/form-fields';
import { StatusBadge } from '@/components/status-badge';
import { useListParams } from '@/lib/list-params';
import { showToast } from '@/lib/toast';
import { contentKeys, deleteHelpSection, listHelpSections } from '../api/content-api';
import { useLanguageOptions, useSiteLanguages } from './content-form';
import { ContentRowActions } from './content-list-page';
import { HelpDialog } from './help-dialog';
import './content.css';

const FILTERS = { lang: '' };

type Editing = { section: OpsHelpSection | null } | null;

/**
 * The help centre (permission content.manage): its sections per language in the order players see them, the terms
 * (anchor `term`, linked from sign-up and login) among them; create, edit, delete (not the terms).
 */
export function HelpPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(FILTERS);
  const languages = useLanguageOptions(false);
  const site = useSiteLanguages();
  const query = useQuery({
    queryKey: [...contentKeys.help, list.filters.lang],
    queryFn: ({ signal }) => listHelpSections({ lang: list.filters.lang }, signal),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<OpsHelpSection | null>(null);
  const newLang = list.filters.lang || site.data?.default || languages[0]?.value || 'EN';

  const remove = async () => {
    if (!deleting) return;
    await deleteHelpSection(deleting);
    await queryClient.invalidateQueries({ queryKey: contentKeys.help });
    showToast(t('content.help.deleted', { title: deleting.title }));
  };

  const columns: Column<OpsHelpSection>[] = [
    { key: 'language', header: t('common.language'), cell: (row) => row.lang },
    { key: 'sort', header: t('content.order'), align: 'end', cell: (row) => row.sort },
    {
      key: 'anchor',
      header: t('content.help.anchor'),
      cell: (row) => (
        <span className="table__actions">
          <code>#{row.anchor}</code>
          {row.anchor === TERMS_ANCHOR && (
            <StatusBadge tone="info" label={t('content.help.terms')} testId="help-terms" />
          )}
        </span>
      ),
    },
    { key: 'title', header: t('content.help.title'), cell: (row) => row.title },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) => (
        <ContentRowActions
          kind="help"
          onEdit={() => setEditing({ section: row })}
          // The terms stay: sign-up and login link to them.
          onDelete={row.anchor === TERMS_ANCHOR ? undefined : () => setDeleting(row)}
        />
      ),
    },
  ];

  return (
    <section className="page" data-testid="help-page">
      <PageHeader
        title={t('nav.help')}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid="help-create"
            onClick={() => setEditing({ section: null })}
          >
            {t('content.help.create')}
          </button>
        }
      />
      <FilterBar
        // Remounted once the languages arrive, so the select shows the applied filter.
        key={`${JSON.stringify(list.filters)}:${languages.length}`}
        onApply={list.setFilters}
        onReset={list.resetFilters}
        testId="help-filters"
      >
        <SelectField
          name="lang"
          label={t('common.language')}
          defaultValue={list.filters.lang}
          testId="help-filter-language"
          options={[{ value: '', label: t('content.allLanguages') }, ...languages]}
        />
      </FilterBar>
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(row) => `${row.lang}/${row.anchor}`}
        columns={columns}
        caption={t('nav.help')}
        emptyTitle={t('content.help.empty')}
        testId="help-sections"
      />
      {editing && <HelpDialog section={editing.section} lang={newLang} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('content.help.deleteTitle')}
        description={t('content.help.deleteText', { title: deleting?.title ?? '', lang: deleting?.lang ?? '' })}
        confirmLabel={t('content.delete')}
        onConfirm={remove}
        danger
        testId="help-delete-dialog"
      />
    </section>
  );
}
