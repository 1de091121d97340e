import { useId, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QR_CODE_SIZE, ROUTES, type AgentLimits, type DownlineType, type InviteLink } from '@platform/contracts';
import { FormError, SelectField } from '@/components/form-field';
import { SectionState } from '@/components/section-state';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { agentQueryRoot, createLink, disableLink, fetchLinks } from '../api/agent-api';
import { DateTime } from './report-parts';

const linksQueryKey = [...agentQueryRoot, 'links'] as const;

/** The registration address a link stands for: /register with the agent's code, which the register modal reads. */
export const inviteUrl = (code: string, origin = window.location.origin): string =>
  `${origin}${ROUTES.register}?${new URLSearchParams({ affiliateCode: code }).toString()}`;

function LinkCard({ link }: { link: InviteLink }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = inviteUrl(link.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('agent.linkCopied'));
    } catch {
      setError(t('agent.copyFailed'));
    }
  };
  const disable = async () => {
    setBusy(true);
    setError(null);
    try {
      await disableLink(link.id);
      await queryClient.invalidateQueries({ queryKey: linksQueryKey });
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="agent-link" data-testid="invite-link" data-code={link.code} data-disabled={link.disabled}>
      <QRCodeSVG
        value={url}
        size={QR_CODE_SIZE}
        marginSize={2}
        bgColor="#ffffff"
        fgColor="#000000"
        title={t('agent.linkQr', { code: link.code })}
      />
      <div className="agent-link__body">
        <p className="agent-link__url">
          <code data-testid="invite-link-url">{url}</code>
        </p>
        <p className="muted">
          {t(`agent.types.${link.type}`)} · <DateTime iso={link.createdAt} /> ·{' '}
          <span data-testid="invite-link-registrations">{t('agent.registrations', { count: link.registrations })}</span>
          {link.disabled && <> · {t('agent.linkDisabled')}</>}
        </p>
        <div className="agent-link__actions">
          <button
            type="button"
            className="button button--ghost"
            data-testid="invite-link-copy"
            onClick={() => void copy()}
          >
            {t('agent.copyLink')}
          </button>
          {!link.disabled && (
            <button
              type="button"
              className="button button--ghost"
              data-testid="invite-link-disable"
              disabled={busy}
              onClick={() => void disable()}
            >
              {t('agent.disableLink')}
            </button>
          )}
        </div>
        <FormError message={error} testId="invite-link-error" />
      </div>
    </li>
  );
}

/** The agent's invitation links (spec §2 registerCenter): a new one by type, each with its QR code and registrations. */
export function InviteLinks({ limits }: { limits: AgentLimits }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [type, setType] = useState<DownlineType>('MEMBER');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const links = useQuery({ queryKey: linksQueryKey, queryFn: ({ signal }) => fetchLinks(signal) });
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      await createLink(type);
      await queryClient.invalidateQueries({ queryKey: linksQueryKey });
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="member-section" aria-labelledby={headingId} data-testid="invite-links">
      <h3 id={headingId} className="member-centre__subheading">
        {t('agent.linksTitle')}
      </h3>
      <div className="agent-report__filters">
        <SelectField
          label={t('agent.columns.type')}
          testId="invite-link-type"
          value={type}
          onChange={(event) => setType(event.target.value as DownlineType)}
          options={[
            { value: 'MEMBER', label: t('agent.types.MEMBER') },
            ...(limits.mayCreateAgents ? [{ value: 'AGENT', label: t('agent.types.AGENT') }] : []),
          ]}
        />
        <button
          type="button"
          className="button agent-report__search"
          data-testid="invite-link-create"
          disabled={busy}
          onClick={() => void create()}
        >
          {t('agent.createLink')}
        </button>
      </div>
      <FormError message={error} testId="invite-link-create-error" />
      <SectionState
        query={links}
        errorTestId="invite-links-error"
        emptyText={t('agent.emptyLinks')}
        emptyTestId="invite-links-empty"
        isEmpty={(value) => value.list.length === 0}
      >
        {(value) => (
          <ul className="agent-links">
            {value.list.map((link) => (
              <LinkCard key={link.id} link={link} />
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}
