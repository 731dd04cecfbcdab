import { createTheme } from '@mantine/core';

/**
 * The house theme. Filled buttons use a darker shade than Mantine's default so white text meets
 * WCAG AA contrast, and so do slider marks; close buttons get a label.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mark labels (the kiosk's pain scale) default to gray.6 on white, 3.3:1; gray.7 reaches 8.6:1.
    Slider: { styles: { markLabel: { color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-2))' } } },
  },
});

/**
 * Field errors in a darker red, and "dimmed" text in a darker grey, than Mantine's defaults, which
 * fail WCAG AA contrast on white.
 */
export const cssVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)', '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
