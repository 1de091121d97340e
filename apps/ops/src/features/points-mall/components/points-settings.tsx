import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsPointsSettings, PointsRate } from '@platform/contracts';
import { CheckboxField, FormError, SubmitButton, TextField } from '@/components/form-fields';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { getPointsSettings, mallKeys, savePointsSettings } from '../api/points-api';

type RateRow = { vipLevel: string; gameType: string; pointsPerHundred: string };

/**
 * Earning rates per VIP level and game type (points per 100 of valid bet; ALL covers the level's other types; a member
 * earns at the highest level at or below its own) and the conversion rule (points per 1.00 cash, minimum).
 */
export function PointsSettingsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: mallKeys.settings, queryFn: ({ signal }) => getPointsSettings(signal) });
  const [enabled, setEnabled] = useState(true);
  const [perUnit, setPerUnit] = useState('');
  const [minimum, setMinimum] = useState('');
  const [rates, setRates] = useState<RateRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    setEnabled(query.data.enabled);
    setPerUnit(String(query.data.convertPointsPerUnit));
    setMinimum(String(query.data.convertMinPoints));
    setRates(
      query.data.rates.map((r: PointsRate) => ({
        vipLevel: String(r.vipLevel),
        gameType: r.gameType,
        pointsPerHundred: String(r.pointsPerHundred),
      })),
    );
  }, [query.data]);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const body: OpsPointsSettings = {
        enabled,
        convertPointsPerUnit: Number(perUnit),
        convertMinPoints: Number(minimum),
        rates: rates.map((r) => ({
          vipLevel: Number(r.vipLevel),
          gameType: r.gameType.trim().toUpperCase(),
          pointsPerHundred: Number(r.pointsPerHundred),
        })),
      };
      await savePointsSettings(body);
      await queryClient.invalidateQueries({ queryKey: mallKeys.settings });
      showToast(t('pointsMall.settingsSaved'));
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  const edit = (index: number, key: keyof RateRow, value: string) =>
    setRates((rows) => rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));

  return (
    <section className="mall-ops__settings" aria-label={t('pointsMall.settings')} data-testid="points-settings">
      <h2>{t('pointsMall.settings')}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <CheckboxField
          label={t('pointsMall.earningOn')}
          testId="settings-enabled"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <div className="form__grid">
          <TextField
            label={t('pointsMall.perUnit')}
            testId="settings-per-unit"
            inputMode="numeric"
            hint={t('pointsMall.perUnitHint')}
            value={perUnit}
            onChange={(event) => setPerUnit(event.target.value)}
          />
          <TextField
            label={t('pointsMall.minimum')}
            testId="settings-minimum"
            inputMode="numeric"
            value={minimum}
            onChange={(event) => setMinimum(event.target.value)}
          />
        </div>
        <fieldset className="mall-ops__rates">
          <legend>{t('pointsMall.rates')}</legend>
          {rates.map((row, index) => (
            <div key={index} className="form__grid mall-ops__rate">
              <TextField
                label={t('pointsMall.vipLevel')}
                testId={`rate-level-${index}`}
                inputMode="numeric"
                value={row.vipLevel}
                onChange={(event) => edit(index, 'vipLevel', event.target.value)}
              />
              <TextField
                label={t('pointsMall.gameType')}
                testId={`rate-type-${index}`}
                value={row.gameType}
                onChange={(event) => edit(index, 'gameType', event.target.value)}
              />
              <TextField
                label={t('pointsMall.perHundred')}
                testId={`rate-points-${index}`}
                inputMode="numeric"
                value={row.pointsPerHundred}
                onChange={(event) => edit(index, 'pointsPerHundred', event.target.value)}
              />
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setRates((rows) => rows.filter((_, i) => i !== index))}
              >
                {t('pointsMall.removeRate')}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setRates((rows) => [...rows, { vipLevel: '0', gameType: 'ALL', pointsPerHundred: '1' }])}
          >
            {t('pointsMall.addRate')}
          </button>
        </fieldset>
        <FormError message={error} testId="settings-error" />
        <SubmitButton busy={busy} label={t('common.save')} testId="settings-save" />
      </form>
    </section>
  );
}
