// @vitest-environment jsdom
/**
 * Consent: Global Privacy Control or Do Not Track means nothing is recorded; otherwise analytics
 * runs. The browser's own signals are read from navigator (and window for old browsers' DNT).
 */
import { afterEach, expect, test, vi } from 'vitest';
import { analyticsAllowed, browserSignals } from '../../../../src/client/analytics/consent.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('Global Privacy Control on: not allowed', () => {
  expect(analyticsAllowed({ globalPrivacyControl: true })).toBe(false);
  expect(analyticsAllowed({ globalPrivacyControl: true, doNotTrack: '0' })).toBe(false);
});

test.each(['1', 'yes', 'YES'])('Do Not Track %s: not allowed', (doNotTrack) => {
  expect(analyticsAllowed({ doNotTrack })).toBe(false);
  expect(analyticsAllowed({ globalPrivacyControl: false, doNotTrack })).toBe(false);
});

test('no opt-out signal: allowed', () => {
  expect(analyticsAllowed({})).toBe(true);
  expect(analyticsAllowed({ globalPrivacyControl: false, doNotTrack: null })).toBe(true);
  expect(analyticsAllowed({ doNotTrack: '0' })).toBe(true);
  expect(analyticsAllowed({ doNotTrack: 'unspecified' })).toBe(true);
  expect(analyticsAllowed({ globalPrivacyControl: undefined, doNotTrack: undefined })).toBe(true);
});

test('the browser’s signals: navigator’s GPC and DNT, or the old window.doNotTrack', () => {
  vi.stubGlobal('navigator', { globalPrivacyControl: true, doNotTrack: null });
  expect(browserSignals()).toEqual({ globalPrivacyControl: true, doNotTrack: null });
  expect(analyticsAllowed()).toBe(false);

  vi.stubGlobal('navigator', { doNotTrack: '1' });
  expect(analyticsAllowed()).toBe(false);

  vi.stubGlobal('navigator', {});
  vi.stubGlobal('doNotTrack', '1');
  expect(browserSignals().doNotTrack).toBe('1');
  expect(analyticsAllowed()).toBe(false);

  vi.stubGlobal('doNotTrack', undefined);
  expect(browserSignals()).toEqual({ globalPrivacyControl: undefined, doNotTrack: null });
  expect(analyticsAllowed()).toBe(true);
});
