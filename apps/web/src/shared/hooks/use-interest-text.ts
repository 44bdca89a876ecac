import { type Intent, isIntent } from '@parley/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The intent a customer's `interest` names, if it is one: the agent stores the intent of the customer's
 * latest message in words ('product inquiry' for product_inquiry). Anything else is the owner's own text.
 */
export function interestIntent(interest: string): Intent | null {
  const intent = interest.trim().toLowerCase().replace(/\s+/g, '_');
  return isIntent(intent) ? intent : null;
}

/** A customer's interest in the reader's language: the agent's values translated, the owner's text as written. */
export function useInterestText(): (interest: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (interest: string) => {
      const intent = interestIntent(interest);
      return intent ? t(`dashboard.testAgent.intents.${intent}`) : interest;
    },
    [t],
  );
}
