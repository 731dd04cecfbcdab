/** What every public kiosk shares: its header with the language buttons, focus on each step, and the idle reset. */
export { KioskHeader } from './KioskHeader';
export { KIOSK_IDLE_MS, useIdleReset } from './use-idle-reset';
export { useStepFocus } from './use-step-focus';
