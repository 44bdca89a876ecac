import { FIELD_LIMITS, PLATFORMS, type Platform, type SimulateMessageDto } from '@parley/contracts';
import { Alert, Button, Flex, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { showFieldError } from '../../../app/form-errors';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { activePlatforms, useListIntegrationsQuery } from '../../integrations/api';
import { useSimulateMessageMutation } from '../api';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';

interface SimulateForm {
  platform: Platform;
  senderName: string;
  platformUsername: string;
  content: string;
}

/** Spec 000 §2: the simulator starts on instagram, when the owner has connected it. */
const SPEC_DEFAULT: Platform = 'instagram';

/**
 * The platform the form starts on: instagram (the spec's) if it is connected, else the first connected
 * one; none when nothing is connected, so that the owner chooses rather than being given one they never
 * connected.
 */
export function simulatorPlatform(connected: readonly Platform[]): Platform | undefined {
  return connected.includes(SPEC_DEFAULT) ? SPEC_DEFAULT : connected[0];
}

/**
 * Spec 000 §2 and §5: a test message as if a customer wrote it. Every field is required: with one empty,
 * submitting sends nothing. After a successful submit the fields are cleared and the dialog closes. The
 * customer it makes is test data (docs/inbox.md, "Test data").
 */
export function SimulateMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const platformName = usePlatformName();
  const [form] = Form.useForm<SimulateForm>();
  const [simulate, { isLoading }] = useSimulateMessageMutation();
  const integrations = useListIntegrationsQuery();
  const connected = activePlatforms(integrations.data);
  const startOn = integrations.isLoading ? undefined : simulatorPlatform(connected);

  // Each time it opens (and once the integrations are known), a platform the owner has not picked follows them.
  useEffect(() => {
    if (open && !form.isFieldTouched('platform')) form.setFieldValue('platform', startOn);
  }, [open, startOn, form]);
  const required = { required: true, whitespace: true, message: t('common.required') };

  const onFinish = async (values: SimulateForm) => {
    const body: SimulateMessageDto = {
      platform: values.platform,
      senderName: values.senderName.trim(),
      platformUsername: values.platformUsername.trim(),
      content: values.content.trim(),
    };
    if (!body.platform || !body.senderName || !body.platformUsername || !body.content) return;
    try {
      await simulate(body).unwrap();
    } catch (error) {
      const failed = t('messages.simulate.failed');
      toast.error({ description: failed });
      showFieldError(form, error as ApiError, failureText(error as ApiError, { failed, network: failed }));
      return;
    }
    toast.success({
      title: t('messages.simulate.successTitle'),
      description: t('messages.simulate.successDescription'),
    });
    form.resetFields();
    onClose();
  };

  return (
    <Modal open={open} onCancel={onClose} title={t('messages.simulate.title')} footer={null} forceRender>
      <Form<SimulateForm>
        form={form}
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
        data-testid="simulate-form"
      >
        {!integrations.isLoading && connected.length === 0 && (
          <Alert
            type="info"
            showIcon
            data-testid="simulate-no-platform"
            title={t('messages.simulate.noneConnected')}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item name="platform" label={t('messages.simulate.platform')} rules={[required]}>
          <Select
            data-testid="simulate-platform"
            placeholder={t('messages.simulate.choosePlatform')}
            options={PLATFORMS.map((platform) => ({ value: platform, label: platformName(platform) }))}
          />
        </Form.Item>
        <Form.Item name="senderName" label={t('messages.simulate.senderName')} rules={[required]}>
          <Input
            data-testid="simulate-sender-name"
            placeholder={t('messages.simulate.senderNamePlaceholder')}
            maxLength={FIELD_LIMITS.username}
          />
        </Form.Item>
        <Form.Item name="platformUsername" label={t('messages.simulate.platformUsername')} rules={[required]}>
          <Input
            data-testid="simulate-platform-username"
            placeholder={t('messages.simulate.platformUsernamePlaceholder')}
            maxLength={FIELD_LIMITS.username}
          />
        </Form.Item>
        <Form.Item name="content" label={t('messages.simulate.content')} rules={[required]}>
          <Input.TextArea
            data-testid="simulate-content"
            dir="auto"
            placeholder={t('messages.simulate.contentPlaceholder')}
            maxLength={FIELD_LIMITS.messageContent}
            autoSize={{ minRows: 3, maxRows: 8 }}
          />
        </Form.Item>
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={isLoading} data-testid="simulate-submit">
            {t('messages.simulate.submit')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
