import { MailOutlined } from '@ant-design/icons';
import { type CustomerResponse, ErrorCode } from '@parley/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ApiError, apiErrorCode } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { useCreateEmailSubscriberMutation } from '../api';

/** "Ada Lovelace" → first name Ada, last name Lovelace; one word is a first name. */
function namesOf(name: string): { firstName: string | null; lastName: string | null } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.join(' ') || null };
}

/**
 * The contact panel's Make email subscriber: a customer who gave an email address in a conversation becomes
 * a subscriber made from them (`customerId`), so their stage and leads can start sequences
 * (docs/email.md, "Sequences"). One already on the list is said so, not an error.
 */
export function MakeSubscriberButton({ customer }: { customer: CustomerResponse }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const [create, { isLoading }] = useCreateEmailSubscriberMutation();
  const email = customer.email;
  if (!email) return null;

  const make = async () => {
    try {
      await create({ email, customerId: customer.id, ...namesOf(customer.name) }).unwrap();
    } catch (error) {
      if (apiErrorCode(error as ApiError) === ErrorCode.Conflict) {
        toast.success({ description: t('inbox.contact.alreadySubscriber', { email }) });
        return;
      }
      const failed = t('inbox.contact.makeSubscriberFailed');
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
      return;
    }
    toast.success({ description: t('inbox.contact.madeSubscriber', { email }) });
  };

  return (
    <Button
      icon={<MailOutlined aria-hidden />}
      loading={isLoading}
      onClick={() => void make()}
      data-testid="contact-make-subscriber"
    >
      {t('inbox.contact.makeSubscriber')}
    </Button>
  );
}
