import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/** Preview, edit and delete, as icon buttons named for the item (each is optional). */
export function RowButtons({
  name,
  onPreview,
  onEdit,
  onDelete,
}: {
  name: string;
  onPreview?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const buttons = [
    {
      key: 'preview',
      onClick: onPreview,
      icon: <EyeOutlined aria-hidden />,
      label: 'emailMarketing.previewLabel',
    },
    { key: 'edit', onClick: onEdit, icon: <EditOutlined aria-hidden />, label: 'emailMarketing.editLabel' },
    {
      key: 'delete',
      onClick: onDelete,
      icon: <DeleteOutlined aria-hidden />,
      label: 'emailMarketing.deleteLabel',
    },
  ] as const;
  return (
    <Flex gap={4}>
      {buttons.map(
        ({ key, onClick, icon, label }) =>
          onClick && (
            <Button
              key={key}
              type="text"
              danger={key === 'delete'}
              icon={icon}
              aria-label={t(label, { name })}
              data-testid={key === 'preview' ? 'email-preview-open' : `email-${key}`}
              onClick={onClick}
            />
          ),
      )}
    </Flex>
  );
}
