import { ApiError } from '../../../api/client';
import { Banner } from '../../../ui/Banner';

/** The server's refusal of a read, as the page shows it in place of any data. */
export function Refusal({ error, what }: { error: Error; what: string }) {
  const status = error instanceof ApiError ? error.status : 0;
  const code = error instanceof ApiError && error.code ? ` (${error.code})` : '';
  return (
    <Banner title={`The server refused the ${what}`}>
      {status ? `${status}: ` : ''}
      {error.message}
      {code}
    </Banner>
  );
}
