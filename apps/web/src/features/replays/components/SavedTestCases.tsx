import { DeleteOutlined } from '@ant-design/icons';
import { Button, Collapse, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { useDeleteTestCaseMutation, useListTestCasesQuery } from '../api';

/** The owner's saved test cases under the test chat: every "Test this change" answers them too. */
export function SavedTestCases() {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const { data: cases = [] } = useListTestCasesQuery();
  const [deleteTestCase] = useDeleteTestCaseMutation();

  const remove = async (id: string) => {
    try {
      await deleteTestCase(id).unwrap();
    } catch (error) {
      const failed = t('replay.cases.deleteFailed');
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
    }
  };

  return (
    <Collapse
      size="small"
      data-testid="saved-test-cases"
      items={[
        {
          key: 'cases',
          label: t('replay.cases.title', { number: cases.length }),
          children: (
            <Flex vertical gap="small">
              <Typography.Text type="secondary">{t('replay.cases.hint')}</Typography.Text>
              {cases.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('replay.cases.empty')} />
              ) : (
                cases.map((testCase) => (
                  <Flex key={testCase.id} gap="small" align="start" data-testid="saved-test-case">
                    <Typography.Text style={{ ...OWNER_TEXT, flex: 1, minWidth: 0 }}>
                      {testCase.message}
                    </Typography.Text>
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('replay.cases.delete', { message: testCase.message })}
                      onClick={() => void remove(testCase.id)}
                    />
                  </Flex>
                ))
              )}
            </Flex>
          ),
        },
      ]}
    />
  );
}
