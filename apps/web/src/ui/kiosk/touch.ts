/** Inputs and buttons large enough for a touch screen (at least 48px). */
export const KIOSK_TOUCH = { size: 'xl' } as const;
