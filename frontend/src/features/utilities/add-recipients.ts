import type { CampusLocale } from '@attain/shared-types';
import type { EntityFormApi } from '../../components/entity/entity-form';
import { addAddresses } from '../../components/form/email-list';
import { formatNumber } from '../../lib/format/locale';
import { isStringArray } from '@attain/shared-types';

/**
 * Adds `addresses` to the form's To (each once, lower-cased), marking the form changed (and checking To again once it
 * was touched).
 * @returns the words for what happened after "Added N …": how many were in To already and how many had no address
 */
export function addToRecipients(
  form: EntityFormApi,
  addresses: readonly (string | undefined)[],
  locale: CampusLocale,
): { added: number; aside: string } {
  const found = addresses.filter((a): a is string => Boolean(a && a.trim()));
  const to: unknown = form.getValues('to');
  const current = isStringArray(to) ? to : [];
  const { list, added } = addAddresses(current, found);
  if (added) form.setValue('to', list, { shouldDirty: true, shouldValidate: form.getFieldState('to').isTouched });
  const already = new Set(found.map((a) => a.trim().toLowerCase())).size - added;
  const missing = addresses.length - found.length;
  const aside = [
    already > 0 ? `${formatNumber(already, locale)} already in To` : '',
    missing > 0 ? `${formatNumber(missing, locale)} without an e-mail address` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { added, aside: aside ? ` (${aside})` : '' };
}
