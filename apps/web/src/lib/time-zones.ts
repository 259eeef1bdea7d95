/** The IANA zones the browser knows, UTC first (browsers list it apart from the zones, or not at all). */
const KNOWN: readonly string[] = (() => {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
})();

/** The zones to choose from; one the browser lacks (an alias stored elsewhere) is kept, so it shows. */
export function timeZoneChoices(current: string | null | undefined): readonly string[] {
  return current && !KNOWN.includes(current) ? [current, ...KNOWN] : KNOWN;
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
