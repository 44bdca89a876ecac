import { CheckOutlined } from '@ant-design/icons';
import { type AiConfigDto, type AiConfigResponse, FIELD_LIMITS } from '@parley/contracts';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ApiError } from '../../../app/api-error';
import { showFieldError } from '../../../app/form-errors';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { Loading } from '../../../shared/components/Loading';
import { PageIntro } from '../../../shared/components/PageIntro';
import { browserTimeZone } from '../../../shared/format/time-zone';
import { useGetAiConfigQuery, useSaveAiConfigMutation } from '../api';
import { CompanyFields } from '../components/CompanyFields';
import { CurrencyField, useCurrencyChangeConfirm } from '../components/CurrencyField';

interface BusinessSetupForm {
  companyName: string;
  companyDescription: string;
  currency: string;
  address?: string | null;
  phoneNumber?: string | null;
  email?: string | null;
  website?: string | null;
  googleMapsLocation?: string | null;
  openingHours?: string | null;
  collectCustomerName: boolean;
  collectCustomerPhone: boolean;
  collectCustomerEmail: boolean;
  collectCustomerAddress: boolean;
  additionalFields: string[];
}

type TextField = 'address' | 'phoneNumber' | 'email' | 'website' | 'googleMapsLocation' | 'openingHours';

const COLLECT_FIELDS = [
  ['collectCustomerName', 'name'],
  ['collectCustomerPhone', 'phone'],
  ['collectCustomerEmail', 'email'],
  ['collectCustomerAddress', 'address'],
] as const;

/** Optional text: trimmed; empty clears the stored value. */
function optional(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/**
 * Business setup (lazily loaded, spec 001 §2): what the agent knows about the company and which customer
 * details it collects. Saving both company texts completes the setup; then the dashboard.
 */
export default function BusinessSetupPage() {
  const { t } = useTranslation();
  const { data: config, isLoading, isError } = useGetAiConfigQuery();
  return (
    <>
      <PageIntro name="businessSetup" />
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
        <SetupForm config={config} />
      )}
    </>
  );
}

function SetupForm({ config }: { config: AiConfigResponse }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const navigate = useNavigate();
  const [form] = Form.useForm<BusinessSetupForm>();
  const [save, { isLoading }] = useSaveAiConfigMutation();
  const confirmCurrency = useCurrencyChangeConfirm(config.currency);

  const onFinish = async (values: BusinessSetupForm) => {
    if (!(await confirmCurrency(values.currency))) return;
    const zone = browserTimeZone();
    const body: AiConfigDto = {
      companyName: values.companyName.trim(),
      companyDescription: values.companyDescription.trim(),
      currency: values.currency as AiConfigDto['currency'],
      address: optional(values.address),
      phoneNumber: optional(values.phoneNumber),
      email: optional(values.email),
      website: optional(values.website),
      googleMapsLocation: optional(values.googleMapsLocation),
      openingHours: optional(values.openingHours),
      collectCustomerName: values.collectCustomerName,
      collectCustomerPhone: values.collectCustomerPhone,
      collectCustomerEmail: values.collectCustomerEmail,
      collectCustomerAddress: values.collectCustomerAddress,
      additionalFields: values.additionalFields.map((field) => field.trim()).filter((field) => field !== ''),
      // The business's days for the reports: the browser's time zone until one is stored.
      ...(config.timeZone === null && zone ? { timeZone: zone } : {}),
    };
    try {
      await save(body).unwrap();
    } catch (error) {
      const failed = t('businessSetup.failed');
      const description = failureText(error as ApiError, { failed, network: failed });
      toast.error({ description });
      showFieldError(form, error as ApiError, description);
      return;
    }
    toast.success({ description: t('businessSetup.saved') });
    void navigate('/dashboard');
  };

  const text = (name: TextField, testId: string, maxLength: number, type = 'text') => (
    <Form.Item
      name={name}
      label={t(`businessSetup.fields.${name}`)}
      rules={type === 'email' ? [{ type: 'email', message: t('common.invalidEmail') }] : []}
    >
      <Input
        data-testid={testId}
        type={type}
        maxLength={maxLength}
        placeholder={t(`businessSetup.placeholders.${name}`)}
      />
    </Form.Item>
  );

  return (
    <Form<BusinessSetupForm>
      form={form}
      layout="vertical"
      data-testid="business-setup-form"
      initialValues={{
        companyName: config.companyName,
        companyDescription: config.companyDescription,
        currency: config.currency,
        address: config.address,
        phoneNumber: config.phoneNumber,
        email: config.email,
        website: config.website,
        googleMapsLocation: config.googleMapsLocation,
        openingHours: config.openingHours,
        collectCustomerName: config.collectCustomerName,
        collectCustomerPhone: config.collectCustomerPhone,
        collectCustomerEmail: config.collectCustomerEmail,
        collectCustomerAddress: config.collectCustomerAddress,
        additionalFields: config.additionalFields,
      }}
      onFinish={(values) => void onFinish(values)}
    >
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card title={t('businessSetup.sections.company')} style={{ height: '100%' }}>
            <CompanyFields
              testIdPrefix="business"
              nameLabel={t('businessSetup.fields.companyName')}
              descriptionLabel={t('businessSetup.fields.companyDescription')}
            />
            <CurrencyField testIdPrefix="business" />
            {text('openingHours', 'business-opening-hours', FIELD_LIMITS.openingHours)}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('businessSetup.sections.contact')} style={{ height: '100%' }}>
            {text('address', 'business-address', FIELD_LIMITS.address)}
            {text('phoneNumber', 'business-phone', FIELD_LIMITS.phone, 'tel')}
            {text('email', 'business-email', FIELD_LIMITS.name, 'email')}
            {text('website', 'business-website', FIELD_LIMITS.url)}
            {text('googleMapsLocation', 'business-maps', FIELD_LIMITS.url)}
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('businessSetup.sections.collect')}>
            <Typography.Paragraph type="secondary">{t('businessSetup.collectHint')}</Typography.Paragraph>
            <Flex gap="large" wrap>
              {COLLECT_FIELDS.map(([name, detail]) => (
                <Form.Item key={name} name={name} valuePropName="checked" noStyle>
                  <Checkbox data-testid={`business-collect-${detail}`}>
                    {t(`businessSetup.collect.${detail}`)}
                  </Checkbox>
                </Form.Item>
              ))}
            </Flex>
            <Form.Item
              name="additionalFields"
              label={t('businessSetup.fields.additionalFields')}
              extra={t('businessSetup.additionalFieldsHint')}
              style={{ marginTop: 24, marginBottom: 0 }}
            >
              <Select
                mode="tags"
                data-testid="business-additional-fields"
                aria-label={t('businessSetup.fields.additionalFields')}
                placeholder={t('businessSetup.placeholders.additionalFields')}
                open={false}
                suffixIcon={null}
                maxCount={FIELD_LIMITS.additionalFieldCount}
                tokenSeparators={[',']}
              />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      <Flex justify="end" style={{ marginTop: 24 }}>
        <Button
          type="primary"
          htmlType="submit"
          icon={<CheckOutlined aria-hidden />}
          loading={isLoading}
          data-testid="business-setup-submit"
        >
          {t('businessSetup.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
