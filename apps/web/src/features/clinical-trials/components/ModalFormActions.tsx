import { Banner } from '../../../ui/Banner';
import { FormActions } from '../../../ui/FormActions';

/** The end of a dialog's form: why it failed (if it did), then Cancel and its submit button. */
export function ModalFormActions({
  failure,
  onCancel,
  pending,
  submitLabel,
}: {
  failure: string | null;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      {failure && <Banner tone="error">{failure}</Banner>}
      <FormActions submitLabel={submitLabel} loading={pending} onCancel={onCancel} />
    </>
  );
}
