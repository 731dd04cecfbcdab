import type { PageDto } from '@clinic/domain/contracts/paging';
import type { PagePriority } from '@clinic/domain/rules/paging';
import { notifications } from '@mantine/notifications';
import { PRIORITY_LABELS } from './page-display';

type AlertedPage = Pick<PageDto, 'id' | 'priority' | 'message' | 'sender' | 'automatic'>;

/** A page's alert title: "Urgent page from Nina Ng", or from a critical alert when it was automatic. */
export function alertTitle(page: AlertedPage): string {
  const from = page.automatic ? 'a critical alert' : page.sender?.name;
  return from ? `${PRIORITY_LABELS[page.priority]} page from ${from}` : `${PRIORITY_LABELS[page.priority]} page`;
}

/** Beeps of the alert tone by priority: none for routine pages, two for urgent, three for emergencies. */
export const ALERT_BEEPS: Record<PagePriority, number> = { routine: 0, urgent: 2, emergency: 3 };

type AudioContextClass = typeof AudioContext;

/**
 * Plays the priority's alert tone with the Web Audio API (an oscillator: no sound file to load).
 * Silent where the browser has no audio context, or blocks sound before the person used the page.
 */
export function playAlertTone(priority: PagePriority): void {
  const beeps = ALERT_BEEPS[priority];
  const Context =
    (window as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
    (window as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!beeps || !Context) return;
  try {
    const audio = new Context();
    void audio.resume().catch(() => undefined);
    const frequency = priority === 'emergency' ? 880 : 660;
    for (let i = 0; i < beeps; i++) {
      const start = audio.currentTime + i * 0.25;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.18);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.2);
    }
    setTimeout(() => void audio.close().catch(() => undefined), beeps * 250 + 250);
  } catch {
    // No audio device, or the browser refused: the on-screen notification still shows.
  }
}

/** Whether this browser has the Notification API, and what the person chose. */
export function desktopPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Shows the page as a browser notification when the person allowed them; one per page (its id is the tag). */
export function showDesktopNotification(page: AlertedPage): void {
  if (desktopPermission() !== 'granted') return;
  try {
    const notification = new Notification(alertTitle(page), {
      body: page.message,
      tag: page.id,
      requireInteraction: page.priority === 'emergency',
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some mobile browsers only notify through a service worker: the on-screen notification remains.
  }
}

const COLORS = { routine: 'blue', urgent: 'orange', emergency: 'red' } as const;
// Under a title Mantine dims the message to a grey short of 4.5:1 on white: the page's text keeps full contrast.
const READABLE = { description: { color: 'var(--mantine-color-text)' } };
// An emergency stays on screen until closed; the others leave on their own.
const AUTO_CLOSE = { routine: 8_000, urgent: 15_000, emergency: false } as const;

/**
 * Announces pages that just reached the member: each as an on-screen notification with its
 * priority and message (and a browser notification when allowed), then one alert tone, the most
 * pressing one's, for what arrived together.
 */
export function announcePages(pages: readonly AlertedPage[]): void {
  for (const page of pages) {
    notifications.show({
      id: `page-${page.id}`,
      color: COLORS[page.priority],
      title: alertTitle(page),
      message: page.message,
      autoClose: AUTO_CLOSE[page.priority],
      styles: READABLE,
    });
    showDesktopNotification(page);
  }
  const loudest = pages.find((p) => p.priority === 'emergency') ?? pages.find((p) => p.priority === 'urgent');
  if (loudest) playAlertTone(loudest.priority);
}
