import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsWhitelabel, OpsWhitelabelNode } from '@platform/contracts';
import { FormError, SubmitButton } from '@/components/form-fields';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { translateMessage } from '@/lib/messages';
import { showToast } from '@/lib/toast';
import { configKeys, getWhitelabel, patchWhitelabel } from '../api/config-api';
import { ConfigPage } from './config-parts';

type Flags = Record<string, boolean>;

const flagsOf = (nodes: readonly OpsWhitelabelNode[]): Flags =>
  Object.fromEntries(
    nodes.flatMap((node) => [[node.modId, node.enabled], ...Object.entries(flagsOf(node.childrenNodes))]),
  );

type TreeProps = {
  nodes: readonly OpsWhitelabelNode[];
  flags: Flags;
  /** Whether every ancestor is on (in the form): a module under an off parent cannot be switched on. */
  parentOn: boolean;
  parentId: string | null;
  errors: Record<string, string>;
  onToggle: (modId: string, enabled: boolean) => void;
};

function ModuleTree({ nodes, flags, parentOn, parentId, errors, onToggle }: TreeProps) {
  const { t } = useTranslation();
  return (
    <ul className="config-tree">
      {nodes.map((node) => {
        const on = flags[node.modId] === true;
        const id = `module-${node.modId}`;
        return (
          <li key={node.modId} data-testid="whitelabel-module" data-key={node.modId}>
            <label htmlFor={id} className="checkbox">
              <input
                id={id}
                type="checkbox"
                checked={on}
                // A module that is off cannot be switched on under an off parent; one that is on may still go off.
                disabled={!parentOn && !on}
                aria-invalid={errors[node.modId] ? true : undefined}
                data-testid={`whitelabel-${node.modId}`}
                onChange={(event) => onToggle(node.modId, event.target.checked)}
              />
              <span>
                {t(`config.whitelabel.modules.${node.modId}`, { defaultValue: node.modId })} <code>{node.modId}</code>
              </span>
            </label>
            {on && !parentOn && parentId !== null && (
              <p className="field__hint" data-testid={`whitelabel-inherited-${node.modId}`}>
                {t('config.whitelabel.offByParent', { parent: parentId })}
              </p>
            )}
            {errors[node.modId] && (
              <p className="field__error" role="alert" data-testid="field-error">
                {errors[node.modId]}
              </p>
            )}
            {node.childrenNodes.length > 0 && (
              <ModuleTree
                nodes={node.childrenNodes}
                flags={flags}
                parentOn={parentOn && on}
                parentId={node.modId}
                errors={errors}
                onToggle={onToggle}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function WhitelabelForm({ stored }: { stored: OpsWhitelabel }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial = flagsOf(stored.modules);
  const [flags, setFlags] = useState<Flags>(initial);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const changes = Object.entries(flags)
    .filter(([modId, enabled]) => initial[modId] !== enabled)
    .map(([modId, enabled]) => ({ modId, enabled }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (changes.length === 0) return;
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const saved = await patchWhitelabel({ changes });
      queryClient.setQueryData(configKeys.area('whitelabel'), saved);
      showToast(t('config.saved'));
    } catch (error) {
      if (!isApiError(error, 'VALIDATION_FAILED')) {
        setFormError(errorText(t, error));
        return;
      }
      // `changes.<i>.<key>` names the module by its place in what was sent.
      const byModule: Record<string, string> = {};
      const other: string[] = [];
      for (const field of error.fields) {
        const modId = changes[Number(/^changes\.(\d+)\./.exec(field.path)?.[1] ?? -1)]?.modId;
        if (modId === undefined) other.push(translateMessage(t, field.message));
        else byModule[modId] = translateMessage(t, field.message);
      }
      setErrors(byModule);
      setFormError(other.length > 0 ? other.join('; ') : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate data-testid="whitelabel-form" onSubmit={(event) => void save(event)}>
      <ModuleTree
        nodes={stored.modules}
        flags={flags}
        parentOn
        parentId={null}
        errors={errors}
        onToggle={(modId, enabled) => setFlags((current) => ({ ...current, [modId]: enabled }))}
      />
      <FormError message={formError} testId="whitelabel-form-error" />
      <SubmitButton busy={busy} disabled={changes.length === 0} label={t('common.save')} testId="whitelabel-save" />
    </form>
  );
}

/** The site-setting tree (spec §3): a module works for players only while every module above it is on. */
export function WhitelabelPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: configKeys.area('whitelabel'), queryFn: ({ signal }) => getWhitelabel(signal) });
  return (
    <ConfigPage
      title={t('nav.configWhitelabel')}
      intro={t('config.whitelabel.intro')}
      query={query}
      testId="config-whitelabel-page"
    >
      {(stored) => <WhitelabelForm key={JSON.stringify(stored)} stored={stored} />}
    </ConfigPage>
  );
}
