import type { fraudApi } from '@backdesk/contract';
import type { TFunction } from 'i18next';

/**
 * A log line in the member's language. The runs part words the generic lines (`runLog.*`); the engine
 * and screening word theirs in their own namespaces, so the key is looked up there too, and a key no
 * one worded shows as itself rather than nothing.
 */
export function logLineText(
  t: TFunction,
  entry: Pick<fraudApi.FraudRunLogEntry, 'message' | 'params'>,
): string {
  const params = entry.params as Record<string, unknown>;
  const named: Record<string, unknown> = { ...params };
  if (typeof params.rule === 'string')
    named.ruleName = t(`fraud:rules.${params.rule}`, { defaultValue: params.rule });
  if (typeof params.kind === 'string')
    named.kindName = t(`fraud:runKind.${params.kind}`, { defaultValue: params.kind });
  if (typeof params.code === 'string') {
    const reason = t(`compliance:quarantine.codes.${params.code}`, { defaultValue: params.code });
    named.reasonName =
      typeof params.feature === 'string'
        ? `${reason} (${t(`errors:pdfFeatures.${params.feature}`)})`
        : reason;
  }
  const m = entry.message;
  const keys = [
    `fraudRules:runLog.${m}`,
    `fraudRules:${m}`,
    `fraudScreening:runLog.${m}`,
    `fraudScreening:${m}`,
  ];
  return (t as unknown as (k: string[], o: object) => string)(keys, { ...named, defaultValue: m });
}
