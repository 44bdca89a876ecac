import { App, type FormInstance } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/api-error';
import { showFieldError } from '../../app/form-errors';
import { useFailureText } from '../../app/server-text';
import { useToast } from '../../app/toast';

interface RunTexts {
  /** The success toast. */
  done: string;
  /** The failure toast when the server says nothing better. */
  failed: string;
  /** The failure text for a refusal this screen words itself (a taken address), else undefined. */
  describe?: (error: ApiError) => string | undefined;
}

interface ConfirmTexts extends RunTexts {
  title: string;
  content: string;
  okText: string;
  danger?: boolean;
}

/**
 * The email tabs' calls and their toasts (spec 001 §8): `run` a call and say how it went (under the field the
 * server blamed too, given the form); `confirm` first, in a dialog.
 */
export function useEmailActions() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const failureText = useFailureText();

  const run = useCallback(
    async (call: () => Promise<unknown>, texts: RunTexts, form?: FormInstance): Promise<boolean> => {
      try {
        await call();
      } catch (caught) {
        const error = caught as ApiError;
        const description =
          texts.describe?.(error) ?? failureText(error, { failed: texts.failed, network: texts.failed });
        toast.error({ description });
        if (form) showFieldError(form, error, description);
        return false;
      }
      toast.success({ description: texts.done });
      return true;
    },
    [failureText, toast],
  );

  const confirm = useCallback(
    (call: () => Promise<unknown>, { title, content, okText, danger = false, ...texts }: ConfirmTexts) =>
      modal.confirm({
        title,
        content,
        okText,
        okButtonProps: { danger, 'data-testid': 'email-confirm-ok' },
        cancelText: t('common.cancel'),
        onOk: () => run(call, texts),
      }),
    [modal, run, t],
  );

  /** Delete, after `emailMarketing.<list>.delete.confirm` (with `values`), and its toasts. */
  const confirmDelete = useCallback(
    (
      list: 'campaigns' | 'templates' | 'subscribers' | 'sequences',
      call: () => Promise<unknown>,
      values: { name?: string; email?: string },
    ) =>
      confirm(call, {
        title: t(`emailMarketing.${list}.delete.title`),
        content: t(`emailMarketing.${list}.delete.confirm`, values),
        okText: t('emailMarketing.delete'),
        danger: true,
        done: t(`emailMarketing.${list}.delete.deleted`),
        failed: t(`emailMarketing.${list}.delete.failed`),
      }),
    [confirm, t],
  );

  return useMemo(() => ({ run, confirm, confirmDelete }), [run, confirm, confirmDelete]);
}
