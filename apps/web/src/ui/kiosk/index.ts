/**
 * What every public kiosk shares: its header with the language buttons, each step's heading with
 * its progress, message and Back button, focus on each step, and the idle reset.
 */
export { KioskHeader } from './KioskHeader';
export { KioskStepHeading } from './KioskStepHeading';
export { StepButtons } from './StepButtons';
export { StepMessage } from './StepMessage';
export { KIOSK_TOUCH } from './touch';
export { KIOSK_IDLE_MS, useIdleReset } from './use-idle-reset';
export { useStepFocus } from './use-step-focus';
