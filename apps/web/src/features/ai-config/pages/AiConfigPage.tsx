import { SaveOutlined } from '@ant-design/icons';
import {
  type AiConfigDto,
  type AiConfigResponse,
  AT_LIMIT_REPLIES,
  AWAY_MESSAGE,
  FIELD_LIMITS,
  isValidResponseDelay,
  RESPONSE_DELAY,
  type ReplayDraftDto,
  RESPONSE_STYLES,
  type ResponseStyle,
  STAGE_MODES,
} from '@parley/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Slider,
  Switch,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { showFieldError } from '../../../app/form-errors';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { Loading } from '../../../shared/components/Loading';
import { PageIntro } from '../../../shared/components/PageIntro';
import { TestChangeButton } from '../../replays';
import { useGetAiConfigQuery, useSaveAiConfigMutation } from '../api';
import { AgentStatusBadge } from '../components/AgentStatusBadge';
import { CompanyFields } from '../components/CompanyFields';
import { CurrencyField, useCurrencyChangeConfirm } from '../components/CurrencyField';

type AiConfigForm = Pick<
  AiConfigResponse,
  | 'companyName'
  | 'companyDescription'
  | 'currency'
  | 'responseStyle'
  | 'autoRespond'
  | 'responseDelay'
  | 'atLimitReply'
  | 'stageMode'
> & { awayMessage: string; privateNotes: string };

/**
 * AI Configuration (spec 001 §2 and §5): company texts, how the agent answers, and what customers get once
 * the API calls run out (nothing, or the owner's away message, sent without using a call).
 */
export default function AiConfigPage() {
  const { t } = useTranslation();
  const { data: config, isLoading, isError } = useGetAiConfigQuery();

  return (
    <>
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <PageIntro name="aiConfig" />
        {config && <AgentStatusBadge autoRespond={config.autoRespond} />}
      </Flex>
      {isLoading ? (
        <Loading />
      ) : isError || !config ? (
        <Alert
          type="error"
          showIcon
          title={t('aiConfig.loadFailed')}
          description={t('common.tryAgainLater')}
        />
      ) : (
        <AiConfigForm config={config} />
      )}
    </>
  );
}

/** What Save sends (PUT /api/ai-config), and what "Test this change" tries. */
function bodyOf(values: AiConfigForm): AiConfigDto {
  return {
    companyName: values.companyName.trim(),
    companyDescription: values.companyDescription.trim(),
    currency: values.currency as AiConfigDto['currency'],
    privateNotes: values.privateNotes.trim() || null,
    responseStyle: values.responseStyle,
    autoRespond: values.autoRespond,
    responseDelay: values.responseDelay,
    atLimitReply: values.atLimitReply,
    stageMode: values.stageMode,
    // Choosing "nothing" keeps the stored away message (absent), ready for the next time it is chosen.
    ...(values.atLimitReply === 'away_message' ? { awayMessage: values.awayMessage.trim() } : {}),
  };
}

function AiConfigForm({ config }: { config: AiConfigResponse }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const [form] = Form.useForm<AiConfigForm>();
  const [save, { isLoading }] = useSaveAiConfigMutation();
  const delay = Form.useWatch('responseDelay', form) ?? config.responseDelay;
  const atLimitReply = Form.useWatch('atLimitReply', form) ?? config.atLimitReply;
  const confirmCurrency = useCurrencyChangeConfirm(config.currency);

  const onFinish = async (values: AiConfigForm) => {
    if (!(await confirmCurrency(values.currency))) return;
    const body = bodyOf(values);
    try {
      await save(body).unwrap();
    } catch (error) {
      const failed = t('aiConfig.failed');
      toast.error({ description: failed });
      showFieldError(form, error as ApiError, failureText(error as ApiError, { failed, network: failed }));
      return;
    }
    toast.success({ description: t('aiConfig.saved') });
  };

  /** The form as it stands, when it is valid (the form shows what is not). */
  const testDraft = async (): Promise<ReplayDraftDto | undefined> => {
    try {
      return { kind: 'ai_config', aiConfig: bodyOf(await form.validateFields()) };
    } catch {
      return undefined;
    }
  };

  return (
    <Form<AiConfigForm>
      form={form}
      layout="vertical"
      data-testid="ai-config-form"
      initialValues={{
        companyName: config.companyName,
        companyDescription: config.companyDescription,
        currency: config.currency,
        responseStyle: config.responseStyle,
        autoRespond: config.autoRespond,
        responseDelay: config.responseDelay,
        atLimitReply: config.atLimitReply,
        stageMode: config.stageMode,
        awayMessage: config.awayMessage ?? '',
        privateNotes: config.privateNotes ?? '',
      }}
      onFinish={(values) => void onFinish(values)}
    >
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap="large">
            <Card title={t('aiConfig.company.title')} data-testid="ai-config-company-card">
              <Typography.Paragraph type="secondary">
                {t('aiConfig.company.description')}
              </Typography.Paragraph>
              <CompanyFields
                testIdPrefix="ai-config"
                nameLabel={t('aiConfig.company.name')}
                descriptionLabel={t('aiConfig.company.descriptionLabel')}
              />
              <CurrencyField testIdPrefix="ai-config" />
              {config.privateSentences.length > 0 && (
                <Alert
                  type="info"
                  showIcon
                  data-testid="ai-config-private-sentences"
                  title={t('aiConfig.company.privateSentences')}
                  description={
                    <ul>
                      {config.privateSentences.map((sentence, i) => (
                        <li key={i}>{sentence}</li>
                      ))}
                    </ul>
                  }
                />
              )}
              <Form.Item
                name="privateNotes"
                label={t('aiConfig.company.privateNotes')}
                extra={t('aiConfig.company.privateNotesHint')}
              >
                <Input.TextArea
                  data-testid="ai-config-private-notes"
                  maxLength={FIELD_LIMITS.description}
                  autoSize={{ minRows: 2, maxRows: 8 }}
                />
              </Form.Item>
            </Card>
            <Card title={t('aiConfig.behavior.title')} data-testid="ai-config-behavior-card">
              <Form.Item name="responseStyle" label={t('aiConfig.behavior.style')}>
                <Select<ResponseStyle>
                  data-testid="ai-config-response-style"
                  options={RESPONSE_STYLES.map((style) => ({
                    value: style,
                    label: t(`aiConfig.styles.${style}`),
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="autoRespond"
                label={t('aiConfig.behavior.autoRespond')}
                extra={t('aiConfig.behavior.autoRespondHint')}
                valuePropName="checked"
              >
                <Switch data-testid="ai-config-auto-respond" />
              </Form.Item>
              {/* antd's Slider does not pass data-* attributes on; the browser journeys find it by this box. */}
              <div data-testid="ai-config-response-delay">
                <Form.Item
                  name="responseDelay"
                  label={
                    <span>
                      {t('aiConfig.behavior.delay')}:{' '}
                      <Typography.Text strong data-testid="ai-config-response-delay-value">
                        {t('aiConfig.behavior.delayValue', { count: delay })}
                      </Typography.Text>
                    </span>
                  }
                  extra={t('aiConfig.behavior.delayHint')}
                  rules={[
                    {
                      validator: (_rule, value: unknown) =>
                        isValidResponseDelay(value)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('aiConfig.behavior.delayInvalid'))),
                    },
                  ]}
                >
                  <Slider
                    min={RESPONSE_DELAY.min}
                    max={RESPONSE_DELAY.max}
                    step={RESPONSE_DELAY.step}
                    tooltip={{
                      formatter: (value) => t('aiConfig.behavior.delayValue', { count: value ?? 0 }),
                    }}
                  />
                </Form.Item>
              </div>
            </Card>
            <Card title={t('aiConfig.atLimit.title')} data-testid="ai-config-at-limit-card">
              <Typography.Paragraph type="secondary">
                {t('aiConfig.atLimit.description')}
              </Typography.Paragraph>
              <Form.Item name="atLimitReply" label={t('aiConfig.atLimit.choice')}>
                <Radio.Group data-testid="ai-config-at-limit-reply">
                  {AT_LIMIT_REPLIES.map((reply) => (
                    <Radio key={reply} value={reply} data-testid={`ai-config-at-limit-${reply}`}>
                      {t(`aiConfig.atLimit.replies.${reply}`)}
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
              {atLimitReply === 'away_message' && (
                <Form.Item
                  name="awayMessage"
                  label={t('aiConfig.atLimit.awayMessage')}
                  extra={t('aiConfig.atLimit.awayMessageHint')}
                  rules={[
                    { required: true, whitespace: true, message: t('aiConfig.atLimit.awayMessageRequired') },
                  ]}
                >
                  <Input.TextArea
                    data-testid="ai-config-away-message"
                    placeholder={t('aiConfig.atLimit.awayMessagePlaceholder')}
                    maxLength={AWAY_MESSAGE.maxLength}
                    showCount
                    autoSize={{ minRows: 3, maxRows: 8 }}
                  />
                </Form.Item>
              )}
            </Card>
            <Card title={t('aiConfig.stages.title')} data-testid="ai-config-stages-card">
              <Typography.Paragraph type="secondary">{t('aiConfig.stages.description')}</Typography.Paragraph>
              <Form.Item name="stageMode" label={t('aiConfig.stages.choice')}>
                <Radio.Group data-testid="ai-config-stage-mode">
                  {STAGE_MODES.map((mode) => (
                    <Radio key={mode} value={mode} data-testid={`ai-config-stage-mode-${mode}`}>
                      {t(`aiConfig.stages.modes.${mode}`)}
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
            </Card>
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('aiConfig.current.title')} data-testid="ai-config-status-card">
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'status',
                  label: t('aiConfig.current.status'),
                  children: <AgentStatusBadge autoRespond={config.autoRespond} />,
                },
                {
                  key: 'style',
                  label: t('aiConfig.current.style'),
                  children: (
                    <span data-testid="ai-config-current-style">
                      {t(`aiConfig.styles.${config.responseStyle}`)}
                    </span>
                  ),
                },
                {
                  key: 'delay',
                  label: t('aiConfig.current.delay'),
                  children: (
                    <span data-testid="ai-config-current-delay">
                      {t('aiConfig.behavior.delayValue', { count: config.responseDelay })}
                    </span>
                  ),
                },
                {
                  key: 'setup',
                  label: t('aiConfig.current.setup'),
                  children: (
                    <span data-testid="ai-config-setup-state">
                      {t(
                        config.setupCompleted
                          ? 'aiConfig.current.setupDone'
                          : 'aiConfig.current.setupPending',
                      )}
                    </span>
                  ),
                },
              ]}
            />
            {!config.setupCompleted && (
              <ButtonLink to="/business-setup" block style={{ marginTop: 16 }}>
                {t('aiConfig.current.completeSetup')}
              </ButtonLink>
            )}
          </Card>
        </Col>
      </Row>
      <Flex justify="end" gap="small" wrap style={{ marginTop: 24 }}>
        <TestChangeButton draft={testDraft} />
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined aria-hidden />}
          loading={isLoading}
          data-testid="ai-config-save"
        >
          {t('aiConfig.save')}
        </Button>
      </Flex>
    </Form>
  );
}
