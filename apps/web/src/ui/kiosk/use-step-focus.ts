import { useEffect, useRef } from 'react';

/**
 * Moves focus to the step's heading on every step change after the first render, so keyboard and
 * screen-reader users start at the top of the new step. Returns the ref for the heading (give it
 * `tabIndex={-1}`).
 */
export function useStepFocus(step: unknown) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return heading;
}
