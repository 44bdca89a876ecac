import { Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

interface AuthFormProps<Values> {
  /** Prefix of the fields' ids, so that two forms never share one. */
  name: string;
  form: FormInstance<Values>;
  onFinish: (values: Values) => void;
  children: ReactNode;
}

/**
 * An account form. A field is checked when it loses focus and on submit; while it shows an error it is
 * checked again on every change, so the error goes as soon as it is fixed.
 */
export function AuthForm<Values extends object>({ name, form, onFinish, children }: AuthFormProps<Values>) {
  const fields: FormInstance = form;
  const recheckFieldsWithErrors = (changed: object) => {
    const withErrors = Object.keys(changed).filter((field) => fields.getFieldError(field).length > 0);
    if (withErrors.length > 0) void fields.validateFields(withErrors).catch(() => undefined);
  };

  return (
    <Form<Values>
      name={name}
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      onValuesChange={recheckFieldsWithErrors}
      onFinish={onFinish}
    >
      {children}
    </Form>
  );
}
