import { FRAUD_FIGURE_KEYS } from '@backdesk/contract/fraud/keys';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en/fraudAlerts.json';
import tr from '../../../../locales/tr/fraudAlerts.json';

describe("an alert's figures", () => {
  it.each([
    ['en', en],
    ['tr', tr],
  ])('each have a name in %s, so the drawer never shows a raw key', (_, locale) => {
    expect(Object.keys(locale.figures)).toEqual(expect.arrayContaining([...FRAUD_FIGURE_KEYS]));
  });
});
