/** Spec section 4: the ribbon shows when the plan ends in 1 to 30 days. */
export const RIBBON_THRESHOLD_DAYS = 30;
export const RIBBON_DISMISS_KEY = 'owner.ribbonDismissed';

export type RibbonBand = 'soon' | 'twoWeeks' | 'oneMonth';

export function ribbonVisible(remainingDays: number, dismissed: boolean): boolean {
  return !dismissed && remainingDays > 0 && remainingDays <= RIBBON_THRESHOLD_DAYS;
}

/** 7 days or fewer is urgent, 14 or fewer a warning, otherwise information. */
export function ribbonBand(remainingDays: number): RibbonBand {
  if (remainingDays <= 7) return 'soon';
  if (remainingDays <= 14) return 'twoWeeks';
  return 'oneMonth';
}

export const RIBBON_COLORS: Record<RibbonBand, string> = {
  soon: 'red',
  twoWeeks: 'orange',
  oneMonth: 'blue',
};

export function readRibbonDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(RIBBON_DISMISS_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberRibbonDismissed(): void {
  try {
    window.sessionStorage.setItem(RIBBON_DISMISS_KEY, '1');
  } catch {
    // Without storage the ribbon only stays hidden until the next load.
  }
}
