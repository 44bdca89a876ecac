import { DeleteOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { useDeleteTestDataMutation } from '../api';

/**
 * Deletes every simulated customer with their messages, leads and conversations, after a confirmation,
 * and says how many of each went. Real customers are not touched (docs/inbox.md, "Test data").
 */
export function DeleteTestDataButton() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const failureText = useFailureText();
  const [deleteTestData, { isLoading }] = useDeleteTestDataMutation();

  const confirm = () =>
    modal.confirm({
      title: t('testData.delete.title'),
      content: t('testData.delete.description'),
      okText: t('testData.delete.confirm'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const deleted = await deleteTestData().unwrap();
          toast.success({ description: t('testData.delete.done', { ...deleted }) });
        } catch (error) {
          const failed = t('testData.delete.failed');
          toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
        }
      },
    });

  return (
    <Button
      danger
      icon={<DeleteOutlined aria-hidden />}
      loading={isLoading}
      data-testid="test-data-delete"
      onClick={confirm}
    >
      {t('testData.delete.open')}
    </Button>
  );
}
