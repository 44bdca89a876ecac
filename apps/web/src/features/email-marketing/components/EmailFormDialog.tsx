import { Button, Flex, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface EmailFormDialogProps<F> {
  open: boolean;
  onClose: () => void;
  title: string;
  form: FormInstance<F>;
  onFinish: (values: F) => void;
  submitText: string;
  saving: boolean;
  /** `<testId>` on the form, `<testId>-submit` on its button. */
  testId: string;
  /** Wider for the HTML editors. */
  width?: number;
  children: ReactNode;
}

/** The create and edit dialogs of the email tabs: a vertical form, Cancel and the submit button. */
export function EmailFormDialog<F>({
  open,
  onClose,
  title,
  form,
  onFinish,
  submitText,
  saving,
  testId,
  width,
  children,
}: EmailFormDialogProps<F>) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} title={title} footer={null} width={width} forceRender>
      <Form<F> form={form} layout="vertical" onFinish={onFinish} data-testid={testId}>
        {children}
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid={`${testId}-submit`}>
            {submitText}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

/** A rule that refuses an empty or blank value with the spec's text. */
export const requiredText = (message: string) => ({ required: true, whitespace: true, message });
