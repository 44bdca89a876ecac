import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { holdsChecklist } from './PasswordChecklist';

interface NewPasswordSubmitProps {
  loading: boolean;
  testId: string;
  children: ReactNode;
}

/** The submit button of a form with NewPasswordFields: disabled until `password` holds the whole checklist. */
export function NewPasswordSubmit({ loading, testId, children }: NewPasswordSubmitProps) {
  const watched: unknown = Form.useWatch('password');
  const password = typeof watched === 'string' ? watched : '';
  return (
    <Button
      type="primary"
      htmlType="submit"
      block
      loading={loading}
      disabled={!holdsChecklist(password)}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
