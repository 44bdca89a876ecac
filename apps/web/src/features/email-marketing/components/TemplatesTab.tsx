import type { EmailTemplateResponse } from '@parley/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { useDeleteEmailTemplateMutation, useEmailTemplatesFeedInfiniteQuery } from '../api';
import { useEmailActions } from '../use-email-actions';
import { EmailListTab } from './EmailListTab';
import { EmailPreview } from './EmailPreview';
import { RowButtons } from './RowButtons';
import { TemplateDialog, type TemplateDialogMode } from './TemplateDialog';

/** The Templates tab: each template's name, type, subject and state; preview, edit, delete. */
export function TemplatesTab() {
  const { t } = useTranslation();
  const feed = useEmailTemplatesFeedInfiniteQuery({});
  const [deleteTemplate] = useDeleteEmailTemplateMutation();
  const actions = useEmailActions();
  const [dialog, setDialog] = useState<TemplateDialogMode | null>(null);
  const [preview, setPreview] = useState<EmailTemplateResponse | null>(null);

  return (
    <>
      <EmailListTab name="templates" feed={feed} onAdd={() => setDialog({ mode: 'create' })}>
        {(templates) =>
          templates.map((template) => (
            <Card
              key={template.id}
              size="small"
              role="listitem"
              data-testid="email-template"
              data-template-id={template.id}
            >
              <Flex justify="space-between" align="start" gap="small" wrap>
                <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Flex gap="small" wrap align="center">
                    <Typography.Text strong style={OWNER_TEXT}>
                      {template.name}
                    </Typography.Text>
                    <Tag color="blue">{t(`emailMarketing.templates.types.${template.templateType}`)}</Tag>
                    {!template.isActive && <Tag>{t('emailMarketing.templates.inactive')}</Tag>}
                  </Flex>
                  <Typography.Text type="secondary" style={OWNER_TEXT} ellipsis>
                    {template.subject}
                  </Typography.Text>
                </Flex>
                <RowButtons
                  name={template.name}
                  onPreview={() => setPreview(template)}
                  onEdit={() => setDialog({ mode: 'edit', template })}
                  onDelete={() =>
                    actions.confirmDelete('templates', () => deleteTemplate(template.id).unwrap(), {
                      name: template.name,
                    })
                  }
                />
              </Flex>
            </Card>
          ))
        }
      </EmailListTab>
      <TemplateDialog open={dialog} onClose={() => setDialog(null)} />
      <EmailPreview item={preview} onClose={() => setPreview(null)} />
    </>
  );
}
