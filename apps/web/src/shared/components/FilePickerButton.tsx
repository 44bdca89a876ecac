import { UploadOutlined } from '@ant-design/icons';
import type { FileRule } from '@parley/contracts';
import { Button, type ButtonProps } from 'antd';
import { useRef } from 'react';

/**
 * A button that opens a hidden file picker limited to the rule's kinds and hands over the file chosen
 * (the catalogue's Upload Catalog, the training documents' upload). Test ids: `${testId}-open` for the
 * button, `${testId}-input` for the input.
 */
export function FilePickerButton({
  rule,
  label,
  uploading,
  onFile,
  testId,
  type,
}: {
  rule: FileRule;
  label: string;
  uploading: boolean;
  onFile: (file: File) => void;
  testId: string;
  type?: ButtonProps['type'];
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={rule.accept}
        data-testid={`${testId}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again (after fixing it) uploads it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        type={type}
        icon={<UploadOutlined aria-hidden />}
        loading={uploading}
        data-testid={`${testId}-open`}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
    </>
  );
}
