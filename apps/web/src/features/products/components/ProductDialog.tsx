import { ErrorCode, FIELD_LIMITS, type ProductResponse } from '@parley/contracts';
import { Button, Flex, Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, apiErrorCode } from '../../../app/api-error';
import { showFieldError } from '../../../app/form-errors';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { useGetAiConfigQuery } from '../../ai-config/api';
import { type ProductBody, useCreateProductMutation, useUpdateProductMutation } from '../api';
import { listFromCommaText, OWNER_TEXT } from '../../../shared/format/owner-text';

interface ProductForm {
  name: string;
  description: string;
  price: string;
  category: string;
  features?: string;
  inStock: boolean;
}

const EMPTY_FORM: Partial<ProductForm> = { inStock: true };

function formOf(product: ProductResponse): ProductForm {
  return {
    name: product.name,
    description: product.description,
    price: product.price.toFixed(2),
    category: product.category,
    features: product.features.join(', '),
    inStock: product.inStock,
  };
}

function bodyOf(values: ProductForm): ProductBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: values.price.trim(),
    category: values.category.trim(),
    features: listFromCommaText(values.features ?? ''),
    inStock: values.inStock,
  };
}

/** Spec 001 §4: the dialog is closed (null), open to create a product, or open to edit one. */
export type ProductDialogMode = { mode: 'create' } | { mode: 'edit'; product: ProductResponse };

/**
 * Add New Product / Edit Product (spec 001 §2, §4, §5): POST or PATCH /api/products. A refusal shows its
 * message in the toast and under the field the server named (a taken name, a price it cannot read).
 */
export function ProductDialog({ open, onClose }: { open: ProductDialogMode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const [form] = Form.useForm<ProductForm>();
  const [createProduct, creating] = useCreateProductMutation();
  const [updateProduct, updating] = useUpdateProductMutation();
  const product = open?.mode === 'edit' ? open.product : null;
  const editing = product !== null;
  // The price is in the product's currency, or the business's for a new one (a price typed in another is refused).
  const businessCurrency = useGetAiConfigQuery(undefined, { skip: open === null }).data?.currency;
  const currency = product?.currency ?? businessCurrency;

  // Each opening starts from the product being edited, or from an empty form.
  useEffect(() => {
    if (open === null) return;
    form.resetFields();
    if (open.mode === 'edit') form.setFieldsValue(formOf(open.product));
  }, [form, open]);

  const required = (message: string) => ({ required: true, whitespace: true, message });

  const onFinish = async (values: ProductForm) => {
    const body = bodyOf(values);
    try {
      if (product) await updateProduct({ id: product.id, changes: body }).unwrap();
      else await createProduct(body).unwrap();
    } catch (error) {
      const failed = t(editing ? 'products.form.updateFailed' : 'products.form.createFailed');
      // The server's sentence names the product, so it is said again here in the reader's language.
      const description =
        apiErrorCode(error as ApiError) === ErrorCode.Conflict
          ? t('products.form.nameTaken', { name: body.name })
          : failureText(error as ApiError, { failed, network: failed });
      toast.error({ description });
      showFieldError(form, error as ApiError, description);
      return;
    }
    toast.success({ description: t(editing ? 'products.form.updated' : 'products.form.created') });
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open !== null}
      onCancel={onClose}
      title={t(editing ? 'products.form.editTitle' : 'products.form.createTitle')}
      footer={null}
      forceRender
    >
      <Form<ProductForm>
        form={form}
        layout="vertical"
        initialValues={EMPTY_FORM}
        onFinish={(values) => void onFinish(values)}
        data-testid="product-form"
      >
        {/* The required texts are the server's own (CreateProductDto), so they share its translations. */}
        <Form.Item
          name="name"
          label={t('products.form.name')}
          rules={[required(t('serverMessages.productNameRequired'))]}
        >
          <Input style={OWNER_TEXT} data-testid="product-name" maxLength={FIELD_LIMITS.name} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('products.form.description')}
          rules={[required(t('serverMessages.productDescriptionRequired'))]}
        >
          <Input.TextArea
            style={OWNER_TEXT}
            data-testid="product-description"
            maxLength={FIELD_LIMITS.description}
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        </Form.Item>
        <Flex gap="small" wrap>
          <Form.Item
            name="price"
            label={t('products.form.price')}
            rules={[required(t('serverMessages.productPriceRequired'))]}
            style={{ flex: '1 1 160px', minWidth: 0 }}
          >
            <Input
              style={OWNER_TEXT}
              data-testid="product-price"
              suffix={currency}
              placeholder={t('products.form.pricePlaceholder')}
              inputMode="decimal"
              maxLength={FIELD_LIMITS.shortText}
            />
          </Form.Item>
          <Form.Item
            name="category"
            label={t('products.form.category')}
            rules={[required(t('serverMessages.productCategoryRequired'))]}
            style={{ flex: '1 1 200px', minWidth: 0 }}
          >
            <Input style={OWNER_TEXT} data-testid="product-category" maxLength={FIELD_LIMITS.shortText} />
          </Form.Item>
        </Flex>
        <Form.Item name="features" label={t('products.form.features')}>
          <Input style={OWNER_TEXT} data-testid="product-features" />
        </Form.Item>
        <Form.Item name="inStock" label={t('products.form.inStock')} valuePropName="checked">
          <Switch data-testid="product-in-stock" />
        </Form.Item>
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={creating.isLoading || updating.isLoading}
            data-testid="product-submit"
          >
            {t(editing ? 'products.form.update' : 'products.form.create')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
