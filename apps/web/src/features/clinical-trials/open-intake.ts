/** Opens the pediatric intake in a new tab, for one trial's enrolment when given. */
export const openIntake = (trialId?: string) =>
  window.open(trialId ? `/pediatric-intake?trialId=${encodeURIComponent(trialId)}` : '/pediatric-intake', '_blank', 'noopener');
