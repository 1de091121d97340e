import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AgentTreeNode } from '@platform/contracts';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { TextField } from '@/components/form-fields';
import { useListParams } from '@/lib/list-params';
import { useCan } from '@/lib/session';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { agentKeys, getAgentTree } from '../api/agents-api';
import { AgentSettingsPanel } from './agent-settings-panel';
import { MoveDialog } from './move-dialog';
import './agents.css';

const FILTERS = { parentId: '', username: '' };
const STATUS_TONES: Record<AgentTreeNode['status'], BadgeTone> = {
  ACTIVE: 'success',
  LOCKED: 'warning',
  CLOSED: 'danger',
};

/**
 * The agent tree (agents.view): the top-level agents, or one member's direct downline with the path down to it. Each
 * node shows its type and its team (direct and at any depth); agents open their limits and report; staff with
 * agents.move move a member and its team.
 */
export function AgentTreePage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const canMove = useCan('agents.move');
  const [moving, setMoving] = useState<AgentTreeNode | null>(null);
  const query = useQuery({
    queryKey: agentKeys.tree(list.query),
    queryFn: ({ signal }) => getAgentTree(list.query, signal),
  });
  const open = (parentId: string) => list.setFilters({ parentId, username: '' });

  const columns: Column<AgentTreeNode>[] = [
    {
      key: 'username',
      header: t('agents.fields.username'),
      cell: (node) =>
        node.direct > 0 ? (
          <button type="button" className="link-button" data-testid="tree-open" onClick={() => open(node.id)}>
            {node.username}
          </button>
        ) : (
          <Link to={`/members/${node.id}`} data-testid="tree-member">
            {node.username}
          </Link>
        ),
    },
    { key: 'kind', header: t('agents.fields.kind'), cell: (node) => t(`agents.kinds.${node.kind}`) },
    {
      key: 'status',
      header: t('agents.fields.status'),
      cell: (node) => <StatusBadge tone={STATUS_TONES[node.status]} label={t(`members.status.${node.status}`)} />,
    },
    { key: 'direct', header: t('agents.fields.direct'), align: 'end', cell: (node) => node.direct },
    { key: 'total', header: t('agents.fields.total'), align: 'end', cell: (node) => node.total },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (node) => (
        <div className="agent-actions">
          {node.kind === 'AGENT' && (
            <>
              <Link to={`/agents/${node.id}/report`} data-testid="tree-report">
                {t('agents.actions.report')}
              </Link>
              <Link to={`/agents/${node.id}/limits`} data-testid="tree-limits">
                {t('agents.actions.limits')}
              </Link>
            </>
          )}
          {canMove && node.kind !== 'TRIAL' && (
            <button type="button" className="link-button" data-testid="tree-move" onClick={() => setMoving(node)}>
              {t('agents.actions.move')}
            </button>
          )}
        </div>
      ),
    },
  ];

  const path = query.data?.path ?? [];
  return (
    <section className="page" data-testid="agent-tree-page">
      <PageHeader title={t('nav.agentTree')} />
      <AgentSettingsPanel />
      <nav className="agent-path" aria-label={t('agents.tree.path')} data-testid="tree-path">
        <button type="button" className="link-button" onClick={() => open('')} data-testid="tree-top">
          {t('agents.tree.top')}
        </button>
        {path.map((crumb, index) => (
          <span key={crumb.id}>
            {' / '}
            {index === path.length - 1 ? (
              <strong aria-current="page">{crumb.username}</strong>
            ) : (
              <button type="button" className="link-button" onClick={() => open(crumb.id)}>
                {crumb.username}
              </button>
            )}
          </span>
        ))}
      </nav>
      {query.data?.parent && (
        <p className="agent-summary" data-testid="tree-parent">
          {t('agents.tree.team', {
            username: query.data.parent.username,
            direct: query.data.parent.direct,
            total: query.data.parent.total,
          })}
        </p>
      )}
      <FilterBar
        key={list.filters.username}
        onApply={(values) => list.setFilters({ username: String(values.username ?? '') })}
        onReset={() => list.setFilters({ username: '' })}
        testId="tree-filters"
      >
        <TextField
          name="username"
          label={t('agents.fields.username')}
          defaultValue={list.filters.username}
          testId="tree-filter-username"
        />
      </FilterBar>
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(node) => node.id}
        columns={columns}
        caption={t('nav.agentTree')}
        emptyTitle={list.filters.parentId === '' ? t('agents.tree.emptyTop') : t('agents.tree.empty')}
        paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
        testId="agent-tree"
      />
      <MoveDialog member={moving} onClose={() => setMoving(null)} />
    </section>
  );
}
