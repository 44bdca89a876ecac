import { FIELD_LIMITS } from '@parley/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface CompanyFieldsProps {
  /** `{prefix}-company-name` and `{prefix}-company-description` are the fields' test ids. */
  testIdPrefix: string;
  nameLabel: string;
  descriptionLabel: string;
}

/** The required company name (`companyName`) and description (`companyDescription`) the agent answers from. */
export function CompanyFields({ testIdPrefix, nameLabel, descriptionLabel }: CompanyFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="companyName"
        label={nameLabel}
        rules={[{ required: true, whitespace: true, message: t('aiConfig.company.nameRequired') }]}
      >
        <Input data-testid={`${testIdPrefix}-company-name`} maxLength={FIELD_LIMITS.name} />
      </Form.Item>
      <Form.Item
        name="companyDescription"
        label={descriptionLabel}
        rules={[{ required: true, whitespace: true, message: t('aiConfig.company.descriptionRequired') }]}
      >
        <Input.TextArea
          data-testid={`${testIdPrefix}-company-description`}
          placeholder={t('aiConfig.company.descriptionPlaceholder')}
          maxLength={FIELD_LIMITS.description}
          autoSize={{ minRows: 4, maxRows: 10 }}
        />
      </Form.Item>
    </>
  );
}
