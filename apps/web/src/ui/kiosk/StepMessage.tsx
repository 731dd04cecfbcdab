import { Banner } from '../Banner';

/** A kiosk step's one message above its buttons (a missing field, a refusal), or nothing. */
export function StepMessage({ message }: { message: string | null }) {
  return message ? <Banner fz="lg">{message}</Banner> : null;
}
