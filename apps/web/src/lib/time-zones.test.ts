import { describe, expect, it } from 'vitest';
import { browserTimeZone, timeZoneChoices } from './time-zones.ts';

describe('timeZoneChoices', () => {
  it('offers UTC first, once, then the IANA zones', () => {
    const zones = timeZoneChoices(null);
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(zones).toContain('Europe/Istanbul');
  });

  it('keeps a stored zone the browser does not list, and does not repeat a listed one', () => {
    expect(timeZoneChoices('Backdesk/Elsewhere')[0]).toBe('Backdesk/Elsewhere');
    const listed = timeZoneChoices('Europe/Istanbul');
    expect(listed.filter((zone) => zone === 'Europe/Istanbul')).toHaveLength(1);
  });

  it('names the browser zone', () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  });
});
