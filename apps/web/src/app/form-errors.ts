import type { FormInstance } from 'antd';
import { type ApiError, apiErrorField } from './api-error';

/**
 * Puts `text` under the input the server blamed (its `field`), when the form has that input; the caller
 * still shows its toast. Fields the form does not have (sent by another screen) are left alone.
 */
export function showFieldError(form: FormInstance, error: ApiError | undefined, text: string): void {
  const field = apiErrorField(error);
  if (field === undefined || !(field in form.getFieldsValue())) return;
  form.setFields([{ name: field, errors: [text] }]);
}
