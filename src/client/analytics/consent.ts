/**
 * Consent, the one module every analytics part asks (§7 and the visitor's own signals): a browser
 * that sends Global Privacy Control or Do Not Track gets no event, no identify and nothing stored
 * for analytics. The events function checks the same signals on its side (`Sec-GPC`, `DNT`).
 */

export type PrivacySignals = {
  /** `navigator.globalPrivacyControl` (GPC, a legally binding opt-out in several US states). */
  globalPrivacyControl?: boolean | undefined;
  /** `navigator.doNotTrack` ('1' when on; some browsers answer 'yes'). */
  doNotTrack?: string | null | undefined;
};

/** The signals of this browser. */
export function browserSignals(): PrivacySignals {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const legacy = (window as Window & { doNotTrack?: string | null }).doNotTrack;
  return { globalPrivacyControl: nav.globalPrivacyControl, doNotTrack: nav.doNotTrack ?? legacy ?? null };
}

/** True when the visitor has not opted out: only then is anything recorded. */
export function analyticsAllowed(signals: PrivacySignals = browserSignals()): boolean {
  if (signals.globalPrivacyControl === true) return false;
  const dnt = signals.doNotTrack?.toLowerCase();
  return dnt !== '1' && dnt !== 'yes';
}
